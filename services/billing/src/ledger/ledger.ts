import { DomainError, isUuid } from '@talent/platform';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Clock } from './clock.js';
import { isRetryable, translateDbError } from './db-errors.js';
import { pricedLines, type PricedLine } from './priced-lines.js';
import { requestHash } from './request-hash.js';
import { requireUuid } from '../ids.js';
import {
  validateIdempotencyKey,
  validateLines,
  validateTokens,
  type UsageLine,
} from './usage-lines.js';

/** Anything that runs a query: the pool, or a client inside a transaction. */
export type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

export interface Replayable {
  /** True when this answers an earlier call with the same idempotency key. */
  replayed: boolean;
}

export interface Reservation extends Replayable {
  reservationId: string;
  amount: number;
  expiresAt: Date;
}

export interface Commitment extends Replayable {
  charged: number;
  released: number;
  chargeIds: string[];
  /** What was charged per unit of work, at the reservation's prices; the i-th line is the i-th charge id's unit. */
  lines: PricedLine[];
}

export interface Charge extends Replayable {
  charged: number;
  chargeIds: string[];
  /** What was charged per unit of work, in the first call's order; the i-th line is the i-th charge id's unit. */
  lines: PricedLine[];
  /** A replay of a charge of which some unit was refunded since: the work it paid for is no longer paid. */
  refunded: boolean;
}

export interface Release extends Replayable {
  released: number;
}

export interface Refund extends Replayable {
  refunded: number;
  entryId: string;
  /** The charge had been refunded before (by an earlier call, with any key). */
  alreadyRefunded: boolean;
}

export interface Grant extends Replayable {
  grantId: string;
  balance: number;
  expiresAt: Date | null;
}

export interface Balance {
  balance: number;
  reserved: number;
  available: number;
  updatedAt: Date;
}

export type GrantSource = 'trial' | 'grant';

export interface LedgerOptions {
  clock: Clock;
  /** Reservation lifetime when the caller gives none, and the longest it may ask for (seconds). */
  defaultTtlSeconds: number;
  maxTtlSeconds: number;
}

const ATTEMPTS = 3;

interface Statement {
  name: string;
  text: string;
}

/**
 * Each transition as a named prepared statement: parsed and planned once per connection instead of on every call.
 *
 * A reservation commits without waiting for its WAL flush (`synchronous_commit` off for that transaction only):
 * it is a hold, not money moving. The Commit, Release or Refund that later resolves it waits for its own flush,
 * which covers every earlier transaction, so no charge ever rests on a hold that was not durable. Only a database
 * crash within the WAL writer's delay (≤ 3 × 200 ms) after a reservation can lose it, atomically with its
 * account change (nothing stays held); resolving it then answers NOT_FOUND and the caller's unit of work fails
 * uncharged. That saves one of the pair's two flush waits, the largest cost of a reserve + commit.
 */
const STATEMENTS = {
  reserve: {
    name: 'ledger_reserve',
    text: "SELECT ledger_reserve($1, $2, $3, $4, $5, $6, $7, $8, $9) AS result, set_config('synchronous_commit', 'off', true)",
  },
  // The reservation's lines and unit prices come back in the same round trip (they never change once reserved):
  // the priced lines of the answer are worked out from them (priced-lines.ts), not by ledger_commit.
  commit: {
    name: 'ledger_commit',
    text:
      'SELECT ledger_commit($1, $2, $3, $4, $5, $6, $7, $8) AS result, r.line_actions, r.line_references, r.line_quantities, r.line_unit_prices ' +
      'FROM (VALUES (1)) AS one LEFT JOIN reservations r ON r.id = $1',
  },
  charge: { name: 'ledger_charge', text: 'SELECT ledger_charge($1, $2, $3, $4, $5, $6, $7, $8) AS result' },
  release: { name: 'ledger_release', text: 'SELECT ledger_release($1, $2, $3, $4, $5) AS result' },
  refund: { name: 'ledger_refund', text: 'SELECT ledger_refund($1, $2, $3, $4, $5, $6) AS result' },
  grant: { name: 'ledger_grant', text: 'SELECT ledger_grant($1, $2, $3, $4, $5, $6, $7, $8) AS result' },
  // A balance read is one plain SELECT; only an account with an expiry due goes through ledger_balance, which
  // settles it first (a PL/pgSQL call costs PostgreSQL several times the SELECT on every read).
  balance: {
    name: 'ledger_balance_read',
    text: 'SELECT balance, reserved, updated_at, next_due_at <= $2 AS due FROM accounts WHERE workspace_id = $1',
  },
  settledBalance: { name: 'ledger_balance', text: 'SELECT balance, reserved, updated_at FROM ledger_balance($1, $2)' },
} as const satisfies Record<string, Statement>;

