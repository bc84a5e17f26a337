// Node-only helpers (file paths, Node streams): kept out of the main entry so it stays browser-safe.
import { openAsBlob } from 'node:fs';
import { basename } from 'node:path';
import type { Readable } from 'node:stream';
import type { FileInput } from './files.js';

/** A file on disk as an upload, read lazily when the request is sent. */
export async function fileFromPath(path: string, name = basename(path)): Promise<FileInput> {
  return { name, data: await openAsBlob(path) };
}

export function filesFromPaths(paths: string[]): Promise<FileInput[]> {
  return Promise.all(paths.map((path) => fileFromPath(path)));
}

/** A Node readable stream (an HTTP body, a decompressor, …) as an upload. */
export function fileFromStream(stream: Readable, name: string): FileInput {
  return { name, data: stream as AsyncIterable<Uint8Array> };
}
