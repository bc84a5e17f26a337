import { readFileSync } from 'node:fs';
import { stem } from './text.js';

/**
 * How specific a word is to a line of work, learned from ESCO (CC BY 4.0, European Commission):
 * `data/occupation-idf.json` holds, per language ESCO's export gives (en, fr, nl, de), for each folded word the
 * number of ESCO occupations whose labels, description and skill names in that language use it
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

let tables: Record<string, OccupationDf> | undefined;

function load(): Record<string, OccupationDf> {
  return (tables ??= (JSON.parse(readFileSync(new URL('../../data/occupation-idf.json', import.meta.url), 'utf8')) as { languages: Record<string, OccupationDf> }).languages);
}

/** The form a folded word is counted under: a plural `s` dropped, as the scorer's stems do (not `ss`). */
export function specificityKey(word: string): string {
  return word.length >= 4 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/** The specificity of a folded word (text.ts `tokens`) in a language (ISO 639-1, a record's `source_language`). */
export function specificity(word: string, language = 'en'): number {
  const all = load();
  const { occupations, df } = (Object.hasOwn(all, language) ? all[language] : all['en'])!;
  const key = specificityKey(word);
  const n = Object.hasOwn(df, key) ? df[key]! : 1;
  return Math.log(1 + (occupations - n + 0.5) / (n + 0.5));
}

/** Whether ESCO's export gives a table in this language. */
export function hasSpecificity(language: string): boolean {
  return Object.hasOwn(load(), language);
}

const stemTables = new Map<string, Map<string, number>>();

/**
 * The specificity of a six-letter stem (text.ts `stem`, as the whole-ad relevance counts words) in a language
 * with a table: the df of its most used word, so a stem counts as at least as common as any word it stands for.
 */
export function stemSpecificity(s: string, language: string): number {
  const { occupations, df } = load()[language]!;
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