/**
 * The token ledger (DESIGN §4): reserve → commit | release | expiry, refunds, grants. Each operation is one
 * PL/pgSQL function call (migration 20261121130000_token_ledger), atomic and serialized per workspace by the
 * account row lock; this class validates input, fingerprints requests for idempotency, and turns the
 * functions' answers and failures into domain values.
 */
export class Ledger {
  constructor(
    private readonly db: Queryable,
    private readonly options: LedgerOptions,
  ) {}

  async reserve(request: {
    workspaceId: string;
    lines: readonly UsageLine[];
    idempotencyKey: string;
    ttlSeconds?: number;
  }): Promise<Reservation> {
    const workspaceId = requireUuid(request.workspaceId, 'Workspace', 'workspace_id');
    const key = validateIdempotencyKey(request.idempotencyKey);
    const lines = validateLines(request.lines, { minQuantity: 1, requireRef: true });
    if (lines.length === 0) throw new DomainError('INVALID_ARGUMENT', 'A reservation needs at least one line.', { field: 'lines' });
    const ttl = this.ttl(request.ttlSeconds ?? 0);
    const hash = requestHash('reserve', { workspaceId, lines: sortLines(lines), ttl: request.ttlSeconds ?? 0 });
    const now = this.options.clock();
    const result = await this.call<{ reservation_id: string; amount: number; expires_at: string; replayed: boolean }>(
      STATEMENTS.reserve,
      [
        workspaceId,
        randomUUID(),
        lines.map((l) => l.action),
        lines.map((l) => l.ref),
        lines.map((l) => l.quantity),
        new Date(now.getTime() + ttl * 1000),
        key,
        hash,
        now,
      ],
    );
    return {
      reservationId: result.reservation_id,
      amount: result.amount,
      expiresAt: new Date(result.expires_at),
      replayed: result.replayed,
    };
  }

  /** Charges `lines` (each at most what was reserved; empty: everything reserved) and releases the rest. */
  async commit(request: {
    reservationId: string;
    workspaceId?: string;
    lines: readonly UsageLine[];
    idempotencyKey: string;
  }): Promise<Commitment> {
    const reservationId = requireUuid(request.reservationId, 'Reservation', 'reservation_id');
    const workspaceId = workspaceGuard(request.workspaceId);
    const key = validateIdempotencyKey(request.idempotencyKey);
    const lines = validateLines(request.lines, { minQuantity: 0, requireRef: true });
    const all = lines.length === 0;
    const hash = requestHash('commit', { reservationId, lines: all ? null : sortLines(lines) });
    const row = await this.row<CommitRow>(
      STATEMENTS.commit,
      [
        reservationId,
        workspaceId,
        all ? null : lines.map((l) => l.action),
        all ? null : lines.map((l) => l.ref),
        all ? null : lines.map((l) => l.quantity),
        key,
        hash,
        this.options.clock(),
      ],
    );
    const { result } = row;
    const reserved = {
      actions: row.line_actions ?? [],
      refs: row.line_references ?? [],
      quantities: (row.line_quantities ?? []).map(Number),
      unitPrices: (row.line_unit_prices ?? []).map(Number),
    };
    return {
      charged: result.charged,
      released: result.released,
      chargeIds: result.charge_ids,
      lines: pricedLines(reserved, all ? null : lines),
      replayed: result.replayed,
    };
  }

