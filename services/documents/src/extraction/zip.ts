import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { corruptError, ExtractionError, permanentError } from './errors.js';

export interface ZipLimits {
  /** Refuse when the parts together expand to more than this (declared or actual). */
  maxUnzippedBytes: number;
  /** Refuse a part over 1 MiB compressed more than this many to one; real OOXML parts stay far below. */
  maxRatio: number;
  maxEntries: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxUnzippedBytes: 200 * 1024 * 1024, maxRatio: 100, maxEntries: 10_000 };

const RATIO_MIN_BYTES = 1024 * 1024;

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Part names from the central directory (no decompression); throws on a zip yauzl cannot read. */
export async function listZipEntries(bytes: Uint8Array, maxEntries = DEFAULT_ZIP_LIMITS.maxEntries): Promise<string[]> {
  const zip = await yauzl.fromBufferPromise(asBuffer(bytes), { strictFileNames: false });
  const names: string[] = [];
  for await (const entry of zip.eachEntry()) {
    names.push(entry.fileName);
    if (names.length >= maxEntries) break;
  }
  return names;
}

function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Math.round(n / (1024 * 1024))} MB`;
  return n >= 1024 ? `${Math.round(n / 1024)} KB` : `${n} bytes`;
}

/**
 * Refuses a zip bomb before a parser that trusts the archive (mammoth uses JSZip, which inflates whole parts into
 * memory) sees it: first from the sizes the central directory declares, then by inflating every part once with
 * yauzl, which fails a part whose data expands beyond its declared size — so a lying directory is caught too.
 */
export async function assertSafeZip(bytes: Uint8Array, limits: ZipLimits, label = 'DOCX'): Promise<void> {
  const tooBig = permanentError(
    `The ${label} expands to more than ${formatBytes(limits.maxUnzippedBytes)} (possible zip bomb).`,
  );
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(asBuffer(bytes), { strictFileNames: false, validateEntrySizes: true });
  } catch (error) {
    throw corruptError(error);
  }
  const entries: yauzl.Entry[] = [];
  let declared = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      if (entries.length >= limits.maxEntries) {
        throw permanentError(`The ${label} has more than ${limits.maxEntries} parts (possible zip bomb).`);
      }
      if (entry.isEncrypted()) throw permanentError(`The ${label} is password-protected.`);
      declared += entry.uncompressedSize;
      if (declared > limits.maxUnzippedBytes) throw tooBig;
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (entry.uncompressedSize > RATIO_MIN_BYTES && ratio > limits.maxRatio) {
        throw permanentError(
          `The ${label} has a part compressed ${Math.round(ratio)} to 1, more than ${limits.maxRatio} to 1 (possible zip bomb).`,
        );
      }
      entries.push(entry);
    }
    let actual = 0;
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      const stream = await zip.openReadStreamPromise(entry);
      await pipeline(
        stream,
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            actual += chunk.length;
            done(actual > limits.maxUnzippedBytes ? tooBig : null);
          },
        }),
      );
    }
  } catch (error) {
    if (error instanceof ExtractionError) throw error;
    // yauzl's words for a part inflating past the size the directory declared: a bomb hiding its size.
    if (error instanceof Error && /too many bytes in the stream/.test(error.message)) {
      throw permanentError(`The ${label} expands beyond the sizes it declares (possible zip bomb).`);
    }
    throw corruptError(error);
  }
}
