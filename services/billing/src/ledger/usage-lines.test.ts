import { isDomainError } from '@talent/platform';
import { describe, expect, it } from 'vitest';
import { LIMITS, validateIdempotencyKey, validateLines } from './usage-lines.js';

const fieldOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (isDomainError(error)) return `${error.code} ${String(error.details.field)}`;
    throw error;
  }
  return 'valid';
};

describe('usage lines', () => {
  const reserve = (lines: { action: string; quantity: number; ref: string }[]) => () => validateLines(lines, { minQuantity: 1, requireRef: true });

  it('trims and keeps valid lines', () => {
    expect(validateLines([{ action: ' cv_processing ', quantity: 2, ref: ' t-1 ' }], { minQuantity: 1, requireRef: true })).toEqual([
      { action: 'cv_processing', quantity: 2, ref: 't-1' },
    ]);
  });

  it('names the offending field', () => {
    expect(fieldOf(reserve([{ action: 'Bad Action', quantity: 1, ref: 'r' }]))).toBe('INVALID_ARGUMENT lines[0].action');
    expect(fieldOf(reserve([{ action: 'cv_processing', quantity: 0, ref: 'r' }]))).toBe('INVALID_ARGUMENT lines[0].quantity');
    expect(fieldOf(reserve([{ action: 'cv_processing', quantity: 1.5, ref: 'r' }]))).toBe('INVALID_ARGUMENT lines[0].quantity');
    expect(fieldOf(reserve([{ action: 'cv_processing', quantity: LIMITS.maxQuantity + 1, ref: 'r' }]))).toBe('INVALID_ARGUMENT lines[0].quantity');
    expect(fieldOf(reserve([{ action: 'cv_processing', quantity: 1, ref: '  ' }]))).toBe('INVALID_ARGUMENT lines[0].ref');
    expect(fieldOf(reserve([{ action: 'cv_processing', quantity: 1, ref: 'x'.repeat(201) }]))).toBe('INVALID_ARGUMENT lines[0].ref');
    expect(
      fieldOf(
        reserve([
          { action: 'cv_processing', quantity: 1, ref: 'r' },
          { action: 'cv_processing', quantity: 2, ref: 'r' },
        ]),
      ),
    ).toBe('INVALID_ARGUMENT lines[1]');
  });

  it('allows 0 for actual usage and refless lines for quotes', () => {
    expect(fieldOf(() => validateLines([{ action: 'cv_processing', quantity: 0, ref: 'r' }], { minQuantity: 0, requireRef: true }))).toBe('valid');
    expect(fieldOf(() => validateLines([{ action: 'cv_processing', quantity: 1, ref: '' }], { minQuantity: 1, requireRef: false }))).toBe('valid');
  });

  it('requires an idempotency key', () => {
    expect(fieldOf(() => validateIdempotencyKey(' '))).toBe('INVALID_ARGUMENT idempotency_key');
    expect(validateIdempotencyKey(' k-1 ')).toBe('k-1');
  });
});
