#!/usr/bin/env node
// `pnpm eval:skills`: runs the skill linker (ExtractSkills' domain code, in-process, on the taxonomy the service
// would load: ESCO + seed when the shared ESCO export exists) over
//   - TechWolf validation sets (job-ad sentences, gold = ESCO preferred labels; "LABEL NOT PRESENT" and
//     "UNDERSPECIFIED" rows are not gold): skill-level P/R/F1, R-Precision@5
//   - dotin CVs (gold = Tech Tools / Job Specific Skills / Soft Skills spans): span-text-level P/R/F1, R-Precision@5
// and prints the figures. Needs `pnpm build`. Skips (exit 0) when the shared data folder is absent.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { performance } from 'node:perf_hooks';
import { SkillCatalog } from '../dist/catalog.js';
import { readTaxonomy } from '../dist/taxonomy/taxonomy-loader.js';
import { tokenKeys } from '../dist/text/normalize.js';
import { seedDir, sharedDataDir } from './shared-data.mjs';

const data = sharedDataDir();
if (!data) {
  console.log('eval:skills: shared data folder not found (set TALENT_SHARED_DATA or put it at ../shared/data): skipped');
  process.exit(0);
}
const escoDir = existsSync(join(data, 'esco')) ? join(data, 'esco') : undefined;
const started = Date.now();
const taxonomy = readTaxonomy({ ...(escoDir ? { escoDir } : {}), seedDir: seedDir() });
const catalog = new SkillCatalog(taxonomy.skills, { ...taxonomy, checksum: '', languages: [], skillCount: taxonomy.skills.length, labelCount: 0, importedAt: new Date() });
console.log(`taxonomy: ${taxonomy.version}, ${taxonomy.skills.length} skills (${Date.now() - started} ms)\n`);

const rows = [];
const report = (name, m) => {
  const f1 = m.tp === 0 ? 0 : (2 * m.precision * m.recall) / (m.precision + m.recall);
  rows.push({ set: name, units: m.units, precision: m.precision.toFixed(3), recall: m.recall.toFixed(3), f1: f1.toFixed(3), 'rp@5': m.rp5.toFixed(3) });
};
const byConfidence = (a, b) => b.confidence - a.confidence || b.mentions - a.mentions || a.start - b.start;

// TechWolf: gold labels are ESCO preferred labels; compare skill ids.
const techwolf = join(data, 'skill-extraction/techwolf');
for (const file of existsSync(techwolf) ? readdirSync(techwolf).filter((f) => f.endsWith('.csv')).sort() : []) {
  if (!escoDir) {
    console.log(`${file}: skipped (needs the ESCO taxonomy)`);
    continue;
  }
  const sentences = new Map();
  for (const { sentence, label } of parse(readFileSync(join(techwolf, file), 'utf8'), { columns: true })) {
    if (!sentences.has(sentence)) sentences.set(sentence, new Set());
    // "LABEL NOT PRESENT" (no ESCO skill) and "UNDERSPECIFIED" (a skill, but no ESCO label specific enough) name
    // no skill a linker could return: they are not gold.
    if (label !== 'LABEL NOT PRESENT' && label !== 'UNDERSPECIFIED') {
      const skill = catalog.index.findByName(label, 'en');
      sentences.get(sentence).add(skill ? skill.id : `unknown:${label}`);
    }
  }
  let tp = 0, predicted = 0, gold = 0, rp = 0, rpUnits = 0;
  for (const [sentence, goldIds] of sentences) {
    const found = catalog.extract(sentence, 'en', 'job').skills.sort(byConfidence);
    const ids = found.map((s) => s.skill.id);
    predicted += ids.length;
    gold += goldIds.size;
    tp += ids.filter((id) => goldIds.has(id)).length;
    if (goldIds.size > 0) {
      rp += ids.slice(0, 5).filter((id) => goldIds.has(id)).length / Math.min(5, goldIds.size);
      rpUnits++;
    }
  }
  report(`techwolf ${file.replace('_validation_annotations.csv', '')}`, {
    units: `${sentences.size} sentences`, tp, precision: predicted ? tp / predicted : 0, recall: gold ? tp / gold : 0, rp5: rpUnits ? rp / rpUnits : 0,
  });
}

// dotin CVs: gold are surface spans; a prediction is right when its text equals, contains or is contained in a
// gold span's text (token-wise), per CV.
const dotin = join(data, 'cvs/dotin-train');
if (existsSync(dotin)) {
  const SKILL_TYPES = new Set(['Tech Tools', 'Job Specific Skills', 'Soft Skills']);
  let tp = 0, predicted = 0, goldTotal = 0, goldHit = 0, rp = 0, rpUnits = 0, cvs = 0, chars = 0;
  const t0 = performance.now();
  let linkMs = 0;
  for (const file of readdirSync(dotin).filter((f) => f.endsWith('.xml'))) {
    const { text, spans } = parseDotin(readFileSync(join(dotin, file), 'utf8'), SKILL_TYPES);
    const gold = [...new Set(spans.map((s) => tokenKeys(s).join(' ')).filter(Boolean))];
    const l0 = performance.now();
    const found = catalog.extract(text, '', 'cv').skills.sort(byConfidence);
    linkMs += performance.now() - l0;
    cvs++;
    chars += text.length;
    const matches = (pred) => gold.some((g) => contains(g, pred) || contains(pred, g));
    const predTexts = [...new Set(found.map((s) => tokenKeys(s.matchedText).join(' ')))];
    predicted += predTexts.length;
    tp += predTexts.filter(matches).length;
    goldTotal += gold.length;
    goldHit += gold.filter((g) => predTexts.some((p) => contains(g, p) || contains(p, g))).length;
    if (gold.length > 0) {
      const top = found.slice(0, 5).map((s) => tokenKeys(s.matchedText).join(' '));
      rp += top.filter(matches).length / Math.min(5, gold.length);
      rpUnits++;
    }
  }
  report('dotin-train CVs', { units: `${cvs} CVs`, tp, precision: predicted ? tp / predicted : 0, recall: goldTotal ? goldHit / goldTotal : 0, rp5: rpUnits ? rp / rpUnits : 0 });
  console.log(`dotin linking: ${(cvs / (linkMs / 1000)).toFixed(0)} CVs/s (${Math.round(chars / cvs)} chars/CV avg, ${(performance.now() - t0).toFixed(0)} ms total with parsing)`);
}
console.table(rows);

function contains(haystack, needle) {
  return ` ${haystack} `.includes(` ${needle} `);
}

function parseDotin(xml, types) {
  const body = xml.replace(/^[\s\S]*?<cv>\n?/, '').replace(/<\/cv>\s*$/, '');
  const spans = [];
  const text = body.replace(/<label type="([^"]+)">([\s\S]*?)<\/label>/g, (_, type, inner) => {
    if (types.has(type)) spans.push(decode(inner));
    return inner;
  });
  return { text: decode(text), spans };
}

function decode(s) {
  return s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
}

