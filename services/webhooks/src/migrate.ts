import { runMigrateMain } from '@talent/platform';
import { migrationsDir } from './app.js';
import { loadWebhooksEnv } from './env.js';

// `node dist/migrate.js`: the Kubernetes migration Job.
runMigrateMain('webhooks', loadWebhooksEnv, migrationsDir);
