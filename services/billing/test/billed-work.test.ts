import { chargeWork, refundWork } from '@talent/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { key, startTestBilling, type TestBilling } from './harness.js';

/** The platform's chargeWork/refundWork (what a match uses) against the real billing service. */
describe('billed synchronous work: chargeWork and refundWork', () => {
  let t: TestBilling;

  beforeAll(async () => {
    t = await startTestBilling();
  });
  afterAll(async () => {
    await t?.close();
  });

  const paid = async (workspaceId: string) =>
    (await t.client.listLedger({ workspaceId, page: { limit: 100, offset: 0 }, action: 'job_matching' })).entries.map((e) => [
      e.kind,
      e.reference,
    ]);

  it('charges once per key, refunds a failed attempt once, and charges its retry as the next unit', async () => {
    const workspaceId = await t.newWorkspace(10);
    const work = { workspaceId, action: 'job_matching', quantity: 1, ref: 'match-1', idempotencyKey: key() };
    const first = await chargeWork(t.client, work);
    expect(first).toMatchObject({ ref: 'match-1', replayed: false });
    // A retry of work that succeeded (its answer lost) replays the charge: paid once.
    expect(await chargeWork(t.client, work)).toEqual({ ...first, replayed: true });

    // The attempt failed after it paid: refunded, once however often that is asked.
    await refundWork(t.client, { workspaceId, action: 'job_matching', charged: first, idempotencyKey: key() });
    await refundWork(t.client, { workspaceId, action: 'job_matching', charged: first, idempotencyKey: key() });
    // Two retries of it at once: both do the work, one pays, under the next unit of the chain.
    const [a, b] = await Promise.all([chargeWork(t.client, work), chargeWork(t.client, work)]);
    expect([a.ref, b.ref]).toEqual(['match-1:1', 'match-1:1']);
    expect(a.chargeId).toBe(b.chargeId);
    expect([a.replayed, b.replayed].sort()).toEqual([false, true]);

    const balance = await t.client.getBalance({ workspaceId });
    expect(balance.balance).toBe(10 - 2 * 1 + 1);
    expect((await paid(workspaceId)).sort()).toEqual([
      ['charge', 'match-1'],
      ['charge', 'match-1:1'],
      ['refund', 'match-1'],
    ]);
    expect((await t.client.verify({ workspaceId })).breaches).toEqual([]);
  });

  it('fails with INSUFFICIENT_CREDITS and charges nothing when the balance does not cover the work', async () => {
    const workspaceId = await t.newWorkspace(0);
    await expect(chargeWork(t.client, { workspaceId, action: 'job_matching', quantity: 1, ref: 'poor', idempotencyKey: key() })).rejects.toMatchObject({
      code: 'INSUFFICIENT_CREDITS',
    });
    expect(await paid(workspaceId)).toEqual([]);
  });
});
