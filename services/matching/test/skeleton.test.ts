import { createGrpcClient, HealthProbe, isDomainError } from '@talent/platform';
import { matching } from '@talent/proto';
import { startTestBackend, type TestBackend } from '@talent/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMatching } from '../src/app.js';
import { loadMatchingEnv, type MatchingEnv } from '../src/env.js';

describe('matching before its domain lands', () => {
  let backend: TestBackend<MatchingEnv, Awaited<ReturnType<typeof startMatching>>>;
  beforeAll(async () => void (backend = await startTestBackend('matching', loadMatchingEnv, startMatching)));
  afterAll(() => backend?.stop());

  it('serves health, and answers its RPCs with an explicit NOT_CONFIGURED naming them', async () => {
    const probe = new HealthProbe(backend.address);
    expect(await probe.isServing()).toBe(true);
    probe.close();
    const client = createGrpcClient(matching.MatchingServiceClient, backend.address);
    const error = await client.getStoredResult(matching.GetStoredResultRequest.fromPartial({})).catch((e: unknown) => e);
    client.close();
    expect(isDomainError(error) && error.code).toBe('NOT_CONFIGURED');
    expect((error as Error).message).toBe('MatchingService.GetStoredResult is not available yet: it arrives with its issue.');
  });
});
