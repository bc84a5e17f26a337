import { createGrpcClient, HealthProbe, isDomainError } from '@talent/platform';
import { matching } from '@talent/proto';
import { startTestBackend, type TestBackend } from '@talent/testkit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMatching } from '../src/app.js';
import { loadMatchingEnv, type MatchingEnv } from '../src/env.js';

/** The service on its own (the peers are down): what it decides before it needs them. */
describe('matching service', () => {
  let backend: TestBackend<MatchingEnv, Awaited<ReturnType<typeof startMatching>>>;
  beforeAll(async () => void (backend = await startTestBackend('matching', loadMatchingEnv, startMatching, { DOCUMENTS_SERVICE_ADDR: '127.0.0.1:1', SKILLS_SERVICE_ADDR: '127.0.0.1:1', BILLING_SERVICE_ADDR: '127.0.0.1:1' })));
  afterAll(() => backend?.stop());

  it('serves health, answers NOT_FOUND for a job without stored results, and refuses bad weights before calling anyone', async () => {
    const probe = new HealthProbe(backend.address);
    expect(await probe.isServing()).toBe(true);
    probe.close();
    const client = createGrpcClient(matching.MatchingServiceClient, backend.address);
    const jobId = randomUUID();
    const missing = await client.getStoredResult({ workspaceId: randomUUID(), jobId, version: 0 }).catch((e: unknown) => e);
    expect(isDomainError(missing) && missing.code).toBe('NOT_FOUND');
    expect((missing as Error).message).toBe(`No stored match results for job ${jobId}.`);
    const heavy = await client
      .match(matching.MatchRequest.fromPartial({ workspaceId: randomUUID(), jobId, candidateIds: [randomUUID()], topK: 1, weights: { experience: 1, hardSkills: 1, softSkills: 0, education: 0 } }))
      .catch((e: unknown) => e);
    client.close();
    expect(isDomainError(heavy) && heavy.message).toBe('Sum of weights cannot be greater than 1');
  });
});
