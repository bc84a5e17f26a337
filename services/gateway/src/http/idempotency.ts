import { DomainError } from '@talent/platform';
import type { Request } from 'express';
import { z } from '../openapi/zod.js';

/** Visible ASCII, as in the IETF Idempotency-Key draft's common practice; long enough for a UUID or a hash. */
const ACCEPTABLE_KEY = /^[\x21-\x7e]{1,255}$/;

export const IdempotencyKeyHeader = z.object({
  'idempotency-key': z
    .string()
    .optional()
    .openapi({
      description:
        'Optional, 1–255 visible ASCII characters. A retry with the same key within 24 hours replays the first result without charging again; the same key with a different request gives 422 IDEMPOTENCY_KEY_REUSED.',
      example: '8e0f7c2a-4b9d-4f6e-a1c3-2d5b7e9f0a14',
    }),
});

/**
 * The request's `Idempotency-Key`, forwarded as the upstream `idempotency_key` of billable calls
 * (billing and documents own the replay semantics); empty when absent.
 */
export function idempotencyKeyOf(req: Request): string {
  const value = req.headers['idempotency-key'];
  if (value === undefined) return '';
  if (typeof value !== 'string' || !ACCEPTABLE_KEY.test(value)) {
    throw new DomainError('INVALID_ARGUMENT', "Header 'Idempotency-Key' must be 1 to 255 visible ASCII characters.");
  }
  return value;
}
