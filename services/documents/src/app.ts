import { bindService, startBackend, type RunningBackend } from '@talent/platform';
import { documents } from '@talent/proto';
import { fileURLToPath } from 'node:url';
import { createDb } from './db.js';
import type { DocumentsEnv } from './env.js';

export const migrationsDir = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

/**
 * Starts the documents service. Its RPCs answer UNIMPLEMENTED until the domain issue that builds them lands;
 * the service already owns its schema, NATS connection, health and metrics.
 */
export function startDocuments(env: DocumentsEnv): Promise<RunningBackend> {
  return startBackend({
    name: 'documents',
    env,
    migrationsDir,
    async setup() {
      const db = createDb(env.DATABASE_URL, env.DATABASE_SCHEMA);
      await db.$queryRaw`SELECT 1`;
      return {
        services: [bindService<documents.DocumentsServiceServer>('talent.documents.v1.DocumentsService', documents.DocumentsServiceService, {})],
        stop: () => db.$disconnect(),
      };
    },
  });
}
