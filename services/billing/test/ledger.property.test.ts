import fc from 'fast-check';
import { isDomainError } from '@talent/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { key, startTestBilling, type TestBilling } from './harness.js';
import { LedgerModel, type Outcome, type UsageLine } from './ledger-model.js';

/**
 * Model-based property test: random interleavings of grants, reservations, commits (whole, partial, invalid),
 * releases, charges (reserve + commit in one call), refunds of committed and charged units, time passing (holds and grants expiring), exact replays, reused keys, and concurrent
 * duplicate or conflicting calls, against the real service and database. Every answer must match the reference
 * model, the balance after every step too, and every run ends with the ledger invariants verified.
 */

const RUNS = Number(process.env.BILLING_MODEL_RUNS ?? 500);
const SEED = Number(process.env.BILLING_MODEL_SEED ?? 20261121);
const DEFAULT_TTL = 900;

const ACTIONS = ['cv_processing', 'job_matching', 'sourcing_reveal_email', 'sourcing_search_pro'] as const;
const REFS = ['u1', 'u2', 'u3', 'u4', 'u5', 'u6'];

type Op =
  | { kind: 'grant'; amount: number; expiresIn: number }
  | { kind: 'reserve'; lines: UsageLine[]; ttl: number }
  | { kind: 'commit'; pick: number; mode: 'all' | 'partial' | 'excess'; seed: number }
  | { kind: 'release'; pick: number }
  | { kind: 'charge'; lines: UsageLine[] }
  | { kind: 'refund'; pick: number; unknown: boolean }
  | { kind: 'advance'; seconds: number }
  | { kind: 'replay'; pick: number }
  | { kind: 'reuse'; pick: number }
  | { kind: 'race'; pick: number }
  | { kind: 'duplicate'; pick: number };

