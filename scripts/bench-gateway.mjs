#!/usr/bin/env node
// `pnpm bench:gateway`: an authenticated read through the whole gateway path (auth + validation + one gRPC
// round trip to billing) against a bare Express 5 hello-world, same machine, same run, load from a second
// process (autocannon). Target: ≥ 0.5× the hello-world's req/s and p99 ≤ 3×.
import { execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createGrpcClient } from '@talent/platform';
import { billing } from '@talent/proto';
import { BACKENDS, dropNatsNamespace, dropSchema, repoRoot, startProcessStack, testDatabaseUrl, testNatsUrl, uniqueName } from '@talent/testkit';

const run = promisify(execFile);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const autocannon = join(repoRoot, 'node_modules/.bin/autocannon');

async function load(url, headers = {}) {
  const args = ['-j', '-c', String(connections), '-d', String(duration), ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]), url];
  // Warm-up, then the measured run.
  await run(autocannon, ['-j', '-c', String(connections), '-d', '2', ...args.slice(5)], { maxBuffer: 1 << 26 });
  const { stdout } = await run(autocannon, args, { maxBuffer: 1 << 26 });
  const result = JSON.parse(stdout);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

const prefix = uniqueName('bench');
const stack = await startProcessStack({
  env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: testDatabaseUrl(), NATS_URL: testNatsUrl(), NATS_NAMESPACE: prefix, RATE_LIMIT_PER_MINUTE: '100000000' },
  schemaFor: (service) => `${prefix}_${service}`,
  onLine: (service, line) => {
    if (/"level":"(error|fatal)"/.test(line)) console.error(`${service}: ${line}`);
  },
});
const hello = spawn(process.execPath, [join(repoRoot, 'scripts/bench/hello-express.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
try {
  const client = createGrpcClient(billing.BillingServiceClient, stack.address('billing'));
  const { apiKey } = await client.createWorkspace({ name: 'bench', grantTokens: 0, grantExpiresInSeconds: 0, idempotencyKey: '' });
  client.close();
  const helloPort = await new Promise((resolve) => hello.stdout.once('data', (chunk) => resolve(JSON.parse(String(chunk)).port)));

  const path = process.env.BENCH_PATH ?? '/api/v1/credits/balance';
  const probe = await fetch(`${stack.gatewayUrl}${path}`, { headers: { 'x-api-key': apiKey } });
  if (probe.status !== 200 && !process.env.BENCH_ANY_STATUS) throw new Error(`${path} answered ${probe.status}: ${await probe.text()}`);

  console.log(`bench:gateway: ${connections} connections, ${duration} s per target, autocannon in a separate process`);
  const baseline = await load(`http://127.0.0.1:${helloPort}/hello`);
  const gateway = await load(`${stack.gatewayUrl}${path}`, { 'x-api-key': apiKey });
  const row = (name, r) => `${name.padEnd(28)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   non-2xx ${r.non2xx}`;
  console.log(row('express hello-world', baseline));
  console.log(row(`gateway GET ${path}`, gateway));
  const rpsRatio = gateway.rps / baseline.rps;
  const p99Ratio = gateway.p99 / Math.max(baseline.p99, 1);
  console.log(`ratio req/s ${rpsRatio.toFixed(2)} (target ≥ 0.5)   ratio p99 ${p99Ratio.toFixed(2)} (target ≤ 3)`);
  console.log(`verdict: ${rpsRatio >= 0.5 && p99Ratio <= 3 ? 'meets target' : 'BELOW TARGET'}`);
} finally {
  hello.kill('SIGTERM');
  await stack.stop();
  for (const service of BACKENDS) await dropSchema(`${prefix}_${service}`);
  await dropNatsNamespace(prefix);
}
