import { DomainCodes, DomainError, type DomainCode } from '@talent/platform';

interface PgError {
  code?: string;
  message?: string;
  detail?: string;
  constraint?: string;
}

const asPg = (error: unknown): PgError => (error && typeof error === 'object' ? (error as PgError) : {});

/**
 * The ledger functions raise SQLSTATE P0001 with MESSAGE = a domain code and DETAIL = {"message", …details};
 * unique indexes back up the rules the functions check. Both become the DomainError callers expect.
 */
export function translateDbError(error: unknown): unknown {
  const pg = asPg(error);
  if (pg.code === 'P0001' && pg.message && pg.message in DomainCodes) {
    let details: Record<string, unknown>;
    try {
      details = JSON.parse(pg.detail ?? '{}') as Record<string, unknown>;
    } catch {
      details = {};
    }
    const { message, ...rest } = details;
    return new DomainError(pg.message as DomainCode, typeof message === 'string' ? message : pg.message, rest);
  }
  if (pg.code === '23505' && pg.constraint === 'ledger_entries_charge_unit_key') {
    return new DomainError('ALREADY_EXISTS', 'Some units of work were already charged.', {});
  }
  if (pg.code === '23505' && pg.constraint === 'reservations_resolve_key_key') {
    return new DomainError('IDEMPOTENCY_KEY_REUSED', 'This idempotency key already resolved another reservation.', {});
  }
  return error;
}

/**
 * Failures that a second attempt resolves: a concurrent first use of the same idempotency key (the retry then
 * replays it), a commit that found its reservation resolved by a concurrent call only after taking the account
 * lock (LEDGER_RETRY: the function rolled back; the retry answers from the resolved reservation), deadlocks and
 * serialization failures.
 */
export function isRetryable(error: unknown): boolean {
  const pg = asPg(error);
  return (
    (pg.code === '23505' && pg.constraint === 'reservations_reserve_key_key') ||
    (pg.code === '23505' && pg.constraint === 'idempotency_keys_pkey') ||
    (pg.code === 'P0001' && pg.message === 'LEDGER_RETRY') ||
    pg.code === '40P01' ||
    pg.code === '40001'
  );
}
