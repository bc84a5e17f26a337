import { appendFileSync, existsSync, readFileSync } from 'node:fs';

export interface FileOutcome {
  path: string;
  sha256: string;
  /** The task (and, once COMPLETED, record) id. */
  id?: string;
  status: 'COMPLETED' | 'FAILED' | 'PENDING' | 'NOT_FOUND' | 'ERROR';
  reason?: string;
}

/**
 * What runs have done, by content hash, next to their output (`<out>.state.jsonl`): a rerun skips what is
 * COMPLETED and retries the rest. One line is appended per outcome as soon as its result is written, so an
 * interrupted run (Ctrl-C, a crash) loses at most the file in hand, and a torn last line is ignored.
 */
export class RunState {
  private readonly outcomes = new Map<string, FileOutcome>();

  constructor(readonly path: string | undefined) {}

  /** `output`: the results file; its rows count as done too (a run killed between a row and its state line). */
  static load(path: string | undefined, output: string | undefined): RunState {
    const state = new RunState(path);
    // Without the output it summarises, a state would skip files whose results are gone.
    if (!output || !existsSync(output)) return state;
    if (path && existsSync(path)) {
      for (const line of readFileSync(path, 'utf8').split('\n')) {
        try {
          const outcome = JSON.parse(line) as FileOutcome;
          if (typeof outcome.sha256 === 'string') state.outcomes.set(outcome.sha256, outcome);
        } catch {
          // An empty or torn line.
        }
      }
    }
    for (const line of readFileSync(output, 'utf8').split('\n')) {
      // A JSON Lines row or a CSV row: the first 64-hex field is the content hash.
      const sha256 = /(?:^|[,"])([0-9a-f]{64})(?:[,"]|$)/.exec(line)?.[1];
      if (sha256 && !state.completed(sha256)) state.outcomes.set(sha256, { path: '', sha256, status: 'COMPLETED' });
    }
    return state;
  }

  completed(sha256: string): FileOutcome | undefined {
    const outcome = this.outcomes.get(sha256);
    return outcome?.status === 'COMPLETED' ? outcome : undefined;
  }

  record(outcome: FileOutcome): void {
    this.outcomes.set(outcome.sha256, outcome);
    if (this.path) appendFileSync(this.path, `${JSON.stringify(outcome)}\n`);
  }
}
