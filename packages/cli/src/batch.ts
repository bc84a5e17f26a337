import { AuthenticationError, InsufficientCreditsError, TalentApiError, type AnalyzeResult, type ResourceKind, type TalentClient } from '@talent/client';
import { fileFromPath } from '@talent/client/node';
import { readFileSync } from 'node:fs';
import type { InputFile } from './inputs.js';
import type { FileOutcome } from './state.js';

/** Per request: well under the API's limits (100 texts; 20 files and 60 MB), so one slow batch holds little. */
const TEXTS_PER_BATCH = 20;
const DOCUMENTS_PER_BATCH = 10;
const BYTES_PER_BATCH = 40 * 1024 * 1024;

export interface BatchOptions {
  /** Requests in flight at once (default 2). */
  concurrency?: number;
  /** Longest wait for a batch's tasks; then they are reported PENDING (a rerun picks them up for free). */
  timeoutMs?: number;
  /** Each file's outcome, as soon as it is known. */
  onOutcome: (outcome: FileOutcome) => void | Promise<void>;
}

function batchesOf(files: InputFile[]): InputFile[][] {
  const batches: InputFile[][] = [];
  for (const kind of ['text', 'document'] as const) {
    let batch: InputFile[] = [];
    let bytes = 0;
    for (const file of files.filter((f) => f.kind === kind)) {
      const full = kind === 'text' ? batch.length >= TEXTS_PER_BATCH : batch.length >= DOCUMENTS_PER_BATCH || bytes + file.size > BYTES_PER_BATCH;
      if (batch.length > 0 && full) {
        batches.push(batch);
        batch = [];
        bytes = 0;
      }
      batch.push(file);
      bytes += file.size;
    }
    if (batch.length > 0) batches.push(batch);
  }
  return batches;
}

/** Errors that no other file would escape: the run stops (what is done stays done). */
function isFatal(error: unknown): boolean {
  return error instanceof AuthenticationError || error instanceof InsufficientCreditsError;
}

async function analyzeBatch(client: TalentClient, kind: ResourceKind, batch: InputFile[], options: BatchOptions): Promise<void> {
  const byId = new Map<string, InputFile[]>();
  const reported = new Set<string>();
  const report = async (file: InputFile, outcome: Omit<FileOutcome, 'path' | 'sha256'>) => {
    if (reported.has(file.path)) return;
    reported.add(file.path);
    await options.onOutcome({ path: file.path, sha256: file.sha256, ...outcome });
  };
  let result: AnalyzeResult;
  try {
    const waitOptions = { wait: 'poll' as const, timeoutMs: options.timeoutMs };
    result =
      batch[0]?.kind === 'text'
        ? await client.analyzeTexts(
            kind,
            batch.map((file) => readFileSync(file.path, 'utf8')),
            waitOptions,
          )
        : await client.analyzeFiles(kind, await Promise.all(batch.map((file) => fileFromPath(file.path))), waitOptions);
  } catch (error) {
    if (isFatal(error)) throw error;
    // One bad file refuses its whole request: alone, each file gets its own answer.
    if (batch.length > 1 && error instanceof TalentApiError && error.status < 500) {
      for (const file of batch) await analyzeBatch(client, kind, [file], options);
      return;
    }
    for (const file of batch) await report(file, { status: 'ERROR', reason: (error as Error).message });
    return;
  }
  result.ids.forEach((id, index) => byId.set(id, [...(byId.get(id) ?? []), batch[index]!]));
  for (const item of result.statuses) {
    for (const file of byId.get(item.id) ?? []) {
      await report(file, {
        id: item.id,
        status: item.status,
        reason:
          item.status === 'COMPLETED'
            ? undefined
            : item.status === 'PENDING'
              ? 'Still being analyzed when the wait ended; rerun to pick it up (free).'
              : (item.failure_reason ?? (item.status === 'NOT_FOUND' ? 'The task disappeared (deleted meanwhile).' : 'Analysis failed.')),
      });
    }
  }
}

/** Analyzes every file, `concurrency` requests at a time; stops at the first auth or credits error. */
export async function analyzeInputs(client: TalentClient, kind: ResourceKind, files: InputFile[], options: BatchOptions): Promise<void> {
  const queue = batchesOf(files);
  let fatal: unknown;
  const worker = async () => {
    for (let batch = queue.shift(); batch && fatal === undefined; batch = queue.shift()) {
      try {
        await analyzeBatch(client, kind, batch, options);
      } catch (error) {
        fatal ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 2 }, worker));
  if (fatal !== undefined) throw fatal;
}
