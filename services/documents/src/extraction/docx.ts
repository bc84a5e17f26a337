import { corruptError, permanentError } from './errors.js';
import { assertSafeZip, type ZipLimits } from './zip.js';

const CFB_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0];

export async function extractDocx(bytes: Uint8Array, limits: ZipLimits): Promise<string> {
  // Word saves a password-protected DOCX as an encrypted package inside a compound file, not as a zip.
  if (CFB_SIGNATURE.every((b, i) => bytes[i] === b)) {
    throw permanentError('The DOCX is password-protected.');
  }
  await assertSafeZip(bytes, limits);
  const mammoth = (await import('mammoth')).default;
  let raw: string;
  try {
    raw = (await mammoth.extractRawText({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) }))
      .value;
  } catch (error) {
    throw corruptError(error);
  }
  return paragraphsToLines(raw);
}

/**
 * mammoth ends every paragraph with "\n\n", so an empty paragraph shows as an extra "\n\n". A Word paragraph is a
 * line, and an empty one is a blank line — the same shape the PDF path gives.
 */
export function paragraphsToLines(raw: string): string {
  return raw.replace(/\n\n$/, '').split('\n\n').join('\n');
}
