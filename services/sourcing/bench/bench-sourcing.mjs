#!/usr/bin/env node
// `pnpm bench:sourcing` (after `pnpm build`): searches per second and latency through the gateway
// (POST /sourcing/search, new session each: worst-case check, provider, store, one charge) against the directory
// provider called in-process on the same directory and queries, in the same run, and their ratio; next to it the
// same searches re-read free from their session windows through the gateway (issue 27 target: billed ≥ 0.5× the
// free re-read's searches/s, p50 ≤ 2×); then the RSS of sourcing and gateway. The 100,000-profile directory figures (search p95, RSS) come from bench-directory.mjs, run last.
// BENCH_SOURCING_SEARCHES (default 400) and BENCH_SOURCING_CONCURRENCY (default 8) change the load.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createGrpcClient } from '@talent/platform';
import { billing } from '@talent/proto';
import { repoRoot, startBenchStack } from '@talent/testkit';

const { createProvider } = await import(join(repoRoot, 'services/sourcing/dist/providers/index.js'));
const { DEMO_DIRECTORY_PATH } = await import(join(repoRoot, 'services/sourcing/dist/env.js'));
const SEARCHES = Number(process.env.BENCH_SOURCING_SEARCHES ?? 400);
const CONCURRENCY = Number(process.env.BENCH_SOURCING_CONCURRENCY ?? 8);
const QUERIES = [
  'backend engineer',
  'data scientist python',
  'product manager',
  'nurse',
  'sales',
  'devops kubernetes',
  'designer',
  'java',
  'accountant',
  'marketing',
];
const request = (i) => ({ query: QUERIES[i % QUERIES.length], limit: 10, offset: (i % 3) * 10 });

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
/** Runs `SEARCHES` calls `CONCURRENCY` at a time: wall time and per-call latencies. */
async function load(call) {
  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < SEARCHES) {
        const i = next++;
        const t0 = performance.now();
        await call(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: SEARCHES / seconds, p50: percentile(latencies, 50), p95: percentile(latencies, 95) };
}

const logger = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  child() {
    return logger;
  },
};
const settings = {
  SOURCING_PROVIDER: 'directory',
  SOURCING_DIRECTORY_PATH: DEMO_DIRECTORY_PATH,
  SOURCING_PDL_TIMEOUT_MS: 10_000,
  SOURCING_PDL_MAX_RETRIES: 0,
  SOURCING_FRESHNESS_DAYS: 90,
};
const { provider } = await createProvider(settings, logger);
const search = (i) => provider.search({ ...request(i), filters: {}, searchType: 'fast', highFreshness: false });
for (let i = 0; i < 50; i++) await search(i);
const inProcess = await load(search);

const bench = await startBenchStack('benchsrc', { serviceEnv: { sourcing: { SOURCING_PROVIDER: 'directory' } } });
const { stack } = bench;
const vmHwm = (pid) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
let gateway;
try {
  const admin = createGrpcClient(billing.BillingServiceClient, stack.address('billing'));
  const { apiKey } = await admin.createWorkspace({
    name: 'bench',
    grantTokens: 100_000_000,
    grantExpiresInSeconds: 0,
    idempotencyKey: '',
  });
  admin.close();
  const api = `${stack.gatewayUrl}/api/v1/sourcing/search`;
  const post = async (body) => {
    const response = await fetch(api, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.status !== 200) throw new Error(`search: ${response.status} ${(await response.text()).slice(0, 300)}`);
    return (await response.json()).data;
  };
  const sessions = new Map();
  const viaGateway = async (i) => sessions.set(i, (await post(request(i))).session_id);
  // The same window of the same session again: answered from the session, free (no billing call but the key's).
  const freeReread = async (i) => {
    const { offset, limit } = request(i);
    const data = await post({ session_id: sessions.get(i), offset, limit });
    if (!data.cached || data.charged.total !== 0) throw new Error('a re-read was not free');
  };
  for (let i = 0; i < 50; i++) await viaGateway(i);
  gateway = await load(viaGateway);
  for (let i = 0; i < 50; i++) await freeReread(i);
  const free = await load(freeReread);
  const rss = { sourcing: vmHwm(stack.services.sourcing.pid), gateway: vmHwm(stack.services.gateway.pid) };
  const row = (name, r) => `| ${name} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} |`;
  console.log(
    `\nbench:sourcing — ${SEARCHES} searches of 10 candidates, ${CONCURRENCY} at a time, demo directory (${readFileSync(DEMO_DIRECTORY_PATH, 'utf8').trim().split('\n').length} profiles)\n`,
  );
  console.log('| path | searches/s | p50 ms | p95 ms |\n|---|---|---|---|');
  console.log(row('directory provider in-process (baseline)', inProcess));
  console.log(row('POST /sourcing/search through the gateway (billed)', gateway));
  console.log(row('the same windows re-read free from their sessions, through the gateway', free));
  console.log(
    `\nratio gateway / in-process searches per second: ${(gateway.perSecond / inProcess.perSecond).toFixed(3)}; p95 ${(gateway.p95 / inProcess.p95).toFixed(1)}×`,
  );
  const vsFree = gateway.perSecond / free.perSecond;
  const p50VsFree = gateway.p50 / free.p50;
  console.log(
    `billed / free re-read: searches/s ${vsFree.toFixed(2)}× (target ≥ 0.5: ${vsFree >= 0.5 ? 'met' : 'NOT met'}), p50 ${p50VsFree.toFixed(2)}× (target ≤ 2: ${p50VsFree <= 2 ? 'met' : 'NOT met'})`,
  );
  console.log(`peak RSS: sourcing ${rss.sourcing.toFixed(0)} MB, gateway ${rss.gateway.toFixed(0)} MB\n`);
} finally {
  await bench.stop();
}

const directoryBench = join(repoRoot, 'services/sourcing/bench/bench-directory.mjs');
console.log('100,000-profile directory (bench-directory.mjs):');
const result = spawnSync(process.execPath, [directoryBench], { stdio: 'inherit' });
process.exit(result.status ?? 1);
