import type { Logger } from '@talent/platform';
import {
  ProviderError,
  type ProviderPage,
  type ProviderQuery,
  type SourcedProfile,
  type SourcingProvider,
} from '../provider.js';
import { PdlClient, type PdlClientOptions } from './pdl-client.js';
import { toPdlQuery } from './pdl-query.js';
import { fromPdlRecord } from './pdl-record.js';

/** PDL returns at most 100 records a call. */
export const PDL_PAGE_SIZE = 100;
/** `from` pagination reaches the first 10,000 records of a query; positions beyond are not served. */
export const PDL_MAX_POSITION = 10_000;
const DAY_MS = 86_400_000;

export interface PdlProviderOptions extends Omit<PdlClientOptions, 'logger'> {
  freshnessDays: number;
  logger: Pick<Logger, 'warn'>;
  now?: () => Date;
}

/**
 * People Data Labs' Person Search behind SourcingProvider: the query translated to Elasticsearch (pdl-query.ts),
 * the window fetched with `from`/`size` in pages of at most 100 (PDL bills per record returned, so nothing outside
 * the window is fetched), records mapped to profiles (pdl-record.ts).
 */
export class PdlProvider implements SourcingProvider {
  readonly name = 'pdl';
  private readonly client: PdlClient;
  private readonly now: () => Date;

  constructor(private readonly options: PdlProviderOptions) {
    this.client = new PdlClient(options);
    this.now = options.now ?? (() => new Date());
  }

  async search(query: ProviderQuery, signal?: AbortSignal): Promise<ProviderPage> {
    const freshSince = new Date(this.now().getTime() - this.options.freshnessDays * DAY_MS).toISOString().slice(0, 10);
    const esQuery = toPdlQuery(query, freshSince);
    const end = Math.min(query.offset + query.limit, PDL_MAX_POSITION);
    const profiles: SourcedProfile[] = [];
    let total = 0;
    let from = query.offset;
    // An empty window still needs the total: one record is the smallest page PDL serves.
    if (from >= end)
      return {
        total: (await this.client.search({ query: esQuery, size: 1, from: 0, titlecase: true }, signal)).total,
        profiles,
      };
    while (from < end) {
      const size = Math.min(PDL_PAGE_SIZE, end - from);
      const page = await this.client.search({ query: esQuery, size, from, titlecase: true }, signal);
      total = page.total;
      for (const record of page.data) {
        const profile = fromPdlRecord(record);
        if (!profile) throw new ProviderError('PDL returned a record without id', this.name);
        profiles.push(profile);
      }
      if (page.data.length < size) break;
      from += page.data.length;
    }
    return { total, profiles };
  }
}
