import AdmZip from 'adm-zip';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { ImportError } from './import-error.js';

/** The CSV files of a directory tree or a zip archive, by their path inside it. */
export interface FileSource {
  /** Where the files come from, for messages. */
  origin: string;
  paths: string[];
  read(path: string): string;
}

export function openFileSource(location: string): FileSource {
  if (!existsSync(location)) throw new ImportError(location, undefined, 'no such file or directory');
  if (statSync(location).isDirectory()) {
    const paths = listFiles(location).filter((path) => path.toLowerCase().endsWith('.csv'));
    return { origin: location, paths, read: (path) => readFileSync(join(location, path), 'utf8') };
  }
  if (!location.toLowerCase().endsWith('.zip')) throw new ImportError(location, undefined, 'expected a directory or a .zip file');
  let zip: AdmZip;
  try {
    zip = new AdmZip(location);
  } catch (error) {
    throw new ImportError(location, undefined, `cannot open the zip archive: ${(error as Error).message}`);
  }
  const entries = new Map(
    zip
      .getEntries()
      .filter((entry) => !entry.isDirectory && entry.entryName.toLowerCase().endsWith('.csv'))
      .map((entry) => [entry.entryName, entry]),
  );
  return {
    origin: location,
    paths: [...entries.keys()],
    read: (path) => entries.get(path)!.getData().toString('utf8'),
  };
}

/** A single extra file (a `--labels LANG=FILE` argument). */
export function singleFileSource(file: string): FileSource {
  if (!existsSync(file) || !statSync(file).isFile()) throw new ImportError(file, undefined, 'no such file');
  return { origin: file, paths: [basename(file)], read: () => readFileSync(file, 'utf8') };
}

function listFiles(root: string, dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(root, full) : [relative(root, full)];
  });
}
