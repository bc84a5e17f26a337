import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/prisma/client.js';

export type Db = PrismaClient;

/** The billing schema's Prisma client; every table lives in `schema` (DATABASE_SCHEMA). */
export function createDb(databaseUrl: string, schema: string): Db {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl }, { schema }) });
}
