import type { Server } from 'node:http';
import type { BackendEnv } from './env.js';
import { startGrpcServer, type GrpcServiceBinding, type RunningGrpcServer } from './grpc-server.js';
import { createLogger, type Logger } from './logger.js';
import { createMetrics, startMetricsServer, type Metrics } from './metrics.js';
import { migrate } from './migrate.js';
import { connectNats, jetStreamClient, type JetStreamClient, type NatsConnection } from './nats.js';

export type { BackendEnv };

export interface BackendContext<E extends BackendEnv> {
  env: E;
  logger: Logger;
  metrics: Metrics;
  nats: NatsConnection;
  /** JetStream on `nats`, e.g. for an OutboxRelay (docs/adding-a-service.md). */
  js: JetStreamClient;
}

export interface BackendParts {
  services: GrpcServiceBinding[];
  /**
   * Stops consumers, timers and the outbox relay, then closes pools; runs after the gRPC server has drained
   * and before NATS is drained.
   */
  stop?: () => Promise<void>;
}

export interface RunningBackend {
  grpcPort: number;
  metricsPort: number;
  logger: Logger;
  /** Graceful stop: health NOT_SERVING, drain RPCs, stop consumers, drain NATS. Idempotent. */
  stop(): Promise<void>;
}

/**
 * Boots a backend service the same way everywhere: migrate its schema, connect NATS, build the domain
 * (`setup`), serve gRPC with grpc.health.v1 and Prometheus metrics, and stop cleanly.
 */
export async function startBackend<E extends BackendEnv>(options: {
  name: string;
  env: E;
  migrationsDir: string;
  setup: (context: BackendContext<E>) => Promise<BackendParts>;
  logger?: Logger;
}): Promise<RunningBackend> {
  const { env, name } = options;
  const logger = options.logger ?? createLogger(name, env.LOG_LEVEL);
  const metrics = createMetrics(name);

  const migration = await migrate({
    databaseUrl: env.DATABASE_URL,
    schema: env.DATABASE_SCHEMA,
    migrationsDir: options.migrationsDir,
    log: (message) => logger.info(message),
  });
  logger.info({ applied: migration.applied.length, up_to_date: migration.alreadyApplied.length }, 'schema migrated');

  const nats = await connectNats(env.NATS_URL, name);
  let parts: BackendParts;
  let grpc: RunningGrpcServer;
  let metricsServer: Server;
  try {
    parts = await options.setup({ env, logger, metrics, nats, js: jetStreamClient(nats) });
    grpc = await startGrpcServer({ port: env.GRPC_PORT, services: parts.services, logger, metrics });
    metricsServer = await startMetricsServer(metrics.registry, env.METRICS_PORT);
  } catch (error) {
    await nats.close();
    throw error;
  }
  const metricsAddress = metricsServer.address();
  const metricsPort = typeof metricsAddress === 'object' && metricsAddress ? metricsAddress.port : env.METRICS_PORT;
  logger.info({ grpc_port: grpc.port, metrics_port: metricsPort }, `${name} ready`);
  announceReady({ port: grpc.port, metricsPort });

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      logger.info('shutting down');
      await grpc.shutdown(env.SHUTDOWN_GRACE_MS);
      await parts.stop?.();
      await nats.drain().catch(() => nats.close());
      await new Promise<void>((resolve) => metricsServer.close(() => resolve()));
      logger.info('stopped');
    })());
  return { grpcPort: grpc.port, metricsPort, logger, stop };
}

/** What a service process tells its supervisor once it serves (see announceReady). */
export interface ReadyAnnouncement {
  type: 'talent:ready';
  /** The main listener: gRPC for a backend, HTTP for the gateway. */
  port: number;
  metricsPort: number;
}

let entryPoint = false;

/**
 * Tells the supervising process (the test/bench/local stack, which spawns services with an IPC channel) the
 * ports the service bound. A message, not a log line: it arrives whatever LOG_LEVEL says, and services can
 * bind port 0 with no pick-then-bind race. Only a process started through `runMain` announces, so a service
 * started in-process by a test never writes into its test runner's own channel.
 */
export function announceReady(ports: { port: number; metricsPort: number }): void {
  if (!entryPoint || !process.send) return;
  const message: ReadyAnnouncement = { type: 'talent:ready', ...ports };
  process.send(message);
}

/** Runs `stop` on SIGTERM/SIGINT and exits; a second signal exits at once. */
export function exitOnSignals(stop: () => Promise<void>, logger: Logger): void {
  let signalled = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) process.exit(1);
    signalled = true;
    logger.info({ signal }, 'signal received');
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

/** Entry-point wrapper: an EnvError or boot failure prints one clear message and exits non-zero. */
export function runMain(name: string, main: () => Promise<void>): void {
  entryPoint = true;
  main().catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${name}: failed to start: ${message}\n`);
    process.exit(1);
  });
}

/**
 * The whole of a backend's `src/migrate.ts` (`node dist/migrate.js`, the Kubernetes pre-install/pre-upgrade Job):
 * applies the service's migrations to its schema and exits, non-zero on failure.
 */
export function runMigrateMain(
  name: string,
  loadEnv: () => Pick<BackendEnv, 'DATABASE_URL' | 'DATABASE_SCHEMA'>,
  migrationsDir: string,
): void {
  runMain(`${name}-migrate`, async () => {
    const env = loadEnv();
    const result = await migrate({ databaseUrl: env.DATABASE_URL, schema: env.DATABASE_SCHEMA, migrationsDir, log: console.log });
    console.log(`${name}: ${result.applied.length} applied, ${result.alreadyApplied.length} already applied`);
  });
}
