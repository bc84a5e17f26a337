import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingAdmin, startRealBilling, startTestGateway, stopBackend, type RealBackend, type TestGateway } from './harness.js';

describe('gateway: HTTP behaviour shared by every route', () => {
  let billing: RealBackend;
  let gateway: TestGateway;
  let admin: ReturnType<typeof billingAdmin>;
  const keys: string[] = [];

  beforeAll(async () => {
    billing = await startRealBilling();
    admin = billingAdmin(billing.address);
    // Skills is left down on purpose: its routes show how an unreachable peer is reported.
    gateway = await startTestGateway({ billing: billing.address }, { RATE_LIMIT_PER_MINUTE: '3' });
    for (const name of ['A', 'B']) {
      keys.push((await admin.createWorkspace({ name, grantTokens: 0, grantExpiresInSeconds: 0, idempotencyKey: '' })).apiKey);
    }
  });
  afterAll(async () => {
    await gateway?.stop();
    admin?.close();
    await stopBackend(billing);
  });

  it('reports an unreachable peer as 503 {error, request_id} without internals', async () => {
    const response = await gateway.get('/api/v1/skills/languages', { 'x-request-id': 'down-1' });
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ error: expect.any(String), request_id: 'down-1' });
    expect(JSON.stringify(response.body)).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|grpc|stack/i);
  });

  it('answers a path parameter that is not valid percent-encoding with 400 {error}, not 500', async () => {
    for (const path of ['/api/v1/cvs/%zz', '/api/v1/jobs/%E0%A4%A', '/api/v1/match/%', '/api/v1/sourcing/sessions/%C0%AF']) {
      const response = await gateway.get(path, { 'x-api-key': keys[0]! });
      expect(response.status, path).toBe(400);
      expect(response.body, path).toEqual({ error: expect.stringMatching(/malformed url/i) });
    }
  });

  it('answers a URL over 16 KB with 431 {error, request_id} and the same id in X-Request-Id, then keeps serving', async () => {
    const response = await gateway.get(`/api/v1/credits/history?action=${'x'.repeat(17_000)}`, { 'x-api-key': keys[0]! });
    expect(response.status).toBe(431);
    expect(response.body).toEqual({ error: expect.stringMatching(/16 KB/), request_id: expect.any(String) });
    expect(response.headers.get('x-request-id')).toBe(response.body.request_id);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await gateway.get('/healthz')).status).toBe(200);
  });

  it('answers a URL over 16 KB that arrives in pieces with the whole 431 body, not a reset', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(gateway.url).port), '127.0.0.1');
      let received = '';
      socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
      socket.on('error', reject);
      socket.on('close', () => resolve(received));
      // 100 KB of URL in 4 KB writes: most of it arrives after the gateway has answered.
      socket.write(`GET /api/v1/cvs?q=`);
      let pieces = 0;
      const more = () => {
        if (socket.destroyed) return;
        if (pieces++ < 25) socket.write('y'.repeat(4096), () => setImmediate(more));
        else socket.end(' HTTP/1.1\r\nHost: gateway\r\n\r\n');
      };
      more();
    });
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(body)).toEqual({ error: expect.any(String), request_id: expect.any(String) });
  });

  it('answers unknown paths outside /api/v1 with 404 {error}, and /healthz with 200', async () => {
    const unknown = await gateway.get('/nothing-here');
    expect(unknown.status).toBe(404);
    expect(Object.keys(unknown.body)).toEqual(['error']);
    expect((await gateway.get('/healthz')).status).toBe(200);
  });

  it('rate-limits per workspace with 429 {error, code: RATE_LIMITED}, Retry-After and draft-8 headers', async () => {
    const [first, second] = keys as [string, string];
    const statuses: number[] = [];
    let last: Awaited<ReturnType<TestGateway['get']>> | undefined;
    for (let i = 0; i < 4; i++) {
      last = await gateway.get('/api/v1/credits/history?limit=0', { 'x-api-key': first });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
    expect(last!.body).toEqual({ error: expect.stringMatching(/rate limit/i), code: 'RATE_LIMITED' });
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last!.headers.get('ratelimit')).toMatch(/r=0; t=\d+/);
    expect(last!.headers.get('ratelimit-policy')).toMatch(/q=3; w=60/);
    // Another workspace has its own budget.
    expect((await gateway.get('/api/v1/credits/history?limit=0', { 'x-api-key': second })).status).toBe(400);
  });

  it('rate-limits public paths per client', async () => {
    // A fresh gateway, so no earlier test has used this client's budget.
    const fresh = await startTestGateway({}, { RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await fresh.get('/api/v1/skills/search?q=x')).status);
      expect(statuses).toEqual([400, 400, 400, 429]);
    } finally {
      await fresh.stop();
    }
  });

  it('exposes request-duration metrics by route template and status on the metrics port', async () => {
    const text = await (await fetch(`http://127.0.0.1:${gateway.metricsPort}/metrics`)).text();
    expect(text).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/api\/v1\/credits\/history"[^}]*status="429"[^}]*\} 1/);
    expect(text).toMatch(/http_request_duration_seconds_count\{[^}]*route="unmatched"[^}]*status="404"/);
  });
});
