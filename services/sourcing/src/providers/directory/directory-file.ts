import { parse } from 'csv-parse';
import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { extname } from 'node:path';
import { createInterface } from 'node:readline';
import type { SourcedProfile } from '../provider.js';
import { csvRowToProfile } from './csv-format.js';
import { describeIssue, directoryProfileSchema } from './profile-schema.js';

/** One record of a directory file: a valid profile, or the reason its line was skipped. */
export type DirectoryRecord = { line: number; profile: SourcedProfile } | { line: number; problem: string };

/** The file of SOURCING_DIRECTORY_PATH is missing or unreadable: the service does not boot. */
export class DirectoryFileError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DirectoryFileError';
  }
}

function validate(line: number, input: unknown): DirectoryRecord {
  const parsed = directoryProfileSchema.safeParse(input);
  return parsed.success ? { line, profile: parsed.data } : { line, problem: describeIssue(parsed.error) };
}

async function* readJsonl(path: string): AsyncGenerator<DirectoryRecord> {
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  let line = 0;
  for await (const text of lines) {
    line++;
    if (!text.trim()) continue;
    let input: unknown;
    try {
      input = JSON.parse(text);
    } catch {
      yield { line, problem: 'not a JSON object' };
      continue;
    }
    yield validate(line, input);
  }
}

async function* readCsv(path: string): AsyncGenerator<DirectoryRecord> {
  const skipped: DirectoryRecord[] = [];
  const parser = createReadStream(path).pipe(
    parse({
      bom: true,
      columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      // A malformed row (unbalanced quote…) is reported and skipped, never fatal.
      skip_records_with_error: true,
      info: true,
    }),
  );
  parser.on('skip', (error: { lines?: number; message: string }) =>
    skipped.push({ line: error.lines ?? 0, problem: error.message }),
  );
  for await (const { record, info } of parser as AsyncIterable<{
    record: Record<string, string>;
    info: { lines: number };
  }>) {
    while (skipped.length) yield skipped.shift()!;
    yield validate(info.lines, csvRowToProfile(record));
  }
  yield* skipped;
}

/** The records of a directory file: CSV when its name ends in `.csv`, JSONL (one JSON object per line) otherwise. */
export async function* readDirectoryFile(path: string): AsyncGenerator<DirectoryRecord> {
  try {
    await access(path);
  } catch (error) {
    throw new DirectoryFileError(`SOURCING_DIRECTORY_PATH: cannot read the directory file ${path}`, { cause: error });
  }
  yield* extname(path).toLowerCase() === '.csv' ? readCsv(path) : readJsonl(path);
}
