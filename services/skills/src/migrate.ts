import { migrate, runMain } from '@talent/platform';
import { migrationsDir } from './app.js';
import { loadSkillsEnv } from './env.js';

// `node dist/migrate.js`: applies the schema's migrations and exits (Kubernetes pre-install/upgrade Job).
runMain('skills-migrate', async () => {
  const env = loadSkillsEnv();
  const result = await migrate({ databaseUrl: env.DATABASE_URL, schema: env.DATABASE_SCHEMA, migrationsDir, log: console.log });
  console.log(`skills: ${result.applied.length} applied, ${result.alreadyApplied.length} already applied`);
});
