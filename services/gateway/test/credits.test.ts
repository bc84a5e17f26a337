import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLABLE_ACTIONS } from '../src/schemas/credits.js';
import { billingAdmin, startRealBilling, startTestGateway, stopBackend, type RealBackend, type TestGateway } from './harness.js';

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const NO_GRANT = { grantTokens: 0, grantExpiresInSeconds: 0, idempotencyKey: '' };

describe('gateway: credits endpoints against the real billing service', () => {
  let billing: RealBackend;
  let gateway: TestGateway;
  let admin: ReturnType<typeof billingAdmin>;
  let a: { workspaceId: string; apiKey: string };
  let b: { workspaceId: string; apiKey: string };

  beforeAll(async () => {
    billing = await startRealBilling();
    admin = billingAdmin(billing.address);
    gateway = await startTestGateway({ billing: billing.address });
    a = await admin.createWorkspace({ name: 'Credits A', ...NO_GRANT });
    b = await admin.createWorkspace({ name: 'Credits B', ...NO_GRANT });
  });
  afterAll(async () => {
    await gateway?.stop();
    admin?.close();
    await stopBackend(billing);
  });

  const as = (ws: { apiKey: string }) => ({ 'x-api-key': ws.apiKey });

  describe('validation (answered by the gateway)', () => {
    it.each([
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=1.5', 'limit'],
      ['offset=-1', 'offset'],
      ['limit=5&limit=6', 'limit'],
      ['action=Not%20An%20Action', 'action'],
    ])('GET /credits/history?%s → 400 {error} naming %s', async (query, parameter) => {
      const response = await gateway.get(`/api/v1/credits/history?${query}`, as(a));
      expect(response.status).toBe(400);
      expect(Object.keys(response.body)).toEqual(['error']);
      expect(response.body.error).toContain(`'${parameter}'`);
    });

    it('requires a key on every credits endpoint', async () => {
      for (const path of ['balance', 'history', 'costs']) {
        expect((await gateway.get(`/api/v1/credits/${path}`)).status).toBe(401);
      }
    });
  });

  describe('data (needs billing ledger RPCs: GrantTokens, Reserve, Commit, GetBalance, ListLedger, ListPrices)', () => {
    let price: number;

    beforeAll(async () => {
      for (const amount of [100, 200, 300]) {
        await admin.grantTokens({ workspaceId: a.workspaceId, amount, expiresInSeconds: 0, idempotencyKey: `grant-a-${amount}` });
      }
      await admin.grantTokens({ workspaceId: b.workspaceId, amount: 50, expiresInSeconds: 0, idempotencyKey: 'grant-b' });
      const reservation = await admin.reserve({
        workspaceId: a.workspaceId,
        lines: [{ action: 'cv_processing', quantity: 1, ref: 'task-cv-1' }],
        idempotencyKey: 'reserve-a-1',
        ttlSeconds: 0,
      });
      price = (await admin.commit({ reservationId: reservation.reservationId, lines: [], idempotencyKey: 'commit-a-1' })).charged;
    });

    it('GET /credits/balance → {message, data: {balance, reserved, available, updated_at}}', async () => {
      const response = await gateway.get('/api/v1/credits/balance', as(a));
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        message: expect.any(String),
        data: { balance: 600 - price, reserved: 0, available: 600 - price, updated_at: expect.stringMatching(ISO_MS) },
      });
    });

    it('GET /credits/history lists the workspace ledger newest first, paginated', async () => {
      const all = await gateway.get('/api/v1/credits/history', as(a));
      expect(all.status).toBe(200);
      expect(all.body.length).toBe(4);
      expect(all.body.data.map((e: { kind: string; amount: number }) => [e.kind, e.amount])).toEqual([
        ['charge', -price],
        ['grant', 300],
        ['grant', 200],
        ['grant', 100],
      ]);
      expect(all.body.data[0]).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        action: 'cv_processing',
        kind: 'charge',
        amount: -price,
        balance_after: 600 - price,
        reference: 'task-cv-1',
        created_at: expect.stringMatching(ISO_MS),
      });
      expect(all.body.pagination).toEqual({ total: 4, offset: 0, limit: 20, has_more: false });

      const page = await gateway.get('/api/v1/credits/history?limit=2&offset=1', as(a));
      expect(page.body.data.map((e: { amount: number }) => e.amount)).toEqual([300, 200]);
      expect(page.body.pagination).toEqual({ total: 4, offset: 1, limit: 2, has_more: true });
    });

    it('filters history by action', async () => {
      const charges = await gateway.get('/api/v1/credits/history?action=cv_processing', as(a));
      expect(charges.body.data.map((e: { kind: string }) => e.kind)).toEqual(['charge']);
      expect(charges.body.pagination.total).toBe(1);
    });

    it('never shows another workspace’s entries or balance', async () => {
      const history = await gateway.get('/api/v1/credits/history', as(b));
      expect(history.body.data.map((e: { amount: number }) => e.amount)).toEqual([50]);
      expect((await gateway.get('/api/v1/credits/balance', as(b))).body.data.balance).toBe(50);
    });

    it('GET /credits/costs lists the price of every billable action', async () => {
      const response = await gateway.get('/api/v1/credits/costs', as(a));
      expect(response.status).toBe(200);
      expect(response.body.length).toBe(response.body.data.length);
      expect(response.body.data.map((p: { action: string }) => p.action).sort()).toEqual(expect.arrayContaining([...BILLABLE_ACTIONS].sort()));
      for (const entry of response.body.data) {
        expect(entry).toEqual({ action: expect.any(String), tokens: expect.any(Number), unit: expect.any(String), description: expect.any(String) });
      }
      expect(response.body.data.find((p: { action: string }) => p.action === 'cv_processing').tokens).toBe(price);
    });
  });
});
