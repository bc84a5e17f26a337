#!/usr/bin/env node
// Where a reserve+commit pair's time goes inside PostgreSQL (issue 13). Runs pairs one after the other on one
// connection through the service's Ledger and prints, per pair: the CPU time of the PostgreSQL backend (from
// /proc: the database must run on this machine) and of this process, the functions' own times (track_functions),
// the rows each table gained, updated and HOT-updated (pg_stat_user_tables), and the WAL written by this schema's
// transactions (pg_walinspect over the run's LSN range, so other backends' WAL is left out). Run after `pnpm build`.
//
// PROFILE_OP=charge profiles charges (ledger_charge, issue 27) instead of pairs, of PROFILE_LINES lines (1) each.
//
// PROFILE_SQL=file compares: a second schema gets the file's SQL after the migrations (a change to the functions
// tried before it becomes a migration), and rounds alternate between the two so that load from other processes
// hits both alike; medians of the per-round figures are printed side by side.
//
// Settings (environment): DATABASE_URL, PROFILE_OP (pair | charge), PROFILE_LINES (1), PROFILE_PAIRS (500 per round), PROFILE_ROUNDS (6), PROFILE_WORKSPACES (64),
// PROFILE_SQL, PROFILE_PERF (a file: `perf record -g` of the last schema's backend during its rounds).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
if (!existsSync(`${dist}ledger/ledger.js`)) {
  console.error('profile-billing: billing is not built; run `pnpm build` first');
  process.exit(2);
}
const load = (path) => import(pathToFileURL(`${dist}${path}`).href);
const [{ createDatabase }, { Ledger }, { migrationsDir }, platform] = await Promise.all([
  load('db.js'),
  load('ledger/ledger.js'),
  load('app.js'),
  import('@talent/platform'),
]);

const databaseUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const pairs = Number(process.env.PROFILE_PAIRS ?? 500);
const rounds = Number(process.env.PROFILE_ROUNDS ?? 6);
const workspaces = Number(process.env.PROFILE_WORKSPACES ?? 64);
const op = process.env.PROFILE_OP ?? 'pair';
if (op !== 'pair' && op !== 'charge') throw new Error(`PROFILE_OP must be pair or charge, not ${op}`);
const lineCount = Number(process.env.PROFILE_LINES ?? 1);
// A sourcing search's kind of charge: a base fee and per-candidate premiums, at prices of 1 to 3 tokens.
const LINE_ACTIONS = ['sourcing_search_pro', 'sourcing_insights', 'sourcing_reveal_email', 'sourcing_reveal_phone'];
const chargeLines = (ref) =>
  lineCount === 1
    ? [{ action: 'cv_processing', quantity: 1, ref }]
    : Array.from({ length: lineCount }, (_, n) => ({ action: LINE_ACTIONS[n % LINE_ACTIONS.length], quantity: 1 + (n % 3), ref: `${ref}:${n}` }));
