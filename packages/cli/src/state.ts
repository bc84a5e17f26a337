import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

export interface FileOutcome {
  path: string;
  sha256: string;
  /** The task (and, once COMPLETED, record) id. */
  id?: string;
  status: 'COMPLETED' | 'FAILED' | 'PENDING' | 'NOT_FOUND' | 'ERROR';
  reason?: string;
}

/**
 * What a run has done, by content hash, next to its output (`<out>.state.json`): a rerun skips what is COMPLETED
 * and retries the rest. Written after every batch, by rename, so a crash leaves the previous state whole.
 */
export class RunState {
  private readonly done = new Map<string, FileOutcome>();

  constructor(readonly path: string | undefined) {}

  static load(path: string | undefined, outputExists: boolean): RunState {
    const state = new RunState(path);
    // Without the output it summarises, a state would skip files whose results are gone.
    if (path && outputExists && existsSync(path)) {
      const saved = JSON.parse(readFileSync(path, 'utf8')) as { files?: Record<string, FileOutcome> };
      for (const [hash, outcome] of Object.entries(saved.files ?? {})) state.done.set(hash, outcome);
    }
    return state;
  }

  completed(sha256: string): FileOutcome | undefined {
    const outcome = this.done.get(sha256);
    return outcome?.status === 'COMPLETED' ? outcome : undefined;
  }

  record(outcome: FileOutcome): void {
    this.done.set(outcome.sha256, outcome);
  }

  save(): void {
    if (!this.path) return;
    const temporary = `${this.path}.tmp`;
    writeFileSync(temporary, `${JSON.stringify({ version: 1, files: Object.fromEntries(this.done) }, null, 1)}\n`);
    renameSync(temporary, this.path);
  }
}
