#!/usr/bin/env node
// `node services/skills/bench/bench-skills-memory.mjs`: where the skills service's memory goes with ESCO loaded, for
// this build (SKILLS_DIST, default services/skills/dist) and (SKILLS_BASELINE_DIST=<dist dir of another build>) a
// baseline, in the same run:
//   1. breakdown, in process (memory-probe.mjs, one child per build): live heap + array buffers each structure keeps
//      (after full collections), the answers' digest on a fixed sample and in-process speed
//   2. answers: the two builds' digests of search, resolve, MatchOccupations, ExtractSkills and ranking outputs on
//      that sample must be equal (exit code 1 and the first differing items otherwise)
//   3. the service, boots interleaved (BENCH_BOOTS per variant, default 3; medians): start-up, RSS at ready, peak RSS
//      (VmHWM) after the warm-up, and after a workload (MatchOccupations, ExtractSkills over the dotin CVs,
//      SearchSkills). Variants: the baseline and this build as `node dist/main.js`, and this build with the
//      NODE_OPTIONS the chart gives the service (charts/talent/values.yaml, skills.env; SKILLS_NODE_OPTIONS overrides)
// The taxonomy is imported once into a throwaway database (dropped after). Needs `pnpm build` and the shared data.
import { createGrpcClient } from '@talent/platform';
import { skills } from '@talent/proto';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { parseDotin } from '../eval/benchmarks.mjs';
import { repoRoot, seedDir, sharedDataDir } from '../eval/shared-data.mjs';
import { deployedNodeOptions, median, rssMb, startService, withDatabase } from './service-process.mjs';

const BOOTS = Math.max(1, Number(process.env.BENCH_BOOTS ?? 3));
const data = sharedDataDir();
if (!data || !existsSync(join(data, 'esco'))) {
  console.log('bench-skills-memory: the shared ESCO export was not found (TALENT_SHARED_DATA or ../shared/data): skipped');
  process.exit(0);
}
const builds = [
  ...(process.env.SKILLS_BASELINE_DIST ? [{ name: 'baseline', dist: resolve(process.env.SKILLS_BASELINE_DIST) }] : []),
  { name: 'this build', dist: resolve(process.env.SKILLS_DIST ?? join(repoRoot, 'services/skills/dist')) },
];
const deployedOptions = deployedNodeOptions();
const variants = [
  ...builds.map((build) => ({ ...build, nodeOptions: '' })),
  ...(deployedOptions ? [{ ...builds[builds.length - 1], name: `this build, ${deployedOptions}`, nodeOptions: deployedOptions }] : []),
];
const env = { SKILLS_SEED_DIR: seedDir(), SKILLS_ESCO_DIR: join(data, 'esco') };
const baseUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const database = `bench_skills_memory_${randomBytes(4).toString('hex')}`;
const benchUrl = withDatabase(baseUrl, database);
const texts = readdirSync(join(data, 'cvs/dotin-train'))
  .filter((f) => f.endsWith('.xml'))
  .sort()
  .map((f) => parseDotin(readFileSync(join(data, 'cvs/dotin-train', f), 'utf8')).text);
const TITLES = ['software engineer', 'data scientist', 'nurse', 'Projektleiter', 'comptable', 'verpleegkundige'];
const QUERIES = [['python', 'en'], ['manag', 'en'], ['pyhton', 'en'], ['gestion de projet', 'fr'], ['Buchhaltung', 'de'], ['ma', 'en']];

