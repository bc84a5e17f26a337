import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainError, failure, key, line, startTestBilling, type TestBilling } from './harness.js';

describe('billing Charge over gRPC (debit and commit in one transaction)', () => {
  let t: TestBilling;

  beforeAll(async () => {
    t = await startTestBilling();
  });
  afterAll(async () => {
    await t?.close();
  });

  const balance = async (workspaceId: string) => {
    const b = await t.client.getBalance({ workspaceId });
    return { balance: b.balance, reserved: b.reserved, available: b.available };
  };
  const history = async (workspaceId: string, action = '') =>
    (await t.client.listLedger({ workspaceId, page: { limit: 100, offset: 0 }, action })).entries;

  it('charges every line at once, one entry per unit, nothing left held', async () => {
    const ws = await t.newWorkspace(20);
    const charge = await t.client.charge({
      workspaceId: ws,
      lines: [line('sourcing_search_pro', 's-1'), line('sourcing_insights', 's-1', 4)],
      idempotencyKey: key(),
    });
    expect(charge).toMatchObject({ charged: 7, replayed: false });
    expect(charge.lines).toEqual([
      { line: line('sourcing_search_pro', 's-1'), unitPrice: 3, amount: 3 },
      { line: line('sourcing_insights', 's-1', 4), unitPrice: 1, amount: 4 },
    ]);
    expect(await balance(ws)).toEqual({ balance: 13, reserved: 0, available: 13 });
    const entries = await history(ws);
    expect(entries.slice(0, 2).map((e) => [e.kind, e.action, e.amount, e.reference]).sort()).toEqual([
      ['charge', 'sourcing_insights', -4, 's-1'],
      ['charge', 'sourcing_search_pro', -3, 's-1'],
    ]);
    expect(new Set(entries.slice(0, 2).map((e) => e.id))).toEqual(new Set(charge.chargeIds));
    expect((await t.client.verify({ workspaceId: ws })).breaches).toEqual([]);
  });

  it('replays the first result for the same key and request, and refuses the key for another request', async () => {
    const ws = await t.newWorkspace(10);
    const chargeKey = key();
    const lines = [line('cv_processing', 'r-1'), line('cv_processing', 'r-2')];
    const first = await t.client.charge({ workspaceId: ws, lines, idempotencyKey: chargeKey });
    // Same request, lines in another order: the same charge, answered in the first call's order.
    const replay = await t.client.charge({ workspaceId: ws, lines: [...lines].reverse(), idempotencyKey: chargeKey });
    expect(replay).toEqual({ ...first, replayed: true });
    expect(await balance(ws)).toMatchObject({ balance: 8 });

    expect(await failure(t.client.charge({ workspaceId: ws, lines: [line('cv_processing', 'r-3')], idempotencyKey: chargeKey }))).toBe(
      'IDEMPOTENCY_KEY_REUSED',
    );
    // A key a Reserve used is not a charge's key, and the other way round.
    const reserveKey = key();
    await t.client.reserve({ workspaceId: ws, lines: [line('cv_processing', 'r-4')], idempotencyKey: reserveKey, ttlSeconds: 0 });
    expect(await failure(t.client.charge({ workspaceId: ws, lines: [line('cv_processing', 'r-4')], idempotencyKey: reserveKey }))).toBe(
      'IDEMPOTENCY_KEY_REUSED',
    );
    expect(
      await failure(t.client.reserve({ workspaceId: ws, lines: [line('cv_processing', 'r-5')], idempotencyKey: chargeKey, ttlSeconds: 0 })),
    ).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await balance(ws)).toEqual({ balance: 8, reserved: 1, available: 7 });
  });

  it('charges nothing when the balance does not cover every line, and says what was required', async () => {
    const ws = await t.newWorkspace(5);
    const error = await domainError(
      t.client.charge({
        workspaceId: ws,
        lines: [line('sourcing_search_pro', 'p-1'), line('sourcing_insights', 'p-1', 3)],
        idempotencyKey: key(),
      }),
    );
    expect(error).toMatchObject({ code: 'INSUFFICIENT_CREDITS', details: { balance: 5, required: 6 } });
    expect(await balance(ws)).toEqual({ balance: 5, reserved: 0, available: 5 });
    expect(await history(ws)).toHaveLength(1);
  });

  it('charges a unit of work once, whether it was charged by Charge or by a commit', async () => {
    const ws = await t.newWorkspace(10);
    await t.client.charge({ workspaceId: ws, lines: [line('cv_processing', 'once')], idempotencyKey: key() });
    expect(await failure(t.client.charge({ workspaceId: ws, lines: [line('cv_processing', 'once')], idempotencyKey: key() }))).toBe(
      'ALREADY_EXISTS',
    );
    const r = await t.client.reserve({ workspaceId: ws, lines: [line('cv_processing', 'held')], idempotencyKey: key(), ttlSeconds: 0 });
    await t.client.commit({ reservationId: r.reservationId, lines: [], idempotencyKey: key() });
    expect(await failure(t.client.charge({ workspaceId: ws, lines: [line('cv_processing', 'held')], idempotencyKey: key() }))).toBe(
      'ALREADY_EXISTS',
    );
    expect(await balance(ws)).toEqual({ balance: 8, reserved: 0, available: 8 });
  });

  it('rejects bad input with INVALID_ARGUMENT or UNKNOWN_ACTION, and an unknown workspace with NOT_FOUND', async () => {
    const ws = await t.newWorkspace(10);
    expect(await failure(t.client.charge({ workspaceId: ws, lines: [], idempotencyKey: key() }))).toBe('INVALID_ARGUMENT');
    expect(await failure(t.client.charge({ workspaceId: ws, lines: [line('cv_processing', 'q', 0)], idempotencyKey: key() }))).toBe(
      'INVALID_ARGUMENT',
    );
    expect(await failure(t.client.charge({ workspaceId: ws, lines: [line('cv_processing', 'k')], idempotencyKey: '' }))).toBe(
      'INVALID_ARGUMENT',
    );
    expect(await failure(t.client.charge({ workspaceId: ws, lines: [line('no_such_action', 'u')], idempotencyKey: key() }))).toBe(
      'UNKNOWN_ACTION',
    );
    expect(
      await failure(t.client.charge({ workspaceId: '00000000-0000-4000-8000-000000000000', lines: [line('cv_processing', 'w')], idempotencyKey: key() })),
    ).toBe('NOT_FOUND');
    expect(await balance(ws)).toEqual({ balance: 10, reserved: 0, available: 10 });
  });

  it('refunds a charged unit whose work failed, once', async () => {
    const ws = await t.newWorkspace(10);
    const lines = [line('cv_processing', 'f-1', 2), line('cv_processing', 'f-2')];
    const chargeKey = key();
    expect(await t.client.charge({ workspaceId: ws, lines, idempotencyKey: chargeKey })).toMatchObject({ refunded: false });
    const refund = await t.client.refund({ workspaceId: ws, action: 'cv_processing', ref: 'f-1', idempotencyKey: key() });
    expect(refund).toMatchObject({ refunded: 2, alreadyRefunded: false });
    // A replay of the charge says that its work is no longer paid for.
    expect(await t.client.charge({ workspaceId: ws, lines, idempotencyKey: chargeKey })).toMatchObject({ replayed: true, refunded: true });
    expect(await t.client.refund({ workspaceId: ws, action: 'cv_processing', ref: 'f-1', idempotencyKey: key() })).toMatchObject({
      entryId: refund.entryId,
      alreadyRefunded: true,
    });
    expect(await balance(ws)).toMatchObject({ balance: 9 });
    expect((await t.client.verify({ workspaceId: ws })).breaches).toEqual([]);
  });

  it('takes tokens from the grant that expires first, as a commit does', async () => {
    const ws = await t.newWorkspace(10); // never expires
    await t.client.grantTokens({ workspaceId: ws, amount: 5, expiresInSeconds: 3600, idempotencyKey: key() });
    await t.client.charge({ workspaceId: ws, lines: [line('cv_processing', 'lot', 3)], idempotencyKey: key() });
    t.clock.advance(3600);
    expect(await balance(ws)).toMatchObject({ balance: 10 }); // the 2 left of the expiring grant are gone
    expect((await history(ws, 'token_expired')).map((e) => e.amount)).toEqual([-2]);
    expect((await t.client.verify({ workspaceId: ws })).breaches).toEqual([]);
  });

  it('spreads a charge over the grants, line by line, when no single grant covers it', async () => {
    const ws = await t.newWorkspace(4); // never expires
    await t.client.grantTokens({ workspaceId: ws, amount: 2, expiresInSeconds: 3600, idempotencyKey: key() });
    await t.client.grantTokens({ workspaceId: ws, amount: 3, expiresInSeconds: 7200, idempotencyKey: key() });
    // 3 + 4 tokens from grants of 2 (expiring first), 3 (next) and 4 (never): 2 + 1, then 2 + 2.
    const charge = await t.client.charge({
      workspaceId: ws,
      lines: [line('sourcing_search_pro', 'x'), line('cv_processing', 'y', 4)],
      idempotencyKey: key(),
    });
    expect(charge).toMatchObject({ charged: 7, replayed: false });
    expect((await t.client.verify({ workspaceId: ws })).breaches).toEqual([]);
    // Both expiring grants were used up, so nothing expires and the 2 left are the lasting grant's.
    t.clock.advance(7200);
    expect(await balance(ws)).toEqual({ balance: 2, reserved: 0, available: 2 });
    expect(await history(ws, 'token_expired')).toEqual([]);

    const one = await t.newWorkspace(3);
    await t.client.grantTokens({ workspaceId: one, amount: 2, expiresInSeconds: 3600, idempotencyKey: key() });
    await t.client.charge({ workspaceId: one, lines: [line('cv_processing', 'z', 4)], idempotencyKey: key() });
    t.clock.advance(3600);
    expect(await balance(one)).toEqual({ balance: 1, reserved: 0, available: 1 });
    expect(await history(one, 'token_expired')).toEqual([]);
    expect((await t.client.verify({ workspaceId: one })).breaches).toEqual([]);
  });

  it('charges once when the same charge, or the same unit, arrives many times at once', async () => {
    const ws = await t.newWorkspace(10);
    for (const lines of [[line('job_matching', 'm-1')], [line('job_matching', 'm-3'), line('cv_processing', 'm-3')]]) {
      const chargeKey = key();
      const answers = await Promise.all(Array.from({ length: 8 }, () => t.client.charge({ workspaceId: ws, lines, idempotencyKey: chargeKey })));
      expect(new Set(answers.map((a) => a.chargeIds.join()))).toHaveProperty('size', 1);
      expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    }
    expect(await balance(ws)).toEqual({ balance: 7, reserved: 0, available: 7 });

    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () => failure(t.client.charge({ workspaceId: ws, lines: [line('job_matching', 'm-2')], idempotencyKey: key() }))),
    );
    expect(outcomes.sort()).toEqual([...Array<string>(7).fill('ALREADY_EXISTS'), 'OK']);
    expect(await balance(ws)).toEqual({ balance: 6, reserved: 0, available: 6 });
    expect((await t.client.verify({ workspaceId: ws })).breaches).toEqual([]);
  });

  it('refuses a key that resolved a reservation, charging nothing', async () => {
    const ws = await t.newWorkspace(10);
    const r = await t.client.reserve({ workspaceId: ws, lines: [line('cv_processing', 'c-1')], idempotencyKey: key(), ttlSeconds: 0 });
    const commitKey = key();
    await t.client.commit({ reservationId: r.reservationId, lines: [], idempotencyKey: commitKey });
    expect(await failure(t.client.charge({ workspaceId: ws, lines: [line('cv_processing', 'c-2')], idempotencyKey: commitKey }))).toBe(
      'IDEMPOTENCY_KEY_REUSED',
    );
    expect(await balance(ws)).toEqual({ balance: 9, reserved: 0, available: 9 });
    expect((await t.client.verify({ workspaceId: ws })).breaches).toEqual([]);
  });

  it('checks a worst case against the balance with a Quote, holding and writing nothing', async () => {
    const ws = await t.newWorkspace(5);
    const lines = [line('sourcing_search_pro', 'w-1'), line('sourcing_insights', 'w-1', 2)];
    expect(await t.client.quote({ lines, workspaceId: ws })).toMatchObject({ total: 5, available: 5 });
    const error = await domainError(t.client.quote({ lines: [...lines, line('sourcing_insights', 'w-2')], workspaceId: ws }));
    expect(error).toMatchObject({ code: 'INSUFFICIENT_CREDITS', details: { balance: 5, required: 6 } });
    expect(await failure(t.client.quote({ lines, workspaceId: '00000000-0000-4000-8000-000000000000' }))).toBe('NOT_FOUND');
    // Without a workspace a quote is the price list's answer, as before.
    expect((await t.client.quote({ lines })).available).toBeUndefined();
    expect(await balance(ws)).toEqual({ balance: 5, reserved: 0, available: 5 });
    expect(await history(ws)).toHaveLength(1);
  });
});
