import { runMigrateMain } from '@talent/platform';
import { migrationsDir } from './app.js';
import { loadBillingEnv } from './env.js';

// `node dist/migrate.js`: the Kubernetes migration Job.
runMigrateMain('billing', loadBillingEnv, migrationsDir);
