import { describe, expect, it } from 'vitest';
import { requestHash } from './request-hash.js';

describe('request fingerprints', () => {
  it('ignore the order of object keys but not of values or the operation', () => {
    expect(requestHash('reserve', { a: 1, b: [1, 2] })).toBe(requestHash('reserve', { b: [1, 2], a: 1 }));
    expect(requestHash('reserve', { a: 1, b: [1, 2] })).not.toBe(requestHash('reserve', { a: 1, b: [2, 1] }));
    expect(requestHash('reserve', { a: 1 })).not.toBe(requestHash('commit', { a: 1 }));
    expect(requestHash('commit', { lines: null })).not.toBe(requestHash('commit', { lines: [] }));
    expect(requestHash('x', {})).toMatch(/^[0-9a-f]{64}$/);
  });
});