  /**
   * Debit and commit in one durable transaction, for synchronous work whose price is known before it runs
   * (migration 20261129040000_charge): the rules of a reserve + commit of everything reserved, one round trip and
   * one WAL flush. When nothing stands in the way it writes the reservation already committed, in two statements
   * (migration 20261129060000_charge_fast_path); otherwise it is that reserve + commit. Replays return the first result; the same key with another request (or a Reserve's key) fails
   * with IDEMPOTENCY_KEY_REUSED. A unit whose work then fails is refunded with `refund`, as a committed one.
   */
  async charge(request: { workspaceId: string; lines: readonly UsageLine[]; idempotencyKey: string }): Promise<Charge> {
    const workspaceId = requireUuid(request.workspaceId, 'Workspace', 'workspace_id');
    const key = validateIdempotencyKey(request.idempotencyKey);
    const lines = validateLines(request.lines, { minQuantity: 1, requireRef: true });
    if (lines.length === 0) throw new DomainError('INVALID_ARGUMENT', 'A charge needs at least one line.', { field: 'lines' });
    const hash = requestHash('charge', { workspaceId, lines: sortLines(lines) });
    const result = await this.call<ChargeResult>(STATEMENTS.charge, [
      workspaceId,
      randomUUID(),
      lines.map((l) => l.action),
      lines.map((l) => l.ref),
      lines.map((l) => l.quantity),
      key,
      hash,
      this.options.clock(),
    ]);
    const reserved = {
      actions: result.line_actions,
      refs: result.line_references,
      quantities: result.line_quantities.map(Number),
      unitPrices: result.line_unit_prices.map(Number),
    };
    return {
      charged: result.charged,
      chargeIds: result.charge_ids,
      lines: pricedLines(reserved, null),
      replayed: result.replayed,
      refunded: result.refunded,
    };
  }

  async release(request: { reservationId: string; workspaceId?: string; idempotencyKey: string }): Promise<Release> {
    const reservationId = requireUuid(request.reservationId, 'Reservation', 'reservation_id');
    const workspaceId = workspaceGuard(request.workspaceId);
    const key = validateIdempotencyKey(request.idempotencyKey);
    const result = await this.call<{ released: number; replayed: boolean }>(
      STATEMENTS.release,
      [reservationId, workspaceId, key, requestHash('release', { reservationId }), this.options.clock()],
    );
    return { released: result.released, replayed: result.replayed };
  }

  /** Refunds the charge of one unit of work, at most once whatever the key. */
  async refund(request: { workspaceId: string; action: string; ref: string; idempotencyKey: string }): Promise<Refund> {
    const workspaceId = requireUuid(request.workspaceId, 'Workspace', 'workspace_id');
    const key = validateIdempotencyKey(request.idempotencyKey);
    const [line] = validateLines([{ action: request.action, quantity: 1, ref: request.ref }], {
      minQuantity: 1,
      requireRef: true,
      field: 'charge',
    });
    const { action, ref } = line!;
    const result = await this.call<{ refunded: number; entry_id: string; already_refunded: boolean; replayed: boolean }>(
      STATEMENTS.refund,
      [workspaceId, action, ref, key, requestHash('refund', { action, ref }), this.options.clock()],
    );
    return {
      refunded: result.refunded,
      entryId: result.entry_id,
      alreadyRefunded: result.already_refunded,
      replayed: result.replayed,
    };
  }

  /**
   * Adds `amount` tokens as a lot that expires after `expiresInSeconds` (0: never). Without a key the grant is
   * not idempotent: only for grants made inside a larger transaction (`db`), such as a workspace's trial.
   */
  async grant(
    request: { workspaceId: string; amount: number; expiresInSeconds: number; idempotencyKey: string | null; source: GrantSource },
    db: Queryable = this.db,
  ): Promise<Grant> {
    const workspaceId = requireUuid(request.workspaceId, 'Workspace', 'workspace_id');
    const amount = validateTokens(request.amount, 'amount', 1);
    const expiresIn = validateTokens(request.expiresInSeconds, 'expires_in_seconds', 0);
    const key = request.idempotencyKey === null ? null : validateIdempotencyKey(request.idempotencyKey);
    const now = this.options.clock();
    const result = await this.call<{ grant_id: string; balance: number; expires_at: string | null; replayed: boolean }>(
      STATEMENTS.grant,
      [
        workspaceId,
        randomUUID(),
        request.source,
        amount,
        expiresIn > 0 ? new Date(now.getTime() + expiresIn * 1000) : null,
        key,
        key === null ? null : requestHash('grant', { amount, expiresIn }),
        now,
      ],
      db,
    );
    return {
      grantId: result.grant_id,
      balance: result.balance,
      expiresAt: result.expires_at ? new Date(result.expires_at) : null,
      replayed: result.replayed,
    };
  }

