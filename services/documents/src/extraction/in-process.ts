import { EMPTY_FILE_REASON, type ExtractedDocument, type ExtractionInput, type TextExtractor } from './extractor.js';
import { permanentError } from './errors.js';
import { WorkerPool, type WorkerSource } from './worker-pool.js';
import { DEFAULT_ZIP_LIMITS, type ZipLimits } from './zip.js';

export interface InProcessOptions {
  timeoutMs: number;
  maxMemoryMb: number;
  concurrency: number;
  maxUnzippedBytes: number;
}

/** unpdf (pdf.js), mammoth and word-extractor, each document parsed in a pooled worker thread. */
export class InProcessExtractor implements TextExtractor {
  readonly pool: WorkerPool;
  private readonly zipLimits: ZipLimits;

  constructor(options: InProcessOptions) {
    this.zipLimits = { ...DEFAULT_ZIP_LIMITS, maxUnzippedBytes: options.maxUnzippedBytes };
    this.pool = new WorkerPool({
      source: extractWorkerSource(),
      size: options.concurrency,
      timeoutMs: options.timeoutMs,
      maxMemoryMb: options.maxMemoryMb,
    });
  }

  async extract({ bytes, type, transfer }: ExtractionInput): Promise<ExtractedDocument> {
    if (bytes.length === 0) throw permanentError(EMPTY_FILE_REASON);
    const output = await this.pool.run({ type, bytes, zipLimits: this.zipLimits }, { transfer: transfer ?? false });
    return { ...output, via: 'in-process' };
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

/**
 * The worker script next to this module. Compiled (dist/*.js) it is plain JavaScript. Run from TypeScript sources
 * (vitest, tsx) the worker must load the .ts file through tsx; `execArgv: ['--import', 'tsx']` does not reach
 * worker threads on Node 20, so a tiny bootstrap registers tsx's ESM hooks inside the worker and then imports it.
 */
export function extractWorkerSource(): WorkerSource {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return { filename: new URL('./extract-worker.js', here) };
  const target = new URL('./extract-worker.ts', here).href;
  let tsx = 'tsx/esm/api';
  try {
    tsx = import.meta.resolve(tsx);
  } catch {
    // left bare: resolved from the working directory, which is the repository in development
  }
  const bootstrap = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(target)}); });`;
  return { filename: bootstrap, options: { eval: true } };
}
