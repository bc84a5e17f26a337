import type { CvRecord } from './types.js';
import { contentStemsOf, entryLabel, sentences, tokens } from './text.js';

/** One piece of CV text that can be quoted as evidence, with where it comes from. */
export interface Passage {
  text: string;
  /** e.g. `experience “Backend developer (2019-01–2023-06)”`, `skill description`, `CV skill “Docker”`. */
  source: string;
  /** Index of the CV experience entry the passage belongs to, for experience passages. */
  entry?: number;
  /** The passage is an experience entry's title. */
  title?: boolean;
  /** The passage is a CV skill's explanation (the linker's restatement of a CV sentence: “Mentioned in: …”). */
  skill?: boolean;
}

/**
 * The CV text, tokenised once per CV so that every job-side rule is a few map look-ups instead of a text scan:
 * - `folded`: all passages as folded words, one passage per line, for phrase search (skill names);
 * - `postings`: stem → passages containing it, kept only for the stems the job asks about (its vocabulary).
 */
export interface CvIndex {
  passages: Passage[];
  folded: string;
  /** Start offset of each passage inside `folded`, ascending. */
  starts: number[];
  postings: Map<string, number[]>;
  /** Words in all passages (the CV's length, for the relevance signal's length normalisation). */
  words: number;
}

function collectPassages(cv: CvRecord): Passage[] {
  const passages: Passage[] = [];
  cv.experience.forEach((entry, i) => {
    const source = `experience “${entryLabel(entry.title, entry.start_date, entry.end_date)}”`;
    if (entry.title.trim()) passages.push({ text: entry.title, source, entry: i, title: true });
    for (const sentence of sentences(entry.description)) passages.push({ text: sentence, source, entry: i });
  });
  for (const entry of cv.education) {
    const text = [entry.degree, entry.major, entry.institution_name].filter((s) => s.trim()).join(', ');
    if (text) passages.push({ text, source: `education “${entryLabel(text, entry.start_date, entry.end_date)}”` });
  }
  for (const description of cv.skill_descriptions) {
    for (const sentence of sentences(description)) passages.push({ text: sentence, source: 'skill description' });
  }
  for (const skill of [...cv.hard_skills, ...cv.soft_skills]) {
    const text = skill.explanation.trim() || skill.skill;
    if (text) passages.push({ text, source: `CV skill “${skill.skill}”`, skill: true });
  }
  return passages;
}

/**
 * What the index keeps of a word: its stem when the job asks about that stem, else null. Built per job (one
 * `scoreCandidates` call) and shared by its CVs: most words of a CV were already seen in earlier CVs.
 */
export class VocabularyLookup {
  private readonly cache = new Map<string, string | null>();
  constructor(private readonly vocabulary: ReadonlySet<string>) {}

  stemOf(word: string): string | null {
    let hit = this.cache.get(word);
    if (hit === undefined) {
      const [s] = contentStemsOf([word]);
      hit = s !== undefined && this.vocabulary.has(s) ? s : null;
      this.cache.set(word, hit);
    }
    return hit;
  }
}

export function indexCv(cv: CvRecord, lookup: VocabularyLookup): CvIndex {
  const passages = collectPassages(cv);
  const starts: number[] = [];
  const postings = new Map<string, number[]>();
  let folded = '';
  let length = 0;
  passages.forEach((passage, i) => {
    starts.push(folded.length);
    const words = tokens(passage.text);
    length += words.length;
    folded += ` ${words.join(' ')} \n`;
    for (const word of words) {
      const s = lookup.stemOf(word);
      if (s === null) continue;
      const list = postings.get(s);
      // A passage is listed once per stem even when the word repeats.
      if (!list) postings.set(s, [i]);
      else if (list[list.length - 1] !== i) list.push(i);
    }
  });
  return { passages, folded, starts, postings, words: length };
}

/** Index of the passage that contains offset `at` of `folded`. */
export function passageAt(index: CvIndex, at: number): number {
  let lo = 0;
  let hi = index.starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (index.starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Where a folded phrase occurs as whole words, first passage first; `accept` can reject an occurrence. */
export function findPhrase(
  index: CvIndex,
  phrase: string,
  accept: (p: Passage) => boolean = () => true,
): number | undefined {
  const needle = ` ${phrase} `;
  for (let at = index.folded.indexOf(needle); at >= 0; at = index.folded.indexOf(needle, at + 1)) {
    const i = passageAt(index, at);
    if (accept(index.passages[i]!)) return i;
  }
  return undefined;
}

/** The best passage for a set of query stems: most stems in common, first passage on ties. */
export function bestOverlap(
  index: CvIndex,
  query: readonly string[],
  only?: (p: Passage) => boolean,
): { passage: number; matched: string[] } | undefined {
  const hits = new Map<number, string[]>();
  for (const q of query) {
    for (const i of index.postings.get(q) ?? []) {
      if (only && !only(index.passages[i]!)) continue;
      const list = hits.get(i);
      if (list) list.push(q);
      else hits.set(i, [q]);
    }
  }
  let best: { passage: number; matched: string[] } | undefined;
  for (const [passage, matched] of hits) {
    if (
      !best ||
      matched.length > best.matched.length ||
      (matched.length === best.matched.length && passage < best.passage)
    )
      best = { passage, matched };
  }
  return best;
}

/** For each experience entry that has any of `query` in its title or description: the stems it has. */
export function entryStems(index: CvIndex, query: readonly string[]): Map<number, Set<string>> {
  const out = new Map<number, Set<string>>();
  for (const q of query) {
    for (const i of index.postings.get(q) ?? []) {
      const entry = index.passages[i]!.entry;
      if (entry === undefined) continue;
      const set = out.get(entry);
      if (set) set.add(q);
      else out.set(entry, new Set([q]));
    }
  }
  return out;
}

/** The experience entries in whose title or description a folded phrase occurs as whole words. */
export function entriesWithPhrase(
  index: CvIndex,
  phrase: string,
  accept: (p: Passage) => boolean = () => true,
): Set<number> {
  const out = new Set<number>();
  const needle = ` ${phrase} `;
  for (let at = index.folded.indexOf(needle); at >= 0; at = index.folded.indexOf(needle, at + 1)) {
    const p = index.passages[passageAt(index, at)]!;
    if (p.entry !== undefined && accept(p)) out.add(p.entry);
  }
  return out;
}
