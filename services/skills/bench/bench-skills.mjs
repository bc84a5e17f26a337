#!/usr/bin/env node
// `pnpm bench:skills`: measures the skills service as it runs, with ESCO loaded (en+fr+de+nl) when the shared
// data folder has it (the seed otherwise, and says so):
//   - start-up time (later boots: taxonomy already imported; BENCH_BOOTS of them, default 3, median and min shown,
//     with where the time went from the service's own log) and RSS of the service process, started as deployed
//     (with the NODE_OPTIONS the chart gives it; SKILLS_NODE_OPTIONS overrides)
//   - SearchSkills latency p50/p95/p99 over gRPC for exact, prefix, typo and multilingual queries, next to a
//     pg_trgm query over the same labels, same machine, same run (client round trips both)
//   - ExtractSkills throughput over the dotin CVs (BENCH_EXTRACT=0 skips it)
// Everything happens in a throwaway database (the pg_trgm extension is created there only) that is dropped after.
// Needs `pnpm build`.
import { createGrpcClient } from '@talent/platform';
import { skills } from '@talent/proto';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { seedDir, sharedDataDir } from '../eval/shared-data.mjs';
import { deployedNodeOptions, median, rssMb, startService as startServiceProcess, withDatabase } from './service-process.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
// Start-up is noisy on a shared machine: several boots, the median is the figure.
const BOOTS = Math.max(1, Number(process.env.BENCH_BOOTS ?? 3));
const baseUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const data = sharedDataDir();
const escoDir = data && existsSync(join(data, 'esco')) ? join(data, 'esco') : undefined;
const database = `bench_skills_${randomBytes(4).toString('hex')}`;
const benchUrl = withDatabase(baseUrl, database);

const QUERIES = [
  // exact
  ['python', 'en'], ['project management', 'en'], ['accounting', 'en'], ['JavaScript', 'en'], ['customer service', 'en'], ['teamwork', 'en'],
  ['SQL', 'en'], ['nursing', 'en'],
  // prefix
  ['kube', 'en'], ['manag', 'en'], ['java', 'en'], ['mach', 'en'], ['develop', 'en'], ['ma', 'en'], ['comm', 'en'], ['data', 'en'],
  // typos
  ['pyhton', 'en'], ['managment', 'en'], ['acounting', 'en'], ['javscript', 'en'], ['comunication', 'en'], ['kubernets', 'en'],
  ['leadrship', 'en'], ['negociation', 'en'],
  // multilingual (accents dropped on purpose in some)
  ['gestion de projet', 'fr'], ['developpement', 'fr'], ['comptabilité', 'fr'], ['Projektmanagement', 'de'], ['Buchhaltung', 'de'],
  ['teamfahigkeit', 'de'], ['boekhouding', 'nl'], ['programmeren', 'nl'], ['communicatie', 'nl'], ['Programmierung', 'de'],
];

