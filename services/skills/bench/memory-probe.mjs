#!/usr/bin/env node
// Child of bench-skills-memory.mjs (run with --expose-gc): loads the taxonomy from DATABASE_URL as the service does,
// builds its structures one at a time and prints, as one JSON line:
//   - steps: live heap + array buffer bytes after a full collection, after each structure (what each one keeps)
//   - answers: a digest of what search, MatchOccupations, ExtractSkills and the per-sentence ranking answer on a fixed
//     sample (dotin-train CVs, TechWolf sentences, fixed queries), and the answers themselves for the first difference
//   - speed: in-process linking CVs per CPU second and search CPU ms per query (same process, warm)
// Usage: node --expose-gc memory-probe.mjs <dist dir of a skills build>
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { parseDotin, readTechWolf } from '../eval/benchmarks.mjs';
import { sharedDataDir } from '../eval/shared-data.mjs';

const dist = pathToFileURL(`${resolve(process.argv[2])}/`);
const { SkillCatalog } = await import(new URL('catalog.js', dist));
const { TaxonomyRepository } = await import(new URL('taxonomy/repository.js', dist));

const steps = [];
const live = () => {
  globalThis.gc();
  globalThis.gc();
  const m = process.memoryUsage();
  return { heap: m.heapUsed, buffers: m.arrayBuffers, rss: m.rss };
};
let previous = live();
const step = (name) => {
  const now = live();
  steps.push({ name, heapMb: mb(now.heap), addedMb: mb(now.heap + now.buffers - previous.heap - previous.buffers), rssMb: mb(now.rss) });
  previous = now;
};
step('modules');

const url = new URL(process.env.DATABASE_URL);
const pool = new pg.Pool({ connectionString: url.toString(), options: `-c search_path=${process.env.DATABASE_SCHEMA ?? 'skills'}`, max: 2 });
const repository = new TaxonomyRepository(pool);
const version = await repository.currentVersion();
// Held in one object that the catalog outlives, as in the service (the rows are garbage once it is built).
const rows = {};
[rows.skills, rows.structure] = await Promise.all([repository.loadSkills(), repository.loadStructure()]);
await pool.end();
step('rows read (skills, structure)');
const catalog = new SkillCatalog(rows.skills, version, rows.structure);
delete rows.skills;
delete rows.structure;
step('catalog at ready (search index, hierarchy, relations, occupations read)');
catalog.warmUpOccupations();
step('occupation index');
// The linker's parts, in the order its warm-up builds them (private fields, reached at run time on purpose).
const linker = catalog.linker;
linker.dictionary('en');
step('English phrase dictionary');
void linker.retrieval;
step('lexical retrieval index');
void linker.ordinary;
step('ordinary words');

// Answers on a fixed sample. Everything that reaches a caller is in the digest.
const data = sharedDataDir();
const hash = createHash('sha256');
const items = [];
const record = (kind, input, output) => {
  const text = JSON.stringify(output);
  hash.update(`${kind}\u0000${input}\u0000${text}\n`);
  items.push([kind, input.slice(0, 80), createHash('sha1').update(text).digest('hex')]);
};
const queries = [
  ['python', 'en'], ['project management', 'en'], ['kube', 'en'], ['manag', 'en'], ['ma', 'en'], ['pyhton', 'en'], ['managment', 'en'],
  ['gestion de projet', 'fr'], ['developpement', 'fr'], ['Projektmanagement', 'de'], ['teamfahigkeit', 'de'], ['boekhouding', 'nl'],
  ['data', 'es'], ['SQL', 'it'], ['contabilidade', 'pt'],
];
for (const [query, acceptLanguage] of queries) {
  record('search', `${query}|${acceptLanguage}`, catalog.search({ query, acceptLanguage, limit: 20, offset: 0 }));
  record('resolve', `${query}|${acceptLanguage}`, catalog.resolve([{ id: '', name: query }], acceptLanguage));
}
const titles = ['software engineer', 'data scientist', 'nurse', 'Projektleiter', 'comptable', 'verpleegkundige', 'senior java developer', 'truck driver'];
record('occupations', titles.join('|'), catalog.matchOccupations(titles, 5));
const dotinDir = data && join(data, 'cvs/dotin-train');
const cvs = dotinDir && existsSync(dotinDir) ? readdirSync(dotinDir).filter((f) => f.endsWith('.xml')).sort().map((f) => parseDotin(readFileSync(join(dotinDir, f), 'utf8')).text) : [];
for (const text of cvs) {
  record('extract-cv', text, catalog.extract(text, '', 'cv'));
  record('rank-cv', text, catalog.rank(text, ''));
}
const sentences = data ? readTechWolf(data, catalog.index).flatMap((set) => set.sentences.map((s) => s.text)) : [];
for (const text of sentences) {
  record('extract-job', text, catalog.extract(text, 'en', 'job'));
  record('rank-job', text, catalog.rank(text, 'en'));
}
const ids = catalog.search({ query: 'manag', acceptLanguage: 'en', limit: 200, offset: 0 }).hits.map((h) => h.skill.id);
record('related', ids.join('|'), catalog.related(ids));
record('get', ids.join('|'), catalog.getSkills(ids, 'fr'));
record('languages', '', catalog.languages());
step('after answering the sample');

// Speed, warm, CPU time of this process.
const cpuMs = (from) => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1000;
};
let cpu = process.cpuUsage();
for (const text of cvs) catalog.extract(text, '', 'cv');
const linkCvsPerCpuSecond = cvs.length ? cvs.length / (cpuMs(cpu) / 1000) : 0;
cpu = process.cpuUsage();
for (let round = 0; round < 20; round++) for (const [query, acceptLanguage] of queries) catalog.search({ query, acceptLanguage, limit: 20, offset: 0 });
const searchCpuMsPerQuery = cpuMs(cpu) / (20 * queries.length);

console.log(
  JSON.stringify({
    steps,
    answers: { digest: hash.digest('hex'), count: items.length, cvs: cvs.length, sentences: sentences.length, items },
    speed: { linkCvsPerCpuSecond, searchCpuMsPerQuery },
    peakRssMb: mb(process.resourceUsage().maxRSS * 1024),
  }),
);

function mb(bytes) {
  return Math.round((bytes / 1048576) * 10) / 10;
}
