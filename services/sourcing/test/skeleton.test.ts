import { createGrpcClient, isDomainError } from '@talent/platform';
import { sourcing } from '@talent/proto';
import { startTestBackend, type TestBackend } from '@talent/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSourcing } from '../src/app.js';
import { loadSourcingEnv, type SourcingEnv } from '../src/env.js';

describe('sourcing before its domain lands', () => {
  let backend: TestBackend<SourcingEnv, Awaited<ReturnType<typeof startSourcing>>>;
  beforeAll(async () => void (backend = await startTestBackend('sourcing', loadSourcingEnv, startSourcing)));
  afterAll(() => backend?.stop());

  it('answers each RPC with an explicit NOT_CONFIGURED naming it', async () => {
    const client = createGrpcClient(sourcing.SourcingServiceClient, backend.address);
    const calls = {
      'SourcingService.Search': client.search(sourcing.SearchRequest.fromPartial({})),
      'SourcingService.GetSession': client.getSession(sourcing.GetSessionRequest.fromPartial({})),
      'SourcingService.Ingest': client.ingest(sourcing.IngestRequest.fromPartial({})),
    };
    for (const [rpc, call] of Object.entries(calls)) {
      const error = await call.catch((e: unknown) => e);
      expect(isDomainError(error) && error.code, rpc).toBe('NOT_CONFIGURED');
      expect((error as Error).message).toBe(`${rpc} is not available yet: it arrives with its issue.`);
    }
    client.close();
  });
});
