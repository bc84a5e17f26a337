import { credentials } from '@grpc/grpc-js';
import { documents } from '@talent/proto';
import { describe, expect, it } from 'vitest';
import { chunked, MATCH_INPUTS_WINDOW, withMatchInputsWindow } from '../src/peers/match-inputs.js';

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
    const Client = withMatchInputsWindow(documents.DocumentsServiceClient);
    // The service name picks the retry policy (createGrpcClient's service config).
    expect((Client as unknown as { serviceName: string }).serviceName).toBe('talent.documents.v1.DocumentsService');
    const client = new Client('127.0.0.1:1', credentials.createInsecure(), { 'grpc.max_receive_message_length': 1 });
    try {
      const channel = client.getChannel() as unknown as { internalChannel: { options: Record<string, unknown> } };
      expect(channel.internalChannel.options).toEqual({
        'grpc.max_receive_message_length': 1,
        'grpc-node.flow_control_window': MATCH_INPUTS_WINDOW,
      });
    } finally {
      client.close();
    }
  });
});
