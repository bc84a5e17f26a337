import pg from 'pg';

/** What the platform needs to know of a service's generated Prisma client. */
export interface PrismaLike {
  $disconnect(): Promise<void>;
}

/** A service's connections to its own schema. */
export interface SqlDatabase {
  /** search_path is the service's schema, so raw SQL stays unqualified, as in the migrations. */
  pool: pg.Pool;
  close(): Promise<void>;
}

export interface Database<P extends PrismaLike> extends SqlDatabase {
  /** Prisma for the ordinary reads and writes, over the same connections as `pool`. */
  prisma: P;
}

/**
 * The connections of a service's schema: one pg pool (search_path = `schema`) and, when `prisma` is given, the
 * service's Prisma client on that pool. A service's db.ts passes its own generated client, e.g.
 * `(pool) => new PrismaClient({ adapter: new PrismaPg(pool, { schema }) })`, which keeps Prisma's packages out
 * of the platform.
 */
export function createServiceDatabase(databaseUrl: string, schema: string, poolSize?: number): SqlDatabase;
export function createServiceDatabase<P extends PrismaLike>(
  databaseUrl: string,
  schema: string,
  poolSize: number | undefined,
  prisma: (pool: pg.Pool) => P,
): Database<P>;
export function createServiceDatabase<P extends PrismaLike>(
  databaseUrl: string,
  schema: string,
  poolSize = 10,
  prisma?: (pool: pg.Pool) => P,
): SqlDatabase | Database<P> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolSize,
    options: `-c search_path="${schema.replaceAll('"', '""')}"`,
  });
  // An idle connection dropped by the server must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // Nor one dropped while checked out (a transaction awaiting NATS or a peer when PostgreSQL restarts): pg emits
  // 'error' on the client, which the pool listens to only while it is idle. Its queries fail instead, and the
  // pool discards it on release (it is no longer queryable).
  pool.on('connect', (client) => client.on('error', () => undefined));
  const client = prisma?.(pool);
  const close = async () => {
    await client?.$disconnect();
    await pool.end().catch(() => undefined);
  };
  return client ? { prisma: client, pool, close } : { pool, close };
}
