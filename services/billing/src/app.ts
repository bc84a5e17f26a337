import { startBackend, type RunningBackend } from '@talent/platform';
import { fileURLToPath } from 'node:url';
import { WorkspaceAccess } from './access/workspaces.js';
import { createDb } from './db.js';
import type { BillingEnv } from './env.js';
import { billingGrpcService } from './server.js';

export const migrationsDir = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

/** Starts the billing service; used by main.ts and by tests that run it in-process. */
export function startBilling(env: BillingEnv): Promise<RunningBackend> {
  return startBackend({
    name: 'billing',
    env,
    migrationsDir,
    async setup() {
      const db = createDb(env.DATABASE_URL, env.DATABASE_SCHEMA);
      return {
        services: [billingGrpcService(new WorkspaceAccess(db))],
        stop: () => db.$disconnect(),
      };
    },
  });
}
