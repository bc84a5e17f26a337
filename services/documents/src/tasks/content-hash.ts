import { createHash } from 'node:crypto';
import { withoutControlCharacters } from '../extraction/normalize.js';

/**
 * The `cache` key of a submission. Texts are compared after Unicode and line-ending normalisation and trimming,
 * so the same CV pasted twice is recognised; files by their exact bytes.
 */
export function textHash(text: string): string {
  return sha256(normaliseText(text));
}

export function fileHash(bytes: Uint8Array): string {
  return sha256(bytes);
}

/** A submitted text as stored and analyzed: NFC, `\n` line ends, no control characters but tab and line feed. */
export function normaliseText(text: string): string {
  return withoutControlCharacters(text.normalize('NFC').replace(/\r\n?/g, '\n')).trim();
}

export function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
