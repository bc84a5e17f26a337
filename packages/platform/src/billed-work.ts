import type { billing } from '@talent/proto';
import { isDomainError } from './errors.js';
import type { AsyncClient } from './grpc-client.js';

type BillingClient = Pick<AsyncClient<billing.BillingServiceClient>, 'charge' | 'refund'>;

/** What a charge of synchronous work paid for: the unit of work charged, and its charge entry. */
export interface ChargedWork {
  ref: string;
  chargeId: string;
  /** An earlier attempt with the same key paid for this unit already (this call charged nothing). */
  replayed: boolean;
}

/** How many refunded attempts of one piece of work a retry steps over before it gives up. */
const MAX_REFUNDED_ATTEMPTS = 20;

/**
 * Charges `quantity` of `action` for one synchronous piece of work whose price is known before it runs, in one
 * billing call (Charge: debit and commit in one durable transaction). `ref` names the unit of work and
 * `idempotencyKey` the charge; both come from the client's Idempotency-Key when there is one, so a retry replays
 * the charge rather than paying twice. When the replayed charge was refunded since (an earlier attempt's work
 * failed after it paid), the work is not paid for any more: this attempt charges the next unit of a chain
 * (`ref:1`, `ref:2`, … under `key:1`, `key:2`, …), deterministic, so that concurrent retries still share one charge.
 * Fails with billing's INSUFFICIENT_CREDITS (the gateway's 402) before any work is done.
 */
export async function chargeWork(
  client: BillingClient,
  request: { workspaceId: string; action: string; quantity: number; ref: string; idempotencyKey: string },
): Promise<ChargedWork> {
  for (let attempt = 0; attempt <= MAX_REFUNDED_ATTEMPTS; attempt++) {
    const ref = attempt === 0 ? request.ref : `${request.ref}:${attempt}`;
    const charged = await client.charge({
      workspaceId: request.workspaceId,
      lines: [{ action: request.action, quantity: request.quantity, ref }],
      idempotencyKey: attempt === 0 ? request.idempotencyKey : `${request.idempotencyKey}:${attempt}`,
    });
    if (!charged.refunded) return { ref, chargeId: charged.chargeIds[0]!, replayed: charged.replayed };
  }
  throw new Error(`Work ${request.ref} was refunded ${MAX_REFUNDED_ATTEMPTS + 1} times; not charging it again.`);
}

const REFUND_ATTEMPTS = 3;

/**
 * Gives back the charge of work that failed after it paid: one refund entry, at most once per charge (billing
 * answers a second refund with the first). Billing being unreachable is retried briefly; when it stays down the
 * error is thrown for the caller to log: the charge then stands until a retry of the request (same key) finds it.
 */
export async function refundWork(
  client: BillingClient,
  request: { workspaceId: string; action: string; charged: ChargedWork; idempotencyKey: string },
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await client.refund({
        workspaceId: request.workspaceId,
        action: request.action,
        ref: request.charged.ref,
        idempotencyKey: request.idempotencyKey,
      });
      return;
    } catch (error) {
      if (isDomainError(error) || attempt >= REFUND_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}
