import { PrismaPg } from '@prisma/adapter-pg';
import { createServiceDatabase, type Database as ServiceDatabase } from '@talent/platform';
import { PrismaClient } from './generated/prisma/client.js';

export type Db = PrismaClient;

/** Prisma for the ordinary reads and writes; `pool`, the same connections, for the ledger's PL/pgSQL functions. */
export type Database = ServiceDatabase<Db>;

/** The billing schema's connections: every table and ledger function lives in `schema` (DATABASE_SCHEMA). */
export function createDatabase(databaseUrl: string, schema: string, poolSize?: number): Database {
  return createServiceDatabase(databaseUrl, schema, poolSize, (pool) => new PrismaClient({ adapter: new PrismaPg(pool, { schema }) }));
}
