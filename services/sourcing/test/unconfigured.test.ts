import { createGrpcClient, isDomainError } from '@talent/platform';
import { sourcing } from '@talent/proto';
import { startTestBackend, type TestBackend } from '@talent/testkit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSourcing } from '../src/app.js';
import { loadSourcingEnv, type SourcingEnv } from '../src/env.js';

describe('sourcing without a provider', () => {
  let backend: TestBackend<SourcingEnv, Awaited<ReturnType<typeof startSourcing>>>;
  beforeAll(async () => void (backend = await startTestBackend('sourcing', loadSourcingEnv, startSourcing)));
  afterAll(() => backend?.stop());

  it('boots, refuses searches with NOT_CONFIGURED naming the setting, and still answers session reads', async () => {
    const client = createGrpcClient(sourcing.SourcingServiceClient, backend.address);
    const search = await client
      .search(sourcing.SearchRequest.fromPartial({ workspaceId: randomUUID(), query: 'engineer', limit: 10 }))
      .catch((e: unknown) => e);
    expect(isDomainError(search) && search.code).toBe('NOT_CONFIGURED');
    expect((search as Error).message).toBe('Sourcing is not configured: set SOURCING_PROVIDER.');
    const sessionId = randomUUID();
    const session = await client.getSession({ workspaceId: randomUUID(), sessionId }).catch((e: unknown) => e);
    expect(isDomainError(session) && session.code).toBe('NOT_FOUND');
    expect((session as Error).message).toBe(`Sourcing session ${sessionId} not found.`);
    client.close();
  });
});
