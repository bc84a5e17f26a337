import { LRUCache } from 'lru-cache';

/** A record's JSON as documents sent it, UTF-8, at the version documents gave it. */
export interface CachedRecord {
  version: string;
  json: Buffer;
  /** A CV's experience titles, so a match can ask for their occupations without parsing the record. */
  titles?: readonly string[];
}

/**
 * What is held of a record: the record itself (''), or the copy a blind match scores (`blind`, blind.ts), cached
 * under the same version so a warm blind match does not redact every record again.
 */
export type RecordForm = '' | 'blind';
const FORMS: readonly RecordForm[] = ['', 'blind'];

/**
 * Job and CV records of earlier matches, so documents does not read and send again a record that has not changed.
 * Keyed by workspace and record id: an entry only ever answers a request of the workspace it was read for, and
 * only after documents said that the record is still at the cached version (and still COMPLETED in that
 * workspace) — the cache saves the read and the transfer, never a check.
 * Entries are the JSON as UTF-8 bytes, outside the JavaScript heap, parsed again by each match that uses them
 * (≈ 0.1 ms a record): parsed records take 1.3–1.6× the bytes on the heap, and 10,000 of them held between
 * matches kept matching's peak RSS far above the 350 MB of issue 27 (README, memory section).
 * Least recently used entries go first once their bytes pass `maxBytes`. 0 turns the cache off.
 */
export class RecordCache {
  private readonly entries: LRUCache<string, CachedRecord> | undefined;

  constructor(maxBytes: number) {
    this.entries = maxBytes > 0 ? new LRUCache<string, CachedRecord>({ maxSize: maxBytes }) : undefined;
  }

  get(workspaceId: string, id: string, form: RecordForm = ''): CachedRecord | undefined {
    return this.entries?.get(key(workspaceId, id, form));
  }

  set(workspaceId: string, id: string, record: CachedRecord, form: RecordForm = ''): void {
    this.entries?.set(key(workspaceId, id, form), record, { size: Math.max(1, record.json.length) });
  }

  /** Drops every form held of the record. */
  delete(workspaceId: string, id: string): void {
    for (const form of FORMS) this.entries?.delete(key(workspaceId, id, form));
  }

  /** Entries held and their bytes. */
  get stats(): { records: number; bytes: number } {
    return { records: this.entries?.size ?? 0, bytes: this.entries?.calculatedSize ?? 0 };
  }
}

/** The record parsed from a cache entry. */
export const parseCached = (entry: CachedRecord): unknown => JSON.parse(entry.json.toString('utf8'));

/** A cache entry of a record at `version`. */
export const cachedRecord = (version: string, json: string, titles?: readonly string[]): CachedRecord => ({
  version,
  json: Buffer.from(json, 'utf8'),
  ...(titles ? { titles } : {}),
});

const key = (workspaceId: string, id: string, form: RecordForm) =>
  `${workspaceId}/${id.toLowerCase()}${form ? `#${form}` : ''}`;
