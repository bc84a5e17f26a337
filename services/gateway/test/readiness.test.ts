import { backendTestEnv } from '@talent/testkit';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDocuments } from '../../documents/src/app.js';
import { loadDocumentsEnv } from '../../documents/src/env.js';
import { startMatching } from '../../matching/src/app.js';
import { loadMatchingEnv } from '../../matching/src/env.js';
import { startSourcing } from '../../sourcing/src/app.js';
import { loadSourcingEnv } from '../../sourcing/src/env.js';
import { startWebhooks } from '../../webhooks/src/app.js';
import { loadWebhooksEnv } from '../../webhooks/src/env.js';
import { startRealBilling, startRealSkills, startTestGateway, stopBackend, waitFor, type RealBackend, type TestGateway } from './harness.js';

async function startPeer<E>(name: string, load: (env: NodeJS.ProcessEnv) => E, start: (env: E) => Promise<RealBackend['service']>): Promise<RealBackend> {
  const env = backendTestEnv(name);
  const service = await start(load(env));
  return { service, address: `127.0.0.1:${service.grpcPort}`, schema: String(env.DATABASE_SCHEMA), env };
}

describe('gateway: /healthz and /readyz against the real services', () => {
  const peers: Record<string, RealBackend> = {};
  let gateway: TestGateway;

  beforeAll(async () => {
    peers.billing = await startRealBilling();
    peers.documents = await startPeer('documents', loadDocumentsEnv, startDocuments);
    peers.matching = await startPeer('matching', loadMatchingEnv, startMatching);
    peers.sourcing = await startPeer('sourcing', loadSourcingEnv, startSourcing);
    peers.skills = await startRealSkills();
    peers.webhooks = await startPeer('webhooks', loadWebhooksEnv, startWebhooks);
    gateway = await startTestGateway(Object.fromEntries(Object.entries(peers).map(([name, p]) => [name, p.address])));
  });
  afterAll(async () => {
    await gateway?.stop();
    for (const peer of Object.values(peers)) await stopBackend(peer).catch(() => undefined);
  });

  it('is live at once, and ready once every upstream answers SERVING', async () => {
    expect((await gateway.get('/healthz')).status).toBe(200);
    await waitFor(async () => (await gateway.get('/readyz')).status === 200, 5_000);
    const ready = await gateway.get('/readyz');
    expect(ready.body.services).toEqual({ billing: 'SERVING', documents: 'SERVING', matching: 'SERVING', sourcing: 'SERVING', skills: 'SERVING', webhooks: 'SERVING' });
  });

  it('turns non-ready within 2 s of a service stopping, and recovers when it returns', async () => {
    await waitFor(async () => (await gateway.get('/readyz')).body.services.billing === 'SERVING', 5_000);
    const port = peers.billing!.service.grpcPort;
    await stopBackend(peers.billing);
    const elapsed = await waitFor(async () => {
      const response = await gateway.get('/readyz');
      return response.status === 503 && response.body.services.billing === 'NOT_SERVING';
    }, 2_000, 25);
    expect(elapsed).toBeLessThanOrEqual(2_000);
    expect((await gateway.get('/healthz')).status).toBe(200);

    peers.billing = await startRealBilling(port);
    await waitFor(async () => (await gateway.get('/readyz')).body.services.billing === 'SERVING', 10_000);
  });
});

describe('gateway: graceful shutdown', () => {
  let blackhole: Server;
  let address: string;

  beforeAll(async () => {
    // A peer that accepts connections and never answers: requests to it stay in flight until their deadline.
    blackhole = createServer(() => undefined);
    await new Promise<void>((resolve) => blackhole.listen(0, '127.0.0.1', resolve));
    address = `127.0.0.1:${(blackhole.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    blackhole.close();
  });

  it('fails readiness first, answers the in-flight request, then stops accepting', async () => {
    const gateway = await startTestGateway({ skills: address }, { UPSTREAM_DEADLINE_MS: '800' });
    const inFlight = fetch(`${gateway.url}/api/v1/skills/languages`).then(async (r) => ({ status: r.status, body: await r.json() }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const stopped = gateway.stop();
    expect(gateway.readiness.isReady()).toBe(false);
    expect(gateway.readiness.snapshot().shutting_down).toBe(true);
    // The in-flight request still gets a complete HTTP answer (its peer never replied: 503 at the deadline).
    const answer = await inFlight;
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({ error: expect.any(String), request_id: expect.any(String) });
    await stopped;
    await expect(fetch(`${gateway.url}/healthz`)).rejects.toThrow();
  });
});
