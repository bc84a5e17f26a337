import { createHash } from 'node:crypto';

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

export function normaliseText(text: string): string {
  return text.normalize('NFC').replace(/\r\n?/g, '\n').trim();
}

export function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
