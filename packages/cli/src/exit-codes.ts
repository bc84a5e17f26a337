import { AuthenticationError, InsufficientCreditsError } from '@talent/client';

/** The documented exit codes (README): what a script switches on. */
export const EXIT = {
  OK: 0,
  /** The run finished but some files failed (the summary lists them with reasons). */
  SOME_FAILED: 1,
  /** Bad usage: unknown command or option, missing argument, no input file, no URL or key. */
  USAGE: 2,
  /** The API key is missing, unknown or revoked (401). */
  AUTH: 3,
  /** The workspace lacks tokens (402); files already done are kept for a rerun. */
  CREDITS: 4,
  /** Any other error: the API unreachable, a 5xx after retries, a rejected request. */
  ERROR: 5,
} as const;

export class UsageError extends Error {
  override name = 'UsageError';
}

export function exitCodeOf(error: unknown): number {
  if (error instanceof UsageError) return EXIT.USAGE;
  if (error instanceof AuthenticationError) return EXIT.AUTH;
  if (error instanceof InsufficientCreditsError) return EXIT.CREDITS;
  return EXIT.ERROR;
}
