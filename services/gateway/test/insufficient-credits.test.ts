import { isDomainError } from '@talent/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toHttpFailure } from '../src/http/errors.js';
import { billingAdmin, startRealBilling, stopBackend, type RealBackend } from './harness.js';

describe('gateway: a reservation the balance cannot cover', () => {
  let billing: RealBackend;
  let admin: ReturnType<typeof billingAdmin>;

  beforeAll(async () => {
    billing = await startRealBilling();
    admin = billingAdmin(billing.address);
  });
  afterAll(async () => {
    admin?.close();
    await stopBackend(billing);
  });

  it('becomes exactly 402 {code, message, balance, required}, from the real billing error', async () => {
    const { workspaceId } = await admin.createWorkspace({ name: '402', grantTokens: 3, grantExpiresInSeconds: 0, idempotencyKey: '' });
    const error = await admin
      .reserve({
        workspaceId,
        lines: ['a', 'b', 'c', 'd', 'e'].map((ref) => ({ action: 'cv_processing', quantity: 1, ref })),
        idempotencyKey: 'reserve-402',
        ttlSeconds: 0,
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(isDomainError(error)).toBe(true);
    const failure = toHttpFailure(error, 'req-1');
    expect(failure.status).toBe(402);
    expect(failure.body).toStrictEqual({
      code: 'INSUFFICIENT_CREDITS',
      message: 'Insufficient credits: 5 tokens required, 3 available.',
      balance: 3,
      required: 5,
    });
  });
});
