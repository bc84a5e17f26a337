import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from './generated/prisma/client.js';

export type Db = PrismaClient;

export interface Database {
  /** Prisma for the ordinary reads and writes. */
  prisma: Db;
  /** The same connections, for the ledger's PL/pgSQL functions (one round trip each). */
  pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * The billing schema's connections. Every table and ledger function lives in `schema` (DATABASE_SCHEMA); the
 * pool's search_path points there so raw SQL can stay unqualified, as in the migrations.
 */
export function createDatabase(databaseUrl: string, schema: string, poolSize = 10): Database {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolSize,
    options: `-c search_path="${schema.replaceAll('"', '""')}"`,
  });
  // An idle connection dropped by the server must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool, { schema }) });
  return {
    prisma,
    pool,
    async close() {
      await prisma.$disconnect();
      await pool.end().catch(() => undefined);
    },
  };
}
