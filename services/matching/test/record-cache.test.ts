import { describe, expect, it } from 'vitest';
import { RecordCache } from '../src/peers/record-cache.js';

const WS = 'a0000000-0000-4000-8000-000000000001';
const OTHER_WS = 'a0000000-0000-4000-8000-000000000002';
const ID = 'B0000000-0000-4000-8000-00000000000A';

describe('RecordCache', () => {
  it('answers an entry only for the workspace it was read for, whatever the case of the id', () => {
    const cache = new RecordCache(1_000);
    cache.set(WS, ID, { version: '7.1', record: { id: ID } }, 100);
    expect(cache.get(WS, ID.toLowerCase())).toEqual({ version: '7.1', record: { id: ID } });
    expect(cache.get(OTHER_WS, ID)).toBeUndefined();
    cache.delete(WS, ID.toLowerCase());
    expect(cache.get(WS, ID)).toBeUndefined();
  });

  it('stays within its bound on JSON length, dropping the least recently used first', () => {
    const cache = new RecordCache(300);
    for (const n of [1, 2, 3]) cache.set(WS, `id-${n}`, { version: '1', record: n }, 100);
    cache.get(WS, 'id-1'); // used again: id-2 is now the least recently used
    cache.set(WS, 'id-4', { version: '1', record: 4 }, 100);
    expect(['id-1', 'id-2', 'id-3', 'id-4'].map((id) => cache.get(WS, id)?.record)).toEqual([1, undefined, 3, 4]);
    expect(cache.stats).toEqual({ records: 3, bytes: 300 });
    // A record larger than the whole bound is not kept.
    cache.set(WS, 'huge', { version: '1', record: 'huge' }, 301);
    expect(cache.get(WS, 'huge')).toBeUndefined();
  });

  it('holds nothing when its bound is 0 (MATCH_RECORD_CACHE_MB=0)', () => {
    const cache = new RecordCache(0);
    cache.set(WS, ID, { version: '1', record: {} }, 10);
    expect(cache.get(WS, ID)).toBeUndefined();
    expect(cache.stats).toEqual({ records: 0, bytes: 0 });
  });
});
