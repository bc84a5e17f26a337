import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingAdmin, captureLogs, startRealBilling, startTestGateway, stopBackend, waitFor, type RealBackend, type TestGateway } from './harness.js';

describe('gateway: x-api-key authentication through the real billing service', () => {
  let billing: RealBackend;
  let gateway: TestGateway;
  let admin: ReturnType<typeof billingAdmin>;
  const logs = captureLogs();
  let workspaceId: string;
  let apiKey: string;

  beforeAll(async () => {
    billing = await startRealBilling();
    admin = billingAdmin(billing.address);
    // Default AUTH_CACHE_TTL_MS, so the revocation test measures the shipped setting.
    gateway = await startTestGateway({ billing: billing.address }, {}, logs.logger);
    ({ workspaceId, apiKey } = await admin.createWorkspace({ name: 'Auth', grantTokens: 0, grantExpiresInSeconds: 0, idempotencyKey: '' }));
  });
  afterAll(async () => {
    await gateway?.stop();
    admin?.close();
    await stopBackend(billing);
  });

  it('answers 401 {error} when the key is missing', async () => {
    const response = await gateway.get('/api/v1/credits/balance');
    expect(response.status).toBe(401);
    expect(Object.keys(response.body)).toEqual(['error']);
    expect(response.body.error).toMatch(/x-api-key/);
  });

  it('answers exactly {"error":"Invalid API Key."} for unknown and malformed keys', async () => {
    for (const key of ['00000000-0000-4000-8000-000000000000', 'not-a-key']) {
      const response = await gateway.get('/api/v1/credits/balance', { 'x-api-key': key });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Invalid API Key.' });
    }
  });

  it('lets a valid key through: unknown paths become 404 {error}, wrong methods 405 with Allow', async () => {
    const unknown = await gateway.get('/api/v1/no-such-thing', { 'x-api-key': apiKey });
    expect(unknown.status).toBe(404);
    expect(Object.keys(unknown.body)).toEqual(['error']);

    const wrongMethod = await fetch(`${gateway.url}/api/v1/credits/balance`, { method: 'DELETE', headers: { 'x-api-key': apiKey } });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET, HEAD');
    expect(Object.keys((await wrongMethod.json()) as object)).toEqual(['error']);

    // Without a key the same requests are refused first, so the API's shape is not disclosed.
    expect((await gateway.get('/api/v1/no-such-thing')).status).toBe(401);
  });

  it('accepts the key in any letter case (keys are UUIDs)', async () => {
    const response = await gateway.get('/api/v1/no-such-thing', { 'x-api-key': apiKey.toUpperCase() });
    expect(response.status).toBe(404);
  });

  it('stops accepting a revoked key within 10 seconds', async () => {
    const extra = await admin.createApiKey({ workspaceId });
    expect((await gateway.get('/api/v1/nowhere', { 'x-api-key': extra.apiKey })).status).toBe(404); // cached as valid
    await admin.revokeApiKey({ keyId: extra.keyId });
    const elapsed = await waitFor(async () => (await gateway.get('/api/v1/nowhere', { 'x-api-key': extra.apiKey })).status === 401, 10_000, 200);
    expect(elapsed).toBeLessThan(10_000);
    expect((await gateway.get('/api/v1/nowhere', { 'x-api-key': extra.apiKey })).body).toEqual({ error: 'Invalid API Key.' });
  });

  it('echoes X-Request-Id and writes access logs with request and workspace ids', async () => {
    const response = await gateway.get('/api/v1/unknown-for-logs', { 'x-api-key': apiKey, 'x-request-id': 'trace-abc.123' });
    expect(response.headers.get('x-request-id')).toBe('trace-abc.123');
    const generated = await gateway.get('/api/v1/unknown-for-logs', { 'x-request-id': 'bad id with spaces' });
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    const line = logs.lines().find((entry) => entry.request_id === 'trace-abc.123' && entry.msg === 'request');
    expect(line).toMatchObject({
      method: 'GET',
      path: '/api/v1/unknown-for-logs',
      status: 404,
      workspace_id: workspaceId,
    });
    expect(typeof line?.duration_ms).toBe('number');
  });
});
