import { DomainError } from '@talent/platform';
import type pg from 'pg';
import { requireUuid } from '../ids.js';

export interface Verification {
  accountsChecked: number;
  /** One readable line per violated invariant; empty when the ledger is sound. */
  breaches: string[];
}

/**
 * Each check selects the rows that break one invariant of DESIGN §4; `$1` limits it to one workspace (NULL:
 * all). Together: balance = sum of the ledger, never negative at any entry, holds = pending reservations, lots
 * account for every token, each reservation resolved once with charges only when committed, each refund
 * matches its charge.
 */
const CHECKS: { sql: string; describe: (row: Record<string, string>) => string }[] = [
  {
    sql: `SELECT a.workspace_id, a.balance, coalesce(e.total, 0) AS total
            FROM accounts a
            LEFT JOIN (SELECT workspace_id, sum(amount) AS total FROM ledger_entries GROUP BY workspace_id) e
              USING (workspace_id)
           WHERE ($1::uuid IS NULL OR a.workspace_id = $1) AND a.balance <> coalesce(e.total, 0)`,
    describe: (r) => `workspace ${r.workspace_id}: balance ${r.balance} but its ledger entries sum to ${r.total}`,
  },
  {
    sql: `SELECT workspace_id, balance, reserved FROM accounts
           WHERE ($1::uuid IS NULL OR workspace_id = $1) AND (balance < 0 OR reserved < 0 OR reserved > balance)`,
    describe: (r) => `workspace ${r.workspace_id}: balance ${r.balance} with ${r.reserved} reserved is out of bounds`,
  },
  {
    sql: `SELECT workspace_id, id, balance_after, previous, amount FROM (
            SELECT workspace_id, id, amount, balance_after,
                   lag(balance_after, 1, 0::bigint) OVER (PARTITION BY workspace_id ORDER BY seq) AS previous
              FROM ledger_entries WHERE ($1::uuid IS NULL OR workspace_id = $1)) chain
           WHERE balance_after <> previous + amount OR balance_after < 0`,
    describe: (r) =>
      `workspace ${r.workspace_id}: entry ${r.id} says balance ${r.balance_after} after ${r.amount}, but it was ${r.previous} before`,
  },
  {
    sql: `SELECT a.workspace_id, a.reserved, coalesce(r.held, 0) AS held
            FROM accounts a
            LEFT JOIN (SELECT workspace_id, sum(amount) AS held FROM reservations WHERE status = 'pending'
                        GROUP BY workspace_id) r USING (workspace_id)
           WHERE ($1::uuid IS NULL OR a.workspace_id = $1) AND a.reserved <> coalesce(r.held, 0)`,
    describe: (r) => `workspace ${r.workspace_id}: ${r.reserved} reserved but pending reservations hold ${r.held}`,
  },
  {
    sql: `SELECT a.workspace_id, a.balance, coalesce(l.remaining, 0) AS remaining
            FROM accounts a
            LEFT JOIN (SELECT workspace_id, sum(remaining) AS remaining FROM grant_lots GROUP BY workspace_id) l
              USING (workspace_id)
           WHERE ($1::uuid IS NULL OR a.workspace_id = $1) AND a.balance <> coalesce(l.remaining, 0)`,
    describe: (r) => `workspace ${r.workspace_id}: balance ${r.balance} but its grant lots hold ${r.remaining}`,
  },
  {
    sql: `SELECT r.workspace_id, r.id, r.status, r.charged, coalesce(c.total, 0) AS total, coalesce(c.n, 0) AS n
            FROM reservations r
            LEFT JOIN (SELECT reservation_id, -sum(amount) AS total, count(*) AS n FROM ledger_entries
                        WHERE kind = 'charge' GROUP BY reservation_id) c ON c.reservation_id = r.id
           WHERE ($1::uuid IS NULL OR r.workspace_id = $1)
             AND ((r.status = 'committed'
                   AND (r.charged <> coalesce(c.total, 0) OR coalesce(c.n, 0) <> cardinality(r.charge_ids)))
               OR (r.status <> 'committed' AND (coalesce(c.n, 0) > 0 OR r.charged <> 0)))`,
    describe: (r) =>
      `workspace ${r.workspace_id}: reservation ${r.id} is ${r.status} (charged ${r.charged}) but has ${r.n} charge entries totalling ${r.total}`,
  },
  {
    sql: `SELECT f.workspace_id, f.id
            FROM ledger_entries f
            LEFT JOIN ledger_entries c ON c.id = f.refund_of
           WHERE f.kind = 'refund' AND ($1::uuid IS NULL OR f.workspace_id = $1)
             AND (c.id IS NULL OR c.kind <> 'charge' OR c.workspace_id <> f.workspace_id OR c.action <> f.action
                  OR c.reference <> f.reference OR f.amount <> -c.amount)`,
    describe: (r) => `workspace ${r.workspace_id}: refund ${r.id} does not mirror its charge`,
  },
  {
    sql: `WITH used AS (
            SELECT coalesce(e.lot_id, a.lot_id) AS lot_id, coalesce(a.amount, -e.amount) AS amount,
                   EXISTS (SELECT 1 FROM ledger_entries f WHERE f.refund_of = e.id) AS refunded
              FROM ledger_entries e
              LEFT JOIN charge_allocations a ON a.entry_id = e.id AND e.lot_id IS NULL
             WHERE e.kind = 'charge' AND e.amount < 0),
          net AS (SELECT lot_id, sum(amount) FILTER (WHERE NOT refunded) AS used FROM used GROUP BY lot_id),
          expired AS (SELECT lot_id, -sum(amount) AS expired FROM ledger_entries WHERE kind = 'expiry' GROUP BY lot_id),
          granted AS (SELECT lot_id, sum(amount) AS granted FROM ledger_entries WHERE kind = 'grant' GROUP BY lot_id)
          SELECT l.workspace_id, l.id, l.amount, l.remaining, coalesce(n.used, 0) AS used,
                 coalesce(x.expired, 0) AS expired, coalesce(g.granted, 0) AS granted
            FROM grant_lots l
            LEFT JOIN net n ON n.lot_id = l.id
            LEFT JOIN expired x ON x.lot_id = l.id
            LEFT JOIN granted g ON g.lot_id = l.id
           WHERE ($1::uuid IS NULL OR l.workspace_id = $1)
             AND (l.amount - coalesce(n.used, 0) - coalesce(x.expired, 0) <> l.remaining OR coalesce(g.granted, 0) <> l.amount)`,
    describe: (r) =>
      `workspace ${r.workspace_id}: lot ${r.id} of ${r.amount} (granted ${r.granted}) has ${r.remaining} left after ${r.used} used and ${r.expired} expired`,
  },
  {
    sql: `SELECT e.workspace_id, e.id, -e.amount AS amount, coalesce(sum(a.amount), 0) AS allocated
            FROM ledger_entries e LEFT JOIN charge_allocations a ON a.entry_id = e.id
           WHERE e.kind = 'charge' AND e.amount < 0 AND e.lot_id IS NULL AND ($1::uuid IS NULL OR e.workspace_id = $1)
           GROUP BY e.workspace_id, e.id, e.amount
          HAVING coalesce(sum(a.amount), 0) <> -e.amount`,
    describe: (r) => `workspace ${r.workspace_id}: charge ${r.id} of ${r.amount} is allocated ${r.allocated} from lots`,
  },
];

