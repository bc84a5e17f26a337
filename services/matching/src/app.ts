import { bindService, startBackend, type RunningBackend } from '@talent/platform';
import { matching } from '@talent/proto';
import { fileURLToPath } from 'node:url';
import { createDb } from './db.js';
import type { MatchingEnv } from './env.js';

export const migrationsDir = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

/**
 * Starts the matching service. Its RPCs answer UNIMPLEMENTED until the domain issue that builds them lands;
 * the service already owns its schema, NATS connection, health and metrics.
 */
export function startMatching(env: MatchingEnv): Promise<RunningBackend> {
  return startBackend({
    name: 'matching',
    env,
    migrationsDir,
    async setup() {
      const db = createDb(env.DATABASE_URL, env.DATABASE_SCHEMA);
      await db.$queryRaw`SELECT 1`;
      return {
        services: [bindService<matching.MatchingServiceServer>('talent.matching.v1.MatchingService', matching.MatchingServiceService, {})],
        stop: () => db.$disconnect(),
      };
    },
  });
}
