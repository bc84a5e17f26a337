import { natsNames } from '@talent/events';
import { connectNats, jetStreamClient } from '@talent/platform';
import { startTestBackend, testNatsUrl, waitFor, type TestBackend } from '@talent/testkit';
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhooks } from '../../webhooks/src/app.js';
import { loadWebhooksEnv, type WebhooksEnv } from '../../webhooks/src/env.js';
import { billingAdmin, startRealBilling, startTestGateway, stopBackend, type RealBackend, type TestGateway } from './harness.js';

const NO_GRANT = { grantTokens: 0, grantExpiresInSeconds: 0, idempotencyKey: '' };

describe('gateway: webhook routes (extension) against the real billing and webhooks services', () => {
  let billing: RealBackend;
  let hooks: TestBackend<WebhooksEnv, Awaited<ReturnType<typeof startWebhooks>>>;
  let gateway: TestGateway;
  let receiver: Server;
  let receiverUrl: string;
  const received: { body: string; signature: string }[] = [];
  let a: { workspaceId: string; apiKey: string };
  let b: { workspaceId: string; apiKey: string };

  beforeAll(async () => {
    billing = await startRealBilling();
    hooks = await startTestBackend('webhooks', loadWebhooksEnv, startWebhooks, { WEBHOOKS_DEVELOPMENT: 'true', WEBHOOKS_POLL_MS: '50' });
    gateway = await startTestGateway({ billing: billing.address, webhooks: hooks.address });
    const admin = billingAdmin(billing.address);
    a = await admin.createWorkspace({ name: 'Hooks A', ...NO_GRANT });
    b = await admin.createWorkspace({ name: 'Hooks B', ...NO_GRANT });
    admin.close();
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ body, signature: String(req.headers['talent-signature']) });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/talent`;
  });
  afterAll(async () => {
    await gateway?.stop();
    await hooks?.stop();
    await stopBackend(billing);
    receiver?.closeAllConnections();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  const send = async (method: string, path: string, key: string, json?: unknown) => {
    const response = await fetch(`${gateway.url}/api/v1${path}`, {
      method,
      headers: { 'x-api-key': key, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- asserted field by field
    return { status: response.status, body: (await response.json()) as any };
  };

  it('registers, lists, shows deliveries of and deletes an endpoint; the secret signs what arrives', async () => {
    const created = await send('POST', '/webhooks', a.apiKey, { url: receiverUrl, events: ['job.completed'] });
    expect(created.status).toBe(200);
    expect(Object.keys(created.body.data).sort()).toEqual(['created_at', 'events', 'id', 'secret', 'url']);
    const { id, secret } = created.body.data as { id: string; secret: string };
    const listed = await send('GET', '/webhooks', a.apiKey);
    expect(listed.body).toEqual({ message: 'Webhook endpoints retrieved successfully.', length: 1, data: [{ id, url: receiverUrl, events: ['job.completed'], created_at: created.body.data.created_at }] });

    const nats = await connectNats(testNatsUrl(), 'gateway-webhooks-test');
    const eventId = randomUUID();
    const jobId = randomUUID();
    await jetStreamClient(nats).publish(
      natsNames(hooks.env.NATS_NAMESPACE).subjects.taskCompleted,
      JSON.stringify({ id: eventId, occurred_at: new Date().toISOString(), workspace_id: a.workspaceId, type: 'task.completed', task_id: jobId, kind: 'job' }),
      { msgID: eventId },
    );
    await nats.close();
    await waitFor(async () => (await send('GET', `/webhooks/${id}/deliveries`, a.apiKey)).body.data[0]?.status === 'delivered', 10_000);
    const deliveries = await send('GET', `/webhooks/${id}/deliveries?limit=5`, a.apiKey);
    expect(deliveries.body.length).toBe(1);
    expect(deliveries.body.data[0]).toMatchObject({ event_id: eventId, type: 'job.completed', record_id: jobId, status: 'delivered', attempts: 1, last_status_code: 204, last_error: null, next_attempt_at: null });
    expect(deliveries.body.data[0].recent_attempts).toEqual([
      { attempt: 1, status_code: 204, error: null, started_at: expect.stringMatching(/Z$/), duration_ms: expect.any(Number) },
    ]);
    const [delivery] = received;
    const payload = JSON.parse(delivery!.body) as { data: unknown };
    expect(payload.data).toEqual({ id: jobId, status: 'COMPLETED' });
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(delivery!.signature)!;
    expect(createHmac('sha256', secret).update(`${t}.${delivery!.body}`).digest('hex')).toBe(v1);

    // Another workspace's id is an unknown id.
    for (const [method, path] of [['GET', `/webhooks/${id}/deliveries`], ['DELETE', `/webhooks/${id}`]] as const)
      expect(await send(method, path, b.apiKey)).toEqual({ status: 404, body: { error: `Webhook endpoint ${id} not found.` } });
    expect((await send('GET', '/webhooks', b.apiKey)).body.data).toEqual([]);
    expect((await send('GET', '/webhooks/not-a-uuid/deliveries', a.apiKey)).status).toBe(404);

    expect(await send('DELETE', `/webhooks/${id}`, a.apiKey)).toEqual({ status: 200, body: { message: `Webhook endpoint ${id} deleted.`, data: {} } });
    expect((await send('DELETE', `/webhooks/${id}`, a.apiKey)).status).toBe(404);
  });

  it('answers bad registrations with 400 {error} naming the problem', async () => {
    const cases: [unknown, string | RegExp][] = [
      [{ events: ['cv.completed'] }, 'Missing required fields.'],
      [{ url: receiverUrl, events: [] }, /at least one of cv.completed/],
      [{ url: receiverUrl, events: ['cv.exploded'] }, /Unknown webhook event cv.exploded/],
      [{ url: 'https://169.254.169.254/latest/meta-data', events: ['cv.completed'] }, /linkLocal/],
      [{ url: 'ftp://127.0.0.1/x', events: ['cv.completed'] }, "'url' must use https."],
      [{ url: receiverUrl, events: ['cv.completed'], secret: 'mine' }, /secret/],
    ];
    for (const [body, message] of cases) {
      const answer = await send('POST', '/webhooks', a.apiKey, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.body)).toEqual(['error']);
      expect(answer.body.error).toMatch(message);
    }
    expect((await send('GET', '/webhooks/00000000-0000-4000-8000-000000000000/deliveries?limit=0', a.apiKey)).status).toBe(400);
  });

  it('documents the routes as extensions, the payload and how to verify the signature', async () => {
    const document = (await gateway.get('/api/v1/openapi.json')).body;
    expect(document.paths['/webhooks'].post.summary).toMatch(/extension/);
    expect(document.webhooks.finishedWork.post.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/WebhookPayload');
    const guide = document.tags.find((t: { name: string }) => t.name === 'Webhooks').description as string;
    expect(guide).toContain('Talent-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>');
    expect(guide).toContain('timingSafeEqual');
  });
});
