import { DomainError } from '@talent/platform';
import type { Db } from '../db.js';

export interface LedgerEntryView {
  id: string;
  action: string;
  kind: 'charge' | 'refund' | 'grant' | 'expiry';
  amount: number;
  balanceAfter: number;
  reference: string;
  createdAt: Date;
}

export interface Page {
  total: number;
  offset: number;
  limit: number;
  hasMore: boolean;
}

export const HISTORY_LIMITS = { defaultLimit: 20, maxLimit: 100 } as const;

/** Actions that appear in the ledger besides the billable ones. */
export const LEDGER_ONLY_ACTIONS = ['token_grant', 'token_expired'] as const;

/**
 * A workspace's ledger, newest first. Callers settle the account first (Ledger.balance) so that entries
 * already due, such as an expiry, are there.
 */
export async function listLedger(
  db: Db,
  workspaceId: string,
  query: { limit: number; offset: number; action: string },
): Promise<{ entries: LedgerEntryView[]; page: Page }> {
  const limit = query.limit === 0 ? HISTORY_LIMITS.defaultLimit : query.limit;
  if (!Number.isInteger(limit) || limit < 1 || limit > HISTORY_LIMITS.maxLimit) {
    throw new DomainError('INVALID_ARGUMENT', `limit must be from 1 to ${HISTORY_LIMITS.maxLimit}.`, { field: 'limit' });
  }
  if (!Number.isInteger(query.offset) || query.offset < 0) {
    throw new DomainError('INVALID_ARGUMENT', 'offset must be 0 or more.', { field: 'offset' });
  }
  const action = query.action.trim();
  if (action && !(LEDGER_ONLY_ACTIONS as readonly string[]).includes(action)) {
    const known = await db.billableAction.findUnique({ where: { action }, select: { action: true } });
    if (!known) throw new DomainError('UNKNOWN_ACTION', `"${action}" is not an action of the ledger.`, { field: 'action', action });
  }
  const where = { workspaceId, ...(action ? { action } : {}) };
  const [total, rows] = await Promise.all([
    db.ledgerEntry.count({ where }),
    db.ledgerEntry.findMany({ where, orderBy: { seq: 'desc' }, skip: query.offset, take: limit }),
  ]);
  return {
    entries: rows.map((row) => ({
      id: row.id,
      action: row.action,
      kind: row.kind,
      amount: Number(row.amount),
      balanceAfter: Number(row.balanceAfter),
      reference: row.reference,
      createdAt: row.createdAt,
    })),
    page: { total, offset: query.offset, limit, hasMore: query.offset + rows.length < total },
  };
}
