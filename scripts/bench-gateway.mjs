#!/usr/bin/env node
// `pnpm bench:gateway`: authenticated reads through the whole gateway (auth, rate limit, validation, one gRPC
// round trip, the backend's query) next to, in the same run and on the same machine, with load from a second
// process (autocannon):
//   - a bare Express 5 hello-world (the ceiling of one Node HTTP process),
//   - a minimal Express → grpc-js → PostgreSQL chain (scripts/bench/minimal-chain.mjs: the floor of this
//     architecture, the same one-row read as GET /credits/balance with nothing around it).
// Targets, per gateway route against the minimal chain: req/s ≥ 0.8× and p99 ≤ 1.5×.
//
// Settings (environment): BENCH_SECONDS (10 per target, after a 2 s warm-up), BENCH_CONNECTIONS (50),
// BENCH_CPU_PROF=<dir>: profile gateway, billing and documents from start to stop with the V8 CPU profiler, as
// --cpu-prof would (Node 20 refuses it in NODE_OPTIONS: scripts/bench/cpu-prof.mjs is preloaded instead) into
// <dir>/<service>; summarise with `node scripts/bench/cpu-profile-top.mjs <dir>/<service>`.
import { execFile, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { createGrpcClient } from '@talent/platform';
import { billing } from '@talent/proto';
import { BACKENDS, dropNatsNamespace, dropSchema, repoRoot, startProcessStack, testDatabaseUrl, testNatsUrl, uniqueName } from '@talent/testkit';

const run = promisify(execFile);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const profileDir = process.env.BENCH_CPU_PROF ? resolve(process.env.BENCH_CPU_PROF) : undefined;
const autocannon = join(repoRoot, 'node_modules/.bin/autocannon');
const load1 = () => loadavg()[0].toFixed(2);

async function load(url, headers = {}) {
  const common = ['-j', '-c', String(connections), ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`])];
  await run(autocannon, [...common, '-d', '2', url], { maxBuffer: 1 << 26 }); // warm-up
  const loadBefore = load1();
  const { stdout } = await run(autocannon, [...common, '-d', String(duration), url], { maxBuffer: 1 << 26 });
  const result = JSON.parse(stdout);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors, load: `${loadBefore}→${load1()}` };
}

/** Starts a helper process that prints {"port": N} once it listens. */
function startHelper(script, env = {}) {
  const child = spawn(process.execPath, [join(repoRoot, script)], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before listening`)));
    child.stdout.once('data', (chunk) => resolve(JSON.parse(String(chunk).split('\n', 1)[0]).port));
  });
  return { child, port };
}

const profiled = ['gateway', 'billing', 'documents'];
const prefix = uniqueName('bench');
const stack = await startProcessStack({
  env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: testDatabaseUrl(), NATS_URL: testNatsUrl(), NATS_NAMESPACE: prefix, RATE_LIMIT_PER_MINUTE: '100000000' },
  schemaFor: (service) => `${prefix}_${service}`,
  serviceEnv: profileDir
    ? Object.fromEntries(
        profiled.map((service) => {
          mkdirSync(join(profileDir, service), { recursive: true });
          return [service, { NODE_OPTIONS: `--import=${join(repoRoot, 'scripts/bench/cpu-prof.mjs')}`, CPU_PROF_DIR: join(profileDir, service) }];
        }),
      )
    : {},
  onLine: (service, line) => {
    if (/"level":"(error|fatal)"/.test(line)) console.error(`${service}: ${line}`);
  },
});
const helpers = [];
try {
  const client = createGrpcClient(billing.BillingServiceClient, stack.address('billing'));
  const { apiKey, workspaceId } = await client.createWorkspace({ name: 'bench', grantTokens: 10, grantExpiresInSeconds: 0, idempotencyKey: 'bench' });
  client.close();

  const api = (path, init = {}) => fetch(`${stack.gatewayUrl}/api/v1${path}`, { ...init, headers: { 'x-api-key': apiKey, 'content-type': 'application/json', ...init.headers } });
  const analyzed = await api('/cvs/analyze', {
    method: 'POST',
    body: JSON.stringify({ block: true, inputs: ['Jane Doe\njane@example.com\nExperience\nSoftware engineer at Acme, 2019 – 2024: TypeScript, PostgreSQL.\nEducation\nBSc Computer Science, 2018'] }),
  });
  const { data } = await analyzed.json();
  const cvId = data?.ids?.[0];
  if (analyzed.status !== 200 || data.status !== 'COMPLETED') throw new Error(`the bench CV was not analyzed: ${analyzed.status} ${JSON.stringify(data)}`);
  const routes = ['/credits/balance', `/cvs/${cvId}`];
  for (const path of routes) {
    const probe = await api(path);
    if (probe.status !== 200) throw new Error(`${path} answered ${probe.status}: ${await probe.text()}`);
  }

  const hello = startHelper('scripts/bench/hello-express.mjs');
  helpers.push(hello.child);
  const backend = startHelper('scripts/bench/minimal-chain.mjs', { ROLE: 'backend', DATABASE_URL: testDatabaseUrl(), DATABASE_SCHEMA: `${prefix}_billing` });
  helpers.push(backend.child);
  const front = startHelper('scripts/bench/minimal-chain.mjs', { ROLE: 'front', BACKEND_ADDR: `127.0.0.1:${await backend.port}` });
  helpers.push(front.child);

  console.log(`bench:gateway: ${connections} connections, ${duration} s per target after a 2 s warm-up, autocannon in a separate process`);
  console.log(`load average before: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const results = [
    ['express hello-world', await load(`http://127.0.0.1:${await hello.port}/hello`)],
    ['minimal express→grpc→pg', await load(`http://127.0.0.1:${await front.port}/balance/${workspaceId}`)],
  ];
  for (const path of routes) results.push([`gateway GET ${path.replace(cvId, '{id}')}`, await load(`${stack.gatewayUrl}/api/v1${path}`, { 'x-api-key': apiKey })]);

  const row = (name, r) =>
    `${name.padEnd(30)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(3)} ms  non-2xx ${r.non2xx}  errors ${r.errors}  load1 ${r.load}`;
  for (const [name, r] of results) console.log(row(name, r));
  const [[, helloResult], [, chain]] = results;
  let met = true;
  console.log(`minimal chain vs hello-world: req/s ${(chain.rps / helloResult.rps).toFixed(2)}×, p99 ${(chain.p99 / Math.max(helloResult.p99, 1)).toFixed(2)}×`);
  for (const [name, r] of results.slice(2)) {
    const rps = r.rps / chain.rps;
    const p99 = r.p99 / Math.max(chain.p99, 1);
    const ok = rps >= 0.8 && p99 <= 1.5 && r.non2xx === 0 && r.errors === 0;
    met &&= ok;
    console.log(
      `${name} vs minimal chain: req/s ${rps.toFixed(2)}× (target ≥ 0.8), p99 ${p99.toFixed(2)}× (target ≤ 1.5); vs hello-world: req/s ${(r.rps / helloResult.rps).toFixed(2)}×, p99 ${(r.p99 / Math.max(helloResult.p99, 1)).toFixed(2)}× — ${ok ? 'meets target' : 'BELOW TARGET'}`,
    );
  }
  console.log(`verdict: ${met ? 'meets target' : 'BELOW TARGET'}`);
} finally {
  for (const child of helpers) child.kill('SIGTERM');
  await stack.stop();
  for (const service of BACKENDS) await dropSchema(`${prefix}_${service}`);
  await dropNatsNamespace(prefix);
  if (profileDir) console.log(`CPU profiles in ${profiled.map((service) => join(profileDir, service)).join(', ')}`);
}
