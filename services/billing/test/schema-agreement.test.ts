import { PrismaPg } from '@prisma/adapter-pg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import { migrate } from '@talent/platform';
import { dropSchema, testDatabaseUrl, uniqueName } from '@talent/testkit';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../src/app.js';

const schemaFile = new URL('../prisma/schema.prisma', import.meta.url);

/** Prisma's own DDL for schema.prisma (the offline wasm schema engine: `migrate diff --from-empty`). */
async function prismaDdl(datamodel: string): Promise<string> {
  const require = createRequire(import.meta.url);
  const bindings = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
  const bg = (await import(bindings)) as typeof import('@prisma/schema-engine-wasm/schema_engine_bg') & {
    __wbg_set_wasm(exports: Record<string, unknown>): void;
  };
  // WebAssembly's types come with the DOM lib, which this project does not load.
  const { WebAssembly: wasm } = globalThis as unknown as {
    WebAssembly: { instantiate(bytes: Buffer, imports: object): Promise<{ instance: { exports: Record<string, unknown> } }> };
  };
  const { instance } = await wasm.instantiate(readFileSync(join(dirname(bindings), 'schema_engine_bg.wasm')), {
    './schema_engine_bg.js': bg,
  });
  bg.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaPg({ connectionString: testDatabaseUrl() }));
  const engine = await bg.SchemaEngine.new({ datamodels: undefined }, () => undefined, adapter);
  const diff = await engine.diff({
    from: { tag: 'empty' },
    to: { tag: 'schemaDatamodel', files: [{ path: 'schema.prisma', content: datamodel }] },
    script: true,
    exitCode: null,
    filters: { externalTables: [], externalEnums: [] },
  });
  return (diff.stdout ?? '').replace(/CREATE SCHEMA IF NOT EXISTS "public";/g, '');
}

/** What schema.prisma describes of a schema: tables, columns, indexes, foreign keys, enums (not CHECKs or triggers). */
async function describeSchema(client: pg.Client, schema: string): Promise<Record<string, string[]>> {
  const query = async (sql: string) => (await client.query<{ d: string }>(sql, [schema])).rows.map((r) => r.d).sort();
  return {
    columns: await query(`SELECT table_name || '.' || column_name || ' ' || format_type(a.atttypid, a.atttypmod) || ' '
                                 || is_nullable || ' ' || coalesce(regexp_replace(column_default, '"[^"]+"\\.', '', 'g'), '') AS d
                            FROM information_schema.columns c
                            JOIN pg_attribute a ON a.attrelid = format('%I.%I', c.table_schema, c.table_name)::regclass
                                               AND a.attname = c.column_name
                           WHERE table_schema = $1 AND table_name <> '_prisma_migrations'`),
    indexes: await query(`SELECT replace(indexdef, ' ' || quote_ident($1) || '.', ' ') AS d FROM pg_indexes
                           WHERE schemaname = $1 AND tablename <> '_prisma_migrations'`),
    foreignKeys: await query(`SELECT conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) AS d
                                FROM pg_constraint WHERE contype = 'f' AND connamespace = $1::regnamespace`),
    enums: await query(`SELECT t.typname || ' ' || string_agg(e.enumlabel, ',' ORDER BY e.enumsortorder) AS d
                          FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid
                         WHERE t.typnamespace = $1::regnamespace GROUP BY t.typname`),
  };
}

describe('billing schema: migrations and schema.prisma agree', () => {
  const migrated = uniqueName('t_billing_migrated');
  const declared = uniqueName('t_billing_declared');
  afterAll(async () => {
    await dropSchema(migrated);
    await dropSchema(declared);
  });

  it('migrating gives exactly the tables, columns, indexes, keys and enums that schema.prisma declares', async () => {
    await migrate({ databaseUrl: testDatabaseUrl(), schema: migrated, migrationsDir });
    const ddl = await prismaDdl(readFileSync(schemaFile, 'utf8'));
    const client = new pg.Client({ connectionString: testDatabaseUrl() });
    await client.connect();
    try {
      await client.query(`CREATE SCHEMA "${declared}"`);
      await client.query(`SET search_path TO "${declared}"`);
      await client.query(ddl);
      // search_path-qualified names differ between the two schemas: compare them unqualified.
      const normalise = (d: Record<string, string[]>, schema: string) =>
        JSON.parse(JSON.stringify(d).replaceAll(`${schema}.`, '').replaceAll(`"${schema}".`, '')) as Record<string, string[]>;
      const fromMigrations = normalise(await describeSchema(client, migrated), migrated);
      const fromSchema = normalise(await describeSchema(client, declared), declared);
      expect(fromMigrations.columns?.length).toBeGreaterThan(40);
      expect(fromMigrations).toEqual(fromSchema);
    } finally {
      await client.end();
    }
  });
});
