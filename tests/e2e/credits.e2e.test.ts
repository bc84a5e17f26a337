import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { E2eStack } from './harness.js';

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('credits end to end (REST through the gateway, ledger in billing)', () => {
  const e2e = new E2eStack();
  let acme: { workspaceId: string; apiKey: string };
  let other: { workspaceId: string; apiKey: string };

  beforeAll(async () => {
    await e2e.start();
    acme = await e2e.createWorkspace('acme');
    other = await e2e.createWorkspace('other');
    await e2e.billing.grantTokens({ workspaceId: acme.workspaceId, amount: 100, expiresInSeconds: 0, idempotencyKey: randomUUID() });
    // What documents will do per accepted CV: reserve, then commit one charge per unit of work.
    const units = [randomUUID(), randomUUID()];
    const reservation = await e2e.billing.reserve({
      workspaceId: acme.workspaceId,
      lines: units.map((ref) => ({ action: 'cv_processing', quantity: 1, ref })),
      idempotencyKey: randomUUID(),
      ttlSeconds: 0,
    });
    await e2e.billing.commit({ reservationId: reservation.reservationId, lines: [], idempotencyKey: randomUUID() });
    await e2e.billing.refund({ workspaceId: acme.workspaceId, action: 'cv_processing', ref: units[0]!, idempotencyKey: randomUUID() });
  }, 180_000);
  afterAll(() => e2e.stop(), 60_000);
  afterEach((context) => {
    if (context.task.result?.state === 'fail') console.log(e2e.logs.slice(-100).join('\n'));
  });

  const get = async (path: string, apiKey: string) => {
    const response = await e2e.request(path, { apiKey });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are asserted field by field
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };

  it('prices every billable action of the spec', async () => {
    const { status, body } = await get('/credits/costs', acme.apiKey);
    expect(status).toBe(200);
    expect(body.length).toBe(body.data.length);
    expect(body.data.map((p: { action: string }) => p.action).sort()).toEqual(
      [
        'cv_processing',
        'job_matching',
        'job_processing',
        'sourcing_high_freshness',
        'sourcing_ingest',
        'sourcing_insights',
        'sourcing_reveal_email',
        'sourcing_reveal_phone',
        'sourcing_search_fast',
        'sourcing_search_pro',
      ].sort(),
    );
    for (const price of body.data) expect(price).toEqual({ action: expect.any(String), tokens: expect.any(Number), unit: expect.any(String), description: expect.any(String) });
  });

  it('reports the balance after grant, charges and refund, and the ledger newest first', async () => {
    const price = (await get('/credits/costs', acme.apiKey)).body.data.find((p: { action: string }) => p.action === 'cv_processing').tokens as number;
    const balance = await get('/credits/balance', acme.apiKey);
    expect(balance.status).toBe(200);
    expect(balance.body.data).toEqual({ balance: 100 - price, reserved: 0, available: 100 - price, updated_at: expect.stringMatching(ISO_MS) });

    const history = await get('/credits/history?limit=10', acme.apiKey);
    expect(history.status).toBe(200);
    expect(history.body.data.map((e: { kind: string }) => e.kind)).toEqual(['refund', 'charge', 'charge', 'grant']);
    expect(history.body.data.map((e: { amount: number }) => e.amount)).toEqual([price, -price, -price, 100]);
    expect(history.body.data[0].balance_after).toBe(balance.body.data.balance);
    expect(history.body.pagination).toEqual({ total: 4, offset: 0, limit: 10, has_more: false });

    const page = await get('/credits/history?limit=1&offset=1&action=cv_processing', acme.apiKey);
    expect(page.body.data).toHaveLength(1);
    expect(page.body.data[0].kind).toBe('charge');
    expect(page.body.pagination).toEqual({ total: 3, offset: 1, limit: 1, has_more: true });
  });

  it('keeps workspaces apart and answers 401 without a valid key', async () => {
    const otherBalance = await get('/credits/balance', other.apiKey);
    expect(otherBalance.body.data.balance).toBe(0);
    expect((await get('/credits/history', other.apiKey)).body.data).toEqual([]);
    for (const path of ['/credits/balance', '/credits/history', '/credits/costs']) {
      const anonymous = await e2e.request(path);
      expect(anonymous.status).toBe(401);
    }
  });

  it('rejects bad paging with 400 {error}', async () => {
    const response = await get('/credits/history?limit=0', acme.apiKey);
    expect(response.status).toBe(400);
    expect(Object.keys(response.body)).toEqual(['error']);
  });
});
