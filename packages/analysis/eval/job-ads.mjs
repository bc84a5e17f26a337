#!/usr/bin/env node
// The job analyzer on the hand-written job-ad set (eval/job-ads, README there): title, company and city exact-match
// share (case- and punctuation-insensitive) and the detected source_language, per language and overall, per half,
// beside issue 26's target, then every miss. Runs the BUILT analyzer (dist), so build first:
//   pnpm eval:job-ads
//   TALENT_EVAL_ANALYSIS_DIR=/path/to/other/packages/analysis pnpm eval:job-ads   (another build, to compare)
// TALENT_EVAL_ANALYSIS (another build's index.js, as eval:extraction takes it) is honoured too.
// Rules alone: the skills linker is a no-op (it plays no part in the headline fields measured here).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const setDir = join(here, 'job-ads');
const analysisDir = process.env.TALENT_EVAL_ANALYSIS_DIR ?? join(here, '..');
const entry = process.env.TALENT_EVAL_ANALYSIS ?? pathToFileURL(join(analysisDir, 'dist', 'index.js')).href;
const { createRulesAnalyzer } = await import(entry);
const analyzer = createRulesAnalyzer({ link: async (_text, language) => ({ skills: [], language }) }, { now: () => new Date('2026-11-30T00:00:00Z') });

const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt'];
const FIELDS = ['title', 'company', 'city', 'language'];
const TARGET = 0.95;

/** Case- and punctuation-insensitive: letters and digits only, single spaces (accents kept). */
const norm = (s) => (s ?? '').normalize('NFC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
/** Half A when the first byte of the ad text's SHA-1 is even (README). */
const halfOf = (text) => (createHash('sha1').update(text).digest()[0] % 2 === 0 ? 'A' : 'B');

const rows = [];
for (const language of LANGUAGES) {
  const ads = readFileSync(join(setDir, `${language}.txt`), 'utf8').replace(/\n+$/, '').split(/\n====\n/);
  const labels = readFileSync(join(setDir, `${language}.labels.tsv`), 'utf8').replace(/\n+$/, '').split('\n');
  if (ads.length !== labels.length) throw new Error(`${language}: ${ads.length} ads but ${labels.length} label lines`);
  for (const [i, text] of ads.entries()) {
    const [title, company, city] = labels[i].split('\t');
    const r = await analyzer.analyzeJob(text);
    const got = { title: r.information.title, company: r.information.company, city: r.information.locations[0]?.city ?? '', language: r.source_language };
    const expected = { title, company, city, language };
    rows.push({ language, half: halfOf(text), first: text.split('\n')[0], expected, got, right: Object.fromEntries(FIELDS.map((f) => [f, norm(expected[f]) === norm(got[f])])) });
  }
}

const share = (subset, field) => (subset.length ? subset.filter((r) => r.right[field]).length / subset.length : NaN);
const cell = (subset, field) => {
  const s = share(subset, field);
  return Number.isNaN(s) ? '   -  ' : `${s.toFixed(2)}${s >= TARGET ? ' ' : '*'} `.padStart(6);
};
console.log(`Job-ad set (issue 26): ${rows.length} hand-written ads; analyzer ${analyzer.version} from ${entry}`);
console.log(`Exact match (case/punctuation-insensitive); target ≥ ${TARGET} each, * = below target.`);
console.log(`${'lang'.padEnd(6)}${'half'.padEnd(6)}${'ads'.padStart(4)}  ${FIELDS.map((f) => f.padStart(9)).join('')}`);
for (const language of [...LANGUAGES, 'all']) {
  for (const half of ['A', 'B', 'A+B']) {
    const subset = rows.filter((r) => (language === 'all' || r.language === language) && (half === 'A+B' || r.half === half));
    console.log(`${language.padEnd(6)}${half.padEnd(6)}${String(subset.length).padStart(4)}  ${FIELDS.map((f) => cell(subset, f).padStart(9)).join('')}`);
  }
}
console.log('\nMisses (language, half, ad first line | field: expected → got):');
for (const r of rows) {
  for (const f of FIELDS.filter((f) => !r.right[f])) {
    console.log(`  ${r.language} ${r.half} ${JSON.stringify(r.first.slice(0, 70))} | ${f}: ${JSON.stringify(r.expected[f])} → ${JSON.stringify(r.got[f] ?? '')}`);
  }
}
