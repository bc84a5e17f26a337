import { createGrpcClient, isDomainError, type AsyncClient, type RunningBackend } from '@talent/platform';
import { billing } from '@talent/proto';
import { backendTestEnv, dropNatsNamespace, dropSchema } from '@talent/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBilling } from '../src/app.js';
import { loadBillingEnv } from '../src/env.js';

describe('billing: workspaces and API keys over gRPC', () => {
  const env = loadBillingEnv(backendTestEnv('billing'));
  let service: RunningBackend;
  let client: AsyncClient<billing.BillingServiceClient>;

  beforeAll(async () => {
    service = await startBilling(env);
    client = createGrpcClient(billing.BillingServiceClient, `127.0.0.1:${service.grpcPort}`);
  });
  afterAll(async () => {
    client?.close();
    await service?.stop();
    await dropSchema(env.DATABASE_SCHEMA);
    await dropNatsNamespace(env.NATS_NAMESPACE);
  });

  const authError = (promise: Promise<unknown>) =>
    promise.then(
      () => 'authenticated',
      (error: unknown) => (isDomainError(error) ? error.code : String(error)),
    );

  it('creates a workspace whose key authenticates to it', async () => {
    const created = await client.createWorkspace({ name: 'Acme', grantTokens: 0, grantExpiresInSeconds: 0, idempotencyKey: '' });
    expect(created.apiKey).toMatch(/^[0-9a-f-]{36}$/);
    const auth = await client.authenticate({ apiKey: created.apiKey });
    expect(auth).toEqual({ workspaceId: created.workspaceId, keyId: created.keyId });
    // Keys are case-insensitive UUIDs.
    expect((await client.authenticate({ apiKey: created.apiKey.toUpperCase() })).workspaceId).toBe(created.workspaceId);
  });

  it('rejects unknown, malformed and revoked keys alike', async () => {
    const { workspaceId } = await client.createWorkspace({ name: 'Beta', grantTokens: 0, grantExpiresInSeconds: 0, idempotencyKey: '' });
    const extra = await client.createApiKey({ workspaceId });
    expect((await client.authenticate({ apiKey: extra.apiKey })).workspaceId).toBe(workspaceId);

    const first = await client.revokeApiKey({ keyId: extra.keyId });
    const second = await client.revokeApiKey({ keyId: extra.keyId });
    expect(second.revokedAt).toEqual(first.revokedAt);

    expect(await authError(client.authenticate({ apiKey: extra.apiKey }))).toBe('UNAUTHENTICATED');
    expect(await authError(client.authenticate({ apiKey: '00000000-0000-4000-8000-000000000000' }))).toBe('UNAUTHENTICATED');
    expect(await authError(client.authenticate({ apiKey: 'not-a-key' }))).toBe('UNAUTHENTICATED');
  });

  it('refuses keys for a workspace that does not exist', async () => {
    const error = await client.createApiKey({ workspaceId: '00000000-0000-4000-8000-000000000000' }).catch((e: unknown) => e);
    expect(isDomainError(error) && error.code).toBe('NOT_FOUND');
  });
});
