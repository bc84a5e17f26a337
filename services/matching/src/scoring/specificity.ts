import { readdirSync, readFileSync } from 'node:fs';
import { stem } from './text.js';

/**
 * How specific a word is to a line of work, learned from ESCO (CC BY 4.0, European Commission):
 * `data/occupation-idf/<language>.json`, one per language ESCO's export gives (en, fr, nl, de), holds for each
 * folded word the number of ESCO occupations whose labels, description and skill names in that language use it
 * (scripts/build-occupation-idf.mjs). specificity = ln(1 + (N − df + 0.5) / (df + 0.5)), BM25's idf over that
 * language's N occupations: “recruiter” 6.5, “call” 4.4, “aircraft” 3.7, “technician” 1.8, “operations” 1.2;
 * “Buchhaltung” 5.0, “Mitarbeiter” 2.0; “comptable” 3.5, “responsable” 1.9. One table per language, not one for
 * all: a folded word names another thing in another language (“chef”: 12 English occupations, 139 French ones).
 * A language without a table (es, it, pt) reads the English one. A word no occupation uses (a trade word ESCO
 * lacks, another language's word) counts as used by one: rare, not unknown, so such a title keeps its words'
 * proportions.
 */
interface OccupationDf {
  occupations: number;
  df: Record<string, number>;
}

const DIR = new URL('../../data/occupation-idf/', import.meta.url);
let languages: ReadonlySet<string> | undefined;
const tables = new Map<string, OccupationDf>();

/** The languages with a table (its file names), listed once. */
function tableLanguages(): ReadonlySet<string> {
  return (languages ??= new Set(readdirSync(DIR).flatMap((f) => (f.endsWith('.json') ? [f.slice(0, -5)] : []))));
}

/** A language's table, read on its first word; a language without one reads the English table. */
function load(language: string): OccupationDf {
  const chosen = tableLanguages().has(language) ? language : 'en';
  let table = tables.get(chosen);
  if (!table) {
    table = JSON.parse(readFileSync(new URL(`${chosen}.json`, DIR), 'utf8')) as OccupationDf;
    tables.set(chosen, table);
  }
  return table;
}

/** The form a folded word is counted under: a plural `s` dropped, as the scorer's stems do (not `ss`). */
export function specificityKey(word: string): string {
  return word.length >= 4 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/** The specificity of a folded word (text.ts `tokens`) in a language (ISO 639-1, a record's `source_language`). */
export function specificity(word: string, language = 'en'): number {
  const { occupations, df } = load(language);
  const key = specificityKey(word);
  const n = Object.hasOwn(df, key) ? df[key]! : 1;
  return Math.log(1 + (occupations - n + 0.5) / (n + 0.5));
}

/** Whether ESCO's export gives a table in this language. */
export function hasSpecificity(language: string): boolean {
  return tableLanguages().has(language);
}

const stemTables = new Map<string, Map<string, number>>();

/**
 * The specificity of a six-letter stem (text.ts `stem`, as the whole-ad relevance counts words) in a language
 * with a table: the df of its most used word, so a stem counts as at least as common as any word it stands for.
 */
export function stemSpecificity(s: string, language: string): number {
  const { occupations, df } = load(language);
  let stems = stemTables.get(language);
  if (!stems) {
    stems = new Map();
    for (const [word, n] of Object.entries(df)) {
      const k = stem(word);
      if (n > (stems.get(k) ?? 0)) stems.set(k, n);
    }
    stemTables.set(language, stems);
  }
  const n = stems.get(s) ?? 1;
  return Math.log(1 + (occupations - n + 0.5) / (n + 0.5));
}
