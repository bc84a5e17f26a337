#!/usr/bin/env node
// `pnpm bench:gateway`: authenticated reads through the whole gateway (auth, rate limit, validation, one gRPC
// round trip, the backend's query) next to, in the same run and on the same machine, with load from a second
// process (autocannon):
//   - a bare Express 5 hello-world (the ceiling of one Node HTTP process),
//   - a minimal Express → grpc-js → PostgreSQL chain (scripts/bench/minimal-chain.mjs: the floor of this
//     architecture, the same one-row read as GET /credits/balance with nothing around it).
// Targets, per gateway route against the minimal chain: req/s ≥ 0.8× and p99 ≤ 1.5×.
//
// Targets are measured in interleaved rounds (hello, chain, gateway…, then again), and medians are reported, so
// load from other processes hits them alike; the CPU each process spent per request (from /proc) is printed too,
// as it depends less on what else the machine runs than req/s.
//
// Settings (environment): BENCH_SECONDS (3 per target and round), BENCH_ROUNDS (6), BENCH_CONNECTIONS (50),
// BENCH_LOG_LEVEL (info, the services' default: access logs included),
// BENCH_CPU_PROF=<dir>: profile gateway, billing, documents and the minimal chain's two processes (chain-front,
// chain-backend) over the measured rounds with the V8 CPU profiler, as
// --cpu-prof would (Node 20 refuses it in NODE_OPTIONS: scripts/bench/cpu-prof.mjs is preloaded instead) into
// <dir>/<service>; summarise with `node scripts/bench/cpu-profile-top.mjs <dir>/<service>`.
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { createGrpcClient } from '@talent/platform';
import { billing } from '@talent/proto';
import { BACKENDS, dropNatsNamespace, dropSchema, repoRoot, startProcessStack, testDatabaseUrl, testNatsUrl, uniqueName } from '@talent/testkit';

const run = promisify(execFile);
const duration = Number(process.env.BENCH_SECONDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const profileDir = process.env.BENCH_CPU_PROF ? resolve(process.env.BENCH_CPU_PROF) : undefined;
const rounds = Number(process.env.BENCH_ROUNDS ?? 6);
// The shipped default: the gateway writes one access-log line per request at `info`.
const logLevel = process.env.BENCH_LOG_LEVEL ?? 'info';
const autocannon = join(repoRoot, 'node_modules/.bin/autocannon');
const CLOCK_TICKS = 100; // USER_HZ of /proc/<pid>/stat on Linux
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const loads = () => loadavg().map((l) => l.toFixed(2)).join(' ');

/** CPU time (ms, user + system) a process has used so far, from /proc (Linux). */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}

/** One autocannon run against `target`, with the CPU its processes spent per request. */
async function load(target, seconds) {
  const args = ['-j', '-c', String(connections), '-d', String(seconds), ...Object.entries(target.headers ?? {}).flatMap(([k, v]) => ['-H', `${k}=${v}`]), target.url];
  const before = target.pids.map(cpuMs);
  const { stdout } = await run(autocannon, args, { maxBuffer: 1 << 26 });
  const result = JSON.parse(stdout);
  const requests = Math.max(1, result.requests.total);
  const cpu = target.pids.map((pid, i) => ((cpuMs(pid) - before[i]) * 1000) / requests);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors, cpu };
}

/** Profiles a process as the services are (see BENCH_CPU_PROF), into <dir>/<name>. */
function profiledEnv(name) {
  if (!profileDir) return {};
  mkdirSync(join(profileDir, name), { recursive: true });
  return { NODE_OPTIONS: `--import=${join(repoRoot, 'scripts/bench/cpu-prof.mjs')}`, CPU_PROF_DIR: join(profileDir, name) };
}

