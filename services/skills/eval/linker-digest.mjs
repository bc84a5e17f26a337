#!/usr/bin/env node
// `node services/skills/eval/linker-digest.mjs`: a digest of everything the skill linker returns on a fixed set of
// texts (the 310 dotin-train CVs, the first 200 Google careers postings, the TechWolf and SkillSpan dev sentences
// eval:skills reads), so that a refactor of src/linking can show it changed nothing: the digest before and after
// must be identical. Prints the digest and the per-set digests; with DIGEST_DUMP=<file> also writes the output lines.
// Needs `pnpm build` and the shared data folder. SKILLS_EVAL_DIST=<dir> digests another build.
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { readGoogleCareersJobs } from '@talent/testkit';
import { parseDotin, readSkillSpan, readTechWolf } from './benchmarks.mjs';
import { seedDir, sharedDataDir } from './shared-data.mjs';

const dist = pathToFileURL(`${resolve(process.env.SKILLS_EVAL_DIST ?? new URL('../dist', import.meta.url).pathname)}/`);
const { SkillCatalog } = await import(new URL('catalog.js', dist));
const { readTaxonomy } = await import(new URL('taxonomy/taxonomy-loader.js', dist));

const data = sharedDataDir();
if (!data) {
  console.log('linker-digest: shared data folder not found: skipped');
  process.exit(0);
}
const escoDir = existsSync(join(data, 'esco')) ? join(data, 'esco') : undefined;
const taxonomy = readTaxonomy({ ...(escoDir ? { escoDir } : {}), seedDir: seedDir() });
const catalog = new SkillCatalog(taxonomy.skills, { ...taxonomy, checksum: '', languages: [], skillCount: taxonomy.skills.length, labelCount: 0, importedAt: new Date() }, {});

const sets = [];
const dotin = join(data, 'cvs/dotin-train');
sets.push({ name: 'dotin', kind: 'cv', language: '', texts: readdirSync(dotin).filter((f) => f.endsWith('.xml')).sort().map((f) => parseDotin(readFileSync(join(dotin, f), 'utf8')).text) });
const jobs = readGoogleCareersJobs(join(data, 'jobs/google-careers-1250.csv')).slice(0, 200);
sets.push({ name: 'google', kind: 'job', language: 'en', rank: true, texts: jobs.map((j) => `${j.title}\n${j.company}, ${j.location}\n\nResponsibilities\n${j.responsibilities}\n\nMinimum qualifications\n${j.minimum}\n\nPreferred qualifications\n${j.preferred}`) });
for (const { name, sentences } of escoDir ? readTechWolf(data, catalog.index) : []) sets.push({ name: `techwolf ${name}`, kind: 'job', language: 'en', texts: sentences.map((s) => s.text), rank: true });
sets.push({ name: 'skillspan', kind: 'job', language: 'en', texts: readSkillSpan(data, 'dev').map((s) => s.text ?? s.tokens?.join(' ') ?? JSON.stringify(s)) });

const round = (x) => (typeof x === 'number' ? Number(x.toFixed(9)) : x);
const whole = createHash('sha256');
const dump = [];
let ms = 0;
const cpu = process.cpuUsage();
for (const set of sets) {
  const hash = createHash('sha256');
  for (const text of set.texts) {
    const t0 = performance.now();
    const result = catalog.extract(text, set.language, set.kind);
    const ranked = set.rank ? catalog.rank(text, set.language) : undefined;
    ms += performance.now() - t0;
    const line = JSON.stringify({ result, ranked }, (key, value) => (key === 'skill' && value && typeof value === 'object' ? value.id : round(value)));
    hash.update(line).update('\n');
    whole.update(line).update('\n');
    if (process.env.DIGEST_DUMP) dump.push(line);
  }
  console.log(`${set.name.padEnd(22)} ${String(set.texts.length).padStart(5)} texts  ${hash.digest('hex').slice(0, 16)}`);
}
if (process.env.DIGEST_DUMP) writeFileSync(process.env.DIGEST_DUMP, dump.join('\n'));
const { user, system } = process.cpuUsage(cpu);
console.log(`digest ${whole.digest('hex')}  (linking ${Math.round(ms)} ms wall; ${Math.round((user + system) / 1000)} ms CPU with hashing)`);