/**
 * Checks the ledger invariants for one workspace or all. Read-only, on one snapshot, so that it can run while
 * the ledger is in use.
 */
export async function verifyLedger(pool: pg.Pool, workspaceIdInput = ''): Promise<Verification> {
  const workspaceId = workspaceIdInput ? requireUuid(workspaceIdInput, 'Workspace', 'workspace_id') : null;
  const db = await pool.connect();
  try {
    await db.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const result = await runChecks(db, workspaceId);
    await db.query('COMMIT');
    return result;
  } catch (error) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    db.release();
  }
}

async function runChecks(db: pg.PoolClient, workspaceId: string | null): Promise<Verification> {
  const { rows } = await db.query<{ n: string }>(
    'SELECT count(*) AS n FROM accounts WHERE ($1::uuid IS NULL OR workspace_id = $1)',
    [workspaceId],
  );
  const accountsChecked = Number(rows[0]!.n);
  if (workspaceId && accountsChecked === 0) {
    throw new DomainError('NOT_FOUND', `Workspace ${workspaceId} does not exist.`, { workspace_id: workspaceId });
  }
  const breaches: string[] = [];
  for (const check of CHECKS) {
    const result = await db.query<Record<string, string>>(check.sql, [workspaceId]);
    breaches.push(...result.rows.map(check.describe));
  }
  return { accountsChecked, breaches };
}