const lineArb = fc.record({
  action: fc.constantFrom(...ACTIONS),
  ref: fc.constantFrom(...REFS),
  quantity: fc.integer({ min: 1, max: 2 }),
});

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('grant' as const), amount: fc.integer({ min: 1, max: 20 }), expiresIn: fc.constantFrom(0, 0, 60, 120, 3600) }) },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('reserve' as const),
      lines: fc.uniqueArray(lineArb, { minLength: 1, maxLength: 3, selector: (l) => `${l.action}:${l.ref}` }),
      ttl: fc.constantFrom(0, 60, 120),
    }),
  },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('commit' as const), pick: fc.nat(), mode: fc.constantFrom('all' as const, 'partial' as const, 'excess' as const), seed: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('release' as const), pick: fc.nat() }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('charge' as const),
      lines: fc.uniqueArray(lineArb, { minLength: 1, maxLength: 3, selector: (l) => `${l.action}:${l.ref}` }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('refund' as const), pick: fc.nat(), unknown: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('advance' as const), seconds: fc.constantFrom(1, 30, 59, 60, 61, 121, 3601) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('replay' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reuse' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('race' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('duplicate' as const), pick: fc.nat() }) },
);

/** A call as sent, so that it can be sent again (replay) or its key reused for something else. */
type Sent =
  | { kind: 'grant'; amount: number; expiresIn: number; key: string }
  | { kind: 'reserve'; lines: UsageLine[]; ttl: number; key: string }
  | { kind: 'commit'; id: string; lines: UsageLine[] | null; key: string }
  | { kind: 'release'; id: string; key: string }
  | { kind: 'charge'; lines: UsageLine[]; key: string }
  | { kind: 'refund'; action: string; ref: string; key: string };

async function outcomeOf(call: Promise<object>): Promise<{ outcome: Outcome; raw?: Record<string, unknown> }> {
  try {
    const raw = { ...(await call) } as Record<string, unknown>;
    return { outcome: { ok: raw }, raw };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const details = error.code === 'INSUFFICIENT_CREDITS' || error.code === 'RESERVATION_NOT_PENDING' ? error.details : undefined;
    return { outcome: { error: error.code, ...(details ? { details } : {}) } };
  }
}

/** The fields the model predicts, from the service's answer. */
function comparable(kind: Sent['kind'], outcome: Outcome): Outcome {
  if (!('ok' in outcome)) {
    const details = outcome.details as Record<string, unknown> | undefined;
    if (outcome.error === 'RESERVATION_NOT_PENDING') return { error: outcome.error, details: { status: details?.status } };
    if (outcome.error === 'INSUFFICIENT_CREDITS') return { error: outcome.error, details: { balance: details?.balance, required: details?.required } };
    return { error: outcome.error };
  }
  const ok = outcome.ok;
  const pick = (...fields: string[]) => ({ ok: Object.fromEntries(fields.map((f) => [f, ok[f]])) });
  switch (kind) {
    case 'grant':
      return pick('balance', 'replayed');
    case 'reserve':
      return pick('reservationId', 'amount', 'replayed');
    case 'commit':
      return pick('charged', 'released', 'chargeIds', 'lines', 'replayed');
    case 'release':
      return pick('released', 'replayed');
    case 'charge':
      return pick('charged', 'chargeIds', 'lines', 'replayed', 'refunded');
    case 'refund':
      return pick('refunded', 'alreadyRefunded', 'replayed');
  }
}

describe('billing ledger: model-based property test against the real service', () => {
  let t: TestBilling;
  let prices: Record<string, number>;

  beforeAll(async () => {
    t = await startTestBilling({ BILLING_RESERVATION_TTL: String(DEFAULT_TTL) });
    prices = Object.fromEntries((await t.client.listPrices({})).prices.map((p) => [p.action, p.tokens]));
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Sends one call to the service and the model; fails the run when they disagree. */
  async function apply(model: LedgerModel, workspaceId: string, sent: Sent, trace: string[]): Promise<Outcome> {
    const now = t.clock.now().getTime();
    let service: { outcome: Outcome; raw?: Record<string, unknown> };
    let expected: Outcome;
    switch (sent.kind) {
      case 'grant':
        service = await outcomeOf(t.client.grantTokens({ workspaceId, amount: sent.amount, expiresInSeconds: sent.expiresIn, idempotencyKey: sent.key }));
        expected = model.grant(now, sent.amount, sent.expiresIn, sent.key);
        break;
      case 'reserve':
        service = await outcomeOf(t.client.reserve({ workspaceId, lines: sent.lines, idempotencyKey: sent.key, ttlSeconds: sent.ttl }));
        expected = model.reserve(now, sent.lines, sent.ttl, sent.key, () => service.raw?.reservationId as string | undefined);
        break;
      case 'commit':
        service = await outcomeOf(t.client.commit({ reservationId: sent.id, lines: sent.lines ?? [], idempotencyKey: sent.key }));
        expected = model.commit(now, sent.id, sent.lines, sent.key, () => service.raw?.chargeIds as string[] | undefined);
        break;
      case 'release':
        service = await outcomeOf(t.client.release({ reservationId: sent.id, idempotencyKey: sent.key }));
        expected = model.release(now, sent.id, sent.key);
        break;
      case 'charge':
        service = await outcomeOf(t.client.charge({ workspaceId, lines: sent.lines, idempotencyKey: sent.key }));
        expected = model.charge(now, sent.lines, sent.key, () => service.raw?.chargeIds as string[] | undefined);
        break;
      case 'refund':
        service = await outcomeOf(t.client.refund({ workspaceId, action: sent.action, ref: sent.ref, idempotencyKey: sent.key }));
        expected = model.refund(now, sent.action, sent.ref, sent.key);
        break;
    }
    trace.push(`${JSON.stringify(sent)} → ${JSON.stringify(service.outcome)}`);
    expect(comparable(sent.kind, service.outcome), trace.join('\n')).toEqual(expected);
    return service.outcome;
  }

  async function checkBalance(model: LedgerModel, workspaceId: string, trace: string[]): Promise<void> {
    const actual = await t.client.getBalance({ workspaceId });
    const expected = model.getBalance(t.clock.now().getTime());
    expect({ balance: actual.balance, reserved: actual.reserved }, trace.join('\n')).toEqual(expected);
    expect(actual.balance).toBeGreaterThanOrEqual(0);
    expect(actual.available).toBeGreaterThanOrEqual(0);
  }

  async function runOps(ops: Op[]): Promise<void> {
    const workspaceId = (await t.client.createWorkspace({ name: 'model', grantTokens: 0, grantExpiresInSeconds: 0, idempotencyKey: '' })).workspaceId;
    const model = new LedgerModel(prices, DEFAULT_TTL);
    const sent: Sent[] = [];
    const trace: string[] = [];
    const pending = () => model.reservations().filter((r) => r.status === 'pending' && r.expiresAt > t.clock.now().getTime());
    const any = <T>(items: T[], pick: number): T | undefined => (items.length ? items[pick % items.length] : undefined);
    // Mostly a reservation still pending (the productive path), sometimes any (already resolved ones too).
    const target = (pick: number) => (pick % 4 !== 0 && pending().length ? any(pending(), pick >> 2) : any(model.reservations(), pick));

    for (const op of ops) {
      let call: Sent | undefined;
      switch (op.kind) {
        case 'grant':
          call = { kind: 'grant', amount: op.amount, expiresIn: op.expiresIn, key: key() };
          break;
        case 'reserve':
          call = { kind: 'reserve', lines: op.lines, ttl: op.ttl, key: key() };
          break;
        case 'commit': {
          const r = target(op.pick);
          if (!r) break;
          const lines =
            op.mode === 'all'
              ? null
              : r.lines.map((l, i) => ({
                  action: l.action,
                  ref: l.ref,
                  quantity: op.mode === 'excess' && i === 0 ? l.quantity + 1 : (op.seed + i) % (l.quantity + 1),
                }));
          call = { kind: 'commit', id: r.id, lines, key: key() };
          break;
        }
        case 'release': {
          const r = target(op.pick);
          if (r) call = { kind: 'release', id: r.id, key: key() };
          break;
        }
        case 'charge':
          call = { kind: 'charge', lines: op.lines, key: key() };
          break;
        case 'refund': {
          const charge = op.unknown ? { action: 'cv_processing', ref: 'never-charged' } : any(model.chargedUnits(), op.pick);
          if (charge) call = { kind: 'refund', action: charge.action, ref: charge.ref, key: key() };
          break;
        }
        case 'advance':
          t.clock.advance(op.seconds);
          trace.push(`advance ${op.seconds}s`);
          break;
        case 'replay':
          call = any(sent, op.pick);
          break;
        case 'reuse': {
          const previous = any(sent, op.pick);
          if (!previous) break;
          // The same key with a different request.
          if (previous.kind === 'grant') call = { ...previous, amount: previous.amount + 1 };
          else if (previous.kind === 'reserve') call = { ...previous, ttl: previous.ttl === 60 ? 120 : 60 };
          else if (previous.kind === 'commit') {
            // Everything reserved, but spelled out: another request than "commit all" (and vice versa).
            const reserved = model.reservation(previous.id)!.lines.map(({ action, ref, quantity }) => ({ action, ref, quantity }));
            call = { ...previous, lines: previous.lines === null ? reserved : null };
          }
          else if (previous.kind === 'refund') call = { ...previous, ref: previous.ref === 'u1' ? 'u2' : 'u1' };
          else if (previous.kind === 'charge') {
            const [first, ...rest] = previous.lines;
            call = { ...previous, lines: [{ ...first!, quantity: first!.quantity + 1 }, ...rest] };
          }
          else {
            const other = any(model.reservations().filter((r) => r.id !== previous.id), op.pick);
            if (other) call = { ...previous, id: other.id };
          }
          break;
        }
        case 'race': {
          // Commit and release of one pending reservation at once: exactly one wins.
          const r = any(pending(), op.pick);
          if (!r) break;
          const commitCall: Sent = { kind: 'commit', id: r.id, lines: null, key: key() };
          const releaseCall: Sent = { kind: 'release', id: r.id, key: key() };
          const [committed, released] = await Promise.all([
            outcomeOf(t.client.commit({ reservationId: r.id, lines: [], idempotencyKey: commitCall.key })),
            outcomeOf(t.client.release({ reservationId: r.id, idempotencyKey: releaseCall.key })),
          ]);
          trace.push(`race ${r.id}: commit → ${JSON.stringify(committed.outcome)}, release → ${JSON.stringify(released.outcome)}`);
          expect([committed, released].filter((o) => 'ok' in o.outcome).length, trace.join('\n')).toBe(1);
          // Into the model in the order they took effect: the commit first unless the release beat it.
          const now = t.clock.now().getTime();
          const commitFirst = 'ok' in committed.outcome || committed.outcome.error !== 'RESERVATION_NOT_PENDING';
          const order = commitFirst ? ([commitCall, releaseCall] as const) : ([releaseCall, commitCall] as const);
          for (const c of order) {
            const actual = c === commitCall ? committed : released;
            const expected =
              c.kind === 'commit'
                ? model.commit(now, c.id, null, c.key, () => committed.raw?.chargeIds as string[] | undefined)
                : model.release(now, (c as { id: string }).id, c.key);
            expect(comparable(c.kind, actual.outcome), trace.join('\n')).toEqual(expected);
          }
          sent.push(commitCall, releaseCall);
          break;
        }
        case 'duplicate': {
          // The same commit twice at once: one commit, one replay of it.
          const r = any(pending(), op.pick);
          if (!r) break;
          const c: Sent = { kind: 'commit', id: r.id, lines: null, key: key() };
          const [first, second] = await Promise.all([
            outcomeOf(t.client.commit({ reservationId: r.id, lines: [], idempotencyKey: c.key })),
            outcomeOf(t.client.commit({ reservationId: r.id, lines: [], idempotencyKey: c.key })),
          ]);
          trace.push(`duplicate ${r.id}: ${JSON.stringify(first.outcome)} / ${JSON.stringify(second.outcome)}`);
          const now = t.clock.now().getTime();
          const winner = 'ok' in first.outcome && first.outcome.ok.replayed === false ? first : second;
          const expected = model.commit(now, c.id, null, c.key, () => winner.raw?.chargeIds as string[] | undefined);
          expect(comparable('commit', winner.outcome), trace.join('\n')).toEqual(expected);
          const other = winner === first ? second : first;
          expect(comparable('commit', other.outcome), trace.join('\n')).toEqual(model.commit(now, c.id, null, c.key, () => undefined));
          sent.push(c);
          break;
        }
      }
      if (call) {
        await apply(model, workspaceId, call, trace);
        if (!sent.includes(call)) sent.push(call);
      }
      await checkBalance(model, workspaceId, trace);
    }

    // The ledger itself: every invariant holds, entries add up to the balance, and nothing was lost.
    const verification = await t.client.verify({ workspaceId });
    expect(verification.breaches, trace.join('\n')).toEqual([]);
    const entries = (await t.client.listLedger({ workspaceId, page: { limit: 100, offset: 0 }, action: '' })).entries;
    const more = entries.length === 100 ? (await t.client.listLedger({ workspaceId, page: { limit: 100, offset: 100 }, action: '' })).entries : [];
    const all = [...entries, ...more];
    expect(all.reduce((sum, e) => sum + e.amount, 0)).toBe(model.balance);
    expect(all.filter((e) => e.kind === 'charge')).toHaveLength(model.chargeCount);
    expect(all.filter((e) => e.kind === 'refund')).toHaveLength(model.refundCount);
    expect(all.filter((e) => e.kind === 'expiry').reduce((sum, e) => sum - e.amount, 0)).toBe(model.expiredTotal);
    expect(all.every((e) => e.balanceAfter >= 0)).toBe(true);
  }

  it(`agrees with the model in ${RUNS} seeded runs`, { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 24 }), (ops) => runOps(ops)),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
