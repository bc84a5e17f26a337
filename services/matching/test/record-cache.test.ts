import { describe, expect, it } from 'vitest';
import { cachedRecord, parseCached, RecordCache } from '../src/peers/record-cache.js';

const WS = 'a0000000-0000-4000-8000-000000000001';
const OTHER_WS = 'a0000000-0000-4000-8000-000000000002';
const ID = 'B0000000-0000-4000-8000-00000000000A';

/** A cache entry whose JSON takes exactly `bytes` bytes (UTF-8). */
const sized = (value: number, bytes: number) => cachedRecord('1', JSON.stringify({ value, pad: '' }).replace('""', `"${'x'.repeat(bytes - 20)}"`));

describe('RecordCache', () => {
  it('answers an entry only for the workspace it was read for, whatever the case of the id', () => {
    const cache = new RecordCache(1_000);
    cache.set(WS, ID, cachedRecord('7.1', JSON.stringify({ id: ID, city: 'Zürich' })));
    const held = cache.get(WS, ID.toLowerCase())!;
    expect(held.version).toBe('7.1');
    expect(parseCached(held)).toEqual({ id: ID, city: 'Zürich' });
    expect(cache.get(OTHER_WS, ID)).toBeUndefined();
    cache.delete(WS, ID.toLowerCase());
    expect(cache.get(WS, ID)).toBeUndefined();
  });

  it('holds a blind copy beside the record, and drops both when the record is deleted', () => {
    const cache = new RecordCache(1_000);
    cache.set(WS, ID, cachedRecord('3', '{"name":"Ann"}'));
    cache.set(WS, ID, cachedRecord('3', '{"name":""}'), 'blind');
    expect(parseCached(cache.get(WS, ID)!)).toEqual({ name: 'Ann' });
    expect(parseCached(cache.get(WS, ID, 'blind')!)).toEqual({ name: '' });
    cache.delete(WS, ID);
    expect([cache.get(WS, ID), cache.get(WS, ID, 'blind')]).toEqual([undefined, undefined]);
  });

  it('stays within its bound on the bytes held, dropping the least recently used first', () => {
    const cache = new RecordCache(300);
    for (const n of [1, 2, 3]) cache.set(WS, `id-${n}`, sized(n, 100));
    cache.get(WS, 'id-1'); // used again: id-2 is now the least recently used
    cache.set(WS, 'id-4', sized(4, 100));
    expect(['id-1', 'id-2', 'id-3', 'id-4'].map((id) => (parseCached(cache.get(WS, id) ?? cachedRecord('', '{}')) as { value?: number }).value)).toEqual([1, undefined, 3, 4]);
    expect(cache.stats).toEqual({ records: 3, bytes: 300 });
    // A record larger than the whole bound is not kept.
    cache.set(WS, 'huge', sized(5, 301));
    expect(cache.get(WS, 'huge')).toBeUndefined();
  });

  it('holds nothing when its bound is 0 (MATCH_RECORD_CACHE_MB=0)', () => {
    const cache = new RecordCache(0);
    cache.set(WS, ID, cachedRecord('1', '{}'));
    expect(cache.get(WS, ID)).toBeUndefined();
    expect(cache.stats).toEqual({ records: 0, bytes: 0 });
  });
});
