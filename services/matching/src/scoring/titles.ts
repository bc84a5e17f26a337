import type { SkillGraph, TitleOccupation } from './types.js';
import { contentStems, contentStemsOf, fold, round2, stem, tokens } from './text.js';

/**
 * Job-title similarity. Two general facts about job titles shape it:
 * - a posting's title puts the role first and qualifies it after a comma, dash, bar or parenthesis
 *   (“Program Manager, Cloud Sales (German)”: team, product, place, language), so the role part is what a
 *   candidate's former titles are compared with;
 * - inside a role, words that state a rank (senior, associate, head, intern) say nothing about the line of work,
 *   and generic role nouns (manager, specialist, officer, consultant) say less than the words naming the field
 *   (program, sales, network, legal): rank words weigh 0, generic role nouns ½, every other word 1.
 * Similarity = the weight of the role's words found in a CV title ÷ the weight of all the role's words (0..1).
 */
export const RANK_WEIGHT = 0;
export const GENERIC_WEIGHT = 0.5;

/** Rank and seniority words (en, de, fr, es, it, nl, pt), compared after folding. */
const RANK_WORDS = `senior sr junior jr lead leader principal staff head chief associate assistant deputy trainee intern
  internship apprentice apprenticeship graduate entry vice i ii iii iv
  leiter leiterin stellvertretender stellvertretende praktikant praktikantin werkstudent auszubildender azubi
  adjoint adjointe stagiaire apprenti apprentie chef
  asistente becario practicante aprendiz jefe
  assistente stagista apprendista capo
  stagiair hoofd
  estagiario chefe`;

/** Role nouns that name a kind of post rather than its field (en, de, fr, es, it, nl, pt). */
const GENERIC_WORDS = `manager management director officer executive specialist consultant coordinator representative
  partner professional expert advisor adviser supervisor member worker employee agent
  mitarbeiter mitarbeiterin referent referentin berater beraterin sachbearbeiter sachbearbeiterin
  responsable charge chargee conseiller conseillere directeur directrice
  gerente responsable especialista asesor asesora director directora
  responsabile consulente specialista direttore
  medewerker adviseur
  gerente consultor especialista diretor`;

/**
 * Rank words are a closed class, so they are compared as whole words (a plural `s` dropped), not by stem: the
 * six-letter stem would make “trainer” the rank word “trainee” and weigh a personal trainer's field word 0.
 */
const RANK = new Set(RANK_WORDS.split(/\s+/));
const isRank = (word: string) => RANK.has(word) || (word.length > 3 && word.endsWith('s') && RANK.has(word.slice(0, -1)));
const GENERIC = new Set(GENERIC_WORDS.split(/\s+/).map(stem));

export interface TitleWord {
  stem: string;
  /** The word as the title writes it (folded), for explanations. */
  word: string;
  weight: number;
}

export interface PreparedTitle {
  /** The title as the job states it. */
  text: string;
  /** Its role part (see above); the whole title when nothing qualifies it. */
  role: string;
  words: TitleWord[];
  total: number;
  /** The ESCO occupations the role maps to (see occupationsOf); empty without ESCO occupations. */
  occupations: readonly TitleOccupation[];
}

