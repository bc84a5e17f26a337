/**
 * A failure to turn a document into text. `reason` is shown to API users as the task's failure reason, so it is a
 * plain sentence about the file, never a stack trace. `permanent` tells the task runner whether a retry can help:
 * a corrupt or hostile file fails the same way every time; an unreachable Tika server may not.
 */
export class ExtractionError extends Error {
  constructor(
    readonly reason: string,
    readonly permanent: boolean,
  ) {
    super(reason);
    this.name = 'ExtractionError';
  }
}

export const permanentError = (reason: string): ExtractionError => new ExtractionError(reason, true);
export const transientError = (reason: string): ExtractionError => new ExtractionError(reason, false);

/** "30 s", "1.5 s", "200 ms": how long limits read in reasons. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}

/** Keeps a library's message short and single-line when it is quoted inside a reason. */
export function briefly(message: string, max = 160): string {
  const line = message.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** "The file is corrupt or truncated: <what the parser said>." — permanent: the same bytes fail the same way. */
export function corruptError(cause: unknown): ExtractionError {
  const detail = briefly(cause instanceof Error ? cause.message : String(cause)).replace(/[.\s]+$/, '');
  return permanentError(detail ? `The file is corrupt or truncated: ${detail}.` : 'The file is corrupt or truncated.');
}
