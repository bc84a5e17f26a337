import { LRUCache } from 'lru-cache';

/** A record as matching parsed it, at the version documents gave it. */
export interface CachedRecord {
  version: string;
  record: unknown;
}

/**
 * Parsed job and CV records of earlier matches, so documents does not read, send and matching parse again a
 * record that has not changed. Keyed by workspace and record id: an entry only ever answers a request of the
 * workspace it was read for, and only after documents said that the record is still at the cached version (and
 * still COMPLETED in that workspace) — the cache saves the JSON, never a check.
 * Least recently used entries go first once the JSON text they were parsed from passes `maxBytes`; the parsed
 * objects take about 1.3× that on the heap. 0 turns the cache off.
 */
export class RecordCache {
  private readonly entries: LRUCache<string, CachedRecord> | undefined;

  constructor(maxBytes: number) {
    this.entries = maxBytes > 0 ? new LRUCache<string, CachedRecord>({ maxSize: maxBytes }) : undefined;
  }

  get(workspaceId: string, id: string): CachedRecord | undefined {
    return this.entries?.get(key(workspaceId, id));
  }

  /** `jsonLength`: the length of the JSON text the record was parsed from, what the bound counts. */
  set(workspaceId: string, id: string, record: CachedRecord, jsonLength: number): void {
    this.entries?.set(key(workspaceId, id), record, { size: Math.max(1, jsonLength) });
  }

  delete(workspaceId: string, id: string): void {
    this.entries?.delete(key(workspaceId, id));
  }

  /** Entries held and the JSON length they count. */
  get stats(): { records: number; bytes: number } {
    return { records: this.entries?.size ?? 0, bytes: this.entries?.calculatedSize ?? 0 };
  }
}

const key = (workspaceId: string, id: string) => `${workspaceId}/${id.toLowerCase()}`;
