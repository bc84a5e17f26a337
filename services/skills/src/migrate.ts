import { runMigrateMain } from '@talent/platform';
import { migrationsDir } from './app.js';
import { loadSkillsEnv } from './env.js';

// `node dist/migrate.js`: the Kubernetes migration Job.
runMigrateMain('skills', loadSkillsEnv, migrationsDir);
