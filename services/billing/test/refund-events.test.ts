import { natsNames, streamDefinitions, type TaskFailedEvent } from '@talent/events';
import { connectNats, createGrpcClient, ensureStream, jetStreamHandles, type JetStreamHandles, type NatsConnection } from '@talent/platform';
import { billing } from '@talent/proto';
import { backendTestEnv, dropNatsNamespace, dropSchema } from '@talent/testkit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBilling, type RunningBilling } from '../src/app.js';
import { loadBillingEnv, type BillingEnv } from '../src/env.js';
import { key, line, type BillingClient } from './harness.js';

/**
 * Billing refunds the charges of FAILED tasks from the documents stream (DESIGN §3), exactly once, whether an
 * event arrives twice, arrives while billing is down, or is malformed.
 */
describe('billing: refunds for task.failed events', () => {
  let env: BillingEnv;
  let service: RunningBilling | undefined;
  let client: BillingClient;
  let nats: NatsConnection;
  let jetstream: JetStreamHandles;
  const names = () => natsNames(env.NATS_NAMESPACE);

  const start = async () => {
    service = await startBilling(env);
    client?.close();
    client = createGrpcClient(billing.BillingServiceClient, `127.0.0.1:${service.grpcPort}`);
  };

  beforeAll(async () => {
    env = loadBillingEnv(backendTestEnv('billing'));
    nats = await connectNats(env.NATS_URL, 'billing-refund-test');
    jetstream = await jetStreamHandles(nats);
    await start();
  });
  afterAll(async () => {
    client?.close();
    await service?.stop();
    await nats?.close();
    await dropSchema(env.DATABASE_SCHEMA);
    await dropNatsNamespace(env.NATS_NAMESPACE);
  });

  const failed = (workspaceId: string, charges: TaskFailedEvent['charges']): TaskFailedEvent => ({
    id: randomUUID(),
    type: 'task.failed',
    occurred_at: new Date().toISOString(),
    workspace_id: workspaceId,
    task_id: randomUUID(),
    kind: 'cv',
    reason: 'extraction failed',
    charges,
  });

  const publish = async (payload: unknown, msgID = randomUUID()) => {
    const ack = await jetstream.js.publish(names().subjects.taskFailed, JSON.stringify(payload), { msgID });
    return ack.seq;
  };

  /** Waits until billing's durable consumer has acknowledged everything up to `seq`. */
  const processed = async (seq: number) => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const info = await jetstream.jsm.consumers.info(names().streams.documents, names().consumers.billingRefunds);
      if (info.ack_floor.stream_seq >= seq && info.num_ack_pending === 0) return;
      if (Date.now() > deadline) throw new Error(`event ${seq} not processed: ${JSON.stringify(info.ack_floor)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  async function chargedWorkspace(units: string[]): Promise<string> {
    const { workspaceId } = await client.createWorkspace({ name: 'refunds', grantTokens: 10, grantExpiresInSeconds: 0, idempotencyKey: '' });
    const r = await client.reserve({ workspaceId, lines: units.map((ref) => line('cv_processing', ref)), idempotencyKey: key(), ttlSeconds: 0 });
    await client.commit({ reservationId: r.reservationId, lines: [], idempotencyKey: key() });
    return workspaceId;
  }

  const refunds = async (workspaceId: string) =>
    (await client.listLedger({ workspaceId, page: { limit: 100, offset: 0 }, action: 'cv_processing' })).entries.filter((e) => e.kind === 'refund');

  it('refunds each charge of a failed task once, even when the event is delivered twice', async () => {
    const ws = await chargedWorkspace(['task-a', 'task-b']);
    const event = failed(ws, [{ action: 'cv_processing', ref: 'task-a' }]);
    await processed(await publish(event));
    // The same event again, past JetStream's de-duplication (another message id), as a redelivery would be.
    await processed(await publish(event));
    await processed(await publish({ ...event, id: randomUUID() }));
    expect((await refunds(ws)).map((e) => [e.reference, e.amount])).toEqual([['task-a', 1]]);
    expect(await client.getBalance({ workspaceId: ws })).toMatchObject({ balance: 9 });
  });

  it('refunds a failure published while billing was down, once it is back', async () => {
    const ws = await chargedWorkspace(['task-c']);
    await service!.stop();
    const seq = await publish(failed(ws, [{ action: 'cv_processing', ref: 'task-c' }]));
    await start();
    await processed(seq);
    expect((await refunds(ws)).map((e) => e.reference)).toEqual(['task-c']);
    expect(await client.getBalance({ workspaceId: ws })).toMatchObject({ balance: 10 });
  });

  it('drops malformed events and events about units never charged, and keeps going', async () => {
    const ws = await chargedWorkspace(['task-d']);
    await publish({ type: 'task.failed', hello: 'world' });
    await publish('not json at all');
    await publish(failed(ws, [{ action: 'cv_processing', ref: 'never-charged' }]));
    const seq = await publish(failed(ws, [{ action: 'cv_processing', ref: 'task-d' }]));
    await processed(seq);
    expect((await refunds(ws)).map((e) => e.reference)).toEqual(['task-d']);
    expect((await client.verify({ workspaceId: '' })).breaches).toEqual([]);
  });

  it('leaves the documents stream as the events package defines it', async () => {
    const info = await jetstream.jsm.streams.info(names().streams.documents);
    expect(info.config.subjects).toEqual([names().subjects.documentsEvents]);
    // Creating it again (as documents will at boot) is harmless.
    await ensureStream(jetstream.jsm, streamDefinitions(names()).documents as never);
  });
});
