import { dropSchema, testDatabaseUrl, uniqueName } from '@talent/testkit';
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../src/app.js';

// `node dist/migrate.js` is the command of the chart's migration Job; run the same entry point from source.
const entry = fileURLToPath(new URL('../src/migrate.ts', import.meta.url));
const runMigrate = (env: NodeJS.ProcessEnv) =>
  spawnSync(process.execPath, ['--import', 'tsx', entry], { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8' });

describe('billing migrate entry point (the migration Job)', () => {
  const schema = uniqueName('t_billing_migrate');
  afterAll(() => dropSchema(schema));

  it('applies the migrations, then finds nothing to do, exiting 0 both times', () => {
    const count = readdirSync(migrationsDir, { withFileTypes: true }).filter((e) => e.isDirectory()).length;
    const first = runMigrate({ DATABASE_URL: testDatabaseUrl(), DATABASE_SCHEMA: schema });
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain(`billing: ${count} applied, 0 already applied`);
    const second = runMigrate({ DATABASE_URL: testDatabaseUrl(), DATABASE_SCHEMA: schema });
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).toContain(`billing: 0 applied, ${count} already applied`);
  });

  it('exits 1 with a message naming a missing variable', () => {
    const result = runMigrate({ DATABASE_SCHEMA: schema });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^billing-migrate: failed to start: Invalid environment:\n {2}- DATABASE_URL/);
  });
});
