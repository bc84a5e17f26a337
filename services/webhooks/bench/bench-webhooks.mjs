#!/usr/bin/env node
// `pnpm bench:webhooks` (after `pnpm build`; needs ../shared/data): webhook delivery of finished work, on the
// real stack, to a receiver in this process.
//  1. live: 1,000 CV analyses (the dotin-train texts, cycled; cache off) with one endpoint registered for cv.*;
//     baseline = the rate at which the analyses themselves complete (deliveries cannot outpace it). Prints
//     deliveries/s, p50/p95/max delay from completion (the event's time) to receipt, lost and duplicate counts.
//  2. backlog: the webhooks service stopped while 500 more analyses complete, then started: how fast it drains
//     the queued deliveries (the sender's own ceiling), with the same lost/duplicate counts.
import { createServer } from 'node:http';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createGrpcClient } from '@talent/platform';
import { billing } from '@talent/proto';
import { repoRoot, startBenchStack } from '@talent/testkit';

// TALENT_DATA_DIR: the shared data elsewhere than beside the repository (e.g. from a worktree).
const data = join(process.env.TALENT_DATA_DIR ?? join(repoRoot, '../shared/data'), 'cvs/dotin-train');
if (!existsSync(data)) {
  console.error('bench:webhooks needs ../shared/data (cvs/dotin-train), or TALENT_DATA_DIR');
  process.exit(2);
}
const texts = readdirSync(data)
  .filter((f) => f.endsWith('.xml'))
  .map((f) => readFileSync(join(data, f), 'utf8').replace(/<\?xml[^>]*>/, '').replace(/<[^>]+>/g, '').trim());
const LIVE = Number(process.env.BENCH_WEBHOOKS_CVS ?? 1000);
const BACKLOG = Number(process.env.BENCH_WEBHOOKS_BACKLOG ?? 500);
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// The receiver: answers 200 at once and notes when each delivery arrived.
const received = [];
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    received.push({ at: Date.now(), payload: JSON.parse(body) });
    res.writeHead(200).end();
  });
});
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${receiver.address().port}/hooks`;

const bench = await startBenchStack('benchhooks', { serviceEnv: { webhooks: { WEBHOOKS_DEVELOPMENT: 'true' } } });
const { stack } = bench;
const api = `${stack.gatewayUrl}/api/v1`;
try {
  const admin = createGrpcClient(billing.BillingServiceClient, stack.address('billing'));
  const { apiKey } = await admin.createWorkspace({ name: 'bench', grantTokens: 1_000_000, grantExpiresInSeconds: 0, idempotencyKey: '' });
  admin.close();
  const post = async (path, body) => {
    const response = await fetch(`${api}${path}`, { method: 'POST', headers: { 'x-api-key': apiKey, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  await post('/webhooks', { url, events: ['cv.completed', 'cv.failed'] });

  /** Submits `count` analyses in batches of 10 and waits until every one is final; their ids. */
  const analyze = async (count, offset) => {
    const ids = [];
    for (let i = 0; i < count; i += 10) {
      const inputs = Array.from({ length: Math.min(10, count - i) }, (_, k) => texts[(offset + i + k) % texts.length]);
      ids.push(...(await post('/cvs/analyze', { inputs, cache: false })).data.ids);
    }
    for (;;) {
      let pending = 0;
      for (let i = 0; i < ids.length; i += 1000) {
        const { data: items } = await post('/cvs/status', { ids: ids.slice(i, i + 1000) });
        pending += items.filter((item) => item.status === 'PENDING').length;
      }
      if (pending === 0) return ids;
      await sleep(250);
    }
  };
  /** Waits (bounded) for a delivery about every id; then counts what was delivered, lost and duplicated. */
  const settle = async (ids, from) => {
    const wanted = new Set(ids);
    const deadline = Date.now() + 120_000;
    const seen = () => new Set(received.slice(from).map((r) => r.payload.data.id).filter((id) => wanted.has(id)));
    while (seen().size < wanted.size && Date.now() < deadline) await sleep(100);
    const mine = received.slice(from).filter((r) => wanted.has(r.payload.data.id));
    const events = new Set(mine.map((r) => r.payload.event_id));
    const delays = mine.map((r) => r.at - Date.parse(r.payload.created_at));
    const completedAt = mine.map((r) => Date.parse(r.payload.created_at));
    const arrivedAt = mine.map((r) => r.at);
    return {
      delivered: events.size,
      lost: wanted.size - seen().size,
      duplicates: mine.length - events.size,
      failed: mine.filter((r) => r.payload.type === 'cv.failed').length,
      delays,
      completionSpanS: (Math.max(...completedAt) - Math.min(...completedAt)) / 1000,
      deliverySpanS: (Math.max(...arrivedAt) - Math.min(...arrivedAt)) / 1000,
      lastArrival: Math.max(...arrivedAt),
    };
  };

  // 1. Live.
  const liveIds = await analyze(LIVE, 0);
  const live = await settle(liveIds, 0);
  console.log(`bench:webhooks — ${LIVE} CV analyses (dotin-train texts cycled, cache off), one endpoint for cv.*, receiver in-process`);
  console.log(`  analyses completed (baseline)  ${(LIVE / live.completionSpanS).toFixed(1).padStart(7)} /s over ${live.completionSpanS.toFixed(1)} s (${live.failed} FAILED)`);
  console.log(`  deliveries received            ${(live.delivered / live.deliverySpanS).toFixed(1).padStart(7)} /s over ${live.deliverySpanS.toFixed(1)} s`);
  console.log(`  completion → delivery          p50 ${percentile(live.delays, 50)} ms   p95 ${percentile(live.delays, 95)} ms   max ${Math.max(...live.delays)} ms`);
  console.log(`  lost ${live.lost}   duplicates ${live.duplicates}   delivered ${live.delivered} of ${LIVE}`);

  // 2. Backlog: deliveries queue up in the intake's stream while the service is down.
  await stack.services.webhooks.stop();
  const from = received.length;
  const backlogIds = await analyze(BACKLOG, LIVE);
  const restartedAt = Date.now();
  await stack.services.webhooks.start();
  const backlog = await settle(backlogIds, from);
  const drainS = (backlog.lastArrival - restartedAt) / 1000;
  console.log(`  backlog: ${BACKLOG} completed while webhooks was down, drained in ${drainS.toFixed(1)} s from its restart (process start included): ${(backlog.delivered / drainS).toFixed(1)} deliveries/s, ${(backlog.delivered / backlog.deliverySpanS).toFixed(1)} /s between first and last`);
  console.log(`  backlog: lost ${backlog.lost}   duplicates ${backlog.duplicates}`);
  if (live.lost + backlog.lost > 0) process.exitCode = 1;
} finally {
  await bench.stop();
  receiver.closeAllConnections();
  receiver.close();
}
