import { runMigrateMain } from '@talent/platform';
import { migrationsDir } from './app.js';
import { loadMatchingEnv } from './env.js';

// `node dist/migrate.js`: the Kubernetes migration Job.
runMigrateMain('matching', loadMatchingEnv, migrationsDir);
