import { describe, expect, it } from 'vitest';
import { remainingCalls, resetAt, retryAfterMs } from '../../src/providers/pdl/rate-limit.js';

const NOW = Date.parse('2026-11-01T12:00:00Z');

describe('PDL rate-limit headers, in each form PDL has sent them', () => {
  it('x-ratelimit-remaining: a number or the per-period object (the smallest count wins)', () => {
    expect(remainingCalls('9')).toBe(9);
    expect(remainingCalls('{"minute": 0, "day": 480}')).toBe(0);
    expect(remainingCalls("{'minute': 12, 'day': None, 'month': None}")).toBe(12);
    expect(remainingCalls(null)).toBeNull();
  });

  it('x-ratelimit-reset: epoch seconds, an ISO time, or seconds from now', () => {
    expect(resetAt('1793534460', NOW)).toBe(1793534460_000);
    expect(resetAt('2026-11-01T12:00:30Z', NOW)).toBe(NOW + 30_000);
    expect(resetAt('30', NOW)).toBe(NOW + 30_000);
    expect(resetAt('soon', NOW)).toBeNull();
  });

  it('Retry-After: seconds or an HTTP date', () => {
    expect(retryAfterMs('2', NOW)).toBe(2_000);
    expect(retryAfterMs('Sun, 01 Nov 2026 12:00:05 GMT', NOW)).toBe(5_000);
    expect(retryAfterMs('', NOW)).toBeNull();
  });
});
