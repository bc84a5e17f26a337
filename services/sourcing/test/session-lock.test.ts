import { createGrpcClient, type AsyncClient } from '@talent/platform';
import { billing, sourcing } from '@talent/proto';
import { startTestBackend, testDatabaseUrl, waitFor, type TestBackend } from '@talent/testkit';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBilling } from '../../billing/src/app.js';
import { loadBillingEnv, type BillingEnv } from '../../billing/src/env.js';
import { startSourcing } from '../src/app.js';
import { loadSourcingEnv, type SourcingEnv } from '../src/env.js';

/** An address nothing listens on: ingest's peer, not needed here. */
const DOWN = '127.0.0.1:1';
const POOL_SIZE = 2;

/**
 * A search in a session holds the session's lock on a connection of its own while its work needs more connections.
 * When those came from the same pool, as many searches at once as the pool has connections took them all for
 * their locks and then waited for a free one forever: every later request to sourcing hung (ingest included).
 */
describe('searches in sessions at once', () => {
  let billingBackend: TestBackend<BillingEnv, Awaited<ReturnType<typeof startBilling>>>;
  let sourcingBackend: TestBackend<SourcingEnv, Awaited<ReturnType<typeof startSourcing>>>;
  let billingClient: AsyncClient<billing.BillingServiceClient>;
  let client: AsyncClient<sourcing.SourcingServiceClient>;

  beforeAll(async () => {
    billingBackend = await startTestBackend('billing', loadBillingEnv, startBilling);
    sourcingBackend = await startTestBackend('sourcing', loadSourcingEnv, startSourcing, {
      SOURCING_PROVIDER: 'directory',
      DATABASE_POOL_SIZE: String(POOL_SIZE),
      BILLING_SERVICE_ADDR: billingBackend.address,
      DOCUMENTS_SERVICE_ADDR: DOWN,
    });
    billingClient = createGrpcClient(billing.BillingServiceClient, billingBackend.address);
    // Long enough for the searches queued on one session's lock on a loaded machine; a hang ends as DEADLINE_EXCEEDED.
    client = createGrpcClient(sourcing.SourcingServiceClient, sourcingBackend.address, { deadlineMs: 20_000 });
  });
  afterAll(async () => {
    client?.close();
    billingClient?.close();
    await sourcingBackend?.stop();
    await billingBackend?.stop();
  });

  it('answers more of them than the pool has connections, buys each window once, and keeps serving the sessions', async () => {
    const { workspaceId } = await billingClient.createWorkspace({ name: 'session locks', grantTokens: 100_000, grantExpiresInSeconds: 0, idempotencyKey: '' });
    const search = (request: Partial<sourcing.SearchRequest>) => client.search(sourcing.SearchRequest.fromPartial({ workspaceId, limit: 1, ...request }));
    const sessions = [(await search({ query: 'engineer' })).sessionId, (await search({ query: 'developer' })).sessionId];

    // Three windows in each session and one bought window again, all at once: twice and more the pool's size.
    const requests = sessions.flatMap((sessionId) => [1, 2, 3, 0].map((offset) => ({ sessionId, offset })));
    const answers = await Promise.allSettled(requests.map((request) => search(request)));
    expect(answers.map((answer) => (answer.status === 'fulfilled' ? 'answered' : String(answer.reason)))).toEqual(requests.map(() => 'answered'));

    const fulfilled = answers.map((answer) => (answer as PromiseFulfilledResult<sourcing.SearchResponse>).value);
    expect(fulfilled.map((answer) => answer.cached)).toEqual(requests.map((request) => request.offset === 0));
    for (const sessionId of sessions) {
      const session = await client.getSession({ workspaceId, sessionId });
      expect((JSON.parse(session.candidatesJson) as { position: number }[]).map((candidate) => candidate.position)).toEqual([0, 1, 2, 3]);
    }
  }, 60_000);

  it("gives up a search still waiting for its session when its caller's deadline passes: nothing bought, nothing charged", async () => {
    const { workspaceId } = await billingClient.createWorkspace({ name: 'late search', grantTokens: 100, grantExpiresInSeconds: 0, idempotencyKey: '' });
    const search = (request: Partial<sourcing.SearchRequest>, deadlineMs?: number) =>
      client.search(sourcing.SearchRequest.fromPartial({ workspaceId, limit: 1, ...request }), deadlineMs ? { deadlineMs } : {});
    const { sessionId } = await search({ query: 'engineer' });
    const before = (await billingClient.getBalance({ workspaceId })).balance;

    // Another replica holds the session's lock until after the caller of the next search has given up.
    const holder = new pg.Client({ connectionString: testDatabaseUrl() });
    await holder.connect();
    const lockKey = [`sourcing-session:${sessionId}`];
    await holder.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', lockKey);
    const late = await search({ sessionId, offset: 5 }, 1_000).catch((error: unknown) => error);
    expect(late).toBeInstanceOf(Error);
    // Sourcing stops waiting for the lock too (it waited on for good before, and bought once the lock came).
    const waiting = async () =>
      (
        await holder.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_locks w JOIN pg_locks h ON h.locktype = 'advisory' AND h.granted AND h.pid = pg_backend_pid()
             AND (h.classid, h.objid, h.objsubid) = (w.classid, w.objid, w.objsubid)
           WHERE w.locktype = 'advisory' AND NOT w.granted`,
        )
      ).rows[0]!.n;
    await waitFor(async () => (await waiting()) === 0, 10_000);
    await holder.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', lockKey);
    await holder.end();

    // Lock waiters are served in order: once this search is answered, a late one still waiting has had its turn.
    expect((await search({ sessionId, offset: 1 })).charged).toBe(1);
    const session = await client.getSession({ workspaceId, sessionId });
    expect((JSON.parse(session.candidatesJson) as { position: number }[]).map((candidate) => candidate.position)).toEqual([0, 1]);
    expect((await billingClient.getBalance({ workspaceId })).balance).toBe(before - 1);
  }, 60_000);
});
