import type { Logger } from '@talent/platform';
import type { ProviderPage, ProviderQuery, SourcingProvider } from '../provider.js';
import { readDirectoryFile } from './directory-file.js';
import { DirectoryIndexBuilder, type DirectoryIndex } from './search-index.js';

const DAY_MS = 86_400_000;
/** How many skipped lines the boot log lists (the count is always complete). */
const LOGGED_PROBLEMS = 10;

export interface DirectoryOptions {
  /** `highFreshness` keeps profiles whose `updated_at` is at most this many days before now. */
  freshnessDays: number;
  logger: Pick<Logger, 'info' | 'warn'>;
  now?: () => Date;
}

/** Searches a directory file loaded once into memory (search-index.ts); the file is not read again. */
export class DirectoryProvider implements SourcingProvider {
  readonly name = 'directory';

  constructor(
    private readonly index: DirectoryIndex,
    private readonly freshnessDays: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  get size(): number {
    return this.index.size;
  }

  async search(query: ProviderQuery): Promise<ProviderPage> {
    const docs = this.index.search({
      query: query.query,
      filters: query.filters,
      searchType: query.searchType,
      updatedSince: query.highFreshness ? this.now().getTime() - this.freshnessDays * DAY_MS : null,
    });
    const window = docs.subarray(query.offset, query.offset + query.limit);
    return { total: docs.length, profiles: Array.from(window, (doc) => this.index.profile(doc)) };
  }
}

/**
 * Reads and indexes the directory at `path`. Invalid lines and duplicate ids are skipped and logged (count, first
 * line numbers and reasons); a missing file throws DirectoryFileError naming the path.
 */
export async function loadDirectory(path: string, options: DirectoryOptions): Promise<DirectoryProvider> {
  const started = performance.now();
  const builder = new DirectoryIndexBuilder();
  const problems: { line: number; problem: string }[] = [];
  let skipped = 0;
  for await (const record of readDirectoryFile(path)) {
    const problem =
      'problem' in record ? record.problem : builder.add(record.profile) ? null : `duplicate id ${record.profile.id}`;
    if (problem === null) continue;
    skipped++;
    if (problems.length < LOGGED_PROBLEMS) problems.push({ line: record.line, problem });
  }
  const index = builder.build();
  const fields = { path, profiles: index.size, skipped, load_ms: Math.round(performance.now() - started) };
  if (skipped)
    options.logger.warn({ ...fields, first_problems: problems }, `directory: ${skipped} invalid line(s) skipped`);
  options.logger.info(fields, 'directory loaded');
  return new DirectoryProvider(index, options.freshnessDays, options.now);
}
