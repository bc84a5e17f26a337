#!/usr/bin/env node
// Builds data/occupation-idf.json: how specific each word is to a line of work, from ESCO (CC BY 4.0).
// One document per ESCO occupation: its labels, its description and the names of its essential and optional
// skills. df = occupations whose document holds the word (folded as the scorer folds it, a plural `s` dropped);
// the job title's words are weighted by ln(1 + (N − df + 0.5) / (df + 0.5)) (scoring/specificity.ts): a word that
// names a trade (“aircraft”, “farm”, “recruiter”) weighs much, one hundreds of occupations use (“team”,
// “operations”, “technical”) little. Uses the compiled scorer and the skills service's CSV reader, so run after
// the matching and skills packages are built. The output is byte-identical for the same ESCO export.
// Usage: node services/matching/scripts/build-occupation-idf.mjs [ESCO dir, default ../shared/data/esco/v1.1.1-en]
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// The skills service's CSV reader (quoted newlines), as its ESCO importer reads these files.
import { readCsv } from '../../skills/dist/importers/csv.js';
import { specificityKey } from '../dist/scoring/specificity.js';
import { tokens } from '../dist/scoring/text.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const esco = process.argv[2] ?? join(here, '../../../../shared/data/esco/v1.1.1-en');
const rows = (file) => readCsv(file, readFileSync(join(esco, file), 'utf8'), { required: [] }).map((r) => r.cells);

const skillNames = new Map(rows('classification/skills_en.csv').map((r) => [r.conceptUri, r.preferredLabel]));
const documents = new Map();
for (const r of rows('classification/occupations_en.csv')) documents.set(r.conceptUri, [r.preferredLabel, r.altLabels, r.description]);
for (const r of rows('relations/occupationSkillRelations.csv')) {
  const name = skillNames.get(r.skillUri);
  if (name) documents.get(r.occupationUri)?.push(name);
}
const df = new Map();
for (const parts of documents.values()) {
  const words = new Set(tokens(parts.join('\n')).map(specificityKey));
  for (const w of words) df.set(w, (df.get(w) ?? 0) + 1);
}
const table = { source: 'ESCO v1.1.1 (en), CC BY 4.0, European Commission', occupations: documents.size, df: Object.fromEntries([...df].sort(([a], [b]) => (a < b ? -1 : 1))) };
const out = join(here, '../data/occupation-idf.json');
writeFileSync(out, `${JSON.stringify(table)}\n`);
console.log(`${out}: ${documents.size} occupations, ${df.size} words`);
