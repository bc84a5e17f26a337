import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

/** The advisory lock Prisma's migrate takes, so our runner and a real `prisma migrate deploy` exclude each other. */
const PRISMA_ADVISORY_LOCK = 72707369;

export interface MigrationResult {
  applied: string[];
  alreadyApplied: string[];
}

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

/** Reads `prisma/migrations/<timestamp>_<name>/migration.sql` in name order, as Prisma does. */
export function readMigrations(migrationsDir: string): Migration[] {
  if (!existsSync(migrationsDir)) return [];
  return readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(migrationsDir, entry.name, 'migration.sql')))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const raw = readFileSync(join(migrationsDir, name, 'migration.sql'));
      return { name, sql: raw.toString('utf8'), checksum: createHash('sha256').update(raw).digest('hex') };
    });
}

/**
 * Applies pending migrations into `schema`, recording them in `<schema>._prisma_migrations` exactly as
 * `prisma migrate deploy` would (the Prisma CLI cannot run its engine on these machines; TOOLCHAIN.md).
 * Each migration runs in its own transaction; an edited, already-applied migration stops the run.
 */
export async function migrate(options: {
  databaseUrl: string;
  schema: string;
  migrationsDir: string;
  log?: (message: string) => void;
}): Promise<MigrationResult> {
  const log = options.log ?? (() => undefined);
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  const schema = `"${options.schema.replaceAll('"', '""')}"`;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PRISMA_ADVISORY_LOCK]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(`SET search_path TO ${schema}`);
    await client.query(`CREATE TABLE IF NOT EXISTS ${schema}."_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL,
      "checksum" VARCHAR(64) NOT NULL,
      "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL,
      "logs" TEXT,
      "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0
    )`);
    const { rows } = await client.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
      `SELECT migration_name, checksum, finished_at FROM ${schema}."_prisma_migrations" WHERE rolled_back_at IS NULL`,
    );
    const done = new Map(rows.map((row) => [row.migration_name, row]));
    const result: MigrationResult = { applied: [], alreadyApplied: [] };
    for (const migration of readMigrations(options.migrationsDir)) {
      const previous = done.get(migration.name);
      if (previous) {
        if (!previous.finished_at) {
          throw new Error(`migration ${migration.name} failed earlier in schema ${options.schema}; resolve it first`);
        }
        if (previous.checksum !== migration.checksum) {
          throw new Error(`migration ${migration.name} was edited after it was applied to schema ${options.schema}`);
        }
        result.alreadyApplied.push(migration.name);
        continue;
      }
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await client.query(
          `INSERT INTO ${schema}."_prisma_migrations"
             (id, checksum, finished_at, migration_name, started_at, applied_steps_count)
           VALUES ($1, $2, now(), $3, now(), 1)`,
          [randomUUID(), migration.checksum, migration.name],
        );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${migration.name} failed in schema ${options.schema}: ${String(error)}`, { cause: error });
      }
      result.applied.push(migration.name);
      log(`applied migration ${migration.name}`);
    }
    return result;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [PRISMA_ADVISORY_LOCK]).catch(() => undefined);
    await client.end();
  }
}
