#!/usr/bin/env node
// How the linker's scoring constants were chosen (`node services/skills/eval/tune-scoring.mjs`, after `pnpm build`),
// on the TUNING half of the TechWolf validation files only (heldOut() in benchmarks.mjs; the held-out half is never
// read here) and on dotin-train CVs (a training set):
//   1. a small grid over the BM25 parameters and the combination weights, by mean RP@5 of the rankings;
//   2. with the shipped weights, a sweep of the two thresholds of the linked set: P/R/F1 of TechWolf (tuning half)
//      and of the dotin CVs.
// Prints; changes nothing.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SkillCatalog } from '../dist/catalog.js';
import { BM25 } from '../dist/linking/lexical-retrieval.js';
import { SCORING, SkillLinker } from '../dist/linking/skill-linker.js';
import { readTaxonomy } from '../dist/taxonomy/taxonomy-loader.js';
import { tokenKeys } from '../dist/text/normalize.js';
import { heldOut, parseDotin, readTechWolf, skillMeasures } from './benchmarks.mjs';
import { seedDir, sharedDataDir } from './shared-data.mjs';

const data = sharedDataDir();
if (!data || !existsSync(join(data, 'esco'))) {
  console.log('tune-scoring: needs the shared data folder with ESCO: skipped');
  process.exit(0);
}
const taxonomy = readTaxonomy({ escoDir: join(data, 'esco'), seedDir: seedDir() });
const catalog = new SkillCatalog(taxonomy.skills, { ...taxonomy, checksum: '', languages: [], skillCount: taxonomy.skills.length, labelCount: 0, importedAt: new Date() });
const sets = readTechWolf(data, catalog.index).map(({ name, sentences }) => ({ name, sentences: sentences.filter((s) => !heldOut(s.text)) }));
const mean = (rows, key) => rows.reduce((sum, r) => sum + r[key], 0) / rows.length;
const f3 = (x) => x.toFixed(3);

/** Per tuning sentence: candidates with their features (best over the sentence's segments). */
function features(linker) {
  return sets.map(({ name, sentences }) => ({
    name,
    sentences: sentences.map(({ text, gold }) => {
      const best = new Map();
      for (const sentence of linker.rank(text, { language: 'en', limit: 50 }).sentences) {
        for (const s of sentence.skills) {
          const current = best.get(s.skill.id);
          if (!current || s.score > current.score) best.set(s.skill.id, s);
        }
      }
      return { gold, candidates: [...best.values()].map((s) => ({ id: s.skill.id, phrase: s.phraseConfidence, bm25: s.relevance, coverage: s.coverage })) };
    }),
  }));
}

function rp5(featureSets, { weight, half, cover }) {
  return featureSets.map(({ name, sentences }) => {
    const results = sentences.map(({ gold, candidates }) => {
      const scored = candidates.map((c) => ({ id: c.id, score: weight * c.phrase + c.bm25 / (c.bm25 + half) + cover * c.coverage })).sort((a, b) => b.score - a.score);
      return { gold, ranked: scored.map((c) => c.id), linked: [] };
    });
    return { name, ...skillMeasures(results) };
  });
}

if (!process.argv.includes('--thresholds-only')) {
  const grid = [];
  for (const bLabels of [0.3, 0.6, 0.9]) {
    for (const descriptionBoost of [0.1, 0.2, 0.35]) {
      const featureSets = features(new SkillLinker(catalog.index, SCORING, { ...BM25, bLabels, descriptionBoost }));
      for (const weight of [0.5, 1, 2]) {
        for (const half of [4, 8, 16, 30]) {
          for (const cover of [0, 0.25, 0.5, 1]) {
            const rows = rp5(featureSets, { weight, half, cover });
            grid.push({ bLabels, descriptionBoost, weight, half, cover, rp5: f3(mean(rows, 'rp5')), ...Object.fromEntries(rows.map((r) => [r.name, f3(r.rp5)])) });
          }
        }
      }
    }
  }
  grid.sort((a, b) => b.rp5 - a.rp5);
  console.log(`best mean RP@5 on the tuning half (shipped: bLabels ${BM25.bLabels}, descriptionBoost ${BM25.descriptionBoost}, weight ${SCORING.PHRASE_WEIGHT}, half ${SCORING.BM25_HALF}, cover ${SCORING.COVERAGE_WEIGHT}):`);
  console.table(grid.slice(0, 12));
}

