import { bindService, startBackend, type RunningBackend } from '@talent/platform';
import { sourcing } from '@talent/proto';
import { fileURLToPath } from 'node:url';
import { createDb } from './db.js';
import type { SourcingEnv } from './env.js';

export const migrationsDir = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

/**
 * Starts the sourcing service. Its RPCs answer UNIMPLEMENTED until the domain issue that builds them lands;
 * the service already owns its schema, NATS connection, health and metrics.
 */
export function startSourcing(env: SourcingEnv): Promise<RunningBackend> {
  return startBackend({
    name: 'sourcing',
    env,
    migrationsDir,
    async setup() {
      const db = createDb(env.DATABASE_URL, env.DATABASE_SCHEMA);
      await db.$queryRaw`SELECT 1`;
      return {
        services: [bindService<sourcing.SourcingServiceServer>('talent.sourcing.v1.SourcingService', sourcing.SourcingServiceService, {})],
        stop: () => db.$disconnect(),
      };
    },
  });
}
