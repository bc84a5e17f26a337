import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { UsageError } from './exit-codes.js';

/** Plain text goes to `/analyze`; documents to `/analyze/files` (the server checks their bytes). */
const TEXT = new Set(['.txt', '.md', '.text']);
const DOCUMENT = new Set(['.pdf', '.doc', '.docx']);

export interface InputFile {
  /** As the user will recognise it: relative to the working directory. */
  path: string;
  kind: 'text' | 'document';
  sha256: string;
  size: number;
}

function walk(path: string): string[] {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) throw new UsageError(`${path}: no such file or directory.`);
  if (!stat.isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) => walk(join(path, name)));
}

/** Every analyzable file under the given files and folders (recursively), each once, with its content hash. */
export function collectInputs(paths: string[], cwd = process.cwd()): { files: InputFile[]; skipped: string[] } {
  const seen = new Set<string>();
  const files: InputFile[] = [];
  const skipped: string[] = [];
  for (const path of paths.flatMap(walk)) {
    const shown = relative(cwd, path) || path;
    if (seen.has(shown)) continue;
    seen.add(shown);
    const extension = extname(path).toLowerCase();
    const kind = TEXT.has(extension) ? 'text' : DOCUMENT.has(extension) ? 'document' : undefined;
    if (!kind) {
      // Given by name: the user meant it, so it is an error; met in a folder: skipped quietly (listed).
      if (paths.includes(path)) throw new UsageError(`${path}: not a .txt, .md, .pdf, .doc or .docx file.`);
      skipped.push(shown);
      continue;
    }
    const bytes = readFileSync(path);
    files.push({ path: shown, kind, sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length });
  }
  if (files.length === 0) throw new UsageError(`No .txt, .md, .pdf, .doc or .docx file in ${paths.join(', ')}.`);
  return { files, skipped };
}