/** Starts a helper process that prints {"port": N} once it listens. */
function startHelper(script, env = {}) {
  // NODE_ENV as the stack's services have it.
  const child = spawn(process.execPath, [join(repoRoot, script)], { env: { ...process.env, NODE_ENV: 'production', ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before listening`)));
    child.stdout.once('data', (chunk) => resolve(JSON.parse(String(chunk).split('\n', 1)[0]).port));
  });
  return { child, port };
}

const profiled = ['gateway', 'billing', 'documents'];
const prefix = uniqueName('bench');
const stack = await startProcessStack({
  env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: logLevel, DATABASE_URL: testDatabaseUrl(), NATS_URL: testNatsUrl(), NATS_NAMESPACE: prefix, RATE_LIMIT_PER_MINUTE: '100000000' },
  schemaFor: (service) => `${prefix}_${service}`,
  serviceEnv: profileDir
    ? Object.fromEntries(
        profiled.map((service) => [service, profiledEnv(service)]),
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
  const backend = startHelper('scripts/bench/minimal-chain.mjs', { ROLE: 'backend', DATABASE_URL: testDatabaseUrl(), DATABASE_SCHEMA: `${prefix}_billing`, ...profiledEnv('chain-backend') });
  helpers.push(backend.child);
  const front = startHelper('scripts/bench/minimal-chain.mjs', { ROLE: 'front', BACKEND_ADDR: `127.0.0.1:${await backend.port}`, ...profiledEnv('chain-front') });
  helpers.push(front.child);

  const targets = [
    { name: 'express hello-world', url: `http://127.0.0.1:${await hello.port}/hello`, pids: [hello.child.pid], roles: ['http'] },
    { name: 'minimal express→grpc→pg', url: `http://127.0.0.1:${await front.port}/balance/${workspaceId}`, pids: [front.child.pid, backend.child.pid], roles: ['http', 'grpc'] },
    { name: 'gateway GET /credits/balance', url: `${stack.gatewayUrl}/api/v1${routes[0]}`, headers: { 'x-api-key': apiKey }, pids: [stack.services.gateway.pid, stack.services.billing.pid], roles: ['gateway', 'billing'] },
    { name: 'gateway GET /cvs/{id}', url: `${stack.gatewayUrl}/api/v1${routes[1]}`, headers: { 'x-api-key': apiKey }, pids: [stack.services.gateway.pid, stack.services.documents.pid], roles: ['gateway', 'documents'] },
  ];
  console.log(`bench:gateway: LOG_LEVEL=${logLevel}, ${connections} connections, ${rounds} interleaved rounds of ${duration} s per target (medians), autocannon in a separate process`);
  console.log(`load average before: ${loads()}`);
  for (const target of targets) await load(target, 2); // warm-up
  // Profiles cover the measured rounds only.
  if (profileDir) for (const pid of [...profiled.map((service) => stack.services[service].pid), backend.child.pid, front.child.pid]) process.kill(pid, 'SIGUSR2');
  const runs = new Map(targets.map((target) => [target, []]));
  for (let round = 1; round <= rounds; round++) {
    for (const target of targets) runs.get(target).push(await load(target, duration));
    console.log(`  round ${round} done, load average ${loads()}`);
  }
  const summary = new Map(
    targets.map((target) => {
      const all = runs.get(target);
      return [
        target,
        {
          rps: median(all.map((r) => r.rps)),
          p50: median(all.map((r) => r.p50)),
          p99: median(all.map((r) => r.p99)),
          cpu: target.pids.map((_, i) => median(all.map((r) => r.cpu[i]))),
          non2xx: all.reduce((n, r) => n + r.non2xx, 0),
          errors: all.reduce((n, r) => n + r.errors, 0),
        },
      ];
    }),
  );
  const row = (target, r) =>
    `${target.name.padEnd(30)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(4)} ms  CPU/request ${target.roles.map((role, i) => `${role} ${r.cpu[i].toFixed(0)} µs`).join(', ')}  non-2xx ${r.non2xx}  errors ${r.errors}`;
  for (const target of targets) console.log(row(target, summary.get(target)));
  const [helloResult, chain] = targets.map((target) => summary.get(target));
  let met = true;
  console.log(`minimal chain vs hello-world: req/s ${(chain.rps / helloResult.rps).toFixed(2)}×, p99 ${(chain.p99 / Math.max(helloResult.p99, 1)).toFixed(2)}×`);
  for (const target of targets.slice(2)) {
    const r = summary.get(target);
    const rps = r.rps / chain.rps;
    const p99 = r.p99 / Math.max(chain.p99, 1);
    const ok = rps >= 0.8 && p99 <= 1.5 && r.non2xx === 0 && r.errors === 0;
    met &&= ok;
    console.log(
      `${target.name} vs minimal chain: req/s ${rps.toFixed(2)}× (target ≥ 0.8), p99 ${p99.toFixed(2)}× (target ≤ 1.5), CPU/request front ${(r.cpu[0] / chain.cpu[0]).toFixed(2)}×, backend ${(r.cpu[1] / chain.cpu[1]).toFixed(2)}× — ${ok ? 'meets target' : 'BELOW TARGET'}`,
    );
  }
  console.log(`verdict: ${met ? 'meets target' : 'BELOW TARGET'}; load average after: ${loads()}`);
} finally {
  for (const child of helpers) child.kill('SIGTERM');
  await stack.stop();
  for (const service of BACKENDS) await dropSchema(`${prefix}_${service}`);
  await dropNatsNamespace(prefix);
  if (profileDir) console.log(`CPU profiles in ${[...profiled, 'chain-front', 'chain-backend'].map((name) => join(profileDir, name)).join(', ')}`);
}
