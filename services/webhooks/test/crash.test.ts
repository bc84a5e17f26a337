import { createGrpcClient } from '@talent/platform';
import { webhooks } from '@talent/proto';
import { backendTestEnv, dropNatsNamespace, dropSchema, ServiceProcess, waitFor } from '@talent/testkit';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { EventSource } from './fixtures.js';
import { startReceiver, type Receiver } from './receiver.js';

/** The built service as a real process (dist/main.js), killed with SIGKILL while attempts are in flight. */
describe('webhook sender crash', () => {
  const env = backendTestEnv('webhooks', {
    WEBHOOKS_DEVELOPMENT: 'true',
    WEBHOOKS_TIMEOUT_MS: '1000',
    WEBHOOKS_RETRY_BASE_MS: '50',
    WEBHOOKS_RETRY_MAX_MS: '200',
    WEBHOOKS_POLL_MS: '50',
  });
  const service = new ServiceProcess('webhooks', { port: 0, metricsPort: 0 }, env, undefined, 30_000);
  let receiver: Receiver | undefined;
  let events: EventSource | undefined;
  afterAll(async () => {
    await service.stop('SIGKILL');
    await events?.close();
    await receiver?.close();
    await dropSchema(env.DATABASE_SCHEMA!);
    await dropNatsNamespace(env.NATS_NAMESPACE!);
  });

  it('loses no delivery when the sender is SIGKILLed mid-delivery, nor any event published while it is down', async () => {
    await service.start();
    receiver = await startReceiver();
    const hooks = receiver;
    events = await EventSource.connect(env.NATS_NAMESPACE!);
    const workspaceId = randomUUID();
    const client = createGrpcClient(webhooks.WebhooksServiceClient, service.address);
    const { endpoint } = await client.createEndpoint({ workspaceId, url: hooks.url, events: ['cv.completed'] });
    client.close();

    // Every request hangs until the sender is dead: the attempts in flight are cut short by the crash.
    let crashed = false;
    hooks.answer = () => (crashed ? 200 : 'hang');
    const before = [];
    for (let i = 0; i < 20; i++) before.push(await events.taskCompleted(workspaceId, 'cv'));
    await waitFor(() => hooks.received.length >= 5, 15_000);
    await service.stop('SIGKILL');
    crashed = true;
    const hungAttempts = hooks.received.length;
    const during = [];
    for (let i = 0; i < 10; i++) during.push(await events.taskCompleted(workspaceId, 'cv'));

    await service.start();
    const expected = [...before, ...during].map((e) => e.eventId);
    const answered = () => new Set(hooks.received.slice(hungAttempts).map((d) => d.payload.event_id));
    await waitFor(() => expected.every((id) => answered().has(id)), 30_000);
    // Only the attempts cut short by the crash are repeated (at least once, never lost).
    const attemptsPerEvent = new Map<string, number>();
    for (const d of hooks.received) attemptsPerEvent.set(d.payload.event_id, (attemptsPerEvent.get(d.payload.event_id) ?? 0) + 1);
    expect([...attemptsPerEvent.keys()].sort()).toEqual([...expected].sort());
    expect([...attemptsPerEvent.values()].filter((n) => n > 1).length).toBeLessThanOrEqual(hungAttempts);

    const check = createGrpcClient(webhooks.WebhooksServiceClient, service.address);
    await waitFor(async () => {
      const { deliveries } = await check.listDeliveries({ workspaceId, endpointId: endpoint!.id, limit: 100 });
      return deliveries.length === 30 && deliveries.every((d) => d.status === 'delivered');
    }, 10_000);
    check.close();
  });
});
