import { natsNames } from '@talent/events';
import { createLogger, type OutboxRelay } from '@talent/platform';
import { startTestBackend, type TestBackend } from '@talent/testkit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMatching } from '../src/app.js';
import { createDatabase, type Database } from '../src/db.js';
import { loadMatchingEnv, type MatchingEnv } from '../src/env.js';
import { MatchEvents } from '../src/events/match-events.js';
import { ResultRepository } from '../src/matches/result-repository.js';

/** A stored match result and its `match.completed` announcement, against real PostgreSQL (matching's migrated schema). */
describe('stored results and their announcement', () => {
  let backend: TestBackend<MatchingEnv, Awaited<ReturnType<typeof startMatching>>>;
  let database: Database;
  let results: ResultRepository;
  let events: MatchEvents;
  let kicks = 0;

  beforeAll(async () => {
    // The service migrates its schema; peers are never called here.
    backend = await startTestBackend('matching', loadMatchingEnv, startMatching, {
      DOCUMENTS_SERVICE_ADDR: '127.0.0.1:1',
      SKILLS_SERVICE_ADDR: '127.0.0.1:1',
      BILLING_SERVICE_ADDR: '127.0.0.1:1',
    });
    database = createDatabase(backend.env.DATABASE_URL, backend.env.DATABASE_SCHEMA);
    results = new ResultRepository(database.prisma);
    const relay = { kick: () => void kicks++ } as unknown as OutboxRelay;
    events = new MatchEvents(
      database.prisma,
      natsNames(backend.env.NATS_NAMESPACE),
      relay,
      createLogger('test', 'silent'),
    );
  });
  afterAll(async () => {
    await database?.close();
    await backend?.stop();
  });

  const input = (workspaceId: string, jobId: string) => ({
    workspaceId,
    jobId,
    reservationId: randomUUID(),
    weights: { experience: 1 },
    topK: 1,
    candidates: [],
    versionsUsed: {},
  });

  it('writes the announcement of a stored version with it, naming that version', async () => {
    const workspaceId = randomUUID();
    const jobId = randomUUID();
    await results.store(input(workspaceId, jobId));
    const version = await results.store(input(workspaceId, jobId), (stored) =>
      events.row({ workspaceId, jobId, version: stored, candidates: 0, ref: undefined }),
    );
    expect(version).toBe(2);
    const rows = await database.prisma.outbox.findMany({ where: { payload: { path: ['job_id'], equals: jobId } } });
    expect(rows.map((row) => (row.payload as { version: number }).version)).toEqual([2]);
  });

  it('stores nothing when the announcement cannot be written, so no version is left unannounced', async () => {
    const workspaceId = randomUUID();
    const jobId = randomUUID();
    await expect(
      results.store(input(workspaceId, jobId), (stored) => ({
        ...events.row({ workspaceId, jobId, version: stored, candidates: 0, ref: undefined }),
        id: 'not-a-uuid',
      })),
    ).rejects.toThrow();
    expect(await results.find(workspaceId, jobId, 0)).toBeUndefined();
  });
});
