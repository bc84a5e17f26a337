import { PrismaPg } from '@prisma/adapter-pg';
import { createServiceDatabase, type Database as ServiceDatabase } from '@talent/platform';
import { PrismaClient } from './generated/prisma/client.js';

export type Db = PrismaClient;
export type Database = ServiceDatabase<Db>;

/** The documents schema's connections (Prisma, and the pool the outbox relay uses); every table lives in `schema`. */
export function createDatabase(databaseUrl: string, schema: string, poolSize?: number): Database {
  return createServiceDatabase(
    databaseUrl,
    schema,
    poolSize,
    (pool) => new PrismaClient({ adapter: new PrismaPg(pool, { schema }) }),
  );
}
