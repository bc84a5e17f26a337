import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, key, line, startTestBilling, type TestBilling } from './harness.js';

describe('billing under concurrency', () => {
  let t: TestBilling;

  beforeAll(async () => {
    t = await startTestBilling({ DATABASE_POOL_SIZE: '16' });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Reads the balance in a loop until `done`, returning the lowest `available` seen. */
  async function watch(workspaceId: string, done: () => boolean): Promise<number> {
    let lowest = Infinity;
    while (!done()) {
      const b = await t.client.getBalance({ workspaceId });
      lowest = Math.min(lowest, b.balance, b.available);
    }
    return lowest;
  }

  it('200 concurrent reservations on a balance that covers 100: exactly 100 succeed, and it ends at 0', async () => {
    const ws = await t.newWorkspace(100); // cv_processing costs 1
    let finished = false;
    const watcher = watch(ws, () => finished);
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, (_, n) =>
        t.client
          .reserve({ workspaceId: ws, lines: [line('cv_processing', `cv-${n}`)], idempotencyKey: key(), ttlSeconds: 0 })
          .then((r) => r.reservationId, (error: unknown) => error),
      ),
    );
    const reservations = outcomes.filter((o): o is string => typeof o === 'string');
    expect(reservations).toHaveLength(100);
    const refused = await Promise.all(outcomes.filter((o) => typeof o !== 'string').map((e) => failure(Promise.reject(e))));
    expect(refused).toEqual(Array(100).fill('INSUFFICIENT_CREDITS'));
    expect(await t.client.getBalance({ workspaceId: ws })).toMatchObject({ balance: 100, reserved: 100, available: 0 });

    const commits = await Promise.all(
      reservations.map((reservationId) => t.client.commit({ reservationId, lines: [], idempotencyKey: key() })),
    );
    finished = true;
    expect(await watcher).toBeGreaterThanOrEqual(0);
    expect(commits.every((c) => c.charged === 1)).toBe(true);
    expect(await t.client.getBalance({ workspaceId: ws })).toMatchObject({ balance: 0, reserved: 0, available: 0 });

    const charges = (await t.client.listLedger({ workspaceId: ws, page: { limit: 100, offset: 0 }, action: 'cv_processing' })).entries;
    expect(charges).toHaveLength(100);
    // Serialized per workspace: the charges walk the balance down 99, 98, …, 0, each step exactly once.
    expect(charges.map((e) => e.balanceAfter).sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i));
    expect((await t.client.verify({ workspaceId: ws })).breaches).toEqual([]);
  });

  it('200 concurrent reserve-then-commit pairs on a balance that covers 100 charge exactly 100', async () => {
    const ws = await t.newWorkspace(100);
    let finished = false;
    const watcher = watch(ws, () => finished);
    const charged = await Promise.all(
      Array.from({ length: 200 }, async (_, n) => {
        try {
          const r = await t.client.reserve({ workspaceId: ws, lines: [line('job_processing', `job-${n}`)], idempotencyKey: key(), ttlSeconds: 0 });
          return (await t.client.commit({ reservationId: r.reservationId, lines: [], idempotencyKey: key() })).charged;
        } catch (error) {
          expect(await failure(Promise.reject(error))).toBe('INSUFFICIENT_CREDITS');
          return 0;
        }
      }),
    );
    finished = true;
    expect(await watcher).toBeGreaterThanOrEqual(0);
    expect(charged.reduce((a, b) => a + b, 0)).toBe(100);
    expect(await t.client.getBalance({ workspaceId: ws })).toMatchObject({ balance: 0, reserved: 0 });
    expect((await t.client.verify({ workspaceId: ws })).breaches).toEqual([]);
  });

  it('the same reservation committed and released by many callers at once resolves exactly once', async () => {
    const ws = await t.newWorkspace(10);
    const r = await t.client.reserve({ workspaceId: ws, lines: [line('cv_processing', 'contested', 3)], idempotencyKey: key(), ttlSeconds: 0 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        failure(
          n % 2
            ? t.client.commit({ reservationId: r.reservationId, lines: [], idempotencyKey: key() })
            : t.client.release({ reservationId: r.reservationId, idempotencyKey: key() }),
        ),
      ),
    );
    expect(results.filter((o) => o === 'OK')).toHaveLength(1);
    expect(results.filter((o) => o === 'RESERVATION_NOT_PENDING')).toHaveLength(19);
    const { balance, reserved } = await t.client.getBalance({ workspaceId: ws });
    expect(reserved).toBe(0);
    expect([7, 10]).toContain(balance);
    expect((await t.client.verify({ workspaceId: ws })).breaches).toEqual([]);
  });
});
