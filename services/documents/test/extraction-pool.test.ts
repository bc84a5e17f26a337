import { describe, expect, it } from 'vitest';
import { createTextExtractor, ExtractionError, InProcessExtractor } from '../src/extraction/index.js';
import type { WorkerJob } from '../src/extraction/protocol.js';
import { DEFAULT_ZIP_LIMITS } from '../src/extraction/zip.js';
import { buildPdf } from './fixtures/extraction/builders.js';

const pdf = buildPdf({ blocks: [['Jane Doe', 'Software Engineer'], ['Experience']] });
const input = { bytes: pdf, type: 'pdf' as const, filename: 'cv.pdf' };
const job: WorkerJob = { type: 'pdf', bytes: pdf, zipLimits: DEFAULT_ZIP_LIMITS };

function inProcess(overrides: Partial<ConstructorParameters<typeof InProcessExtractor>[0]> = {}): InProcessExtractor {
  return new InProcessExtractor({
    timeoutMs: 30_000,
    maxMemoryMb: 256,
    concurrency: 1,
    maxUnzippedBytes: 200 * 1024 * 1024,
    ...overrides,
  });
}

async function failure(promise: Promise<unknown>): Promise<ExtractionError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ExtractionError);
  return error as ExtractionError;
}

describe('in-process worker pool', () => {
  it('a job over its time limit is failed, its worker killed, and the next job works on a fresh worker', async () => {
    const extractor = inProcess();
    try {
      // 1 ms cannot cover even the start of a worker thread, so this job always times out.
      const timedOut = await failure(extractor.pool.run(job, { timeoutMs: 1 }));
      expect(timedOut.reason).toBe('Text extraction timed out after 1 ms.');
      expect(timedOut.permanent).toBe(true);
      expect(extractor.pool.stats()).toMatchObject({ spawned: 1, alive: 0, busy: 0 });

      const doc = await extractor.extract(input);
      expect(doc.text).toBe('Jane Doe\nSoftware Engineer\n\nExperience');
      expect(extractor.pool.stats()).toMatchObject({ spawned: 2, alive: 1, busy: 0 });
      // The replacement stays for later jobs.
      await extractor.extract(input);
      expect(extractor.pool.stats().spawned).toBe(2);
    } finally {
      await extractor.close();
    }
  });

  it('timeoutMs applies to every document', async () => {
    const extractor = createTextExtractor({ timeoutMs: 1 });
    try {
      const error = await failure(extractor.extract(input));
      expect(error).toMatchObject({ reason: 'Text extraction timed out after 1 ms.', permanent: true });
    } finally {
      await extractor.close();
    }
  });

  it('a worker that runs out of memory is discarded and its job fails permanently', async () => {
    const extractor = inProcess({ maxMemoryMb: 1 });
    try {
      const error = await failure(extractor.extract(input));
      expect(error.reason).toBe(
        'Text extraction needed more than 1 MB of memory (the file may be malformed or hostile).',
      );
      expect(error.permanent).toBe(true);
      expect(extractor.pool.stats()).toMatchObject({ spawned: 1, alive: 0 });
    } finally {
      await extractor.close();
    }
  });

  it('never runs more documents at once than its concurrency', async () => {
    const extractor = inProcess({ concurrency: 2 });
    try {
      const runs = Array.from({ length: 5 }, () => extractor.extract(input));
      expect(extractor.pool.stats()).toMatchObject({ alive: 2, busy: 2, queued: 3 });
      const docs = await Promise.all(runs);
      expect(docs.every((doc) => doc.text.startsWith('Jane Doe'))).toBe(true);
      expect(extractor.pool.stats()).toMatchObject({ spawned: 2, alive: 2, busy: 0, queued: 0 });
    } finally {
      await extractor.close();
    }
  });

  it('close() fails running and waiting jobs as retryable and refuses new ones', async () => {
    const extractor = inProcess();
    const running = failure(extractor.extract(input));
    const waiting = failure(extractor.extract(input));
    await extractor.close();
    for (const error of [await running, await waiting, await failure(extractor.extract(input))]) {
      expect(error).toMatchObject({ reason: 'The text extractor is shutting down.', permanent: false });
    }
    expect(extractor.pool.stats()).toMatchObject({ alive: 0, busy: 0, queued: 0 });
  });
});
