import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CV_TEXT, JOB_TEXT } from './documents-data.js';
import { E2eStack, eventually, type JsonBody } from './harness.js';

interface Received {
  body: string;
  signature: string;
  payload: { id: string; event_id: string; type: string; data: JsonBody };
}

/** Finished work of the real stack (documents' analyses, matching's matches) POSTed to a receiver in this process. */
describe('webhooks end to end (documents/matching → NATS → webhooks → HTTP receiver)', () => {
  const e2e = new E2eStack();
  let receiver: Server;
  let url: string;
  const received: Received[] = [];
  let acme: { workspaceId: string; apiKey: string };
  let other: { workspaceId: string; apiKey: string };

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ body, signature: String(req.headers['talent-signature']), payload: JSON.parse(body) as Received['payload'] });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    await e2e.start({ webhooks: { WEBHOOKS_DEVELOPMENT: 'true', WEBHOOKS_POLL_MS: '100' } });
    acme = await e2e.createWorkspace('acme hooks', 1000);
    other = await e2e.createWorkspace('other hooks', 1000);
  }, 240_000);
  afterAll(async () => {
    await e2e.stop();
    receiver?.closeAllConnections();
    await new Promise((resolve) => receiver?.close(resolve));
  }, 60_000);
  afterEach((context) => {
    if (context.task.result?.state === 'fail') console.log(e2e.logs.slice(-120).join('\n'));
  });

  it('announces completed CVs and jobs and a produced match, signed, to the workspace that owns them only', async () => {
    const created = await e2e.json('POST', '/webhooks', acme.apiKey, { url, events: ['cv.completed', 'job.completed', 'match.completed'] });
    expect(created.status).toBe(200);
    const secret = created.body.data.secret as string;
    // Another workspace's endpoint for the same events must see none of acme's work.
    const foreign = await e2e.json('POST', '/webhooks', other.apiKey, { url: `${url}/other`, events: ['cv.completed', 'job.completed', 'match.completed'] });
    expect(foreign.status).toBe(200);

    const [cvId] = (await e2e.json('POST', '/cvs/analyze', acme.apiKey, { inputs: [CV_TEXT], block: true })).body.data.ids as string[];
    const [jobId] = (await e2e.json('POST', '/jobs/analyze', acme.apiKey, { inputs: [JOB_TEXT], block: true })).body.data.ids as string[];
    const matched = await e2e.json('POST', '/match', acme.apiKey, { jobId, candidatesIds: [cvId], topK: 5, cache: true }, { 'idempotency-key': randomUUID() });
    expect(matched.status).toBe(200);

    const { value } = await eventually(
      async () => received.map((r) => r.payload.type).sort(),
      (types) => types.length >= 3,
      30_000,
    );
    expect(value).toEqual(['cv.completed', 'job.completed', 'match.completed']);
    const byType = Object.fromEntries(received.map((r) => [r.payload.type, r]));
    expect(byType['cv.completed']!.payload.data).toEqual({ id: cvId, status: 'COMPLETED' });
    expect(byType['job.completed']!.payload.data).toEqual({ id: jobId, status: 'COMPLETED' });
    expect(byType['match.completed']!.payload.data).toMatchObject({ job_id: jobId, version: 1, candidates: 1 });
    for (const r of received) {
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(r.signature)!;
      expect(createHmac('sha256', secret).update(`${t}.${r.body}`).digest('hex')).toBe(v1);
    }
    // Settled just after the receiver answered.
    const deliveries = await eventually(
      () => e2e.json('GET', `/webhooks/${created.body.data.id}/deliveries`, acme.apiKey),
      (r) => r.body.data.every((d: JsonBody) => d.status === 'delivered'),
      10_000,
    );
    expect(deliveries.value.body.data.map((d: JsonBody) => d.status)).toEqual(['delivered', 'delivered', 'delivered']);
    expect((await e2e.json('GET', `/webhooks/${foreign.body.data.id}/deliveries`, other.apiKey)).body.data).toEqual([]);
  });
});
