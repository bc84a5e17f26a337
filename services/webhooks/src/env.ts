import { backendEnv, loadEnv } from '@talent/platform';
import { z } from 'zod';

/** A 32-byte AES key, given as base64 (`openssl rand -base64 32`). */
const secretKey = z
  .string()
  .transform((value, ctx) => {
    const key = Buffer.from(value, 'base64');
    if (key.length !== 32) {
      ctx.addIssue({ code: 'custom', message: 'must be 32 bytes in base64 (openssl rand -base64 32)' });
      return z.NEVER;
    }
    return key;
  })
  .optional();

export const webhooksEnvSchema = backendEnv('webhooks').extend({
  /**
   * Development mode: endpoints may use plain `http` to a loopback host and may resolve to loopback or private
   * addresses. Off (production): `https` only, and every address a URL resolves to must be public.
   */
  WEBHOOKS_DEVELOPMENT: z.stringbool().default(false),
  /** Seals the endpoints' signing secrets at rest (AES-256-GCM). Unset: they are stored as they are (development). */
  WEBHOOKS_SECRET_KEY: secretKey,
  /** One attempt's limit: connecting, sending and reading the status. */
  WEBHOOKS_TIMEOUT_MS: z.coerce.number().int().min(10).max(60_000).default(10_000),
  /** Retry delays: first delay, doubling up to the cap, each with full jitter over its upper half. */
  WEBHOOKS_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(10_000),
  WEBHOOKS_RETRY_MAX_MS: z.coerce.number().int().min(1).max(86_400_000).default(3_600_000),
  /** How long a delivery is retried before it is dead-lettered (at least 24 hours in production). */
  WEBHOOKS_RETRY_WINDOW_MS: z.coerce.number().int().min(1).max(30 * 86_400_000).default(25 * 3_600_000),
  /** Attempts in flight at once per replica. */
  WEBHOOKS_CONCURRENCY: z.coerce.number().int().min(1).max(512).default(32),
  /** How long delivered and dead deliveries stay listed before they are deleted. */
  WEBHOOKS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** How often due retries are looked for (new events wake the sender at once). */
  WEBHOOKS_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(500),
});

export type WebhooksEnv = z.output<typeof webhooksEnvSchema>;

export const loadWebhooksEnv = (source: NodeJS.ProcessEnv = process.env): WebhooksEnv => loadEnv(webhooksEnvSchema, source);