const pool = new pg.Pool({ connectionString: baseUrl, max: 1 });
await pool.query(`CREATE DATABASE ${database}`);
let service;
let trgm;
try {
  console.log(`taxonomy: ${escoDir ? `ESCO from ${escoDir} (+ seed overlay)` : 'seed only (shared ESCO export not found: figures are not the ESCO ones)'}`);
  const env = { SKILLS_SEED_DIR: seedDir(), ...(escoDir ? { SKILLS_ESCO_DIR: escoDir } : {}) };

  // First boot imports the taxonomy; the second is the one a deployment sees every time.
  const first = await startService(env);
  console.log(`first boot (imports the taxonomy): ${first.readyMs.toFixed(0)} ms`);
  await first.stop();
  const boots = [];
  for (let i = 0; i < BOOTS; i++) {
    const boot = await startService(env);
    const rssAtReady = rssMb(boot.pid);
    boots.push({ readyMs: boot.readyMs, rssAtReady, ...boot.phases });
    console.log(
      `boot ${i + 1}: ready ${boot.readyMs.toFixed(0)} ms (node + imports ${boot.phases.untilFirstLog} ms, migrations ${boot.phases.migrated} ms, ` +
        `taxonomy read + indexes ${boot.phases.taxonomyLoaded} ms, gRPC up ${boot.phases.ready} ms), RSS at ready ${rssAtReady} MB`,
    );
    if (i < BOOTS - 1) await boot.stop();
    else service = boot;
  }
  const startupMs = median(boots.map((b) => b.readyMs));
  const client = createGrpcClient(skills.SkillsServiceClient, `127.0.0.1:${service.port}`, { deadlineMs: 30_000 });
  const info = await client.getTaxonomyInfo({});
  console.log(`loaded: ${info.version}, ${info.skillCount} skills, ${info.labelCount} labels, languages ${info.languages.join(', ')}\n`);

  // Warm up both sides, then measure alternately.
  trgm = await prepareTrgm();
  for (const [q, lang] of QUERIES) {
    await client.searchSkills({ query: q, acceptLanguage: lang, typeName: '', type: 0 });
    await trgm(q, lang);
  }
  const byKind = { service: [], pg_trgm: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [q, lang] of QUERIES) {
      let t = performance.now();
      await client.searchSkills({ query: q, acceptLanguage: lang, typeName: '', type: 0 });
      byKind.service.push(performance.now() - t);
      t = performance.now();
      await trgm(q, lang);
      byKind.pg_trgm.push(performance.now() - t);
    }
  }
  const rssAfterSearch = rssMb(service.pid);

  // ExtractSkills throughput on the dotin CVs.
  let throughput = 'skipped (no dotin CVs)';
  const dotin = data && join(data, 'cvs/dotin-train');
  if (process.env.BENCH_EXTRACT === '0') throughput = 'skipped (BENCH_EXTRACT=0)';
  else if (dotin && existsSync(dotin)) {
    const texts = readdirSync(dotin)
      .filter((f) => f.endsWith('.xml'))
      .map((f) => readFileSync(join(dotin, f), 'utf8').replace(/^[\s\S]*?<cv>/, '').replace(/<\/?label[^>]*>/g, '').replace(/<\/cv>\s*$/, ''));
    for (const text of texts.slice(0, 20)) await client.extractSkills({ text, language: '', context: 1 });
    let t = performance.now();
    for (const text of texts) await client.extractSkills({ text, language: '', context: 1 });
    const sequential = texts.length / ((performance.now() - t) / 1000);
    t = performance.now();
    for (let i = 0; i < texts.length; i += 8) await Promise.all(texts.slice(i, i + 8).map((text) => client.extractSkills({ text, language: '', context: 1 })));
    const concurrent = texts.length / ((performance.now() - t) / 1000);
    throughput = `${sequential.toFixed(0)} CVs/s sequential, ${concurrent.toFixed(0)} CVs/s with 8 in flight (${texts.length} CVs)`;
  }
  const rssAfterExtract = rssMb(service.pid);
  client.close();

  const rows = Object.entries(byKind).map(([kind, samples]) => ({ path: kind, n: samples.length, ...percentiles(samples) }));
  console.table(rows);
  const serviceP95 = rows[0].p95;
  const trgmP95 = rows[1].p95;
  const check = (ok) => (ok ? 'OK' : 'MISSED');
  console.log(`search p95: ${serviceP95} ms vs pg_trgm ${trgmP95} ms = ${(serviceP95 / trgmP95).toFixed(3)}× (target ≤ 0.2×) ${check(serviceP95 <= 0.2 * trgmP95)}`);
  console.log(
    `start-up (taxonomy already imported): median ${startupMs.toFixed(0)} ms of ${BOOTS} boots, min ${Math.min(...boots.map((b) => b.readyMs)).toFixed(0)} ms ` +
      `(target ≤ 3000) ${check(startupMs <= 3000)}; RSS at ready ${median(boots.map((b) => b.rssAtReady))} MB`,
  );
  console.log(`load average (1, 5, 15 min): ${loadavg().map((l) => l.toFixed(2)).join(', ')}`);
  console.log(`RSS after search: ${rssAfterSearch} MB, after extraction: ${rssAfterExtract} MB (target ≤ 300) ${check(Math.max(rssAfterSearch, rssAfterExtract) <= 300)}`);
  // RSS at one moment depends on when V8 last collected (it varies by tens of MB from run to run); the peak does less.
  console.log(`peak RSS of the measured process (VmHWM): ${rssMb(service.pid, 'VmHWM')} MB`);
  console.log(`ExtractSkills: ${throughput}`);
} finally {
  await trgm?.close();
  await service?.stop();
  await pool.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await pool.end();
}

/** The service as deployed: with the NODE_OPTIONS the chart gives it. */
function startService(env) {
  return startServiceProcess({ databaseUrl: benchUrl, env: { ...env, NODE_OPTIONS: deployedNodeOptions() } });
}

/** pg_trgm over the same labels: trigram similarity or substring, best label per skill, with a total. */
async function prepareTrgm() {
  const db = new pg.Client({ connectionString: benchUrl });
  await db.connect();
  await db.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  await db.query('CREATE INDEX skill_labels_trgm ON skills.skill_labels USING gin (lower(text) gin_trgm_ops)');
  await db.query('ANALYZE skills.skill_labels');
  const sql = `
    SELECT skill_id, max(similarity(lower(text), $1)) AS score, count(*) OVER () AS total
    FROM skills.skill_labels
    WHERE language = ANY($2) AND (lower(text) % $1 OR lower(text) LIKE '%' || $1 || '%')
    GROUP BY skill_id ORDER BY score DESC LIMIT 20`;
  const run = (q, lang) => db.query(sql, [q.toLowerCase(), lang === 'en' ? ['en'] : [lang, 'en']]);
  run.close = () => db.end();
  return run;
}

function percentiles(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p) => Number(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(3));
  return { p50: at(50), p95: at(95), p99: at(99), max: Number(sorted[sorted.length - 1].toFixed(3)) };
}
