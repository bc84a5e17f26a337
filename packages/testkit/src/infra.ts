import { connectNats, jetStreamHandles, type BackendName, type RunningBackend } from '@talent/platform';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Tests use the machine's real PostgreSQL and NATS (DATABASE_URL / NATS_URL, defaulting to the local
 * servers) and isolate by unique schema and namespace names, never by mocks.
 */
export const testDatabaseUrl = (): string => process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
export const testNatsUrl = (): string => process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

/** A lowercase identifier unique to this run, usable as a schema name or NATS namespace. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`.toLowerCase();
}

export async function dropSchema(schema: string, databaseUrl = testDatabaseUrl()): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema.replaceAll('"', '""')}" CASCADE`);
  } finally {
    await client.end();
  }
}

/**
 * Deletes the JetStream streams of a test namespace (`natsNames(namespace)` prefixes them with its upper-cased
 * form), e.g. the documents stream that billing's refund consumer creates at boot.
 */
export async function dropNatsNamespace(namespace: string, natsUrl = testNatsUrl()): Promise<void> {
  if (!namespace) return;
  const prefix = `${namespace.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_`;
  const nc = await connectNats(natsUrl, 'testkit-cleanup');
  try {
    const { jsm } = await jetStreamHandles(nc);
    const names: string[] = [];
    for await (const stream of jsm.streams.list()) if (stream.config.name.startsWith(prefix)) names.push(stream.config.name);
    for (const name of names) await jsm.streams.delete(name);
  } finally {
    await nc.close();
  }
}

/** Environment for a backend service started in-process on ephemeral ports inside a fresh schema. */
export function backendTestEnv(service: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: testDatabaseUrl(),
    DATABASE_SCHEMA: uniqueName(`t_${service}`),
    NATS_URL: testNatsUrl(),
    NATS_NAMESPACE: uniqueName('t'),
    GRPC_PORT: '0',
    METRICS_PORT: '0',
    SHUTDOWN_GRACE_MS: '2000',
    ...extra,
  };
}

export interface TestBackend<E, R extends RunningBackend> {
  env: E;
  service: R;
  /** `127.0.0.1:<port>` of its gRPC listener. */
  address: string;
  /** Stops the service and drops its schema and NATS namespace. */
  stop(): Promise<void>;
}

/** Starts a backend in-process (its app.ts `start…` and env.ts `load…Env`) in a fresh schema and namespace. */
export async function startTestBackend<E extends { DATABASE_SCHEMA: string; NATS_NAMESPACE: string }, R extends RunningBackend>(
  service: BackendName,
  loadEnv: (source: NodeJS.ProcessEnv) => E,
  start: (env: E) => Promise<R>,
  extra: Record<string, string> = {},
): Promise<TestBackend<E, R>> {
  const env = loadEnv(backendTestEnv(service, extra));
  const running = await start(env);
  return {
    env,
    service: running,
    address: `127.0.0.1:${running.grpcPort}`,
    async stop() {
      await running.stop();
      await dropSchema(env.DATABASE_SCHEMA);
      await dropNatsNamespace(env.NATS_NAMESPACE);
    },
  };
}

