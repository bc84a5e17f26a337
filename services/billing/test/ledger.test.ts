import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainError, failure, key, line, startTestBilling, type TestBilling } from './harness.js';

describe('billing ledger over gRPC', () => {
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

  describe('reserve, commit, release', () => {
    it('holds tokens, charges one entry per unit actually used and releases the rest', async () => {
      const ws = await t.newWorkspace(10);
      const reservation = await t.client.reserve({
        workspaceId: ws,
        lines: [line('cv_processing', 'task-1'), line('cv_processing', 'task-2'), line('cv_processing', 'task-3')],
        idempotencyKey: key(),
        ttlSeconds: 0,
      });
      expect(reservation.amount).toBe(3);
      expect(await balance(ws)).toEqual({ balance: 10, reserved: 3, available: 7 });

      const commit = await t.client.commit({
        reservationId: reservation.reservationId,
        lines: [line('cv_processing', 'task-1'), line('cv_processing', 'task-2')],
        idempotencyKey: key(),
        workspaceId: '',
      });
      expect(commit).toMatchObject({ charged: 2, released: 1, replayed: false });
      expect(commit.chargeIds).toHaveLength(2);
      expect(await balance(ws)).toEqual({ balance: 8, reserved: 0, available: 8 });

      const entries = await history(ws);
      expect(entries.map((e) => [e.kind, e.action, e.amount, e.balanceAfter, e.reference])).toEqual([
        ['charge', 'cv_processing', -1, 8, 'task-2'],
        ['charge', 'cv_processing', -1, 9, 'task-1'],
        ['grant', 'token_grant', 10, 10, expect.any(String)],
      ]);
      expect(new Set(entries.slice(0, 2).map((e) => e.id))).toEqual(new Set(commit.chargeIds));
    });

    it('commits everything reserved when no lines are given, at the price of the reservation', async () => {
      const ws = await t.newWorkspace(20);
      const reservation = await t.client.reserve({
        workspaceId: ws,
        lines: [line('sourcing_search_pro', 'search-1'), line('sourcing_insights', 'search-1', 4)],
        idempotencyKey: key(),
        ttlSeconds: 0,
      });
      expect(reservation.amount).toBe(3 + 4);
      const commit = await t.client.commit({ reservationId: reservation.reservationId, lines: [], idempotencyKey: key() });
      expect(commit).toMatchObject({ charged: 7, released: 0 });
      expect(commit.lines).toEqual([
        { line: line('sourcing_search_pro', 'search-1'), unitPrice: 3, amount: 3 },
        { line: line('sourcing_insights', 'search-1', 4), unitPrice: 1, amount: 4 },
      ]);
      expect((await history(ws, 'sourcing_insights')).map((e) => e.amount)).toEqual([-4]);
    });

    it('charges partial quantities and leaves units reported as unused uncharged', async () => {
      const ws = await t.newWorkspace(20);
      const r = await t.client.reserve({
        workspaceId: ws,
        lines: [line('sourcing_search_fast', 's'), line('sourcing_reveal_email', 's', 5), line('sourcing_reveal_phone', 's', 3)],
        idempotencyKey: key(),
        ttlSeconds: 0,
      });
      const commit = await t.client.commit({
        reservationId: r.reservationId,
        // In another order than reserved, and one unit not used at all.
        lines: [line('sourcing_reveal_phone', 's', 0), line('sourcing_reveal_email', 's', 2), line('sourcing_search_fast', 's')],
        idempotencyKey: key(),
        workspaceId: '',
      });
      expect(commit).toMatchObject({ charged: 1 + 2 * 2, released: 1 + 5 * 2 + 3 * 3 - 5 });
      // The priced lines in the reservation's order, each the unit of the charge id at its index.
      expect(commit.lines).toEqual([
        { line: line('sourcing_search_fast', 's'), unitPrice: 1, amount: 1 },
        { line: line('sourcing_reveal_email', 's', 2), unitPrice: 2, amount: 4 },
      ]);
      const entries = await history(ws);
      expect(commit.chargeIds.map((id) => entries.find((e) => e.id === id)?.action)).toEqual(['sourcing_search_fast', 'sourcing_reveal_email']);
      expect(await balance(ws)).toEqual({ balance: 15, reserved: 0, available: 15 });
    });

    it('refuses a batch that does not fit, in full, reporting the available balance and what it needed', async () => {
      const ws = await t.newWorkspace(4);
      const error = await domainError(
        t.client.reserve({
          workspaceId: ws,
          lines: [1, 2, 3, 4, 5].map((n) => line('job_processing', `job-${n}`)),
          idempotencyKey: key(),
          ttlSeconds: 0,
        }),
      );
      expect(error.code).toBe('INSUFFICIENT_CREDITS');
      expect(error.details).toEqual({ balance: 4, required: 5 });
      expect(await balance(ws)).toEqual({ balance: 4, reserved: 0, available: 4 });
      expect(await history(ws)).toHaveLength(1);
    });

    it('counts held tokens as unavailable to the next reservation', async () => {
      const ws = await t.newWorkspace(3);
      await t.client.reserve({ workspaceId: ws, lines: [line('cv_processing', 'a', 2)], idempotencyKey: key(), ttlSeconds: 0 });
      const error = await domainError(
        t.client.reserve({ workspaceId: ws, lines: [line('cv_processing', 'b', 2)], idempotencyKey: key(), ttlSeconds: 0 }),
      );
      expect(error).toMatchObject({ code: 'INSUFFICIENT_CREDITS', details: { balance: 1, required: 2 } });
    });

    it('releases a reservation once; it can then be neither committed nor released again', async () => {
      const ws = await t.newWorkspace(5);
      const r = await t.client.reserve({ workspaceId: ws, lines: [line('job_matching', 'm-1')], idempotencyKey: key(), ttlSeconds: 0 });
      const releaseKey = key();
      expect(await t.client.release({ reservationId: r.reservationId, idempotencyKey: releaseKey })).toEqual({
        released: 1,
        replayed: false,
      });
      // The same call again is a replay, not a second release.
      expect(await t.client.release({ reservationId: r.reservationId, idempotencyKey: releaseKey })).toEqual({
        released: 1,
        replayed: true,
      });
      const commit = await domainError(t.client.commit({ reservationId: r.reservationId, lines: [], idempotencyKey: key() }));
      expect(commit).toMatchObject({ code: 'RESERVATION_NOT_PENDING', details: { status: 'released' } });
      expect(await failure(t.client.release({ reservationId: r.reservationId, idempotencyKey: key() }))).toBe(
        'RESERVATION_NOT_PENDING',
      );
      expect(await balance(ws)).toEqual({ balance: 5, reserved: 0, available: 5 });
      expect(await history(ws)).toHaveLength(1);
    });

    it('rejects actual usage above what was reserved, or for units never reserved', async () => {
      const ws = await t.newWorkspace(10);
      const r = await t.client.reserve({ workspaceId: ws, lines: [line('sourcing_insights', 'x', 2)], idempotencyKey: key(), ttlSeconds: 0 });
      const commit = (lines: ReturnType<typeof line>[]) =>
        failure(t.client.commit({ reservationId: r.reservationId, lines, idempotencyKey: key() }));
      expect(await commit([line('sourcing_insights', 'x', 3)])).toBe('INVALID_ARGUMENT');
      expect(await commit([line('sourcing_insights', 'y', 1)])).toBe('INVALID_ARGUMENT');
      expect(await commit([line('sourcing_insights', 'x', -1)])).toBe('INVALID_ARGUMENT');
      expect(await balance(ws)).toEqual({ balance: 10, reserved: 2, available: 8 });
    });

    it('hides reservations of other workspaces behind the workspace guard', async () => {
      const mine = await t.newWorkspace(5);
      const other = await t.newWorkspace(5);
      const r = await t.client.reserve({ workspaceId: mine, lines: [line('cv_processing', 'z')], idempotencyKey: key(), ttlSeconds: 0 });
      expect(await failure(t.client.commit({ reservationId: r.reservationId, lines: [], idempotencyKey: key(), workspaceId: other }))).toBe(
        'NOT_FOUND',
      );
      expect(await failure(t.client.release({ reservationId: r.reservationId, idempotencyKey: key(), workspaceId: other }))).toBe(
        'NOT_FOUND',
      );
    });

    it('validates requests before touching the ledger', async () => {
      const ws = await t.newWorkspace(5);
      const reserve = (overrides: object) =>
        failure(t.client.reserve({ workspaceId: ws, lines: [line('cv_processing', 'v')], idempotencyKey: key(), ttlSeconds: 0, ...overrides }));
      expect(await reserve({ lines: [] })).toBe('INVALID_ARGUMENT');
      expect(await reserve({ idempotencyKey: '' })).toBe('INVALID_ARGUMENT');
      expect(await reserve({ lines: [line('cv_processing', '')] })).toBe('INVALID_ARGUMENT');
      expect(await reserve({ lines: [line('cv_processing', 'v', 0)] })).toBe('INVALID_ARGUMENT');
      expect(await reserve({ lines: [line('cv_processing', 'v'), line('cv_processing', 'v')] })).toBe('INVALID_ARGUMENT');
      expect(await reserve({ lines: [line('teleportation', 'v')] })).toBe('UNKNOWN_ACTION');
      expect(await reserve({ ttlSeconds: 10 * 86_400 })).toBe('INVALID_ARGUMENT');
      expect(await reserve({ workspaceId: '00000000-0000-4000-8000-000000000000' })).toBe('NOT_FOUND');
      expect(await reserve({ workspaceId: 'not-a-workspace' })).toBe('NOT_FOUND');
      expect(await failure(t.client.getBalance({ workspaceId: '00000000-0000-4000-8000-000000000000' }))).toBe('NOT_FOUND');
      expect(await balance(ws)).toEqual({ balance: 5, reserved: 0, available: 5 });
    });
  });

  describe('idempotency', () => {
    it('replays a reservation for the same key and request, and refuses the key for another request', async () => {
      const ws = await t.newWorkspace(10);
      const request = { workspaceId: ws, lines: [line('cv_processing', 'i-1'), line('job_processing', 'i-2')], idempotencyKey: key(), ttlSeconds: 0 };
      const first = await t.client.reserve(request);
      // Same lines in another order: the same request.
      const again = await t.client.reserve({ ...request, lines: [...request.lines].reverse() });
      expect(again).toEqual({ ...first, replayed: true });
      expect(await balance(ws)).toEqual({ balance: 10, reserved: 2, available: 8 });
      expect(await failure(t.client.reserve({ ...request, lines: [line('cv_processing', 'i-1')] }))).toBe('IDEMPOTENCY_KEY_REUSED');
    });

    it('replays a commit with its charge ids, and refuses the key for other usage or another reservation', async () => {
      const ws = await t.newWorkspace(10);
      const r = await t.client.reserve({ workspaceId: ws, lines: [line('cv_processing', 'c-1'), line('cv_processing', 'c-2')], idempotencyKey: key(), ttlSeconds: 0 });
      const commitKey = key();
      const request = { reservationId: r.reservationId, lines: [line('cv_processing', 'c-1')], idempotencyKey: commitKey };
      const first = await t.client.commit(request);
      expect(first.lines).toEqual([{ line: line('cv_processing', 'c-1'), unitPrice: 1, amount: 1 }]);
      expect(await t.client.commit(request)).toEqual({ ...first, replayed: true });
      expect(await failure(t.client.commit({ ...request, lines: [] }))).toBe('IDEMPOTENCY_KEY_REUSED');
      const other = await t.client.reserve({ workspaceId: ws, lines: [line('cv_processing', 'c-3')], idempotencyKey: key(), ttlSeconds: 0 });
      expect(await failure(t.client.commit({ ...request, reservationId: other.reservationId, lines: [] }))).toBe('IDEMPOTENCY_KEY_REUSED');
      expect((await history(ws)).filter((e) => e.kind === 'charge')).toHaveLength(1);
    });

    it('keeps keys per workspace: two workspaces may use the same key', async () => {
      const a = await t.newWorkspace(3);
      const b = await t.newWorkspace(3);
      const shared = key();
      const ra = await t.client.reserve({ workspaceId: a, lines: [line('cv_processing', 'k')], idempotencyKey: shared, ttlSeconds: 0 });
      const rb = await t.client.reserve({ workspaceId: b, lines: [line('cv_processing', 'k')], idempotencyKey: shared, ttlSeconds: 0 });
      expect(rb.reservationId).not.toBe(ra.reservationId);
      expect(rb.replayed).toBe(false);
    });

    it('charges a unit of work at most once, even through two reservations', async () => {
      const ws = await t.newWorkspace(10);
      const first = await t.client.reserve({ workspaceId: ws, lines: [line('cv_processing', 'task-x')], idempotencyKey: key(), ttlSeconds: 0 });
      const second = await t.client.reserve({ workspaceId: ws, lines: [line('cv_processing', 'task-x')], idempotencyKey: key(), ttlSeconds: 0 });
      await t.client.commit({ reservationId: first.reservationId, lines: [], idempotencyKey: key() });
      expect(await failure(t.client.commit({ reservationId: second.reservationId, lines: [], idempotencyKey: key() }))).toBe(
        'ALREADY_EXISTS',
      );
      const error = await domainError(
        t.client.reserve({ workspaceId: ws, lines: [line('cv_processing', 'task-x')], idempotencyKey: key(), ttlSeconds: 0 }),
      );
      expect(error).toMatchObject({ code: 'ALREADY_EXISTS', details: { charged: ['cv_processing:task-x'] } });
      expect(await balance(ws)).toMatchObject({ balance: 9 });
    });
  });

  describe('refunds', () => {
    it('refunds a charge once, as a positive entry on its action and unit', async () => {
      const ws = await t.newWorkspace(10);
      const r = await t.client.reserve({ workspaceId: ws, lines: [line('cv_processing', 'f-1'), line('cv_processing', 'f-2')], idempotencyKey: key(), ttlSeconds: 0 });
      await t.client.commit({ reservationId: r.reservationId, lines: [], idempotencyKey: key() });
      const refundKey = key();
      const refund = await t.client.refund({ workspaceId: ws, action: 'cv_processing', ref: 'f-1', idempotencyKey: refundKey });
      expect(refund).toMatchObject({ refunded: 1, alreadyRefunded: false, replayed: false });
      expect(await balance(ws)).toMatchObject({ balance: 9 });
      const [latest] = await history(ws);
      expect(latest).toMatchObject({ id: refund.entryId, kind: 'refund', action: 'cv_processing', amount: 1, balanceAfter: 9, reference: 'f-1' });

      expect(await t.client.refund({ workspaceId: ws, action: 'cv_processing', ref: 'f-1', idempotencyKey: refundKey })).toEqual({
        ...refund,
        replayed: true,
      });
      expect(await t.client.refund({ workspaceId: ws, action: 'cv_processing', ref: 'f-1', idempotencyKey: key() })).toMatchObject({
        entryId: refund.entryId,
        alreadyRefunded: true,
      });
      expect(await failure(t.client.refund({ workspaceId: ws, action: 'cv_processing', ref: 'f-2', idempotencyKey: refundKey }))).toBe(
        'IDEMPOTENCY_KEY_REUSED',
      );
      expect(await failure(t.client.refund({ workspaceId: ws, action: 'cv_processing', ref: 'never-charged', idempotencyKey: key() }))).toBe(
        'NOT_FOUND',
      );
      expect(await balance(ws)).toMatchObject({ balance: 9 });
    });

    it('never refunds a charge of another workspace', async () => {
      const owner = await t.newWorkspace(5);
      const stranger = await t.newWorkspace(0);
      const r = await t.client.reserve({ workspaceId: owner, lines: [line('cv_processing', 'secret')], idempotencyKey: key(), ttlSeconds: 0 });
      await t.client.commit({ reservationId: r.reservationId, lines: [], idempotencyKey: key() });
      expect(await failure(t.client.refund({ workspaceId: stranger, action: 'cv_processing', ref: 'secret', idempotencyKey: key() }))).toBe(
        'NOT_FOUND',
      );
      expect(await balance(stranger)).toMatchObject({ balance: 0 });
    });
  });

  describe('expiry', () => {
    it('expires reservations left unresolved; they can no longer be committed', async () => {
      const ws = await t.newWorkspace(5);
      const r = await t.client.reserve({ workspaceId: ws, lines: [line('cv_processing', 'late')], idempotencyKey: key(), ttlSeconds: 60 });
      t.clock.advance(61);
      expect(await balance(ws)).toEqual({ balance: 5, reserved: 0, available: 5 });
      const error = await domainError(t.client.commit({ reservationId: r.reservationId, lines: [], idempotencyKey: key() }));
      expect(error).toMatchObject({ code: 'RESERVATION_NOT_PENDING', details: { status: 'expired' } });
      expect(await history(ws)).toHaveLength(1);
    });

    it('expires idle accounts on the timer too', async () => {
      const ws = await t.newWorkspace(5);
      await t.client.reserve({ workspaceId: ws, lines: [line('cv_processing', 'idle')], idempotencyKey: key(), ttlSeconds: 30 });
      t.clock.advance(31);
      expect(await t.service.settleDue()).toBeGreaterThanOrEqual(1);
      const { rows } = await t.sql.query('SELECT status FROM reservations WHERE workspace_id = $1', [ws]);
      expect(rows).toEqual([{ status: 'expired' }]);
    });

    it('consumes the grant that expires first, and removes what is left of it at expiry in one entry', async () => {
      const ws = await t.newWorkspace(10); // never expires
      await t.client.grantTokens({ workspaceId: ws, amount: 5, expiresInSeconds: 86_400, idempotencyKey: key() });
      const r = await t.client.reserve({ workspaceId: ws, lines: [line('cv_processing', 'g-1', 3)], idempotencyKey: key(), ttlSeconds: 0 });
      await t.client.commit({ reservationId: r.reservationId, lines: [], idempotencyKey: key() });
      expect(await balance(ws)).toMatchObject({ balance: 12 });

      t.clock.advance(86_400);
      expect(await balance(ws)).toMatchObject({ balance: 10 }); // the 2 left of the expiring grant are gone
      const expiries = await history(ws, 'token_expired');
      expect(expiries.map((e) => [e.kind, e.amount, e.balanceAfter])).toEqual([['expiry', -2, 10]]);

      // A refund of tokens that came from the expired grant gives them back, and they leave again at once.
      const refund = await t.client.refund({ workspaceId: ws, action: 'cv_processing', ref: 'g-1', idempotencyKey: key() });
      expect(refund.refunded).toBe(3);
      expect(await balance(ws)).toMatchObject({ balance: 10 });
      expect((await history(ws)).slice(0, 2).map((e) => [e.kind, e.amount])).toEqual([
        ['expiry', -3],
        ['refund', 3],
      ]);
      expect((await t.client.verify({ workspaceId: ws })).breaches).toEqual([]);
    });

    it('keeps expiring tokens that a pending reservation holds until it resolves', async () => {
      const ws = await t.newWorkspace(0);
      await t.client.grantTokens({ workspaceId: ws, amount: 5, expiresInSeconds: 3600, idempotencyKey: key() });
      const held = await t.client.reserve({ workspaceId: ws, lines: [line('cv_processing', 'h', 3)], idempotencyKey: key(), ttlSeconds: 7200 });
      t.clock.advance(3600);
      expect(await balance(ws)).toEqual({ balance: 3, reserved: 3, available: 0 });
      const commit = await t.client.commit({ reservationId: held.reservationId, lines: [line('cv_processing', 'h', 2)], idempotencyKey: key() });
      expect(commit).toMatchObject({ charged: 2, released: 1 });
      // The released token belonged to the expired grant: it leaves with the commit.
      expect(await balance(ws)).toEqual({ balance: 0, reserved: 0, available: 0 });
      expect((await history(ws, 'token_expired')).map((e) => e.amount)).toEqual([-1, -2]);
      expect((await t.client.verify({ workspaceId: ws })).breaches).toEqual([]);
    });
  });

  describe('grants', () => {
    it('grants idempotently, with or without expiry', async () => {
      const ws = await t.newWorkspace(0);
      const grantKey = key();
      const grant = await t.client.grantTokens({ workspaceId: ws, amount: 40, expiresInSeconds: 30 * 86_400, idempotencyKey: grantKey });
      expect(grant).toMatchObject({ balance: 40, replayed: false });
      expect(grant.expiresAt?.getTime()).toBe(t.clock.now().getTime() + 30 * 86_400_000);
      expect(await t.client.grantTokens({ workspaceId: ws, amount: 40, expiresInSeconds: 30 * 86_400, idempotencyKey: grantKey })).toEqual({
        ...grant,
        replayed: true,
      });
      expect(await failure(t.client.grantTokens({ workspaceId: ws, amount: 41, expiresInSeconds: 0, idempotencyKey: grantKey }))).toBe(
        'IDEMPOTENCY_KEY_REUSED',
      );
      expect(await failure(t.client.grantTokens({ workspaceId: ws, amount: 0, expiresInSeconds: 0, idempotencyKey: key() }))).toBe(
        'INVALID_ARGUMENT',
      );
      expect(await balance(ws)).toMatchObject({ balance: 40 });
      const [entry] = await history(ws);
      expect(entry).toMatchObject({ kind: 'grant', action: 'token_grant', amount: 40, reference: grant.grantId });
    });
  });

  describe('history', () => {
    it('pages newest first, filters by action and validates its query', async () => {
      const ws = await t.newWorkspace(50);
      for (let n = 1; n <= 5; n++) {
        const r = await t.client.reserve({ workspaceId: ws, lines: [line(n % 2 ? 'cv_processing' : 'job_processing', `h-${n}`)], idempotencyKey: key(), ttlSeconds: 0 });
        await t.client.commit({ reservationId: r.reservationId, lines: [], idempotencyKey: key() });
      }
      const page = await t.client.listLedger({ workspaceId: ws, page: { limit: 2, offset: 1 }, action: '' });
      expect(page.page).toEqual({ total: 6, offset: 1, limit: 2, hasMore: true });
      expect(page.entries.map((e) => e.reference)).toEqual(['h-4', 'h-3']);
      const cvs = await t.client.listLedger({ workspaceId: ws, page: { limit: 0, offset: 0 }, action: 'cv_processing' });
      expect(cvs.page).toEqual({ total: 3, offset: 0, limit: 20, hasMore: false });
      expect(cvs.entries.map((e) => e.reference)).toEqual(['h-5', 'h-3', 'h-1']);
      expect(await failure(t.client.listLedger({ workspaceId: ws, page: { limit: 101, offset: 0 }, action: '' }))).toBe('INVALID_ARGUMENT');
      expect(await failure(t.client.listLedger({ workspaceId: ws, page: { limit: 10, offset: -1 }, action: '' }))).toBe('INVALID_ARGUMENT');
      expect(await failure(t.client.listLedger({ workspaceId: ws, page: { limit: 10, offset: 0 }, action: 'nope' }))).toBe('UNKNOWN_ACTION');
    });
  });

  describe('prices', () => {
    it('lists the ten billable actions with their unit and description', async () => {
      const { prices } = await t.client.listPrices({});
      expect(prices.map((p) => p.action).sort()).toEqual(
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
      for (const price of prices) {
        expect(price.tokens).toBeGreaterThan(0);
        expect(price.unit).not.toBe('');
        expect(price.description).not.toBe('');
      }
    });

    it('quotes without side effects', async () => {
      const quote = await t.client.quote({ lines: [line('sourcing_search_pro', ''), line('sourcing_reveal_phone', '', 10)] });
      expect(quote.total).toBe(3 + 10 * 3);
      expect(quote.lines.map((l) => [l.unitPrice, l.amount])).toEqual([
        [3, 3],
        [3, 30],
      ]);
      expect(await failure(t.client.quote({ lines: [line('nope', '')] }))).toBe('UNKNOWN_ACTION');
    });

    it('versions prices; a reservation keeps the price it was made at', async () => {
      const ws = await t.newWorkspace(100);
      const before = await t.client.reserve({ workspaceId: ws, lines: [line('sourcing_ingest', 'p-1')], idempotencyKey: key(), ttlSeconds: 0 });
      const { price } = await t.client.setPrice({ action: 'sourcing_ingest', tokens: 7 });
      expect(price).toMatchObject({ action: 'sourcing_ingest', tokens: 7, version: 2 });
      expect((await t.client.listPrices({})).prices.find((p) => p.action === 'sourcing_ingest')?.tokens).toBe(7);
      const after = await t.client.reserve({ workspaceId: ws, lines: [line('sourcing_ingest', 'p-2')], idempotencyKey: key(), ttlSeconds: 0 });
      expect([before.amount, after.amount]).toEqual([1, 7]);
      const commitKey = key();
      const commit = await t.client.commit({ reservationId: before.reservationId, lines: [], idempotencyKey: commitKey });
      expect([commit.charged, commit.lines]).toEqual([1, [{ line: line('sourcing_ingest', 'p-1'), unitPrice: 1, amount: 1 }]]);
      // A replay after the price changed still answers the lines at the reservation's price.
      expect(await t.client.commit({ reservationId: before.reservationId, lines: [], idempotencyKey: commitKey })).toEqual({ ...commit, replayed: true });
      expect(await failure(t.client.setPrice({ action: 'nope', tokens: 1 }))).toBe('UNKNOWN_ACTION');
      expect(await failure(t.client.setPrice({ action: 'sourcing_ingest', tokens: -1 }))).toBe('INVALID_ARGUMENT');
      await t.client.setPrice({ action: 'sourcing_ingest', tokens: 1 });
    });
  });

  describe('integrity', () => {
    it('refuses any change to ledger entries in the database itself', async () => {
      const ws = await t.newWorkspace(5);
      const sqlError = (statement: string) =>
        t.sql.query(statement, statement.includes('$1') ? [ws] : []).then(
          () => 'accepted',
          (error: { message: string }) => error.message,
        );
      expect(await sqlError('UPDATE ledger_entries SET amount = 1000 WHERE workspace_id = $1')).toMatch(/append-only/);
      expect(await sqlError('DELETE FROM ledger_entries WHERE workspace_id = $1')).toMatch(/append-only/);
      expect(await sqlError('TRUNCATE ledger_entries, charge_allocations')).toMatch(/append-only/);
      expect(await balance(ws)).toMatchObject({ balance: 5 });
    });

    it('refuses to resolve a reservation twice in the database itself', async () => {
      const ws = await t.newWorkspace(5);
      const r = await t.client.reserve({ workspaceId: ws, lines: [line('cv_processing', 'twice')], idempotencyKey: key(), ttlSeconds: 0 });
      await t.client.release({ reservationId: r.reservationId, idempotencyKey: key() });
      const result = await t.sql
        .query(`UPDATE reservations SET status = 'committed' WHERE id = $1`, [r.reservationId])
        .then(() => 'accepted', (error: { message: string }) => error.message);
      expect(result).toMatch(/already released/);
    });

    it('verify finds tampering with an account', async () => {
      const ws = await t.newWorkspace(5);
      expect(await t.client.verify({ workspaceId: ws })).toEqual({ accountsChecked: 1, breaches: [] });
      await t.sql.query('UPDATE accounts SET balance = balance + 1 WHERE workspace_id = $1', [ws]);
      try {
        const { breaches } = await t.client.verify({ workspaceId: ws });
        expect(breaches).toEqual(
          expect.arrayContaining([
            `workspace ${ws}: balance 6 but its ledger entries sum to 5`,
            `workspace ${ws}: balance 6 but its grant lots hold 5`,
          ]),
        );
      } finally {
        await t.sql.query('UPDATE accounts SET balance = balance - 1 WHERE workspace_id = $1', [ws]);
      }
      expect((await t.client.verify({ workspaceId: '' })).breaches).toEqual([]);
    });
  });
});
