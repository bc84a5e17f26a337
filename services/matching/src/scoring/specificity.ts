import { readFileSync } from 'node:fs';

/**
 * How specific a word is to a line of work, learned from ESCO v1.1.1 (CC BY 4.0, European Commission):
 * `data/occupation-idf.json` holds, for each folded word, the number of ESCO occupations whose labels, description
 * and skill names use it (scripts/build-occupation-idf.mjs). specificity = ln(1 + (N − df + 0.5) / (df + 0.5)),
 * BM25's idf over the N = 3,007 occupations: “recruiter” 6.5, “call” 4.4, “farm” 3.8, “aircraft” 3.7,
 * “technician” 1.8, “team” 1.5, “operations” 1.2, “technical” 1.1. A word no occupation uses (a trade word ESCO
 * lacks, another language's word) counts as used by one: rare, not unknown, so a title wholly in another language
 * keeps its words' proportions as before.
 */
interface OccupationDf {
  occupations: number;
  df: Record<string, number>;
}

let table: OccupationDf | undefined;

function load(): OccupationDf {
  return (table ??= JSON.parse(readFileSync(new URL('../../data/occupation-idf.json', import.meta.url), 'utf8')) as OccupationDf);
}

/** The form a folded word is counted under: a plural `s` dropped, as the scorer's stems do (not `ss`). */
export function specificityKey(word: string): string {
  return word.length >= 4 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/** The specificity of a folded word (text.ts `tokens`). */
export function specificity(word: string): number {
  const { occupations, df } = load();
  const key = specificityKey(word);
  const n = Object.hasOwn(df, key) ? df[key]! : 1;
  return Math.log(1 + (occupations - n + 0.5) / (n + 0.5));
}
