import { startBackend, type RunningBackend } from '@talent/platform';
import { fileURLToPath } from 'node:url';
import { createDatabase } from './db.js';
import type { MatchingEnv } from './env.js';
import { matchingGrpcService } from './server.js';

export const migrationsDir = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

/**
 * Starts the matching service. It owns its schema, NATS connection, health and metrics; its RPCs answer
 * NOT_CONFIGURED ("not available yet") until the issue that builds its domain lands.
 */
export function startMatching(env: MatchingEnv): Promise<RunningBackend> {
  return startBackend({
    name: 'matching',
    env,
    migrationsDir,
    async setup() {
      const database = createDatabase(env.DATABASE_URL, env.DATABASE_SCHEMA, env.DATABASE_POOL_SIZE);
      return { services: [matchingGrpcService()], stop: () => database.close() };
    },
  });
}
