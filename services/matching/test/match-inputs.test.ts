import { createGrpcClient } from '@talent/platform';
import { documents } from '@talent/proto';
import { describe, expect, it } from 'vitest';
import { chunked, MATCH_INPUTS_CHANNEL, MATCH_INPUTS_WINDOW } from '../src/peers/match-inputs.js';

describe('chunks of GetMatchInputs', () => {
  it('keeps request order, at most 500 records sent as JSON and 1,000 ids per chunk, 100 ids in the first, each next chunk at most twice as long', () => {
    const ids = Array.from({ length: 12_000 }, (_, i) => `id-${i}`);
    // Every third record is not held by matching: documents sends its JSON.
    const held = new Map(ids.filter((_, i) => i % 3 !== 0).map((id) => [id, true]));
    const chunks = chunked(ids, held);
    expect(chunks.flat()).toEqual(ids);
    chunks.forEach((chunk, i) => {
      expect(chunk.length).toBeLessThanOrEqual(Math.min(100 * 2 ** i, 1_000));
      expect(chunk.filter((id) => !held.has(id)).length).toBeLessThanOrEqual(500);
    });
    // About 334 records to send in each 1,000 ids: 15 chunks (100, 200, 400, 800 ids, then 1,000), not the 26 of up
    // to 500 ids each when none is held.
    expect(chunks.map((chunk) => chunk.length).slice(0, 6)).toEqual([100, 200, 400, 800, 1_000, 1_000]);
    expect(chunks).toHaveLength(15);
    expect(chunked(ids, new Map()).map((chunk) => chunk.length).slice(0, 5)).toEqual([100, 200, 400, 500, 500]);
    expect(chunked(ids, new Map())).toHaveLength(26);
    // The first chunks are short even when every record is held: held records may all have changed since.
    expect(chunked(ids.slice(0, 1_600), new Map(ids.slice(0, 1_000).map((id) => [id, true])))).toEqual([
      ids.slice(0, 100),
      ids.slice(100, 300),
      ids.slice(300, 700),
      ids.slice(700, 1_500),
      ids.slice(1_500, 1_600),
    ]);
  });

  it('sends one chunk (the job alone) for no candidate', () => {
    expect(chunked([], new Map())).toEqual([[]]);
  });

  it("opens matching's connection to documents with the wide flow-control window, as the same service", () => {
    const client = createGrpcClient(documents.DocumentsServiceClient, '127.0.0.1:1', { channelOptions: MATCH_INPUTS_CHANNEL });
    try {
      const channel = client.raw.getChannel() as unknown as { internalChannel: { options: Record<string, unknown> } };
      const options = channel.internalChannel.options;
      expect(options['grpc-node.flow_control_window']).toBe(MATCH_INPUTS_WINDOW);
      // The service name picks the retry policy (createGrpcClient's service config): still documents'.
      expect(String(options['grpc.service_config'])).toContain('talent.documents.v1.DocumentsService');
    } finally {
      client.close();
    }
  });
});
