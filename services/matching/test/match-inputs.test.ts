import { createGrpcClient } from '@talent/platform';
import { documents } from '@talent/proto';
import { describe, expect, it } from 'vitest';
import { chunked, MATCH_INPUTS_CHANNEL, MATCH_INPUTS_WINDOW } from '../src/peers/match-inputs.js';

describe('chunks of GetMatchInputs', () => {
  it('keeps request order and at most 500 records sent as JSON per chunk, with up to 1,000 ids when held, and 100 ids in the first', () => {
    const ids = Array.from({ length: 12_000 }, (_, i) => `id-${i}`);
    // Every third record is not held by matching: documents sends its JSON.
    const held = new Map(ids.filter((_, i) => i % 3 !== 0).map((id) => [id, true]));
    const chunks = chunked(ids, held);
    expect(chunks.flat()).toEqual(ids);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(chunk === chunks[0] ? 100 : 1_000);
      expect(chunk.filter((id) => !held.has(id)).length).toBeLessThanOrEqual(500);
    }
    // About 334 records to send in each 1,000 ids: 13 chunks (the first one short), not the 25 of up to 500 ids
    // each when none is held.
    expect(chunks).toHaveLength(13);
    expect(chunks[1]).toHaveLength(1_000);
    expect(chunked(ids, new Map())).toHaveLength(25);
    // The first chunk is short even when every record is held: held records may all have changed since.
    expect(chunked(ids.slice(0, 1_600), new Map(ids.slice(0, 1_000).map((id) => [id, true])))).toEqual([
      ids.slice(0, 100),
      ids.slice(100, 1_100),
      ids.slice(1_100, 1_600),
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
