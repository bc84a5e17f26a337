import { testDatabaseUrl } from '@talent/testkit';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createServiceDatabase } from '../src/database.js';

/** A service's pool survives PostgreSQL dropping its connections (a restart, a failover, an admin's kill). */
describe('platform: service database pool', () => {
  const db = createServiceDatabase(testDatabaseUrl(), 'public', 2);
  const admin = new pg.Pool({ connectionString: testDatabaseUrl(), max: 1 });
  afterAll(async () => {
    await db.close();
    await admin.end();
  });

  it('keeps the process alive when the server drops a connection that is checked out, and serves on', async () => {
    const client = await db.pool.connect();
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const ended = new Promise((resolve) => client.once('end', resolve));
    // Between two statements of a transaction, as when a handler awaits NATS or a peer.
    await client.query('BEGIN');
    await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
    await ended;
    await expect(client.query('COMMIT')).rejects.toThrow();
    client.release();
    expect((await db.pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });
});
