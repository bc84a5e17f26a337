import type { TextExtractor } from './extractor.js';
import { InProcessExtractor } from './in-process.js';
import { TikaExtractor } from './tika.js';

export { detectDocumentType } from './file-type.js';
export { ExtractionError } from './errors.js';
export type { DocumentType, ExtractedDocument, ExtractionInput, TextExtractor } from './extractor.js';
export { InProcessExtractor } from './in-process.js';
export { TikaExtractor } from './tika.js';
export { normalizeText } from './normalize.js';

export interface TextExtractorOptions {
  /** Apache Tika server base URL; when set, documents go to Tika instead of the in-process parsers. */
  tikaUrl?: string;
  /** Per document (worker job or Tika request). Default 30 s. */
  timeoutMs?: number;
  /** V8 heap per extraction worker. Default 256 MB. */
  maxMemoryMb?: number;
  /** Documents parsed at once (worker threads). Default 2. */
  concurrency?: number;
  /** A DOCX expanding to more than this is refused as a zip bomb. Default 200 MB. */
  maxUnzippedBytes?: number;
}

export function createTextExtractor(options: TextExtractorOptions = {}): TextExtractor {
  const timeoutMs = options.timeoutMs ?? 30_000;
  if (options.tikaUrl) return new TikaExtractor({ url: options.tikaUrl, timeoutMs });
  return new InProcessExtractor({
    timeoutMs,
    maxMemoryMb: options.maxMemoryMb ?? 256,
    concurrency: Math.max(1, options.concurrency ?? 2),
    maxUnzippedBytes: options.maxUnzippedBytes ?? 200 * 1024 * 1024,
  });
}
