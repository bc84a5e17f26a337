#!/usr/bin/env node
// `pnpm bench:sourcing-directory`: the directory provider over a generated directory of 100,000 profiles
// (BENCH_DIRECTORY_PROFILES to change it):
//   - load time (read, validate and index the JSONL file) and RSS of the process once loaded and after the searches
//   - search latency p50/p95/p99 over a few hundred varied searches (free text fast and pro, every filter, freshness,
//     windows at several offsets), target p95 ≤ 50 ms, next to a naive linear scan of the same profiles answering
//     the same searches in the same run (the baseline)
// The loading and searching happen in a child process so that its RSS is the provider's alone. Needs `pnpm build`.
// `runDirectoryBench()` is exported for other benchmarks; it returns the figures it prints.
import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { generateProfiles, writeJsonl } from '../scripts/generate-demo-directory.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const TARGET_P95_MS = 50;
const NOW = new Date('2026-11-01T00:00:00Z');

/** Deterministic varied searches drawn from the generator's vocabulary. */
function searches(count) {
  let state = 7;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = (list) => list[Math.floor(next() * list.length)];
  const texts = [
    'python',
    'senior backend engineer',
    'kubernetes terraform',
    'data scientist',
    'react typescript',
    'nurse',
    'accountant ifrs',
    'product manager',
    'machine learning',
    'sales',
    'engineering manager',
    'payments',
    'sql',
    'recruiter',
    'devops aws',
    'figma',
    'supply chain',
    'director',
    'go grpc',
    'marketing seo',
    'critical care',
    'spark airflow',
    'lead',
    'cloud',
  ];
  const titles = [
    'backend engineer',
    'data scientist',
    'product manager',
    'registered nurse',
    'accountant',
    'recruiter',
    'ux designer',
    'devops engineer',
  ];
  const skills = [
    'Python',
    'SQL',
    'Kubernetes',
    'React',
    'Excel',
    'Figma',
    'AWS',
    'Salesforce',
    'Patient Care',
    'TypeScript',
    'Docker',
  ];
  const places = [
    'Germany',
    'London',
    'United States',
    'Paris',
    'Canada',
    'Spain',
    'Zurich',
    'India',
    'Berlin',
    'Texas',
  ];
  const levels = ['intern', 'junior', 'mid', 'senior', 'lead', 'manager', 'director', 'executive'];
  return Array.from({ length: count }, () => {
    const filters = {};
    if (next() < 0.3) filters.titles = [pick(titles), ...(next() < 0.3 ? [pick(titles)] : [])];
    if (next() < 0.35) filters.skills = [pick(skills), ...(next() < 0.3 ? [pick(skills)] : [])];
    if (next() < 0.35) filters.locations = [pick(places), ...(next() < 0.3 ? [pick(places)] : [])];
    if (next() < 0.3) filters.seniority = [pick(levels), ...(next() < 0.4 ? [pick(levels)] : [])];
    return {
      query: next() < 0.75 ? pick(texts) : '',
      filters,
      searchType: next() < 0.5 ? 'fast' : 'pro',
      highFreshness: next() < 0.25,
      offset: pick([0, 0, 0, 20, 100]),
      limit: 20,
    };
  });
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const mb = (bytes) => Math.round(bytes / 1e6);

/** The naive alternative: every profile scanned for every search (words of the text, then the filters). */
async function naiveBaseline(path, queries) {
  const rows = [];
  for await (const line of createInterface({ input: createReadStream(path) })) {
    const p = JSON.parse(line);
    const fast = [p.headline, ...p.experience.map((job) => job.title), ...p.skills].join(' ').toLowerCase();
    const pro = `${fast} ${[p.summary, ...p.experience.flatMap((job) => [job.company, job.summary]), ...p.education.flatMap((s) => [s.school, s.degree, s.major])].join(' ').toLowerCase()}`;
    rows.push({
      p,
      fast,
      pro,
      titles: p.experience.map((job) => job.title.toLowerCase()),
      skills: p.skills.map((s) => s.toLowerCase()),
      location: (p.location ?? '').toLowerCase(),
    });
  }
  const since = NOW.getTime() - 90 * 86_400_000;
  const times = [];
  for (const q of queries) {
    const started = performance.now();
    const words = q.query.toLowerCase().split(/\s+/).filter(Boolean);
    const hits = rows.filter(
      (row) =>
        words.every((word) => (q.searchType === 'pro' ? row.pro : row.fast).includes(word)) &&
        (!q.filters.titles || q.filters.titles.some((title) => row.titles.some((t) => t.includes(title)))) &&
        (!q.filters.skills || q.filters.skills.every((skill) => row.skills.includes(skill.toLowerCase()))) &&
        (!q.filters.locations || q.filters.locations.some((place) => row.location.includes(place.toLowerCase()))) &&
        (!q.filters.seniority || q.filters.seniority.includes(row.p.seniority)) &&
        (!q.highFreshness || Date.parse(row.p.updated_at) >= since),
    );
    hits.slice(q.offset, q.offset + q.limit);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

/** Child process: load the directory, run the searches, print one JSON line of figures. */
async function measure(path, rounds) {
  const { createProvider } = await import(join(here, '..', 'dist', 'providers', 'index.js'));
  const quiet = { info: () => {}, warn: (fields, message) => console.error(message, fields) };
  const started = performance.now();
  const setup = await createProvider(
    {
      SOURCING_PROVIDER: 'directory',
      SOURCING_DIRECTORY_PATH: path,
      SOURCING_PDL_TIMEOUT_MS: 1,
      SOURCING_PDL_MAX_RETRIES: 0,
      SOURCING_FRESHNESS_DAYS: 90,
    },
    quiet,
    { now: () => NOW },
  );
  const loadMs = performance.now() - started;
  globalThis.gc?.();
  const loaded = process.memoryUsage();
  const queries = searches(rounds);
  for (const q of queries.slice(0, 30)) await setup.provider.search(q); // warm-up (JIT)
  const times = [];
  let returned = 0;
  for (const q of queries) {
    const t = performance.now();
    const page = await setup.provider.search(q);
    times.push(performance.now() - t);
    returned += page.profiles.length;
  }
  times.sort((a, b) => a - b);
  const after = process.memoryUsage();
  const baseline = await naiveBaseline(path, queries.slice(0, 60));
  console.log(
    JSON.stringify({
      profiles: (
        await setup.provider.search({
          query: '',
          filters: {},
          searchType: 'fast',
          highFreshness: false,
          offset: 0,
          limit: 0,
        })
      ).total,
      loadMs,
      searches: times.length,
      returned,
      p50: quantile(times, 0.5),
      p95: quantile(times, 0.95),
      p99: quantile(times, 0.99),
      max: times[times.length - 1],
      rssLoadedMb: mb(loaded.rss),
      heapLoadedMb: mb(loaded.heapUsed),
      externalLoadedMb: mb(loaded.external),
      rssAfterMb: mb(after.rss),
      baselineP50: quantile(baseline, 0.5),
      baselineP95: quantile(baseline, 0.95),
    }),
  );
}

/** Generates the directory, measures it in a child process, prints and returns the figures. */
export async function runDirectoryBench({ count = 100_000, rounds = 400 } = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'bench-directory-'));
  try {
    const path = join(dir, 'directory.jsonl');
    let t = performance.now();
    await writeJsonl(path, generateProfiles(count));
    console.log(`generated ${count.toLocaleString('en')} profiles in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    t = performance.now();
    const figures = await new Promise((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ['--expose-gc', fileURLToPath(import.meta.url), '--measure', path, String(rounds)],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let out = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0
          ? resolve(JSON.parse(out.trim().split('\n').pop()))
          : reject(new Error(`measuring process exited with ${code}`)),
      );
    });
    const ms = (value) => `${value.toFixed(1)} ms`;
    console.log(
      `directory: ${figures.profiles.toLocaleString('en')} profiles loaded in ${(figures.loadMs / 1000).toFixed(1)} s`,
    );
    console.log(
      `RSS once loaded: ${figures.rssLoadedMb} MB (heap ${figures.heapLoadedMb} MB, buffers and typed arrays ${figures.externalLoadedMb} MB); after the searches: ${figures.rssAfterMb} MB`,
    );
    console.log(
      `${figures.searches} searches (${figures.returned} profiles returned): p50 ${ms(figures.p50)}, p95 ${ms(figures.p95)}, p99 ${ms(figures.p99)}, max ${ms(figures.max)}`,
    );
    console.log(`target p95 ≤ ${TARGET_P95_MS} ms: ${figures.p95 <= TARGET_P95_MS ? 'met' : 'MISSED'}`);
    console.log(
      `baseline, naive scan of the same profiles (first 60 searches): p50 ${ms(figures.baselineP50)}, p95 ${ms(figures.baselineP95)}; index p95 is ${(figures.baselineP95 / figures.p95).toFixed(1)}× faster`,
    );
    return figures;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--measure') await measure(process.argv[3], Number(process.argv[4]));
else if (process.argv[1] === fileURLToPath(import.meta.url))
  await runDirectoryBench({ count: Number(process.env.BENCH_DIRECTORY_PROFILES ?? 100_000) });
