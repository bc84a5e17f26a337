import { DomainError } from '@talent/platform';
import { describe, expect, it } from 'vitest';
import { ApiKeyAuthenticator, type Principal } from './auth.js';

const KEY = '3f1c2b7e-8a4d-4c1e-9b0a-5d6e7f8a9b0c';
const principal: Principal = { workspaceId: 'ws-1', keyId: 'key-1' };

/** Counts calls to the authenticate function the gateway would send to billing. */
function counting(outcome: () => Promise<Principal>) {
  let calls = 0;
  return {
    fn: () => {
      calls += 1;
      return outcome();
    },
    calls: () => calls,
  };
}

describe('ApiKeyAuthenticator cache', () => {
  it('answers repeated lookups of a valid key from memory until the TTL passes', async () => {
    const billing = counting(async () => principal);
    const auth = new ApiKeyAuthenticator(billing.fn, { ttlMs: 50 });
    expect(await auth.resolve(KEY)).toEqual(principal);
    expect(auth.peek(KEY)).toEqual(principal);
    expect(billing.calls()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(auth.peek(KEY)).toBeUndefined();
  });

  it('caches a definite rejection too', async () => {
    const billing = counting(async () => {
      throw new DomainError('UNAUTHENTICATED', 'Invalid API Key.');
    });
    const auth = new ApiKeyAuthenticator(billing.fn, { ttlMs: 1_000 });
    expect(await auth.resolve(KEY)).toBe('invalid');
    expect(auth.peek(KEY)).toBe('invalid');
    expect(billing.calls()).toBe(1);
  });

  it('does not cache an outage: the error propagates and the next request asks again', async () => {
    let fail = true;
    const billing = counting(async () => {
      if (fail) throw Object.assign(new Error('14 UNAVAILABLE'), { code: 14, metadata: {} });
      return principal;
    });
    const auth = new ApiKeyAuthenticator(billing.fn, { ttlMs: 1_000 });
    await expect(auth.resolve(KEY)).rejects.toThrow('UNAVAILABLE');
    expect(auth.peek(KEY)).toBeUndefined();
    fail = false;
    expect(await auth.resolve(KEY)).toEqual(principal);
    expect(billing.calls()).toBe(2);
  });

  it('sends one lookup for a burst of concurrent requests with the same new key', async () => {
    const billing = counting(() => new Promise((resolve) => setTimeout(() => resolve(principal), 20)));
    const auth = new ApiKeyAuthenticator(billing.fn, { ttlMs: 1_000 });
    const results = await Promise.all(Array.from({ length: 50 }, () => auth.resolve(KEY)));
    expect(new Set(results)).toEqual(new Set([principal]));
    expect(billing.calls()).toBe(1);
  });

  it('stays bounded', async () => {
    const auth = new ApiKeyAuthenticator(async () => principal, { ttlMs: 1_000, maxEntries: 10 });
    const keys = Array.from({ length: 20 }, (_, i) => `${KEY.slice(0, -2)}${String(i).padStart(2, '0')}`);
    for (const key of keys) await auth.resolve(key);
    expect(keys.filter((key) => auth.peek(key) !== undefined)).toHaveLength(10);
  });
});
