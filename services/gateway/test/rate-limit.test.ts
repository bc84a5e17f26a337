import { backendTestEnv, ServiceProcess, testNatsUrl, uniqueName, waitFor } from '@talent/testkit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingAdmin, DOWN, startRealBilling, startTestGateway, stopBackend, type RealBackend, type TestGateway } from './harness.js';

/** The machine's Redis (REDIS_URL, else the standard local port): the store gateway replicas share. */
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** How many Authenticate calls the real billing service has handled, from its own Prometheus metrics. */
async function authenticateCalls(billing: RealBackend): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${billing.service.metricsPort}/metrics`)).text();
  let total = 0;
  for (const match of text.matchAll(/^grpc_server_handling_seconds_count\{[^}]*method="[^"]*\/authenticate"[^}]*\} (\d+)$/gim)) total += Number(match[1]);
  return total;
}

async function get(baseUrl: string, path: string, apiKey?: string) {
  const response = await fetch(`${baseUrl}${path}`, { headers: apiKey === undefined ? {} : { 'x-api-key': apiKey } });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

describe('gateway: unauthenticated traffic is rate limited before it reaches billing', () => {
  let billing: RealBackend;
  let admin: ReturnType<typeof billingAdmin>;
  const gateways: TestGateway[] = [];

  const newKey = async () => (await admin.createWorkspace({ name: 'RL', grantTokens: 0, grantExpiresInSeconds: 0, idempotencyKey: '' })).apiKey;
  const gateway = async (env: Record<string, string>) => {
    const started = await startTestGateway({ billing: billing.address }, env);
    gateways.push(started);
    return started;
  };

  beforeAll(async () => {
    billing = await startRealBilling();
    admin = billingAdmin(billing.address);
  });
  afterAll(async () => {
    for (const started of gateways) await started.stop();
    admin?.close();
    await stopBackend(billing);
  });

  it('answers 429 once a client has spent its budget on unknown keys, and billing is asked no more', async () => {
    const api = await gateway({ RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '3' });
    const known = await newKey();
    expect((await api.get('/api/v1/credits/balance', { 'x-api-key': known })).status).toBe(200);

    const before = await authenticateCalls(billing);
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await get(api.url, '/api/v1/credits/balance', randomUUID()));
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
    expect(await authenticateCalls(billing)).toBe(before + 3);

    // Every answer tells the client where it stands, in the same draft-8 shape as the per-workspace limit.
    expect(answers.slice(0, 4).map((answer) => answer.headers.get('ratelimit'))).toEqual([
      expect.stringMatching(/^"talent-api-unauthenticated"; r=2; t=\d+$/),
      expect.stringMatching(/; r=1; /),
      expect.stringMatching(/; r=0; /),
      expect.stringMatching(/; r=0; /),
    ]);
    expect(answers[0]!.headers.get('ratelimit-policy')).toBe('"talent-api-unauthenticated"; q=3; w=60');
    expect(answers[3]!.body).toEqual({ error: expect.stringMatching(/rate limit/i), code: 'RATE_LIMITED' });
    expect(Number(answers[3]!.headers.get('retry-after'))).toBeGreaterThan(0);

    // Missing and malformed keys spend the same budget; the client stays refused whatever it sends.
    expect((await get(api.url, '/api/v1/credits/balance')).status).toBe(429);
    expect((await get(api.url, '/api/v1/credits/balance', 'not-a-key')).status).toBe(429);
    // A key the gateway already knows to be valid costs billing nothing and still gets through.
    const allowed = await get(api.url, '/api/v1/credits/balance', known);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('ratelimit-policy')).toMatch(/^"talent-api"; /);
    expect(await authenticateCalls(billing)).toBe(before + 3);
  });

  it('keeps admitting a key billing confirmed earlier when someone on the same IP spent the budget', async () => {
    const api = await gateway({ RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '2', AUTH_CACHE_TTL_MS: '100' });
    const known = await newKey();
    expect((await api.get('/api/v1/credits/balance', { 'x-api-key': known })).status).toBe(200);
    for (let i = 0; i < 3; i++) await get(api.url, '/api/v1/credits/balance', randomUUID());
    expect((await get(api.url, '/api/v1/credits/balance', randomUUID())).status).toBe(429);
    // Once the gateway's verdict for the key expires it asks billing again: the key is still admitted.
    const before = await authenticateCalls(billing);
    const statuses: number[] = [];
    await waitFor(async () => {
      statuses.push((await get(api.url, '/api/v1/credits/balance', known)).status);
      return (await authenticateCalls(billing)) > before;
    }, 10_000);
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect((await get(api.url, '/api/v1/credits/balance', known)).status).toBe(200);
  });

  it('gives the request back when billing confirms a new key, so valid clients never run out', async () => {
    const api = await gateway({ RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '2' });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await api.get('/api/v1/credits/balance', { 'x-api-key': await newKey() })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const unknown = await get(api.url, '/api/v1/credits/balance', randomUUID());
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('ratelimit')).toMatch(/; r=1; /);
  });

  it('counts in Redis shared by two gateway processes: their combined traffic is limited', async () => {
    const env = {
      ...backendTestEnv('gateway'),
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: `${uniqueName('rl')}:`,
      RATE_LIMIT_PER_MINUTE: '5',
      RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '4',
      NATS_URL: testNatsUrl(),
      BILLING_SERVICE_ADDR: billing.address,
      SKILLS_SERVICE_ADDR: DOWN,
      DOCUMENTS_SERVICE_ADDR: DOWN,
      MATCHING_SERVICE_ADDR: DOWN,
      SOURCING_SERVICE_ADDR: DOWN,
    };
    const replicas = [0, 1].map(() => new ServiceProcess('gateway', { port: 0, metricsPort: 0 }, env, undefined, 30_000));
    try {
      await Promise.all(replicas.map((replica) => replica.start()));
      const urls = replicas.map((replica) => `http://127.0.0.1:${replica.ports.port}`);

      // One workspace's requests, alternating between the replicas: five in all, not five each.
      const key = await newKey();
      const workspace = [];
      for (let i = 0; i < 7; i++) workspace.push((await get(urls[i % 2]!, '/api/v1/credits/balance', key)).status);
      expect(workspace).toEqual([200, 200, 200, 200, 200, 429, 429]);

      // Unknown keys from one client, alternating: four lookups reach billing in all, then both refuse.
      const before = await authenticateCalls(billing);
      const unknown = [];
      for (let i = 0; i < 8; i++) unknown.push((await get(urls[i % 2]!, '/api/v1/credits/balance', randomUUID())).status);
      expect(unknown).toEqual([401, 401, 401, 401, 429, 429, 429, 429]);
      expect(await authenticateCalls(billing)).toBe(before + 4);
    } finally {
      await Promise.all(replicas.map((replica) => replica.stop()));
    }
  });
});
