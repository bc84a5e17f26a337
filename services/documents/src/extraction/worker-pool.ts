import { Worker, type WorkerOptions } from 'node:worker_threads';
import { briefly, ExtractionError, formatDuration, permanentError, transientError } from './errors.js';
import type { WorkerJob, WorkerOutput, WorkerReply } from './protocol.js';

export interface WorkerSource {
  filename: string | URL;
  options?: WorkerOptions;
}

export interface WorkerPoolOptions {
  source: WorkerSource;
  /** Worker threads at most, i.e. documents parsed at once; more jobs wait in line. */
  size: number;
  /** Per job, from the moment a worker takes it. */
  timeoutMs: number;
  /** V8 heap of each worker (`resourceLimits.maxOldGenerationSizeMb`). */
  maxMemoryMb: number;
  /** A worker is replaced after this many jobs, so whatever a parser leaks does not pile up. */
  maxJobsPerWorker?: number;
}

interface Pending {
  id: number;
  job: WorkerJob;
  timeoutMs: number;
  transfer: boolean;
  resolve: (output: WorkerOutput) => void;
  reject: (error: ExtractionError) => void;
  timer?: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  jobs: number;
  current?: Pending;
}

export interface WorkerPoolStats {
  /** Workers started since the pool was made (replacements included). */
  spawned: number;
  alive: number;
  busy: number;
  queued: number;
}

/**
 * A small pool of extraction worker threads. Each job gets a deadline; a worker that misses it, runs out of memory
 * or dies is terminated and forgotten, its job fails with a permanent ExtractionError, and the next job gets a
 * fresh worker. Idle workers are unref'd so they never keep the process alive.
 */
export class WorkerPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private spawned = 0;
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions) {}

  run(job: WorkerJob, overrides: { timeoutMs?: number; transfer?: boolean } = {}): Promise<WorkerOutput> {
    if (this.closed) return Promise.reject(transientError('The text extractor is shutting down.'));
    return new Promise<WorkerOutput>((resolve, reject) => {
      this.queue.push({
        id: this.nextId++,
        job,
        timeoutMs: overrides.timeoutMs ?? this.options.timeoutMs,
        transfer: overrides.transfer ?? false,
        resolve,
        reject,
      });
      this.dispatch();
    });
  }

  stats(): WorkerPoolStats {
    const busy = [...this.slots].filter((slot) => slot.current).length;
    return { spawned: this.spawned, alive: this.slots.size, busy, queued: this.queue.length };
  }

  async close(): Promise<void> {
    this.closed = true;
    const shuttingDown = transientError('The text extractor is shutting down.');
    for (const pending of this.queue.splice(0)) pending.reject(shuttingDown);
    await Promise.all([...this.slots].map((slot) => this.discard(slot, shuttingDown)));
  }

  private dispatch(): void {
    while (this.queue.length > 0 && !this.closed) {
      let slot = [...this.slots].find((candidate) => !candidate.current);
      if (!slot) {
        if (this.slots.size >= this.options.size) return;
        slot = this.spawn();
      }
      this.start(slot, this.queue.shift()!);
    }
  }

  private spawn(): Slot {
    const { source, maxMemoryMb } = this.options;
    const worker = new Worker(source.filename, {
      ...source.options,
      // The V8 heap only: Buffers live outside it, which is why zip.ts bounds what a DOCX may inflate to.
      resourceLimits: { maxOldGenerationSizeMb: maxMemoryMb },
    });
    const slot: Slot = { worker, jobs: 0 };
    worker.on('message', (reply: WorkerReply) => this.settle(slot, reply));
    worker.on('error', (error: Error & { code?: string }) => void this.discard(slot, this.crashError(error)));
    worker.on(
      'exit',
      (code) => void this.discard(slot, permanentError(`The text extractor stopped unexpectedly (exit code ${code}).`)),
    );
    worker.unref();
    this.slots.add(slot);
    this.spawned++;
    return slot;
  }

  private start(slot: Slot, pending: Pending): void {
    slot.current = pending;
    slot.jobs++;
    slot.worker.ref();
    pending.timer = setTimeout(
      () =>
        void this.discard(
          slot,
          permanentError(`Text extraction timed out after ${formatDuration(pending.timeoutMs)}.`),
        ),
      pending.timeoutMs,
    );
    // A document that owns its whole ArrayBuffer moves to the worker instead of being copied (50 MB files).
    const { bytes } = pending.job;
    const movable =
      pending.transfer &&
      bytes.byteOffset === 0 &&
      bytes.byteLength === bytes.buffer.byteLength &&
      bytes.buffer instanceof ArrayBuffer;
    slot.worker.postMessage({ id: pending.id, job: pending.job }, movable ? [bytes.buffer as ArrayBuffer] : []);
  }

  private settle(slot: Slot, reply: WorkerReply): void {
    const pending = slot.current;
    if (!pending || pending.id !== reply.id || !this.slots.has(slot)) return; // a late reply from a job already failed
    clearTimeout(pending.timer);
    slot.current = undefined;
    if (reply.ok) pending.resolve(reply.output);
    else pending.reject(new ExtractionError(reply.reason, reply.permanent));
    if (slot.jobs >= (this.options.maxJobsPerWorker ?? 100)) void this.discard(slot);
    else slot.worker.unref();
    this.dispatch();
  }

  /** Forgets a worker (once), fails its job with `error`, and lets the queue move on with a fresh worker. */
  private async discard(slot: Slot, error?: ExtractionError): Promise<void> {
    if (!this.slots.delete(slot)) return;
    const pending = slot.current;
    slot.current = undefined;
    if (pending) {
      clearTimeout(pending.timer);
      pending.reject(error ?? permanentError('The text extractor stopped unexpectedly.'));
    }
    this.dispatch();
    await slot.worker.terminate().catch(() => undefined);
  }

  private crashError(error: Error & { code?: string }): ExtractionError {
    if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
      return permanentError(
        `Text extraction needed more than ${this.options.maxMemoryMb} MB of memory (the file may be malformed or hostile).`,
      );
    }
    return permanentError(`Text extraction failed: ${briefly(error.message).replace(/[.\s]+$/, '')}.`);
  }
}
