import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { dropSchema, testDatabaseUrl, uniqueName } from '../../testkit/src/infra.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/migrate.js';

function migrationsDir(migrations: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
  for (const [name, sql] of Object.entries(migrations)) {
    mkdirSync(join(dir, name));
    writeFileSync(join(dir, name, 'migration.sql'), sql);
  }
  return dir;
}

describe('migrate (Prisma-compatible runner) on real PostgreSQL', () => {
  const schema = uniqueName('t_migrate');
  const db = new pg.Client({ connectionString: testDatabaseUrl() });
  beforeAll(() => db.connect());
  afterAll(async () => {
    await db.end();
    await dropSchema(schema);
  });

  const first = 'CREATE TABLE "things" ("id" INTEGER PRIMARY KEY);\n';
  const second = 'ALTER TABLE "things" ADD COLUMN "name" TEXT;\n';

  it('applies pending migrations into the schema and records them as Prisma does', async () => {
    const dir = migrationsDir({ '20260101000000_init': first, '20260102000000_name': second });
    const result = await migrate({ databaseUrl: testDatabaseUrl(), schema, migrationsDir: dir });
    expect(result.applied).toEqual(['20260101000000_init', '20260102000000_name']);
    const { rows } = await db.query(
      `SELECT migration_name, checksum, finished_at, applied_steps_count, rolled_back_at FROM "${schema}"."_prisma_migrations" ORDER BY migration_name`,
    );
    expect(rows).toHaveLength(2);
    expect(rows[0].checksum).toBe(createHash('sha256').update(first).digest('hex'));
    expect(rows[0].finished_at).toBeInstanceOf(Date);
    expect(rows[0].applied_steps_count).toBe(1);
    expect(rows[0].rolled_back_at).toBeNull();
    const columns = await db.query(`SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'things'`, [schema]);
    expect(columns.rows.map((r) => r.column_name).sort()).toEqual(['id', 'name']);

    const again = await migrate({ databaseUrl: testDatabaseUrl(), schema, migrationsDir: dir });
    expect(again).toEqual({ applied: [], alreadyApplied: ['20260101000000_init', '20260102000000_name'] });
  });

  it('refuses to continue when an applied migration was edited', async () => {
    const dir = migrationsDir({ '20260101000000_init': first + '-- edited\n', '20260102000000_name': second });
    await expect(migrate({ databaseUrl: testDatabaseUrl(), schema, migrationsDir: dir })).rejects.toThrow(/edited after it was applied/);
  });

  it('rolls a failing migration back completely and records nothing for it', async () => {
    const dir = migrationsDir({
      '20260101000000_init': first,
      '20260102000000_name': second,
      '20260103000000_broken': 'CREATE TABLE "half" ("id" INTEGER);\nSELECT * FROM "missing_table";\n',
    });
    await expect(migrate({ databaseUrl: testDatabaseUrl(), schema, migrationsDir: dir })).rejects.toThrow(/20260103000000_broken failed/);
    const half = await db.query(`SELECT 1 FROM information_schema.tables WHERE table_schema = $1 AND table_name = 'half'`, [schema]);
    expect(half.rowCount).toBe(0);
    const recorded = await db.query(`SELECT 1 FROM "${schema}"."_prisma_migrations" WHERE migration_name = '20260103000000_broken'`);
    expect(recorded.rowCount).toBe(0);
  });

  it('lets concurrent runners apply each migration exactly once', async () => {
    const concurrent = uniqueName('t_migrate_c');
    const dir = migrationsDir({ '20260101000000_init': first });
    try {
      const results = await Promise.all([1, 2, 3].map(() => migrate({ databaseUrl: testDatabaseUrl(), schema: concurrent, migrationsDir: dir })));
      expect(results.map((r) => r.applied.length).sort()).toEqual([0, 0, 1]);
    } finally {
      await dropSchema(concurrent);
    }
  });
});
