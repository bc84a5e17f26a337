import { backendEnv, baseEnv, loadEnv, localAddress, peerAddress } from '@talent/platform';
import { z } from 'zod';
import { parseDurationSeconds } from './ledger/durations.js';

const duration = z.string().transform((value, ctx) => {
  try {
    return parseDurationSeconds(value);
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: (error as Error).message });
    return z.NEVER;
  }
});

export const billingEnvSchema = backendEnv('billing').extend({
  /** Tokens every new workspace receives once (0: no trial grant), and how long they last (`0`: forever). */
  BILLING_TRIAL_TOKENS: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
  BILLING_TRIAL_EXPIRES_IN: duration.default(30 * 86_400),
  /** Lifetime of a reservation when the caller does not ask for one, and the longest a caller may ask for. */
  BILLING_RESERVATION_TTL: duration.default(15 * 60),
  BILLING_RESERVATION_MAX_TTL: duration.default(24 * 3600),
  /** How often the expiry timer settles due reservations and grants. */
  BILLING_SWEEP_INTERVAL_MS: z.coerce.number().int().min(50).max(3_600_000).default(5_000),
  /** Attempts at refunding a failed task's charges before its event is dead-lettered (backoff up to 5 min). */
  BILLING_REFUND_MAX_DELIVER: z.coerce.number().int().min(1).max(1000).default(50),
});

export type BillingEnv = z.output<typeof billingEnvSchema>;

export const loadBillingEnv = (source: NodeJS.ProcessEnv = process.env): BillingEnv => loadEnv(billingEnvSchema, source);

/** talentctl's groups owned by billing (src/cli.ts): a client of the service, by default the local stack's. */
export const talentctlEnvSchema = z.object({ BILLING_SERVICE_ADDR: peerAddress.default(localAddress('billing')) });

export const loadTalentctlEnv = (source: NodeJS.ProcessEnv = process.env) => loadEnv(talentctlEnvSchema, source);

/** `talentctl dead-letters` reads the platform's dead-letter stream on NATS (the local stack's by default). */
export const deadLettersEnvSchema = baseEnv.pick({ NATS_URL: true, NATS_NAMESPACE: true });

export const loadDeadLettersEnv = (source: NodeJS.ProcessEnv = process.env) => loadEnv(deadLettersEnvSchema, source);