const variantSql = process.env.PROFILE_SQL ? readFileSync(process.env.PROFILE_SQL, 'utf8') : null;
const stamp = Date.now().toString(36);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One schema, one connection (so one backend), its workspaces funded. */
async function setUp(name, sql) {
  const schema = `profile_billing_${stamp}_${name}`;
  await platform.migrate({ databaseUrl, schema, migrationsDir });
  const database = createDatabase(databaseUrl, schema, 1);
  const one = async (text, values) => (await database.pool.query(text, values)).rows;
  if (sql) await one(sql);
  await one("SET track_functions = 'all'");
  const ledger = new Ledger(database.pool, { clock: () => new Date(), defaultTtlSeconds: 900, maxTtlSeconds: 86_400 });
  const ids = [];
  for (let n = 0; n < workspaces; n++) {
    const id = randomUUID();
    await one('INSERT INTO workspaces (id, name) VALUES ($1, $2)', [id, `profile-${n}`]);
    await one('INSERT INTO accounts (workspace_id) VALUES ($1)', [id]);
    await ledger.grant({ workspaceId: id, amount: 1_000_000_000, expiresInSeconds: 0, idempotencyKey: 'profile', source: 'grant' });
    ids.push(id);
  }
  const [{ pid }] = await one('SELECT pg_backend_pid() AS pid');
  const pair = async (i, times) => {
    const ref = randomUUID();
    if (op === 'charge') {
      const t0 = performance.now();
      await ledger.charge({ workspaceId: ids[i % workspaces], lines: chargeLines(ref), idempotencyKey: ref });
      times?.reserve.push(performance.now() - t0);
      times?.commit.push(0);
      return;
    }
    const t0 = performance.now();
    const { reservationId } = await ledger.reserve({ workspaceId: ids[i % workspaces], lines: [{ action: 'cv_processing', quantity: 1, ref }], idempotencyKey: ref });
    const t1 = performance.now();
    await ledger.commit({ reservationId, lines: [], idempotencyKey: ref });
    times?.reserve.push(t1 - t0);
    times?.commit.push(performance.now() - t1);
  };
  for (let i = 0; i < 200; i++) await pair(i); // warm-up: plans, caches
  const backendCpu = (backend) => {
    const fields = readFileSync(`/proc/${backend}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime: clock ticks of 10 ms
  };
  const stats = async () => {
    await one('SELECT pg_stat_force_next_flush()');
    return {
      functions: await one('SELECT funcname, calls, self_time, total_time FROM pg_stat_user_functions WHERE schemaname = $1', [schema]),
      tables: await one('SELECT relname, n_tup_ins, n_tup_upd, n_tup_hot_upd FROM pg_stat_user_tables WHERE schemaname = $1', [schema]),
    };
  };
  return { name, schema, database, one, pid, pair, backendCpu, stats, before: null, lsns: [], cpu: [], node: [], wall: [], times: { reserve: [], commit: [] }, count: 0 };
}

async function round(s) {
  // The pool may have replaced its connection while idle (the other schema's rounds): look up the backend again.
  const [{ lsn: start, pid }] = await s.one('SELECT pg_current_wal_insert_lsn() AS lsn, pg_backend_pid() AS pid');
  const cpu0 = s.backendCpu(pid);
  const node0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < pairs; i++) await s.pair(i, s.times);
  s.wall.push((performance.now() - t0) / pairs);
  const node = process.cpuUsage(node0);
  s.node.push((node.user + node.system) / 1000 / pairs);
  s.cpu.push((s.backendCpu(pid) - cpu0) / pairs);
  const [{ lsn: end }] = await s.one('SELECT pg_current_wal_insert_lsn() AS lsn');
  s.lsns.push([start, end]);
  s.count += pairs;
}

async function report(s) {
  const after = await s.stats();
  const per = (n) => (n / s.count).toFixed(3);
  console.log(`\n${s.name} (schema ${s.schema}): ${s.count} ${op}s (per pair below: per ${op})`);
  console.log(`  CPU per pair (median of rounds): PostgreSQL backend ${median(s.cpu).toFixed(3)} ms, Node ${median(s.node).toFixed(3)} ms; ` +
    `wall ${median(s.wall).toFixed(3)} ms (reserve ${median(s.times.reserve).toFixed(3)}, commit ${median(s.times.commit).toFixed(3)} median)`);
  console.log(`  backend CPU by round: ${s.cpu.map((c) => c.toFixed(3)).join(' ')}`);
  console.log('  function                      calls/pair  self ms/pair  total ms/pair');
  for (const f of after.functions) {
    const b = s.before.functions.find((x) => x.funcname === f.funcname) ?? { calls: 0, self_time: 0, total_time: 0 };
    const calls = Number(f.calls) - Number(b.calls);
    if (calls > 0) console.log(`  ${f.funcname.padEnd(28)} ${per(calls).padStart(10)}  ${per(f.self_time - b.self_time).padStart(12)}  ${per(f.total_time - b.total_time).padStart(13)}`);
  }
  console.log('  table                 ins/pair  upd/pair  hot/pair');
  for (const t of after.tables) {
    const b = s.before.tables.find((x) => x.relname === t.relname);
    const d = (k) => Number(t[k]) - Number(b?.[k] ?? 0);
    if (d('n_tup_ins') + d('n_tup_upd') > 0) console.log(`  ${t.relname.padEnd(20)} ${per(d('n_tup_ins')).padStart(9)} ${per(d('n_tup_upd')).padStart(9)} ${per(d('n_tup_hot_upd')).padStart(9)}`);
  }
  // WAL of the transactions that touched this schema's relations, round by round.
  const byRecord = new Map();
  for (const [start, end] of s.lsns) {
    const rows = await s.one(
      `WITH r AS (SELECT * FROM public.pg_get_wal_records_info($1, $2)),
       mine AS (SELECT DISTINCT xid FROM r
                 WHERE xid <> 0 AND substring(block_ref from 'rel \\d+/\\d+/(\\d+)')::oid IN (
                   SELECT relfilenode FROM pg_class WHERE relnamespace = $3::regnamespace))
       SELECT resource_manager || '/' || record_type AS record, count(*)::int AS n, sum(record_length)::bigint AS bytes
         FROM r WHERE xid IN (SELECT xid FROM mine) GROUP BY 1`,
      [start, end, `"${s.schema}"`],
    );
    for (const r of rows) {
      const t = byRecord.get(r.record) ?? { n: 0, bytes: 0 };
      byRecord.set(r.record, { n: t.n + r.n, bytes: t.bytes + Number(r.bytes) });
    }
  }
  const prepared = await s.one('SELECT name, generic_plans, custom_plans FROM pg_prepared_statements ORDER BY name');
  console.log(`  prepared statements (plans: generic/custom): ${prepared.map((r) => `${r.name} ${r.generic_plans}/${r.custom_plans}`).join(', ')}`);
  const records = [...byRecord].sort((a, b) => b[1].bytes - a[1].bytes);
  const total = records.reduce((sum, [, r]) => sum + r.bytes, 0);
  console.log(`  WAL ${per(total)} bytes/pair: ${records.map(([k, r]) => `${k} ${per(r.n)}× ${Math.round(r.bytes / s.count)} B`).join(', ')}`);
}

const sides = [];
try {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query('CREATE EXTENSION IF NOT EXISTS pg_walinspect SCHEMA public');
  await admin.end();
  sides.push(await setUp('base', null));
  if (variantSql) sides.push(await setUp('variant', variantSql));
  for (const s of sides) s.before = await s.stats();
  const last = sides[sides.length - 1];
  const perf = process.env.PROFILE_PERF
    ? spawn('perf', ['record', '-F', '2000', '-g', '-p', String(last.pid), '-o', process.env.PROFILE_PERF], { stdio: 'ignore' })
    : null;
  if (perf) await new Promise((resolve) => setTimeout(resolve, 500));
  for (let r = 0; r < rounds; r++) for (const s of r % 2 ? [...sides].reverse() : sides) await round(s);
  if (perf) {
    perf.kill('SIGINT');
    await new Promise((resolve) => perf.on('exit', resolve));
  }
  console.log(`profile: ${rounds} rounds of ${pairs} sequential ${op}s on one connection per schema`);
  for (const s of sides) await report(s);
} finally {
  for (const s of sides) await s.database.close();
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  for (const s of sides) await admin.query(`DROP SCHEMA IF EXISTS "${s.schema}" CASCADE`);
  await admin.end();
}
