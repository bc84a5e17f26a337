import { isDomainError } from '@talent/platform';
import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { idempotencyKeyOf } from './idempotency.js';

const request = (headers: Record<string, string | string[]>) => ({ headers }) as unknown as Request;

describe('Idempotency-Key header', () => {
  it('is optional and passed through verbatim', () => {
    expect(idempotencyKeyOf(request({}))).toBe('');
    expect(idempotencyKeyOf(request({ 'idempotency-key': 'order-42/retry:1' }))).toBe('order-42/retry:1');
  });

  it.each([[''], ['has space'], ['x'.repeat(256)], ['ключ']])('rejects %j with a 400-class domain error naming the header', (value) => {
    const error = (() => {
      try {
        idempotencyKeyOf(request({ 'idempotency-key': value }));
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(isDomainError(error) && error.code).toBe('INVALID_ARGUMENT');
    expect(String((error as Error).message)).toContain('Idempotency-Key');
  });
});
