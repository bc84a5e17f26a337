import { PrismaPg } from '@prisma/adapter-pg';
import { createServiceDatabase, type Database as ServiceDatabase } from '@talent/platform';
import { PrismaClient } from './generated/prisma/client.js';

export type Db = PrismaClient;
export type Database = ServiceDatabase<Db>;

/** The webhooks schema's connections (Prisma and a pg pool for raw SQL); every table lives in `schema` (DATABASE_SCHEMA). */
export function createDatabase(databaseUrl: string, schema: string, poolSize?: number): Database {
  return createServiceDatabase(databaseUrl, schema, poolSize, (pool) => new PrismaClient({ adapter: new PrismaPg(pool, { schema }) }));
}
