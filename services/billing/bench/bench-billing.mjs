#!/usr/bin/env node
// `pnpm bench:billing`: charges (debit and commit in one transaction) per second against the real database, in-process
// and over gRPC, each next to a bare single-row `UPDATE … RETURNING` on the same database in the same run, and their
// ratio (issue 27 target: charge over gRPC ≥ 0.3× the bare UPDATE); the reserve+commit pair is printed for context.
//
// Both run from this process through the same pg pool settings at the same concurrency, spread over the same
// number of rows (one account per workspace; one row per "account" for the bare update). Rounds alternate
// (bare, pairs, bare, pairs, …) and medians are reported, so load from other processes hits both alike.
// The pairs go through the service's own Ledger class (validation, fingerprints, one PL/pgSQL call per step),
// i.e. everything but gRPC; a shorter run over gRPC through the real service is printed for context.
// The CPU time per operation of this process and of the pool's PostgreSQL backends (from /proc, when the database
// runs on this machine) shows which side a pair's cost lies on.
//
// Settings (environment): DATABASE_URL, BENCH_CONCURRENCY (8), BENCH_WORKSPACES (64), BENCH_ROUNDS (7),
// BENCH_ROUND_MS (1500), BENCH_GRPC (1: also measure over gRPC), BENCH_SQL (a file of SQL run after the migrations,
// to measure a change to the ledger functions before it becomes a migration).
import { existsSync, readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
if (!existsSync(`${dist}ledger/ledger.js`)) {
  console.error('bench:billing: billing is not built; run `pnpm build` first');
  process.exit(2);
}
const load = (path) => import(pathToFileURL(`${dist}${path}`).href);
const [{ createDatabase }, { Ledger }, { migrationsDir, startBilling }, { loadBillingEnv }, platform, proto] = await Promise.all([
  load('db.js'),
  load('ledger/ledger.js'),
  load('app.js'),
  load('env.js'),
  import('@talent/platform'),
  import('@talent/proto'),
]);

const databaseUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const workspaces = Number(process.env.BENCH_WORKSPACES ?? 64);
const rounds = Number(process.env.BENCH_ROUNDS ?? 7);
const roundMs = Number(process.env.BENCH_ROUND_MS ?? 1500);
const withGrpc = (process.env.BENCH_GRPC ?? '1') !== '0';
const schema = `bench_billing_${Date.now().toString(36)}`;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];
const fmt = (n) => Math.round(n).toLocaleString('en-US');

/** CPU time (ms) of this process, and of the pool's PostgreSQL backends when the database runs on this machine. */
let backendPids = [];
function cpuNow() {
  const { user, system } = process.cpuUsage();
  let backends = 0;
  for (const pid of backendPids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      backends += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, clock ticks of 10 ms
    } catch {
      return { node: (user + system) / 1000, backends: null };
    }
  }
  return { node: (user + system) / 1000, backends: backendPids.length ? backends : null };
}

/**
 * Runs `operation(i)` from `concurrency` loops for `ms`; returns operations per second, latencies (ms) and the CPU
 * time per operation of this process and of the database backends (ms; null when they cannot be read).
 */
async function measure(operation, ms) {
  let count = 0;
  const latencies = [];
  const cpu0 = cpuNow();
  const started = performance.now();
  const end = started + ms;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = worker; performance.now() < end; i += concurrency) {
        const t0 = performance.now();
        await operation(i);
        latencies.push(performance.now() - t0);
        count++;
      }
    }),
  );
  const perSecond = (count * 1000) / (performance.now() - started);
  const cpu1 = cpuNow();
  const nodeCpu = (cpu1.node - cpu0.node) / count;
  const pgCpu = cpu0.backends === null || cpu1.backends === null ? null : (cpu1.backends - cpu0.backends) / count;
  return { perSecond, latencies, nodeCpu, pgCpu };
}

console.log(`billing bench: PostgreSQL ${databaseUrl.replace(/\/\/[^@]*@/, '//')}, schema ${schema}`);
console.log(`  concurrency ${concurrency}, ${workspaces} workspaces (= rows for the bare update), ${rounds} rounds of ${roundMs} ms each\n`);

