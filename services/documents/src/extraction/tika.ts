import {
  EMPTY_FILE_REASON,
  finishText,
  noTextReason,
  type DocumentType,
  type ExtractedDocument,
  type ExtractionInput,
  type TextExtractor,
} from './extractor.js';
import { briefly, formatDuration, permanentError, transientError } from './errors.js';

const CONTENT_TYPES: Record<DocumentType, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
};

export interface TikaOptions {
  /** Base URL of an Apache Tika server, e.g. http://tika:9998 */
  url: string;
  timeoutMs: number;
}

/**
 * Apache Tika's REST API: `PUT /tika` with the document as the body and `Accept: text/plain` returns its text.
 * Tika answers 422 when it cannot parse the file (corrupt, encrypted) and 415 for a type it does not handle:
 * both permanent. 5xx, a refused connection or a timeout say nothing about the file: transient, worth a retry.
 * Tika parses out of our process, so there is no worker pool here; page count and Europass XML are not available.
 */
export class TikaExtractor implements TextExtractor {
  private readonly endpoint: URL;

  constructor(private readonly options: TikaOptions) {
    this.endpoint = new URL('tika', options.url.endsWith('/') ? options.url : `${options.url}/`);
  }

  async extract({ bytes, type, filename }: ExtractionInput): Promise<ExtractedDocument> {
    if (bytes.length === 0) throw permanentError(EMPTY_FILE_REASON);
    let response: Response;
    try {
      response = await fetch(this.endpoint, {
        method: 'PUT',
        headers: {
          Accept: 'text/plain; charset=UTF-8',
          'Content-Type': CONTENT_TYPES[type],
          // A name hint for Tika's own detection; non-ASCII names go in the RFC 5987 form only.
          'Content-Disposition': `attachment; filename="${asciiName(filename)}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
        },
        body: bytes,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      throw this.unreachable(error);
    }
    let body: string;
    try {
      body = await response.text();
    } catch (error) {
      throw this.unreachable(error);
    }
    if (response.status === 200) return { text: finishText(body, type), pages: undefined, via: 'tika' };
    if (response.status === 204) throw permanentError(noTextReason(type));
    if (response.status === 422 || response.status === 415)
      throw permanentError(rejectedReason(response.status, body, type));
    if (response.status >= 500) throw transientError(`The text extraction service failed (HTTP ${response.status}).`);
    throw permanentError(`The text extraction service refused the document (HTTP ${response.status}).`);
  }

  async close(): Promise<void> {}

  private unreachable(error: unknown): Error {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      return transientError(`Text extraction timed out after ${formatDuration(this.options.timeoutMs)}.`);
    }
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    return transientError(`The text extraction service is unreachable: ${briefly(cause).replace(/[.\s]+$/, '')}.`);
  }
}

function rejectedReason(status: number, body: string, type: DocumentType): string {
  if (/Encrypt|Password/i.test(body)) return `The ${type.toUpperCase()} is password-protected.`;
  if (status === 415) return `The text extraction service does not support this ${type.toUpperCase()}.`;
  return `The ${type.toUpperCase()} could not be parsed; it may be corrupt or truncated.`;
}

function asciiName(filename: string): string {
  return filename.replace(/[^\x20-\x7e]|["\\]/g, '_') || 'document';
}
