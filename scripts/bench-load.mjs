#!/usr/bin/env node
// `pnpm bench:load`: the whole stack (six services as real processes) under a realistic mix for BENCH_SECONDS
// (60) from a second process (scripts/bench/mixed-load.mjs, BENCH_CONNECTIONS keep-alive connections in a closed
// loop): 70% reads (balance, a CV, the CV list, statuses, a job, skills search), 20% text analyze, 10% match.
// Prints req/s, p50/p99 and statuses per route, then waits for every accepted analysis to end and checks the
// ledger: each CV charged once, FAILED ones refunded, nothing left reserved, `billing verify` clean.
// Targets: 0 5xx, 0 lost tasks, no ledger breach. The machine's load average is printed with the figures.
import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createGrpcClient } from '@talent/platform';
import { billing } from '@talent/proto';
import { repoRoot, startBenchStack, waitFor } from '@talent/testkit';

const run = promisify(execFile);
const seconds = Number(process.env.BENCH_SECONDS ?? 60);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const settleMs = Number(process.env.BENCH_SETTLE_MS ?? 600_000);
const loads = () => loadavg().map((l) => l.toFixed(2)).join(' ');

const bench = await startBenchStack('benchload', { env: { LOG_LEVEL: 'warn' }, serviceEnv: { sourcing: { SOURCING_PROVIDER: 'directory' } } });
const { stack, prefix } = bench;
const client = createGrpcClient(billing.BillingServiceClient, stack.address('billing'), { deadlineMs: 120_000 });
let failedTarget;
try {
  const { apiKey, workspaceId } = await client.createWorkspace({ name: 'bench-load', grantTokens: 0, grantExpiresInSeconds: 0, idempotencyKey: '' });
  await client.grantTokens({ workspaceId, amount: 100_000_000, expiresInSeconds: 0, idempotencyKey: `${prefix}-grant` });
  const api = async (method, path, body) => {
    const response = await fetch(`${stack.gatewayUrl}/api/v1${path}`, {
      method,
      headers: { 'x-api-key': apiKey, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: await response.json() };
  };
  // What the reads and matches work on: a job and ten CVs, analyzed before the clock starts.
  const seed = async (resource, inputs) => {
    const { status, body } = await api('POST', `/${resource}/analyze`, { inputs, block: true });
    if (status !== 200 || body.data.status !== 'COMPLETED') throw new Error(`seeding ${resource} failed: ${status} ${JSON.stringify(body)}`);
    return body.data.ids;
  };
  const [jobId] = await seed('jobs', [
    'Backend Engineer\nNorthwind Ltd, Leeds\n\nRequirements\n- 3+ years of Python\n- PostgreSQL and Docker\n- BSc in Computer Science\n\nNice to have\n- Kubernetes',
  ]);
  const cvIds = await seed(
    'cvs',
    Array.from({ length: 10 }, (_, i) => `Seed Person ${i}\nseed${i}@example.org\n\nEXPERIENCE\nDeveloper\nExample Co\n01/201${i % 10} - present\n- Python, PostgreSQL, Docker\n\nEDUCATION\nBSc Computer Science\n`),
  );

  const loadBefore = loads();
  console.log(`bench:load: ${connections} connections for ${seconds} s from a second process; mix 70% reads / 20% analyze / 10% match`);
  console.log(`load average before: ${loadBefore}`);
  const plan = { baseUrl: `${stack.gatewayUrl}/api/v1`, apiKey, jobId, cvIds, seconds, connections };
  const { stdout } = await run(process.execPath, [join(repoRoot, 'scripts/bench/mixed-load.mjs')], {
    env: { ...process.env, BENCH_PLAN: JSON.stringify(plan) },
    maxBuffer: 1 << 28,
  });
  const loadAfter = loads();
  const result = JSON.parse(stdout);
  let total = 0;
  let serverErrors = 0;
  let otherErrors = 0;
  for (const [name, r] of Object.entries(result.routes)) {
    total += r.count;
    for (const [status, count] of Object.entries(r.statuses)) {
      if (Number(status) >= 500 || status === '0') serverErrors += count;
      else if (Number(status) >= 400) otherErrors += count;
    }
    console.log(
      `${name.padEnd(22)} ${r.rps.toFixed(1).padStart(7)} req/s  p50 ${r.p50.toFixed(1).padStart(7)} ms  p99 ${r.p99.toFixed(1).padStart(7)} ms  statuses ${JSON.stringify(r.statuses)}`,
    );
  }
  console.log(`total ${(total / result.elapsedS).toFixed(1)} req/s over ${result.elapsedS.toFixed(1)} s; 5xx or connection errors: ${serverErrors} (target 0); 4xx: ${otherErrors}`);
  console.log(`load average after the load: ${loadAfter}`);

  // Every accepted analysis must end; one still PENDING after BENCH_SETTLE_MS is lost.
  const ids = result.analyzed;
  const statuses = new Map();
  const drainStarted = Date.now();
  const pending = async () => {
    for (let i = 0; i < ids.length; i += 1000) {
      const { status, body } = await api('POST', '/cvs/status', { ids: ids.slice(i, i + 1000) });
      if (status === 200) for (const item of body.data) statuses.set(item.id, item.status);
    }
    return ids.filter((id) => !['COMPLETED', 'FAILED'].includes(statuses.get(id)));
  };
  await waitFor(async () => (await pending()).length === 0, settleMs, 2_000).catch(() => undefined);
  const lost = await pending();
  const failed = ids.filter((id) => statuses.get(id) === 'FAILED');
  console.log(
    `analyses: ${ids.length} accepted, all final ${((Date.now() - drainStarted) / 1000).toFixed(1)} s after the load; ${failed.length} FAILED; lost (not final after ${settleMs / 1000} s): ${lost.length} (target 0)`,
  );

  // The ledger: one charge per unit, FAILED units refunded, holds resolved, invariants verified.
  const entries = [];
  for (let offset = 0; ; offset += 100) {
    const page = await client.listLedger({ workspaceId, page: { limit: 100, offset }, action: '' });
    entries.push(...page.entries);
    if (page.entries.length < 100) break;
  }
  const charges = entries.filter((e) => e.kind === 'charge');
  const units = new Map();
  for (const e of charges) units.set(`${e.action} ${e.reference}`, (units.get(`${e.action} ${e.reference}`) ?? 0) + 1);
  const doubled = [...units.values()].filter((n) => n > 1).length;
  const refunded = new Set(entries.filter((e) => e.kind === 'refund').map((e) => e.reference));
  const unrefunded = failed.filter((id) => units.has(`cv_processing ${id}`) && !refunded.has(id)).length;
  const uncharged = ids.filter((id) => !units.has(`cv_processing ${id}`)).length;
  const matchOk = result.routes['POST /match'].statuses['200'] ?? 0;
  const matchCharges = charges.filter((e) => e.action === 'job_matching').length;
  await waitFor(async () => (await client.getBalance({ workspaceId })).reserved === 0, 60_000, 500).catch(() => undefined);
  const { reserved } = await client.getBalance({ workspaceId });
  const verify = await client.verify({ workspaceId: '' });
  console.log(
    `ledger: ${charges.length} charges; units charged twice ${doubled} (target 0); analyses uncharged ${uncharged}; FAILED not refunded ${unrefunded} (target 0); ` +
      `match answers ${matchOk} vs job_matching charges ${matchCharges}; reserved ${reserved} (target 0); billing verify: ${verify.breaches.length === 0 ? `no breach (${verify.accountsChecked} accounts)` : verify.breaches.join('; ')}`,
  );
  failedTarget = serverErrors > 0 || lost.length > 0 || doubled > 0 || unrefunded > 0 || reserved !== 0 || verify.breaches.length > 0 || matchOk !== matchCharges;
  console.log(`verdict: ${failedTarget ? 'BELOW TARGET' : 'meets target'} (load average ${loadBefore} before, ${loadAfter} after the load, ${loads()} now; 2 shared cores)`);
} finally {
  client.close();
  await bench.stop();
}
process.exitCode = failedTarget ? 1 : 0;
