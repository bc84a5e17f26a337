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

/**
 * Longest a query waits for a connection (a new one, or a free one of a busy pool) before failing. Without it a
 * request queued behind an exhausted pool, or a PostgreSQL that accepts TCP but never answers, waits forever and
 * only the caller's deadline ends it, while the service keeps the queued work.
 */
export const DATABASE_CONNECT_TIMEOUT_MS = 10_000;

// SQLSTATE class 08 (connection exception) and the server shutting down or starting up (57P01–57P03).
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3])$/;
const UNAVAILABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);
// What pg and pg-pool throw, without a code, when a connection cannot be had or dies under a query.
const UNAVAILABLE_MESSAGE = /timeout exceeded when trying to connect|Connection terminated|connection error and is not queryable|Connection timed out/i;

/**
 * The database could not be reached or went away under the query (down, restarting, pool exhausted past
 * DATABASE_CONNECT_TIMEOUT_MS): a condition to retry later, not a bug. Looks through `cause` chains, as Prisma's
 * driver adapter wraps pg's errors.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
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
    connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
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
