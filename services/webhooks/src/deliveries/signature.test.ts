import { createHmac, timingSafeEqual } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './backoff.js';
import { signatureHeader } from './signature.js';

/** What an integrator writes (the OpenAPI document's snippet): recompute and compare in constant time. */
function verifies(secret: string, body: string, header: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe('webhook signature', () => {
  it('is t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>"> (a vector computed with openssl)', () => {
    expect(signatureHeader('whsec_test', '{"id":"x"}', 1_700_000_000)).toBe(
      't=1700000000,v1=80e8d098018f757aa814ab1abb924f35d304affa1d93d29611a54696207eb7c3',
    );
  });

  it('verifies only the exact body, timestamp and secret it was made with', () => {
    const body = JSON.stringify({ id: 'd1', type: 'cv.completed', data: { id: 'r1' } });
    const header = signatureHeader('whsec_a', body, 1_800_000_000);
    expect(verifies('whsec_a', body, header)).toBe(true);
    expect(verifies('whsec_b', body, header)).toBe(false);
    expect(verifies('whsec_a', body.replace('r1', 'r2'), header)).toBe(false);
    expect(verifies('whsec_a', body, header.replace('t=1800000000', 't=1800000001'))).toBe(false);
  });
});

describe('retry delays', () => {
  const schedule = { baseMs: 1_000, maxMs: 60_000, windowMs: 86_400_000 };
  it('double from the base up to the cap, jittered within the upper half', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(schedule, attempt, () => 1))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(retryDelayMs(schedule, 3, () => 0)).toBe(2_000);
    expect(retryDelayMs(schedule, 30, () => 1)).toBe(60_000);
    expect(retryDelayMs(schedule, 10_000, () => 0.5)).toBe(45_000);
  });
});
