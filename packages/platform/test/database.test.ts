import { testDatabaseUrl } from '@talent/testkit';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createServiceDatabase, isDatabaseUnavailable } from '../src/database.js';
import { toGrpcError } from '../src/errors.js';

const codeOf = (thrown: unknown) => toGrpcError(thrown).metadata?.get('talent-error-code')[0];

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
    const failure: unknown = await client.query('COMMIT').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    // Answered as "retry later" (503 at the edge), not as an internal error.
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect(codeOf(failure)).toBe('PEER_UNAVAILABLE');
    client.release();
    expect((await db.pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('reports a database it cannot reach as unavailable, and a bad statement as an internal error', async () => {
    const url = new URL(testDatabaseUrl());
    url.port = '1'; // nothing listens there
    const unreachable = createServiceDatabase(url.toString(), 'public', 1);
    try {
      const refused: unknown = await unreachable.pool.query('SELECT 1').then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(codeOf(refused)).toBe('PEER_UNAVAILABLE');
    } finally {
      await unreachable.close();
    }
    const broken: unknown = await db.pool.query('SELECT * FROM no_such_table_here').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isDatabaseUnavailable(broken)).toBe(false);
    expect(codeOf(broken)).toBe('INTERNAL');
  });
});
