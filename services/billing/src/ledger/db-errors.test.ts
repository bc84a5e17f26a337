import { isDomainError } from '@talent/platform';
import { describe, expect, it } from 'vitest';
import { isRetryable, translateDbError } from './db-errors.js';

describe('database errors', () => {
  it('turns a ledger function failure into the DomainError it names', () => {
    const error = translateDbError({
      code: 'P0001',
      message: 'INSUFFICIENT_CREDITS',
      detail: '{"message": "Insufficient credits: 5 tokens required, 3 available.", "balance": 3, "required": 5}',
    });
    expect(isDomainError(error) && { code: error.code, message: error.message, details: error.details }).toEqual({
      code: 'INSUFFICIENT_CREDITS',
      message: 'Insufficient credits: 5 tokens required, 3 available.',
      details: { balance: 3, required: 5 },
    });
  });

  it('reports a second charge of a unit as ALREADY_EXISTS, and leaves other errors alone', () => {
    const charged = translateDbError({ code: '23505', constraint: 'ledger_entries_charge_unit_key' });
    expect(isDomainError(charged) && charged.code).toBe('ALREADY_EXISTS');
    const other = { code: '23505', constraint: 'something_else' };
    expect(translateDbError(other)).toBe(other);
    const unknownCode = { code: 'P0001', message: 'NOT_A_CODE' };
    expect(translateDbError(unknownCode)).toBe(unknownCode);
  });

  it('retries what a second attempt resolves, only that', () => {
    expect(isRetryable({ code: '23505', constraint: 'reservations_reserve_key_key' })).toBe(true);
    expect(isRetryable({ code: '40P01' })).toBe(true);
    expect(isRetryable({ code: 'P0001', message: 'LEDGER_RETRY' })).toBe(true);
    expect(isRetryable({ code: 'P0001', message: 'INSUFFICIENT_CREDITS' })).toBe(false);
    expect(isRetryable({ code: '23505', constraint: 'ledger_entries_charge_unit_key' })).toBe(false);
    expect(isRetryable({ code: '23514' })).toBe(false);
  });
});