const admin = new pg.Pool({ connectionString: baseUrl, max: 1 });
await admin.query(`CREATE DATABASE ${database}`);
let failed = false;
try {
  console.log(`builds: ${builds.map((b) => `${b.name} (${b.dist})`).join(', ')}; NODE_OPTIONS as deployed: ${deployedOptions || 'none'}`);
  const first = await startService({ databaseUrl: benchUrl, env });
  console.log(`taxonomy imported by a first boot (${first.readyMs.toFixed(0)} ms)\n`);
  await first.stop();

  // 1. Breakdown in process.
  const probes = builds.map((build) => {
    const output = execFileSync(process.execPath, ['--expose-gc', join(repoRoot, 'services/skills/bench/memory-probe.mjs'), build.dist], {
      env: { ...process.env, DATABASE_URL: benchUrl, DATABASE_SCHEMA: 'skills' },
      maxBuffer: 256 * 1024 * 1024,
    });
    return JSON.parse(output.toString().trim().split('\n').pop());
  });
  console.log('Live memory each structure keeps (heap + array buffers after full collections, MB; in process):');
  console.table(
    probes[0].steps.map((s, i) => ({
      step: s.name,
      ...Object.fromEntries(builds.flatMap((b, k) => [[`${b.name} +MB`, probes[k].steps[i]?.addedMb], [`${b.name} heap`, probes[k].steps[i]?.heapMb]])),
    })),
  );
  for (const [k, b] of builds.entries()) {
    const { speed, peakRssMb, answers } = probes[k];
    console.log(
      `${b.name}: ${answers.count} answers (${answers.cvs} CVs, ${answers.sentences} sentences) digest ${answers.digest.slice(0, 16)}; ` +
        `linking ${speed.linkCvsPerCpuSecond.toFixed(0)} CVs per CPU second, search ${speed.searchCpuMsPerQuery.toFixed(3)} CPU ms/query; probe peak RSS ${peakRssMb} MB`,
    );
  }

  // 2. Same answers.
  if (probes.length === 2) {
    const [a, b] = probes.map((p) => p.answers);
    if (a.digest === b.digest) console.log(`answers identical: ${a.count} outputs, same digest\n`);
    else {
      failed = true;
      const differing = a.items.filter((item, i) => b.items[i]?.[2] !== item[2] || b.items[i]?.[1] !== item[1]);
      console.log(`ANSWERS DIFFER: ${differing.length} of ${a.count}, first: ${differing.slice(0, 5).map((d) => `${d[0]} "${d[1]}"`).join('; ')}\n`);
    }
  }

  // 3. The service, boots interleaved.
  const runs = new Map(variants.map((v) => [v.name, []]));
  for (let round = 0; round < BOOTS; round++) {
    for (const variant of variants) {
      const run = await measureService(variant);
      runs.get(variant.name).push(run);
      console.log(
        `${variant.name} boot ${round + 1}: ready ${run.readyMs} ms (CPU ${run.cpuAtReadyMs} ms), RSS at ready ${run.rssAtReady} MB, peak after warm-up ${run.peakAfterWarmUp} MB, ` +
          `after workload ${run.peakAfterWorkload} MB (ExtractSkills ${run.cvsPerSecond} CVs/s over gRPC); load ${loadavg()[0].toFixed(1)}`,
      );
    }
  }
  const keys = ['readyMs', 'cpuAtReadyMs', 'rssAtReady', 'peakAfterWarmUp', 'peakAfterWorkload', 'cvsPerSecond'];
  console.log(`\nService, median of ${BOOTS} boots each (target: peak ≤ 300 MB):`);
  console.table(variants.map((v) => ({ variant: v.name, ...Object.fromEntries(keys.map((k) => [k, median(runs.get(v.name).map((r) => r[k]))])) })));
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.end();
}
process.exit(failed ? 1 : 0);

/** One boot of a variant: RSS at ready, the peak once its warm-up is done, and after a fixed workload. */
async function measureService(variant) {
  const service = await startService({ databaseUrl: benchUrl, env: { ...env, NODE_OPTIONS: variant.nodeOptions }, dist: variant.dist });
  try {
    const rssAtReady = rssMb(service.pid);
    const cpuAtReadyMs = cpuMs(service.pid);
    // Builds that log the end of their warm-up are waited for; others get as long as it takes on a loaded machine.
    await Promise.race([service.waitFor('warm-up done'), delay(10_000)]);
    const peakAfterWarmUp = rssMb(service.pid, 'VmHWM');
    const client = createGrpcClient(skills.SkillsServiceClient, `127.0.0.1:${service.port}`, { deadlineMs: 60_000 });
    await client.matchOccupations({ titles: TITLES, limit: 3 });
    const started = performance.now();
    for (const text of texts) await client.extractSkills({ text, language: '', context: 1 });
    const cvsPerSecond = Math.round(texts.length / ((performance.now() - started) / 1000));
    for (let round = 0; round < 10; round++) for (const [query, acceptLanguage] of QUERIES) await client.searchSkills({ query, acceptLanguage, typeName: '', type: 0 });
    client.close();
    return { readyMs: Math.round(service.readyMs), cpuAtReadyMs, rssAtReady, peakAfterWarmUp, peakAfterWorkload: rssMb(service.pid, 'VmHWM'), cvsPerSecond };
  } finally {
    await service.stop();
  }
}

/** CPU time (user + system) a process has used so far, in ms: steadier than wall time on a shared machine. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of the line (11 and 12 after the command), in clock ticks (100 per second).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
