import { permanentError } from './errors.js';
import { normalizeText } from './normalize.js';

export type DocumentType = 'pdf' | 'docx' | 'doc';

export interface ExtractionInput {
  bytes: Uint8Array;
  type: DocumentType;
  /** The uploaded name; only a hint (Tika) — the type always comes from the bytes. */
  filename: string;
  /** The caller gives the bytes up: they may move to the extraction thread (no copy) and be unusable after. */
  transfer?: boolean;
}

export interface ExtractedDocument {
  /** Normalised text: NFC, `\n` line ends, single spaces, a tab between columns, at most one blank line in a row. */
  text: string;
  /** Page count when the format knows it (PDF in-process); undefined otherwise. */
  pages: number | undefined;
  /** The Europass XML a Europass PDF carries as an attachment, when there is one. */
  europassXml?: string;
  via: 'in-process' | 'tika';
}

export interface TextExtractor {
  /** Rejects with ExtractionError only. */
  extract(input: ExtractionInput): Promise<ExtractedDocument>;
  close(): Promise<void>;
}

export const EMPTY_FILE_REASON = 'The file is empty.';

export function noTextReason(type: DocumentType): string {
  return type === 'pdf'
    ? 'The PDF has no extractable text (it may be a scanned image).'
    : `The ${type.toUpperCase()} has no extractable text.`;
}

/** The last step of every extractor: normalise, and refuse a document that yields nothing to analyse. */
export function finishText(raw: string, type: DocumentType): string {
  const text = normalizeText(raw);
  if (text === '') throw permanentError(noTextReason(type));
  return text;
}
