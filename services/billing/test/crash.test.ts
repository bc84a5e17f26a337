import { createGrpcClient, isDomainError } from '@talent/platform';
import { billing } from '@talent/proto';
import { backendTestEnv, dropNatsNamespace, dropSchema, freePort, ServiceProcess } from '@talent/testkit';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainError, key, line, type BillingClient } from './harness.js';

const TTL_SECONDS = 2;

/**
 * The billing process is killed (SIGKILL, no shutdown) between reserve and commit, and in the middle of a
 * storm of reserve/commit pairs. After a restart every reservation ends committed or expired, never both,
 * clients that retry with their idempotency keys are never charged twice, and `verify` finds nothing wrong.
 * Runs the built service (dist/main.js), as in production.
 */
describe('billing: crash between reserve and commit', () => {
  let process_: ServiceProcess;
  let client: BillingClient;
  let env: NodeJS.ProcessEnv;
  let sql: pg.Pool;

  beforeAll(async () => {
    env = {
      ...process.env,
      ...backendTestEnv('billing', {
        GRPC_PORT: String(await freePort()),
        METRICS_PORT: String(await freePort()),
        BILLING_RESERVATION_TTL: String(TTL_SECONDS),
        BILLING_SWEEP_INTERVAL_MS: '200',
      }),
    };
    process_ = new ServiceProcess('billing', { port: Number(env.GRPC_PORT), metricsPort: Number(env.METRICS_PORT) }, env, undefined, 30_000);
    await process_.start();
    client = createGrpcClient(billing.BillingServiceClient, process_.address, { deadlineMs: 10_000 });
    sql = new pg.Pool({ connectionString: env.DATABASE_URL, max: 2, options: `-c search_path=${env.DATABASE_SCHEMA}` });
  });
  afterAll(async () => {
    client?.close();
    await sql?.end();
    await process_?.stop('SIGTERM');
    if (env?.DATABASE_SCHEMA) await dropSchema(env.DATABASE_SCHEMA);
    if (env?.NATS_NAMESPACE) await dropNatsNamespace(env.NATS_NAMESPACE);
  });

  const crashAndRestart = async () => {
    await process_.stop('SIGKILL');
    await process_.start();
  };
  const statusOf = async (id: string) => (await sql.query<{ status: string }>('SELECT status FROM reservations WHERE id = $1', [id])).rows[0]?.status;
  const until = async (check: () => Promise<boolean>) => {
    const deadline = Date.now() + 15_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('condition not met in time');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it('a reservation committed after the restart stays committed: the expiry timer does not take it back', async () => {
    const { workspaceId } = await client.createWorkspace({ name: 'crash-commit', grantTokens: 10, grantExpiresInSeconds: 0, idempotencyKey: '' });
    const reservedAt = Date.now();
    const r = await client.reserve({ workspaceId, lines: [line('cv_processing', 'survivor')], idempotencyKey: key(), ttlSeconds: 6 });
    await crashAndRestart();
    expect(await client.commit({ reservationId: r.reservationId, lines: [], idempotencyKey: key() })).toMatchObject({ charged: 1 });
    // Past the hold's lifetime, with the timer running every 200 ms: still committed, charged once.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, reservedAt + 7_000 - Date.now())));
    expect(await statusOf(r.reservationId)).toBe('committed');
    expect(await client.getBalance({ workspaceId })).toMatchObject({ balance: 9, reserved: 0 });
    expect((await client.verify({ workspaceId })).breaches).toEqual([]);
  });

  it('a reservation nobody commits after the restart expires on the timer, and cannot be committed after that', async () => {
    const { workspaceId } = await client.createWorkspace({ name: 'crash-expire', grantTokens: 10, grantExpiresInSeconds: 0, idempotencyKey: '' });
    const r = await client.reserve({ workspaceId, lines: [line('cv_processing', 'orphan', 4)], idempotencyKey: key(), ttlSeconds: 0 });
    await crashAndRestart();
    // Nobody reads this account: only the restarted process's timer can expire the hold.
    await until(async () => (await statusOf(r.reservationId)) === 'expired');
    const error = await domainError(client.commit({ reservationId: r.reservationId, lines: [], idempotencyKey: key() }));
    expect(error).toMatchObject({ code: 'RESERVATION_NOT_PENDING', details: { status: 'expired' } });
    expect(await client.getBalance({ workspaceId })).toMatchObject({ balance: 10, reserved: 0 });
    expect((await client.verify({ workspaceId })).breaches).toEqual([]);
  });

  it('killed in the middle of reserve/commit traffic: retried calls never charge twice, and verify passes', async () => {
    const { workspaceId } = await client.createWorkspace({ name: 'crash-storm', grantTokens: 1000, grantExpiresInSeconds: 0, idempotencyKey: '' });
    const pairs = Array.from({ length: 60 }, (_, n) => ({ ref: `task-${n}`, reserveKey: key(), commitKey: key() }));
    let interrupted = 0;
    /** A client doing reserve then commit, retrying each with the same key until it gets an answer. */
    const runPair = async (pair: (typeof pairs)[number]): Promise<'charged' | 'expired'> => {
      const retry = async <T>(call: () => Promise<T>): Promise<T> => {
        for (;;) {
          try {
            return await call();
          } catch (error) {
            if (isDomainError(error)) throw error;
            interrupted++;
            await new Promise((resolve) => setTimeout(resolve, 100)); // billing is down: try again
          }
        }
      };
      const r = await retry(() =>
        client.reserve({ workspaceId, lines: [line('cv_processing', pair.ref)], idempotencyKey: pair.reserveKey, ttlSeconds: 0 }),
      );
      try {
        await retry(() => client.commit({ reservationId: r.reservationId, lines: [], idempotencyKey: pair.commitKey }));
        return 'charged';
      } catch (error) {
        // Down for longer than the hold lasted: the reservation expired instead.
        if (isDomainError(error) && error.code === 'RESERVATION_NOT_PENDING' && error.details.status === 'expired') return 'expired';
        throw error;
      }
    };
    const traffic = Promise.all(pairs.map(async (pair, n) => {
      await new Promise((resolve) => setTimeout(resolve, n * 5));
      return runPair(pair);
    }));
    await new Promise((resolve) => setTimeout(resolve, 120));
    await crashAndRestart();
    const outcomes = await traffic;
    expect(interrupted).toBeGreaterThan(0); // the crash did hit calls in flight

    const charged = outcomes.filter((o) => o === 'charged').length;
    const charges = (await client.listLedger({ workspaceId, page: { limit: 100, offset: 0 }, action: 'cv_processing' })).entries;
    expect(charges).toHaveLength(charged);
    expect(new Set(charges.map((c) => c.reference)).size).toBe(charged);
    // Whatever is still held expires; nothing ends both charged and expired.
    await until(async () => (await client.getBalance({ workspaceId })).reserved === 0);
    const { rows } = await sql.query<{ status: string; n: string }>(
      `SELECT r.status, count(e.id) AS n FROM reservations r LEFT JOIN ledger_entries e ON e.reservation_id = r.id
        WHERE r.workspace_id = $1 GROUP BY r.id, r.status`,
      [workspaceId],
    );
    for (const row of rows) expect(row.status === 'committed' ? Number(row.n) === 1 : Number(row.n) === 0).toBe(true);
    expect(await client.getBalance({ workspaceId })).toMatchObject({ balance: 1000 - charged, reserved: 0 });
    expect((await client.verify({ workspaceId: '' })).breaches).toEqual([]);
  });
});
