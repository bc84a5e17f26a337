import { natsNames } from '@talent/events';
import { startBackend, type RunningBackend } from '@talent/platform';
import { fileURLToPath } from 'node:url';
import { WorkspaceAccess } from './access/workspaces.js';
import { createDatabase } from './db.js';
import type { BillingEnv } from './env.js';
import { systemClock, type Clock } from './ledger/clock.js';
import { ExpiryTimer } from './ledger/expiry-timer.js';
import { Ledger } from './ledger/ledger.js';
import { PriceList } from './prices/price-list.js';
import { TaskFailureRefunds } from './refunds/task-failure-refunds.js';
import { billingGrpcService } from './server.js';

export const migrationsDir = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

export interface RunningBilling extends RunningBackend {
  /** Runs one expiry pass now (tests use it instead of waiting for the timer). */
  settleDue(): Promise<number>;
}

/** Starts the billing service; used by main.ts and by tests that run it in-process (optionally on a test clock). */
export async function startBilling(env: BillingEnv, options: { clock?: Clock } = {}): Promise<RunningBilling> {
  let expiry: ExpiryTimer | undefined;
  const running = await startBackend({
    name: 'billing',
    env,
    migrationsDir,
    async setup({ logger, nats, metrics }) {
      const database = createDatabase(env.DATABASE_URL, env.DATABASE_SCHEMA, env.DATABASE_POOL_SIZE);
      const ledger = new Ledger(database.pool, {
        clock: options.clock ?? systemClock,
        defaultTtlSeconds: env.BILLING_RESERVATION_TTL,
        maxTtlSeconds: env.BILLING_RESERVATION_MAX_TTL,
      });
      const access = new WorkspaceAccess(database.prisma, database.pool, ledger, {
        tokens: env.BILLING_TRIAL_TOKENS,
        expiresInSeconds: env.BILLING_TRIAL_EXPIRES_IN,
      });
      const refunds = new TaskFailureRefunds(nats, natsNames(env.NATS_NAMESPACE), ledger, logger, {
        maxDeliver: env.BILLING_REFUND_MAX_DELIVER,
        registry: metrics.registry,
      });
      expiry = new ExpiryTimer(ledger, env.BILLING_SWEEP_INTERVAL_MS, logger);
      try {
        await refunds.start();
      } catch (error) {
        await database.close();
        throw error;
      }
      expiry.start();
      return {
        services: [billingGrpcService({ database, access, ledger, prices: new PriceList(database.prisma, database.pool) })],
        async stop() {
          await refunds.stop();
          await expiry?.stop();
          await database.close();
        },
      };
    },
  });
  return { ...running, settleDue: () => expiry!.tick() };
}