  /** The balance as of now: whatever has fallen due (holds, grant expiries) is applied first. */
  async balance(workspaceIdInput: string): Promise<Balance> {
    const workspaceId = requireUuid(workspaceIdInput, 'Workspace', 'workspace_id');
    const now = this.options.clock();
    type Row = { balance: string; reserved: string; updated_at: Date; due?: boolean | null };
    let [row] = (await this.attempt(() => this.db.query<Row>({ ...STATEMENTS.balance, values: [workspaceId, now] }))).rows;
    if (row?.due) {
      [row] = (await this.attempt(() => this.db.query<Row>({ ...STATEMENTS.settledBalance, values: [workspaceId, now] })))
        .rows;
    }
    if (!row) throw new DomainError('NOT_FOUND', `Workspace ${workspaceId} does not exist.`, { workspace_id: workspaceId });
    const balance = Number(row.balance);
    const reserved = Number(row.reserved);
    return { balance, reserved, available: balance - reserved, updatedAt: row.updated_at };
  }

  /** The expiry timer's tick: settles up to `limit` accounts with something due; returns how many. */
  async sweep(limit = 100): Promise<number> {
    const { rows } = await this.attempt(() =>
      this.db.query<{ settled: number }>('SELECT ledger_sweep($1, $2) AS settled', [this.options.clock(), limit]),
    );
    return rows[0]?.settled ?? 0;
  }

  /** Idempotency keys of refunds and grants are kept a week (DESIGN §9 promises 24 h). */
  async forgetIdempotencyKeys(keepDays = 7): Promise<void> {
    const cutoff = new Date(this.options.clock().getTime() - keepDays * 86_400_000);
    await this.db.query('DELETE FROM idempotency_keys WHERE created_at < $1', [cutoff]);
  }

  private ttl(requested: number): number {
    if (requested === 0) return this.options.defaultTtlSeconds;
    if (!Number.isSafeInteger(requested) || requested < 1 || requested > this.options.maxTtlSeconds) {
      throw new DomainError('INVALID_ARGUMENT', `ttl_seconds must be from 1 to ${this.options.maxTtlSeconds} (0: the default).`, {
        field: 'ttl_seconds',
      });
    }
    return requested;
  }

  private async call<T>(statement: Statement, params: unknown[], db: Queryable = this.db): Promise<T> {
    return (await this.row<{ result: T }>(statement, params, db)).result;
  }

  private async row<R extends object>(statement: Statement, params: unknown[], db: Queryable = this.db): Promise<R> {
    // Inside someone else's transaction a failed statement aborts it: no second attempt there.
    const { rows } = await this.attempt(() => db.query<R>({ ...statement, values: params }), db === this.db ? ATTEMPTS : 1);
    return rows[0]!;
  }

  private async attempt<R>(run: () => Promise<R>, attempts = ATTEMPTS): Promise<R> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await run();
      } catch (error) {
        if (attempt < attempts && isRetryable(error)) continue;
        throw translateDbError(error);
      }
    }
  }
}

/** Commit's row: the function's answer and the reservation's lines (int8 arrays arrive as strings). */
interface CommitRow {
  result: { charged: number; released: number; charge_ids: string[]; replayed: boolean };
  line_actions: string[] | null;
  line_references: string[] | null;
  line_quantities: string[] | null;
  line_unit_prices: string[] | null;
}

/** ledger_charge's answer: the commit's, with the lines as reserved. */
interface ChargeResult {
  charged: number;
  charge_ids: string[];
  replayed: boolean;
  refunded: boolean;
  line_actions: string[];
  line_references: string[];
  line_quantities: Array<number | string>;
  line_unit_prices: Array<number | string>;
}

/** The optional "this reservation must belong to that workspace" guard of Commit and Release. */
function workspaceGuard(workspaceId: string | undefined): string | null {
  if (!workspaceId) return null;
  if (!isUuid(workspaceId)) throw new DomainError('INVALID_ARGUMENT', 'workspace_id must be a UUID.', { field: 'workspace_id' });
  return workspaceId.toLowerCase();
}

function sortLines(lines: readonly UsageLine[]): UsageLine[] {
  return [...lines].sort((a, b) => (a.action === b.action ? cmp(a.ref, b.ref) : cmp(a.action, b.action)));
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
