// Proves, for every service with prisma/schema.prisma, that its migrations (applied by @talent/platform's migrate(),
// the runner production uses) build exactly the database schema.prisma describes: Prisma's wasm schema engine diffs
// the migrated live schema against the datamodel and must find nothing to do. Needs PostgreSQL on DATABASE_URL
// (default postgresql://postgres@127.0.0.1:5432/postgres) and a built packages/platform (dist).
import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import { migrate, readMigrations } from '../packages/platform/dist/index.js';
// @ts-expect-error -- the migrations tool is plain JavaScript (scripts/prisma-migrations.mjs), without type declarations
import * as migrationsTool from './prisma-migrations.mjs';

const {
  databaseUrl,
  diffDatabaseToDatamodel,
  dropSchema,
  openSchemaEngine,
  prismaServices,
  servicePaths,
  throwawaySchemaName,
} = migrationsTool;

const url: string = databaseUrl();
const services: string[] = prismaServices();

async function diffSchema(svc: string, schema: string): Promise<{ empty: boolean; sql: string }> {
  const { dir, schemaPath } = servicePaths(svc);
  const files = [{ path: schemaPath, content: readFileSync(schemaPath, 'utf8') }];
  const handle = await openSchemaEngine({ url, schema, serviceDir: dir, files });
  try {
    return await diffDatabaseToDatamodel(handle.engine, files, dir);
  } finally {
    await handle.close();
  }
}

describe('Prisma migrations agree with schema.prisma', () => {
  it('finds the services that own a Prisma schema', () => {
    expect(services).toContain('billing');
  });

  for (const svc of services) {
    it(`${svc}: the migrated database and schema.prisma agree`, async () => {
      const { migrationsDir } = servicePaths(svc);
      const expected = readMigrations(migrationsDir).map((m: { name: string }) => m.name);
      expect(expected.length, `${svc} has prisma/schema.prisma but no migrations`).toBeGreaterThan(0);

      const schema = `test_${throwawaySchemaName(svc)}`;
      try {
        const result = await migrate({ databaseUrl: url, schema, migrationsDir });
        expect(result.applied).toEqual(expected);
        const diff = await diffSchema(svc, schema);
        expect(diff.empty, `SQL still needed to reach ${svc}'s schema.prisma:\n${diff.sql}`).toBe(true);
      } finally {
        await dropSchema(url, schema);
      }
    });

    it(`${svc}: the comparison reads the live schema (an unmigrated schema does not agree)`, async () => {
      const schema = `test_${throwawaySchemaName(svc)}`;
      try {
        // The runner with no migrations: the schema holds only _prisma_migrations.
        await migrate({ databaseUrl: url, schema, migrationsDir: `${servicePaths(svc).migrationsDir}/__none__` });
        const diff = await diffSchema(svc, schema);
        expect(diff.empty).toBe(false);
        expect(diff.sql).toMatch(/CREATE TABLE/);
        expect(diff.sql).not.toContain(schema);
      } finally {
        await dropSchema(url, schema);
      }
    });
  }
});
