import { createGrpcClient, isDomainError, type AsyncClient } from '@talent/platform';
import { webhooks } from '@talent/proto';
import { startTestBackend, waitFor, type TestBackend } from '@talent/testkit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhooks } from '../src/app.js';
import { createDatabase } from '../src/db.js';
import { DeliveryRepository } from '../src/deliveries/delivery-repository.js';
import { loadWebhooksEnv, type WebhooksEnv } from '../src/env.js';
import { EventSource } from './fixtures.js';
import { signatureValid, startReceiver, type Receiver } from './receiver.js';

const TIMEOUT_MS = 400;
const RETRY_WINDOW_MS = 4_000;

/** The service in-process against real PostgreSQL and NATS, delivering to real HTTP receivers in this process. */
describe('webhook deliveries', () => {
  let backend: TestBackend<WebhooksEnv, Awaited<ReturnType<typeof startWebhooks>>>;
  let client: AsyncClient<webhooks.WebhooksServiceClient>;
  let events: EventSource;
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    backend = await startTestBackend('webhooks', loadWebhooksEnv, startWebhooks, {
      WEBHOOKS_DEVELOPMENT: 'true',
      WEBHOOKS_SECRET_KEY: Buffer.alloc(32, 3).toString('base64'),
      // Fast retries so the failure paths run in seconds, without sleeps in the test.
      WEBHOOKS_TIMEOUT_MS: String(TIMEOUT_MS),
      WEBHOOKS_RETRY_BASE_MS: '50',
      WEBHOOKS_RETRY_MAX_MS: '400',
      WEBHOOKS_RETRY_WINDOW_MS: String(RETRY_WINDOW_MS),
      WEBHOOKS_POLL_MS: '25',
    });
    client = createGrpcClient(webhooks.WebhooksServiceClient, backend.address);
    events = await EventSource.connect(backend.env.NATS_NAMESPACE);
  });
  afterAll(async () => {
    client?.close();
    await events?.close();
    for (const receiver of receivers) await receiver.close();
    await backend?.stop();
  });

  const receiver = async () => {
    const started = await startReceiver();
    receivers.push(started);
    return started;
  };
  const register = (workspaceId: string, url: string, eventTypes: string[]) => client.createEndpoint({ workspaceId, url, events: eventTypes });
  const deliveriesOf = async (workspaceId: string, endpointId: string) =>
    (await client.listDeliveries({ workspaceId, endpointId, limit: 100 })).deliveries;

  it('posts finished work to the subscribed endpoints only, signed with the secret returned once', async () => {
    const workspaceId = randomUUID();
    const hooks = await receiver();
    const created = await register(workspaceId, hooks.url, ['cv.completed', 'cv.failed']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(created.endpoint?.events).toEqual(['cv.completed', 'cv.failed']);
    const listed = await client.listEndpoints({ workspaceId });
    expect(listed.endpoints.map((e) => e.id)).toEqual([created.endpoint!.id]);
    expect(JSON.stringify(listed)).not.toContain(created.secret);

    const done = await events.taskCompleted(workspaceId, 'cv');
    await events.taskCompleted(workspaceId, 'job'); // not subscribed
    const failed = await events.taskFailed(workspaceId, 'cv');
    await waitFor(() => hooks.received.length >= 2, 10_000);
    // Two records: written side by side, so in either order.
    expect(hooks.received.map((d) => [d.payload.type, d.payload.data]).sort()).toEqual([
      ['cv.completed', { id: done.taskId, status: 'COMPLETED' }],
      ['cv.failed', { id: failed.taskId, status: 'FAILED' }],
    ]);
    for (const delivery of hooks.received) {
      expect(signatureValid(created.secret, delivery)).toBe(true);
      expect(signatureValid('whsec_other', delivery)).toBe(false);
      expect(delivery.deliveryId).toBe(delivery.payload.id);
    }
    expect(hooks.received.find((d) => d.payload.type === 'cv.completed')!.payload.event_id).toBe(done.eventId);
    // Nothing about charges or reasons leaves the platform: the type, the record's id and its status.
    expect(hooks.received.find((d) => d.payload.type === 'cv.failed')!.body).not.toMatch(/charges|unreadable/);

    await waitFor(async () => (await deliveriesOf(workspaceId, created.endpoint!.id)).every((d) => d.status === 'delivered'), 5_000);
    const deliveries = await deliveriesOf(workspaceId, created.endpoint!.id);
    expect(deliveries.map((d) => [d.eventType, d.status, d.attempts, d.lastStatusCode]).sort()).toEqual([
      ['cv.completed', 'delivered', 1, 200],
      ['cv.failed', 'delivered', 1, 200],
    ]);

    // The same event again (a replay of the stream): consumers are idempotent on the event id.
    await events.republish('taskCompleted', done.payload);
    const marker = await events.taskCompleted(workspaceId, 'cv');
    await waitFor(() => hooks.received.some((d) => d.payload.event_id === marker.eventId), 10_000);
    expect(hooks.received.filter((d) => d.payload.event_id === done.eventId)).toHaveLength(1);
  });

  it('retries after 500s and time-outs, keeping each record’s deliveries in order', async () => {
    const workspaceId = randomUUID();
    const hooks = await receiver();
    const { endpoint, secret } = await register(workspaceId, hooks.url, ['match.completed']);
    const jobA = randomUUID();
    const jobB = randomUUID();
    const attemptsOf = new Map<string, number>();
    hooks.answer = (delivery) => {
      const attempt = (attemptsOf.get(delivery.payload.id) ?? 0) + 1;
      attemptsOf.set(delivery.payload.id, attempt);
      // Job A's first match fails twice (500, then a time-out) before it is taken.
      if (delivery.payload.data.job_id === jobA && delivery.payload.data.version === 1) return attempt === 1 ? 500 : attempt === 2 ? 'hang' : 200;
      return 200;
    };
    const a1 = await events.matchCompleted(workspaceId, jobA, 1);
    const a2 = await events.matchCompleted(workspaceId, jobA, 2);
    const b1 = await events.matchCompleted(workspaceId, jobB, null);
    const a3 = await events.matchCompleted(workspaceId, jobA, 3);
    await waitFor(() => new Set(hooks.received.filter((d) => d.payload.data.version !== 1 || d.payload.data.job_id !== jobA).map((d) => d.payload.event_id)).size === 3 && hooks.received.length >= 6, 15_000);

    const jobAOrder = hooks.received.filter((d) => d.payload.data.job_id === jobA).map((d) => d.payload.event_id);
    // a1 three times (500, time-out, 200), then a2, then a3: nothing of job A overtakes a1.
    expect(jobAOrder).toEqual([a1.eventId, a1.eventId, a1.eventId, a2.eventId, a3.eventId]);
    // Job B did not wait for job A's retries.
    const indexOf = (eventId: string) => hooks.received.findIndex((d) => d.payload.event_id === eventId);
    expect(indexOf(b1.eventId)).toBeLessThan(indexOf(a2.eventId));
    // Every attempt of a delivery is the same delivery: same id and body, freshly signed.
    const a1Attempts = hooks.received.filter((d) => d.payload.event_id === a1.eventId);
    expect(new Set(a1Attempts.map((d) => d.body)).size).toBe(1);
    for (const delivery of a1Attempts) expect(signatureValid(secret, delivery)).toBe(true);

    await waitFor(async () => (await deliveriesOf(workspaceId, endpoint!.id)).every((d) => d.status === 'delivered'), 5_000);
    const a1Row = (await deliveriesOf(workspaceId, endpoint!.id)).find((d) => d.eventId === a1.eventId)!;
    expect([a1Row.status, a1Row.attempts, a1Row.lastStatusCode]).toEqual(['delivered', 3, 200]);
    // The attempt log, newest first: what the endpoint answered each time.
    expect(a1Row.recentAttempts.map((a) => [a.number, a.statusCode, a.error])).toEqual([
      [3, 200, ''],
      [2, 0, `timed out after ${TIMEOUT_MS} ms`],
      [1, 500, 'HTTP 500'],
    ]);
    expect(a1Row.recentAttempts[1]!.durationMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);
  });

  it('dead-letters a delivery still failing after the retry window, visible in deliveries, and goes on with the next', async () => {
    const workspaceId = randomUUID();
    const hooks = await receiver();
    const { endpoint } = await register(workspaceId, hooks.url, ['match.completed']);
    const jobId = randomUUID();
    // The job's first match is refused until the window ends; its second waits for that, then goes.
    hooks.answer = (delivery) => (delivery.payload.data.version === 1 ? 503 : 200);
    const failed = await events.matchCompleted(workspaceId, jobId, 1);
    const next = await events.matchCompleted(workspaceId, jobId, 2);
    await waitFor(async () => (await deliveriesOf(workspaceId, endpoint!.id)).some((d) => d.status === 'dead'), RETRY_WINDOW_MS + 10_000);
    const rows = await deliveriesOf(workspaceId, endpoint!.id);
    const dead = rows.find((d) => d.eventId === failed.eventId)!;
    expect([dead.status, dead.lastStatusCode, dead.lastError]).toEqual(['dead', 503, 'HTTP 503']);
    expect(dead.attempts).toBeGreaterThan(2);
    expect(dead.nextAttemptAt).toBeUndefined();
    expect(dead.recentAttempts.length).toBe(Math.min(5, dead.attempts));
    expect(dead.recentAttempts.every((a) => a.statusCode === 503)).toBe(true);
    // The record's next delivery was held back until then, and goes now.
    await waitFor(() => hooks.received.some((d) => d.payload.event_id === next.eventId), 5_000);
    const lastFailedAttempt = hooks.received.findLastIndex((d) => d.payload.event_id === failed.eventId);
    expect(hooks.received.findIndex((d) => d.payload.event_id === next.eventId)).toBeGreaterThan(lastFailedAttempt);
  });

  it("keeps workspaces apart: another workspace's endpoint ids are unknown ids, and its events never reach them", async () => {
    const owner = randomUUID();
    const other = randomUUID();
    const hooks = await receiver();
    const { endpoint } = await register(owner, hooks.url, ['cv.completed']);
    const id = endpoint!.id;
    for (const call of [() => client.listDeliveries({ workspaceId: other, endpointId: id, limit: 10 }), () => client.deleteEndpoint({ workspaceId: other, endpointId: id })]) {
      const error = await call().catch((e: unknown) => e);
      expect(isDomainError(error) && [error.code, error.message]).toEqual(['NOT_FOUND', `Webhook endpoint ${id} not found.`]);
    }
    const unknown = randomUUID();
    const missing = await client.deleteEndpoint({ workspaceId: owner, endpointId: unknown }).catch((e: unknown) => e);
    expect(isDomainError(missing) && missing.message).toBe(`Webhook endpoint ${unknown} not found.`);
    expect((await client.listEndpoints({ workspaceId: other })).endpoints).toEqual([]);

    await events.taskCompleted(other, 'cv');
    const mine = await events.taskCompleted(owner, 'cv');
    await waitFor(() => hooks.received.length >= 1, 10_000);
    expect(hooks.received.map((d) => d.payload.event_id)).toEqual([mine.eventId]);

    await client.deleteEndpoint({ workspaceId: owner, endpointId: id });
    expect((await client.listEndpoints({ workspaceId: owner })).endpoints).toEqual([]);
    const gone = await client.listDeliveries({ workspaceId: owner, endpointId: id, limit: 10 }).catch((e: unknown) => e);
    expect(isDomainError(gone) && gone.code).toBe('NOT_FOUND');
  });

  it('refuses bad registrations with INVALID_ARGUMENT and stores nothing', async () => {
    const workspaceId = randomUUID();
    const cases: [string, string[], RegExp][] = [
      ['http://127.0.0.1:9/hooks', [], /at least one of cv.completed/],
      ['http://127.0.0.1:9/hooks', ['cv.completed', 'cv.deleted'], /Unknown webhook event cv.deleted/],
      ['http://10.0.0.1/hooks', ['cv.completed'], /loopback/],
      ['https://169.254.169.254/latest', ['cv.completed'], /linkLocal/],
      ['ftp://127.0.0.1/', ['cv.completed'], /must use https/],
    ];
    for (const [url, eventTypes, message] of cases) {
      const error = await register(workspaceId, url, eventTypes).catch((e: unknown) => e);
      expect(isDomainError(error) && error.code, url).toBe('INVALID_ARGUMENT');
      expect((error as Error).message).toMatch(message);
    }
    expect((await client.listEndpoints({ workspaceId })).endpoints).toEqual([]);
  });

  it('prunes settled deliveries past the retention, never pending ones', async () => {
    const workspaceId = randomUUID();
    const hooks = await receiver();
    hooks.answer = (delivery) => (delivery.payload.type === 'cv.failed' ? 500 : 200);
    const { endpoint } = await register(workspaceId, hooks.url, ['cv.completed', 'cv.failed']);
    const done = await events.taskCompleted(workspaceId, 'cv');
    const failing = await events.taskFailed(workspaceId, 'cv');
    await waitFor(async () => {
      const rows = await deliveriesOf(workspaceId, endpoint!.id);
      return rows.some((d) => d.eventId === done.eventId && d.status === 'delivered') && rows.some((d) => d.eventId === failing.eventId && d.attempts > 0);
    }, 10_000);
    const database = createDatabase(backend.env.DATABASE_URL, backend.env.DATABASE_SCHEMA, 1);
    try {
      await new DeliveryRepository(database.pool, backend.env.DATABASE_SCHEMA).prune(0);
    } finally {
      await database.close();
    }
    const left = await deliveriesOf(workspaceId, endpoint!.id);
    expect(left.map((d) => [d.eventId, d.status])).toEqual([[failing.eventId, 'pending']]);
  });
});
