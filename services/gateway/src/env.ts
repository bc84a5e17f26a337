import { baseEnv, loadEnv, peerEnv } from '@talent/platform';
import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65535);

export const gatewayEnvSchema = baseEnv.extend({
  PORT: port.default(8080),
  ...peerEnv('gateway'),
  /** Requests per minute per workspace (authenticated) or per client IP (public paths). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /**
   * Requests per minute per client IP that no cached valid key vouches for (missing, malformed, unknown or not yet
   * looked-up keys): the budget of key guessing, spent before billing is asked.
   */
  RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: z.coerce.number().int().positive().default(60),
  /** Redis shared by the gateway replicas for rate limits (`redis://…`, `rediss://…`); empty: each replica's memory. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .or(z.literal(''))
    .default(''),
  /** Prefix of the gateway's Redis keys (several platforms, or test runs, may share one Redis). */
  REDIS_KEY_PREFIX: z.string().default('talent:'),
  /** Capped at 5 s so a revoked key stops working within 10 s (issue 2). */
  AUTH_CACHE_TTL_MS: z.coerce.number().int().min(0).max(5_000).default(5_000),
  /** Comma-separated origins allowed by CORS; empty disables CORS. `*` allows any origin. */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
  /** gRPC deadline of calls made on behalf of a REST request. */
  UPSTREAM_DEADLINE_MS: z.coerce.number().int().positive().default(5_000),
  /** `trust proxy` setting of Express: how many proxy hops to trust for the client IP (0 = none). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).default(0),
  /** gRPC deadline of the analyze calls (up to 100 texts or 60 MB of files to accept in one request). */
  ANALYZE_DEADLINE_MS: z.coerce.number().int().positive().default(60_000),
  /** How long `block: true` waits for every task to finish before answering with status PENDING. */
  ANALYZE_BLOCK_TIMEOUT_MS: z.coerce.number().int().min(0).max(300_000).default(30_000),
  /** Longest life of a `stream: true` event stream; it then ends with a `done` event whose status is PENDING. */
  ANALYZE_STREAM_TIMEOUT_MS: z.coerce.number().int().positive().max(3_600_000).default(600_000),
  /** Status polls of a waiting `block`/`stream` request, besides the task events (which can be missed). */
  TASK_POLL_INTERVAL_MS: z.coerce.number().int().positive().default(2_000),
});

export type GatewayEnv = z.output<typeof gatewayEnvSchema>;

export const loadGatewayEnv = (source: NodeJS.ProcessEnv = process.env): GatewayEnv => loadEnv(gatewayEnvSchema, source);
