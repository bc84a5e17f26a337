import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from './generated/prisma/client.js';

export type Db = PrismaClient;

/** The skills schema's Prisma client; every table lives in `schema` (DATABASE_SCHEMA). */
export function createDb(databaseUrl: string, schema: string): Db {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl }, { schema }) });
}

/** A plain pg pool on the same schema, for the bulk reads and writes of whole taxonomies. */
export function createPool(databaseUrl: string, schema: string): pg.Pool {
  return new pg.Pool({ connectionString: databaseUrl, max: 2, options: `-c search_path="${schema}"` });
}
