import { describe, expect, it } from 'vitest';
import { chunked } from '../src/peers/match-inputs.js';

describe('chunks of GetMatchInputs', () => {
  it('keeps request order and at most 500 records sent as JSON per chunk (100 in the first), with up to 1,000 ids when held', () => {
    const ids = Array.from({ length: 12_000 }, (_, i) => `id-${i}`);
    // Every third record is not held by matching: documents sends its JSON.
    const held = new Map(ids.filter((_, i) => i % 3 !== 0).map((id) => [id, true]));
    const chunks = chunked(ids, held);
    expect(chunks.flat()).toEqual(ids);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(1_000);
      expect(chunk.filter((id) => !held.has(id)).length).toBeLessThanOrEqual(chunk === chunks[0] ? 100 : 500);
    }
    // About 334 records to send in each 1,000 ids: 13 chunks (the first one short), not the 25 of up to 500 ids
    // each when none is held.
    expect(chunks).toHaveLength(13);
    expect(chunks[0]).toHaveLength(300);
    expect(chunked(ids, new Map())).toHaveLength(25);
    expect(chunked(ids.slice(0, 1_600), new Map(ids.slice(0, 1_000).map((id) => [id, true])))).toEqual([
      ids.slice(0, 1_000),
      ids.slice(1_000, 1_500),
      ids.slice(1_500, 1_600),
    ]);
  });

  it('sends one chunk (the job alone) for no candidate', () => {
    expect(chunked([], new Map())).toEqual([[]]);
  });
});
