/** The package's committed data files (`data/…`): word lists and learned weights, read from the package's own folder. */
import { readFileSync } from 'node:fs';

/** `data/<path>`, parsed now. */
export function dataFile<T>(path: string): T {
  return JSON.parse(readFileSync(new URL(`../data/${path}`, import.meta.url), 'utf8')) as T;
}

/** `data/<path>`, parsed on the first call and kept: the models, which not every process asks for. */
export function committedData<T>(path: string): () => T {
  let value: T | undefined;
  return () => (value ??= dataFile<T>(path));
}
