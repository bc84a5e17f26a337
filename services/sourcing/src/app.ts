import { createGrpcClient, createServiceDatabase, PollingLoop, startBackend, type RunningBackend } from '@talent/platform';
import { billing, documents } from '@talent/proto';
import { fileURLToPath } from 'node:url';
import { createDatabase } from './db.js';
import type { SourcingEnv } from './env.js';
import { Ingester } from './ingest/ingester.js';
import { createProvider } from './providers/index.js';
import { Searcher } from './search/searcher.js';
import { sourcingGrpcService } from './server.js';
import { SessionRepository } from './sessions/session-repository.js';

export const migrationsDir = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

const HOUR_MS = 3_600_000;
/** Idempotency-Key records of searches are kept as long as the gateway documents replays (24 h). */
const REPLAY_WINDOW_MS = 24 * HOUR_MS;

/**
 * Starts the sourcing service: the configured provider (or the setting it lacks, answered as 503), search
 * sessions with their bought windows, ingest into CV tasks, and a timer that drops expired sessions.
 */
export function startSourcing(env: SourcingEnv): Promise<RunningBackend> {
  return startBackend({
    name: 'sourcing',
    env,
    migrationsDir,
    async setup({ logger }) {
      const provider = await createProvider(env, logger);
      if ('missingSetting' in provider) logger.warn({ setting: provider.missingSetting }, 'no sourcing provider configured: searches answer 503');
      else logger.info({ provider: provider.provider.name }, 'sourcing provider ready');
      const database = createDatabase(env.DATABASE_URL, env.DATABASE_SCHEMA, env.DATABASE_POOL_SIZE);
      const peers = {
        billing: createGrpcClient(billing.BillingServiceClient, env.BILLING_SERVICE_ADDR),
        documents: createGrpcClient(documents.DocumentsServiceClient, env.DOCUMENTS_SERVICE_ADDR),
      };
      // Session locks on connections of their own (see SessionRepository): opened on demand, as many as the main pool.
      const locks = createServiceDatabase(env.DATABASE_URL, env.DATABASE_SCHEMA, env.DATABASE_POOL_SIZE);
      const sessions = new SessionRepository(database.prisma, locks.pool);
      const searcher = new Searcher({ sessions, billing: peers.billing, provider, logger, sessionTtlMs: env.SOURCING_SESSION_TTL_HOURS * HOUR_MS });
      const ingester = new Ingester({ sessions, documents: peers.documents });
      const pruner = new PollingLoop({
        name: 'expired-session prune',
        intervalMs: 10 * 60_000,
        logger,
        tick: async () => {
          const dropped = await sessions.prune(new Date(), REPLAY_WINDOW_MS);
          if (dropped > 0) logger.info({ sessions: dropped }, 'expired sourcing sessions dropped');
        },
      });
      pruner.start();
      return {
        services: [sourcingGrpcService(searcher, ingester)],
        async stop() {
          await pruner.stop();
          for (const client of Object.values(peers)) client.close();
          if ('provider' in provider) await provider.provider.close?.();
          await locks.close();
          await database.close();
        },
      };
    },
  });
}
