import { runMigrateMain } from '@talent/platform';
import { migrationsDir } from './app.js';
import { loadSourcingEnv } from './env.js';

// `node dist/migrate.js`: the Kubernetes migration Job.
runMigrateMain('sourcing', loadSourcingEnv, migrationsDir);