// Thresholds of the linked set, on the shipped linker (SCORING is the object it reads).
const dotin = join(data, 'cvs/dotin-train');
const cvs = existsSync(dotin) ? readdirSync(dotin).filter((f) => f.endsWith('.xml')).sort().map((f) => parseDotin(readFileSync(join(dotin, f), 'utf8'))) : [];
const sweep = [];
const shipped = { ...SCORING };
// `--phrase=1.2,1.3 --retrieval=1.3,Infinity` sweep other values.
const list = (name, fallback) => (process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3).split(',').map(Number) ?? fallback);
for (const linkThreshold of list('phrase', [0, 1.2, 1.3])) {
  for (const retrievalThreshold of list('retrieval', [1.3, 1.4, 1.5, Infinity])) {
    Object.assign(SCORING, { LINK_THRESHOLD: linkThreshold, RETRIEVAL_THRESHOLD: retrievalThreshold });
    const row = { phrase: linkThreshold, retrieval: retrievalThreshold };
    const counts = {};
    for (const { name, sentences } of sets) {
      const results = sentences.map(({ text, gold }) => ({ gold, ranked: [], linked: [...new Set(catalog.extract(text, 'en', 'job').skills.map((s) => s.skill.id))] }));
      const m = skillMeasures(results);
      counts[name] = { links: results.reduce((n, r) => n + r.linked.length, 0), right: results.reduce((n, r) => n + r.linked.filter((id) => r.gold.has(id)).length, 0) };
      Object.assign(row, { [`${name} P`]: f3(m.precision), [`${name} R`]: f3(m.recall), [`${name} F1`]: f3(m.f1) });
    }
    let tp = 0, predicted = 0, goldTotal = 0, goldHit = 0;
    for (const { text, spans } of cvs) {
      const gold = [...new Set(spans.map((s) => tokenKeys(s).join(' ')).filter(Boolean))];
      const predicted_ = [...new Set(catalog.extract(text, '', 'cv').skills.map((s) => tokenKeys(s.matchedText).join(' ')))];
      const hit = (a, b) => ` ${a} `.includes(` ${b} `) || ` ${b} `.includes(` ${a} `);
      predicted += predicted_.length;
      tp += predicted_.filter((p) => gold.some((g) => hit(g, p))).length;
      goldTotal += gold.length;
      goldHit += gold.filter((g) => predicted_.some((p) => hit(g, p))).length;
    }
    Object.assign(row, { 'dotin P': f3(tp / predicted), 'dotin R': f3(goldHit / goldTotal) });
    counts.dotin = { links: predicted, right: tp };
    sweep.push({ row, counts, linkThreshold, retrievalThreshold });
  }
}
Object.assign(SCORING, shipped);
console.log(`thresholds of the linked set (shipped: phrase ${SCORING.LINK_THRESHOLD}, retrieval ${SCORING.RETRIEVAL_THRESHOLD}); TechWolf tuning half, dotin ${cvs.length} CVs:`);
console.table(sweep.map((r) => r.row));
// What relevance alone adds at each threshold: the links beyond the same phrase threshold without it, and how many
// of them are right (TechWolf: the gold skill; dotin: a gold span's text). Records should take it only where this
// precision is at least the records' own.
const added = sweep.filter((r) => r.retrievalThreshold !== Infinity).map(({ counts, linkThreshold, retrievalThreshold }) => {
  const base = sweep.find((r) => r.linkThreshold === linkThreshold && r.retrievalThreshold === Infinity);
  const row = { phrase: linkThreshold, retrieval: retrievalThreshold };
  for (const [name, { links, right }] of Object.entries(counts)) {
    const more = links - (base?.counts[name].links ?? 0);
    row[`${name} added`] = more;
    row[`${name} added P`] = base && more > 0 ? f3((right - base.counts[name].right) / more) : '';
  }
  return row;
});
if (added.length) {
  console.log('links added by relevance alone (against the same phrase threshold without it):');
  console.table(added);
}
