import { runMigrateMain } from '@talent/platform';
import { migrationsDir } from './app.js';
import { loadDocumentsEnv } from './env.js';

// `node dist/migrate.js`: the Kubernetes migration Job.
runMigrateMain('documents', loadDocumentsEnv, migrationsDir);