await platform.migrate({ databaseUrl, schema, migrationsDir });
const database = createDatabase(databaseUrl, schema, concurrency);
const { pool } = database;
if (process.env.BENCH_SQL) await pool.query(readFileSync(process.env.BENCH_SQL, 'utf8'));
const ledger = new Ledger(pool, { clock: () => new Date(), defaultTtlSeconds: 900, maxTtlSeconds: 86_400 });
const ids = [];
try {
  for (let n = 0; n < workspaces; n++) {
    const id = randomUUID();
    await pool.query('INSERT INTO workspaces (id, name) VALUES ($1, $2)', [id, `bench-${n}`]);
    await pool.query('INSERT INTO accounts (workspace_id) VALUES ($1)', [id]);
    await ledger.grant({ workspaceId: id, amount: 1_000_000_000, expiresInSeconds: 0, idempotencyKey: 'bench', source: 'grant' });
    ids.push(id);
  }
  await pool.query('CREATE TABLE bench_bare (id integer PRIMARY KEY, n bigint NOT NULL)');
  await pool.query('INSERT INTO bench_bare SELECT g, 0 FROM generate_series(1, $1) g', [workspaces]);

  const bare = (i) => pool.query('UPDATE bench_bare SET n = n + 1 WHERE id = $1 RETURNING n', [(i % workspaces) + 1]);
  const charge = (i) =>
    ledger.charge({ workspaceId: ids[i % workspaces], lines: [{ action: 'cv_processing', quantity: 1, ref: randomUUID() }], idempotencyKey: randomUUID() });
  const pair = async (i) => {
    const workspaceId = ids[i % workspaces];
    const ref = randomUUID();
    const { reservationId } = await ledger.reserve({
      workspaceId,
      lines: [{ action: 'cv_processing', quantity: 1, ref }],
      idempotencyKey: ref,
    });
    await ledger.commit({ reservationId, lines: [], idempotencyKey: ref });
  };

  // Warm-up: connections, plans, caches.
  await measure(bare, 400);
  await measure(pair, 400);
  await measure(charge, 400);
  // The pool's backends (all `concurrency` connections, checked out at once), for their CPU time per operation.
  const clients = await Promise.all(Array.from({ length: concurrency }, () => pool.connect()));
  backendPids = await Promise.all(clients.map(async (c) => (await c.query('SELECT pg_backend_pid() AS pid')).rows[0].pid));
  for (const c of clients) c.release();
  if (!backendPids.every((pid) => existsSync(`/proc/${pid}/stat`))) backendPids = [];

  const bareRates = [];
  const chargeRates = [];
  const pairRates = [];
  const chargeLatencies = [];
  const pairLatencies = [];
  const cpu = { bare: { node: [], pg: [] }, charge: { node: [], pg: [] }, pair: { node: [], pg: [] } };
  for (let round = 1; round <= rounds; round++) {
    const b = await measure(bare, roundMs);
    const c = await measure(charge, roundMs);
    const p = await measure(pair, roundMs);
    bareRates.push(b.perSecond);
    chargeRates.push(c.perSecond);
    pairRates.push(p.perSecond);
    chargeLatencies.push(...c.latencies);
    pairLatencies.push(...p.latencies);
    for (const [side, m] of [['bare', b], ['charge', c], ['pair', p]]) {
      cpu[side].node.push(m.nodeCpu);
      if (m.pgCpu !== null) cpu[side].pg.push(m.pgCpu);
    }
    console.log(`  round ${round}: bare UPDATE ${fmt(b.perSecond).padStart(7)}/s   charge ${fmt(c.perSecond).padStart(6)}/s (${(c.perSecond / b.perSecond).toFixed(2)})   reserve+commit ${fmt(p.perSecond).padStart(6)} pairs/s (${(p.perSecond / b.perSecond).toFixed(2)})`);
  }
  const ratio = median(chargeRates) / median(bareRates);
  console.log('');
  console.log(`  bare single-row UPDATE … RETURNING   ${fmt(median(bareRates)).padStart(7)} /s (median)`);
  console.log(`  charge (Ledger → PG, in-process)     ${fmt(median(chargeRates)).padStart(7)} /s (median), latency p50 ${percentile(chargeLatencies, 0.5).toFixed(2)} ms, p99 ${percentile(chargeLatencies, 0.99).toFixed(2)} ms, ratio ${ratio.toFixed(2)}`);
  console.log(`  (context) reserve + commit           ${fmt(median(pairRates)).padStart(7)} pairs/s (median), pair latency p50 ${percentile(pairLatencies, 0.5).toFixed(2)} ms, p99 ${percentile(pairLatencies, 0.99).toFixed(2)} ms, ratio ${(median(pairRates) / median(bareRates)).toFixed(2)}`);
  const ms = (values) => (values.length ? `${median(values).toFixed(3)} ms` : 'n/a');
  console.log(`  CPU per operation (median of rounds): bare UPDATE: this process ${ms(cpu.bare.node)}, PostgreSQL backends ${ms(cpu.bare.pg)}; ` +
    `charge: this process ${ms(cpu.charge.node)}, PostgreSQL backends ${ms(cpu.charge.pg)}; ` +
    `pair: this process ${ms(cpu.pair.node)}, PostgreSQL backends ${ms(cpu.pair.pg)}`);

  if (withGrpc) {
    // The same pairs through the real service (gRPC + the ledger), for context; not part of the ratio.
    const env = loadBillingEnv({
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schema,
      DATABASE_POOL_SIZE: String(concurrency),
      GRPC_PORT: '0',
      METRICS_PORT: '0',
      LOG_LEVEL: 'silent',
      NATS_NAMESPACE: schema,
    });
    const service = await startBilling(env);
    const client = platform.createGrpcClient(proto.billing.BillingServiceClient, `127.0.0.1:${service.grpcPort}`);
    try {
      const overGrpc = async (i) => {
        const ref = randomUUID();
        const r = await client.reserve({ workspaceId: ids[i % workspaces], lines: [{ action: 'cv_processing', quantity: 1, ref }], idempotencyKey: ref, ttlSeconds: 0 });
        await client.commit({ reservationId: r.reservationId, lines: [], idempotencyKey: ref });
      };
      const chargeOverGrpc = (i) =>
        client.charge({ workspaceId: ids[i % workspaces], lines: [{ action: 'cv_processing', quantity: 1, ref: randomUUID() }], idempotencyKey: randomUUID() });
      await measure(overGrpc, 400);
      await measure(chargeOverGrpc, 400);
      // Alternating rounds again, so that load from other processes hits all three alike.
      const grpc = { bare: [], charge: [], pair: [] };
      // This process's CPU per operation: over gRPC it runs the client and the service (gRPC, Ledger, pg) alike.
      const grpcCpu = { bare: [], charge: [], pair: [] };
      for (let round = 1; round <= Math.max(3, Math.ceil(rounds / 2)); round++) {
        for (const [side, operation] of [['bare', bare], ['charge', chargeOverGrpc], ['pair', overGrpc]]) {
          const m = await measure(operation, roundMs);
          grpc[side].push(m.perSecond);
          grpcCpu[side].push(m.nodeCpu);
        }
      }
      const grpcRatio = median(grpc.charge) / median(grpc.bare);
      console.log(`  over gRPC (real service), medians: bare UPDATE ${fmt(median(grpc.bare))}/s, charge ${fmt(median(grpc.charge))}/s, ` +
        `ratio ${grpcRatio.toFixed(2)} (target ≥ 0.30: ${grpcRatio >= 0.3 ? 'met' : 'NOT met'}); (context) reserve + commit ${fmt(median(grpc.pair))} pairs/s, ratio ${(median(grpc.pair) / median(grpc.bare)).toFixed(2)}`);
      console.log(`  over gRPC, CPU of this process (client + service) per operation (median of rounds): bare UPDATE ${ms(grpcCpu.bare)}, ` +
        `charge ${ms(grpcCpu.charge)}, pair ${ms(grpcCpu.pair)}`);
    } finally {
      client.close();
      await service.stop();
      const { connectNats, jetStreamHandles } = platform;
      const nc = await connectNats(env.NATS_URL, 'bench-billing-cleanup');
      const { jsm } = await jetStreamHandles(nc);
      for await (const stream of jsm.streams.list()) {
        if (stream.config.name.startsWith(schema.toUpperCase())) await jsm.streams.delete(stream.config.name);
      }
      await nc.close();
    }
  }
  const verified = await pool.query('SELECT count(*) AS n FROM ledger_entries');
  console.log(`\n  ${fmt(Number(verified.rows[0].n))} ledger entries written; schema ${schema} dropped.`);
} finally {
  await database.close();
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await admin.end();
}