/** The role part of a posting's title: the text before the first comma, bar, parenthesis or spaced dash. */
export function rolePart(title: string): string {
  const head = title.split(/\s*[,|(;:]\s*|\s+[-–—]\s+|\s*[–—]\s*/u)[0]!.trim();
  return contentStems(head).length > 0 ? head : title.trim();
}

function wordWeight(word: string, s: string): number {
  if (isRank(word)) return RANK_WEIGHT;
  if (GENERIC.has(s)) return GENERIC_WEIGHT;
  return 1;
}

/**
 * The role's words with their weights; rank words are kept (weight 0) so explanations can name them. A role made
 * only of rank words (“Intern”) weighs each of them 1, or nothing could match it.
 */
export function prepareTitle(title: string): PreparedTitle | undefined {
  const role = rolePart(title);
  const words: TitleWord[] = [];
  for (const word of fold(role).split(/[^\p{L}\p{N}+#]+/u)) {
    const [s] = contentStems(word);
    if (s === undefined || words.some((w) => w.stem === s)) continue;
    words.push({ stem: s, word, weight: wordWeight(word, s) });
  }
  if (words.length === 0) return undefined;
  if (words.every((w) => w.weight === 0)) for (const w of words) w.weight = 1;
  return { text: title.trim(), role, words, total: words.reduce((a, w) => a + w.weight, 0), occupations: [] };
}

/**
 * The text a title is mapped to ESCO occupations with: its role part without rank words (“Senior Technical
 * Recruiter, Cloud” → “technical recruiter”), folded; empty when nothing is left.
 */
export function occupationQuery(title: string): string {
  let query = queries.get(title);
  if (query === undefined) {
    const prepared = prepareTitle(title);
    const kept = prepared?.words.filter((w) => w.weight > 0 || prepared.words.every((x) => x.weight === RANK_WEIGHT));
    query = kept ? kept.map((w) => w.word).join(' ') : '';
    if (queries.size >= QUERY_MEMO) queries.clear();
    queries.set(title, query);
  }
  return query;
}

/**
 * Queries of titles already seen (a pure function of the title): a match asks for a CV title's query when it
 * fetches the title's occupations and again when it scores the CV, and job titles repeat across CVs and matches.
 * Bounded: emptied when full.
 */
const queries = new Map<string, string>();
const QUERY_MEMO = 50_000;

/**
 * A title's ESCO occupations as the comparison uses them: those scoring within OCCUPATION_MARGIN of the title's
 * best (a title that matches one occupation's label well says little about the runners-up), that are confident
 * (match ≥ MIN_OCCUPATION_SCORE) and that agree with the title's words: the occupation's name shares a field word
 * (not a rank word nor a generic role noun) with the title, or — for a title made only of such words — any word.
 * A mapping found through an alternative label alone (“Personal Trainer” → “human resources officer” via some
 * label about training) is refused: the credit it gives would be a guess about the person's line of work.
 */
export function occupationsOf(graph: SkillGraph, title: string): readonly TitleOccupation[] {
  if (!graph.occupations) return [];
  const query = occupationQuery(title);
  const all = query ? graph.occupations(query) : [];
  const best = all[0]?.score ?? 0;
  return all.filter((o) => o.score >= best - OCCUPATION_MARGIN - 1e-9 && agrees(query, o));
}

/** The occupations of a title that can earn title credit (the mapping the eval measures the precision of). */
export const scoringOccupations = occupationsOf;

/** A title's occupation needs at least this match score (0..1) to count. */
export const MIN_OCCUPATION_SCORE = 0.8;
/** Weighted share of each side's words (title's, occupation name's) the other must hold. */
export const MIN_WORD_AGREEMENT = 0.75;

/**
 * Two title words are the same word when they share a stem and differ in length by at most MAX_SUFFIX letters
 * (accountant / accounting, manager / management meet; project / projectionist do not).
 */
const MAX_SUFFIX = 4;
const sameWord = (a: TitleWord, b: TitleWord) => a.stem === b.stem && Math.abs(a.word.length - b.word.length) <= MAX_SUFFIX;

/**
 * Weighted share of `a`'s words that `b` holds: generic role nouns ½; rank words left out of a title (“Senior”
 * says nothing about the line of work) but weighing 1 in an occupation's name (“assistant lecturer” is another
 * post than “lecturer”).
 */
function agreement(a: readonly TitleWord[], b: readonly TitleWord[], rankCounts: boolean): number {
  let total = 0;
  let found = 0;
  for (const w of a) {
    if (isRank(w.word) && !rankCounts) continue;
    const weight = GENERIC.has(w.stem) ? GENERIC_WEIGHT : 1;
    total += weight;
    if (b.some((x) => sameWord(w, x))) found += weight;
  }
  return total > 0 ? found / total : 0;
}

/**
 * Whether an occupation is confident and agrees with the words of the title (see occupationsOf): match score ≥
 * MIN_OCCUPATION_SCORE, each of the title and the occupation's name holds at least MIN_WORD_AGREEMENT of the
 * other's weighted words, one field word of the title is a word of the name itself, and every rank word of the name
 * (assistant, head, apprentice…) is in the title (rules-8). A title of rank words and generic role nouns only (“Consultant”, “Executive”) names no
 * line of work, so it maps to nothing.
 */
export function agrees(query: string, occupation: TitleOccupation): boolean {
  if (occupation.score < MIN_OCCUPATION_SCORE - 1e-9) return false;
  const title = prepareTitle(query);
  const name = prepareTitle(occupation.name);
  if (!title || !name) return false;
  const field = title.words.filter((w) => !isRank(w.word) && !GENERIC.has(w.stem));
  if (field.length === 0) return false;
  return (
    agreement(title.words, name.words, false) >= MIN_WORD_AGREEMENT - 1e-9 &&
    agreement(name.words, title.words, true) >= MIN_WORD_AGREEMENT - 1e-9 &&
    // Agreement through stems alone is a guess: “account manager” is not an “accounting manager”. At least one field
    // word must be the occupation's own word (a plural aside); the others may be its derivations (“software
    // development” → “software developer”).
    field.some((w) => name.words.some((x) => sameLemma(w.word, x.word))) &&
    // A rank the occupation names and the title does not is another post (“… teaching assistant”, “head chef”).
    name.words.every((x) => !isRank(x.word) || title.words.some((w) => sameWord(w, x)))
  );
}

/** The same word, or one the other's plural (service / services, branch / branches). */
function sameLemma(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return long === `${short}s` || long === `${short}es`;
}

/** Occupations a title maps to within this much of its best match count as its occupations. */
export const OCCUPATION_MARGIN = 0.1;
/**
 * Share credited when a CV title and the job role map to the same ESCO occupation, or only to the same ISCO-08
 * unit group, times the weaker of the two mapping scores (a loose mapping credits less).
 */
export const SAME_OCCUPATION_SHARE = 0.8;
export const SAME_ISCO_GROUP_SHARE = 0.6;

export interface OccupationLink {
  kind: 'occupation' | 'isco group';
  job: TitleOccupation;
  cv: TitleOccupation;
  /** 0..1, rounded to two decimals. */
  share: number;
}

/** The best occupation link between the job role's and a CV title's occupations (first found on ties). */
export function occupationSimilarity(job: readonly TitleOccupation[], cv: readonly TitleOccupation[]): OccupationLink | undefined {
  let best: OccupationLink | undefined;
  for (const j of job) {
    for (const c of cv) {
      const kind = j.id === c.id ? 'occupation' : j.iscoGroup && j.iscoGroup === c.iscoGroup ? 'isco group' : undefined;
      if (!kind) continue;
      const share = round2((kind === 'occupation' ? SAME_OCCUPATION_SHARE : SAME_ISCO_GROUP_SHARE) * Math.min(j.score, c.score));
      if (!best || share > best.share) best = { kind, job: j, cv: c, share };
    }
  }
  return best;
}

/** “maps to ESCO occupation “x” (ISCO 1234, 0.88)” — what an explanation says about one side of a link. */
export function describeOccupation(o: TitleOccupation): string {
  return `“${o.name}” (ISCO ${o.iscoGroup || '?'}, match ${o.score})`;
}

export interface TitleMatch {
  /** 0..1, rounded to two decimals. */
  share: number;
  matched: TitleWord[];
  missing: TitleWord[];
  /** Set when the share comes from the titles' ESCO occupations rather than their words. */
  occupation?: OccupationLink;
}

/** How much of the job role a CV title covers (stems of the CV title looked up, weights summed). */
export function titleSimilarity(job: PreparedTitle, cvTitle: string): TitleMatch {
  const cv = new Map<string, string[]>();
  for (const word of tokens(cvTitle)) {
    const [s] = contentStemsOf([word]);
    if (s !== undefined) cv.set(s, [...(cv.get(s) ?? []), word]);
  }
  const matched: TitleWord[] = [];
  const missing: TitleWord[] = [];
  let weight = 0;
  for (const w of job.words) {
    if (cv.get(w.stem)?.some((word) => sameTitleWord(w.word, word))) {
      matched.push(w);
      weight += w.weight;
    } else missing.push(w);
  }
  return { share: job.total > 0 ? round2(weight / job.total) : 0, matched, missing };
}

/**
 * Two title words with the same six-letter stem are the same word when one begins the other (design / designer)
 * or they share their first seven letters (developer / development, accountant / accounting): the stem alone
 * would make a trainer a trainee and personal personnel.
 */
function sameTitleWord(a: string, b: string): boolean {
  if (a.startsWith(b) || b.startsWith(a)) return true;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i >= SAME_PREFIX;
}
const SAME_PREFIX = 7;

/** `program ×1, manager ×0.5` — the words and weights an explanation shows, so the share can be checked. */
export function describeWords(words: readonly TitleWord[]): string {
  return words.map((w) => `${w.word} ×${w.weight}`).join(', ');
}
