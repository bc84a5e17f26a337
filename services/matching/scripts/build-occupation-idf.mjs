#!/usr/bin/env node
// Builds data/occupation-idf/<language>.json: how specific each word is to a line of work, from ESCO (CC BY 4.0), one
// table per language ESCO's export gives (a file each, so a process reads only the languages its ads are in). One document per ESCO occupation and language: what that language names of it.
//   en (v1.1.1-en): labels, description and the names of its essential and optional skills.
//   fr (labels-fr): occupation labels and the French names of its skills.
//   nl (labels-nl): occupation labels, description, and the Dutch names of its skills (the VDAB mapping's ESCO labels).
//   de (labels-de): the German names of its skills only (the Bundesagentur's mapping holds no occupation labels).
// df = occupations whose document in that language holds the word (folded as the scorer folds it, a plural `s`
// dropped); N = occupations with a document in that language. Per language, not one table for all: the same
// folded word names another thing in another language (“chef” is a cook in English, a head in French), and a
// shared table would make one language's trade word generic in the other. The job title's words are weighted by
// ln(1 + (N − df + 0.5) / (df + 0.5)) from the table of the ad's language (scoring/specificity.ts).
// Uses the compiled scorer and the skills service's CSV reader, so run after the matching and skills packages are
// built. The output is byte-identical for the same ESCO export.
// Usage: node services/matching/scripts/build-occupation-idf.mjs [ESCO dir, default ../shared/data/esco]
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// The skills service's CSV reader (quoted newlines), as its ESCO importer reads these files.
import { readCsv } from '../../skills/dist/importers/csv.js';
import { specificityKey } from '../dist/scoring/specificity.js';
import { tokens } from '../dist/scoring/text.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const esco = process.argv[2] ?? join(here, '../../../../shared/data/esco');
const text = (file) => readFileSync(join(esco, file), 'utf8');
const rows = (file, source = text(file)) => readCsv(file, source, { required: [] }).map((r) => r.cells);
/** The mapping reports open with a block of metadata lines; their table starts at the header naming `first`. */
const table = (file, first) => {
  const source = text(file);
  return rows(file, source.slice(source.indexOf(`\n${first},`) + 1));
};

const occupationsEn = rows('v1.1.1-en/classification/occupations_en.csv');
// The occupations of the export: a relation naming any other is left out, in every language.
const known = new Set(occupationsEn.map((r) => r.conceptUri));
const skillOccupations = new Map();
for (const r of rows('v1.1.1-en/relations/occupationSkillRelations.csv').filter((r) => known.has(r.occupationUri)))
  skillOccupations.set(r.skillUri, [...(skillOccupations.get(r.skillUri) ?? []), r.occupationUri]);

/** Documents of one language: occupation URI → its texts. */
function documentsOf(occupations, skills) {
  const documents = new Map();
  const add = (uri, part) => {
    if (part) documents.set(uri, [...(documents.get(uri) ?? []), part]);
  };
  for (const [uri, parts] of occupations) for (const p of parts) add(uri, p);
  for (const [skillUri, names] of skills) for (const occupation of skillOccupations.get(skillUri) ?? []) for (const n of names) add(occupation, n);
  return documents;
}
const group = (pairs) => {
  const m = new Map();
  for (const [k, v] of pairs) if (v) m.set(k, [...(m.get(k) ?? []), v]);
  return m;
};

const documents = {
  en: documentsOf(
    group(occupationsEn.flatMap((r) => [[r.conceptUri, r.preferredLabel], [r.conceptUri, r.altLabels], [r.conceptUri, r.description]])),
    group(rows('v1.1.1-en/classification/skills_en.csv').map((r) => [r.conceptUri, r.preferredLabel])),
  ),
  fr: documentsOf(
    group(rows('labels-fr/occupations_fr.csv').flatMap((r) => [[r.conceptUri, r.preferredLabel], [r.conceptUri, r.altLabels]])),
    group(rows('labels-fr/skills_fr.csv').map((r) => [r.conceptUri, r.preferredLabel])),
  ),
  nl: documentsOf(
    group(rows('labels-nl/occupations_nl.csv').flatMap((r) => [[r.conceptUri, r.preferredLabel], [r.conceptUri, r.altLabels], [r.conceptUri, r.description]])),
    // Each ESCO skill is on as many lines as VDAB competences it maps to: its name once.
    new Map(table('labels-nl/escocompetencemappingfinalreport-fr-nl-45-v3.8.csv', 'Classification 1 ID').map((r) => [r['Classification 1 URI'], [r['Classification 1 PrefLabel']]])),
  ),
  de: documentsOf(
    new Map(),
    // Only the first two columns (ESCO URI, German name) are read: a few lines quote the mapping's own column wrongly.
    new Map([...text('labels-de/DE_Mapping_ESCO_Kompetenzen_220518_0.csv').matchAll(/^(http[^,]+),"([^"]*)"/gm)].map((m) => [m[1], [m[2]]])),
  ),
};

const SOURCES = {
  en: 'ESCO v1.1.1 (en)',
  fr: 'ESCO occupation and skill labels (fr)',
  nl: 'ESCO occupation labels (nl) and the ESCO skill labels of the VDAB competence mapping',
  de: 'ESCO skill labels (de) of the Bundesagentur für Arbeit competence mapping',
};
const dir = join(here, '../data/occupation-idf');
mkdirSync(dir, { recursive: true });
for (const [language, docs] of Object.entries(documents)) {
  const df = new Map();
  for (const parts of docs.values()) {
    const words = new Set(tokens(parts.join('\n')).map(specificityKey));
    for (const w of words) df.set(w, (df.get(w) ?? 0) + 1);
  }
  const table = { source: `${SOURCES[language]}, CC BY 4.0, European Commission`, occupations: docs.size, df: Object.fromEntries([...df].sort(([a], [b]) => (a < b ? -1 : 1))) };
  writeFileSync(join(dir, `${language}.json`), `${JSON.stringify(table)}\n`);
  console.log(`${language}: ${docs.size} occupations, ${df.size} words`);
}
