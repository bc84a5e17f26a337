import { describe, expect, it } from 'vitest';
import { chunked } from '../src/peers/match-inputs.js';

describe('chunks of GetMatchInputs', () => {
  it('keeps request order and at most 500 records sent as JSON per chunk, with up to 1,000 ids when held', () => {
    const ids = Array.from({ length: 12_000 }, (_, i) => `id-${i}`);
    // Every third record is not held by matching: documents sends its JSON.
    const held = new Map(ids.filter((_, i) => i % 3 !== 0).map((id) => [id, true]));
    const chunks = chunked(ids, held);
    expect(chunks.flat()).toEqual(ids);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(1_000);
      expect(chunk.filter((id) => !held.has(id)).length).toBeLessThanOrEqual(500);
    }
    // About 334 records to send in each 1,000 ids: 12 chunks, not the 24 of 500 ids each when none is held.
    expect(chunks).toHaveLength(12);
    expect(chunked(ids, new Map())).toHaveLength(24);
    expect(chunked(ids.slice(0, 1_500), new Map(ids.slice(0, 1_000).map((id) => [id, true])))).toEqual([
      ids.slice(0, 1_000),
      ids.slice(1_000, 1_500),
    ]);
  });

  it('sends one chunk (the job alone) for no candidate', () => {
    expect(chunked([], new Map())).toEqual([[]]);
  });
});
