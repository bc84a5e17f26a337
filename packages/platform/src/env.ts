import { z } from 'zod';
import { localAddress, peerAddressVariable, serviceSpec, type BackendName, type PeerOf, type ServiceName } from './services.js';

/** Thrown when the environment does not satisfy a service's schema; names every offending variable. */
export class EnvError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid environment:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/**
 * Parses `source` (process.env by default) with a service's zod schema.
 * Each service calls this once from its own env.ts; nothing else reads process.env.
 */
export function loadEnv<S extends z.ZodType>(schema: S, source: NodeJS.ProcessEnv = process.env): z.output<S> {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  throw new EnvError(
    result.error.issues.map((issue) => {
      const name = issue.path.join('.') || '(root)';
      const value = issue.path.length === 1 ? source[String(issue.path[0])] : undefined;
      return value === undefined ? `${name}: ${issue.message} (not set)` : `${name}: ${issue.message}`;
    }),
  );
}

const port = z.coerce.number().int().min(0).max(65535);
const logLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/** Variables every process of the platform understands. */
export const baseEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: logLevel.default('info'),
  METRICS_PORT: port.default(9464),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().positive().default(10_000),
  NATS_URL: z.string().min(1).default('nats://127.0.0.1:4222'),
  /** Prefix of every subject and stream (`natsNames` in @talent/events): stacks sharing one NATS never meet. */
  NATS_NAMESPACE: z
    .string()
    .regex(/^[A-Za-z0-9_-]*$/, 'letters, digits, _ and - only (it becomes a subject token and part of stream names)')
    .default(''),
});

/** `host:port` of a peer service, e.g. `BILLING_SERVICE_ADDR=billing:50051`. */
export const peerAddress = z.string().regex(/^[^:\s]+:\d+$/, 'must be host:port');

export type PeerEnvShape<N extends ServiceName> = {
  [P in PeerOf<N> as `${Uppercase<P>}_SERVICE_ADDR`]: z.ZodDefault<typeof peerAddress>;
};

/** `<PEER>_SERVICE_ADDR` of each peer SERVICES gives the service, defaulting to the peer in the local stack. */
export function peerEnv<N extends ServiceName>(serviceName: N): PeerEnvShape<N> {
  const peers = serviceSpec(serviceName).peers as readonly BackendName[];
  return Object.fromEntries(peers.map((peer) => [peerAddressVariable(peer), peerAddress.default(localAddress(peer))])) as PeerEnvShape<N>;
}

function backendVariables(serviceName: string) {
  return {
    GRPC_PORT: port.default(50051),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }),
    DATABASE_SCHEMA: z
      .string()
      .regex(/^[a-z_][a-z0-9_]*$/, 'must be a lowercase SQL identifier')
      .default(serviceName),
    /** Connections of the service's pool (`createDatabase`); opened on demand. */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  };
}

/** Variables of a backend service that owns a PostgreSQL schema and serves gRPC, its peers' addresses included. */
export function backendEnv<N extends BackendName>(serviceName: N) {
  return baseEnv.extend({ ...backendVariables(serviceName), ...peerEnv(serviceName) });
}

/** What every backend's env has, whichever its peers. */
export type BackendEnv = z.output<typeof baseEnv> & { [K in keyof BackendVariables]: z.output<BackendVariables[K]> };
type BackendVariables = ReturnType<typeof backendVariables>;
