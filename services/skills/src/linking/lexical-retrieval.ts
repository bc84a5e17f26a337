import type { SkillIndex } from '../search/skill-index.js';
import { DEFAULT_LANGUAGE } from '../taxonomy/model.js';
import { stemToken, tokenize, type Token } from '../text/normalize.js';
import { GrowableArray, groupByKey } from '../util/growable-array.js';

/**
 * BM25 parameters: k1 as usual; a low b for labels, since a skill's many alternative labels are not verbosity; a
 * description word counts less than a label word. Words in more than `maxDocumentShare` of a field's documents
 * ("and", "of", "the", "in") carry almost no information under BM25's idf: leaving them out keeps posting lists
 * short and queries fast, and they do not count as content words of a label.
 */
export const BM25 = { k1: 1.2, bLabels: 0.6, bDescription: 0.75, descriptionBoost: 0.2, maxDocumentShare: 0.08 };

/** Field of a term: the labels of one language (its index in SkillIndex.languages), or the description. */
const DESCRIPTION_FIELD = 255;

/** A skill's relevance to a text: BM25 over its fields, and how much of its best-covered label the text holds. */
export interface Relevance {
  skill: number;
  bm25: number;
  /** idf-weighted share of the content words of the skill's best-covered label found in the text, 0…1. */
  coverage: number;
}

/** A word of the query in one field: its term (postings, idf). */
export interface QueryTerm {
  /** Index of the token it comes from. */
  token: number;
  field: number;
  term: number;
}

/**
 * Lexical relevance of taxonomy skills to a piece of text, with no literal label match needed: BM25 over fields
 * of each skill — all its labels (preferred and alternative) per language, and its description — with a term's
 * weight precomputed per posting, so a query is a sum over the postings of its words; and, per label, the share of
 * its content words (idf-weighted) the text holds, whatever their order ("manage a team" covers "team management").
 * Built from scratch rather than with a search library: linking runs one query per sentence of every CV and must
 * stay at hundreds of CVs per second, within the service's memory budget: every term's postings live in three flat
 * typed arrays (ESCO has ~57k terms; an Int32Array and a Float32Array per term cost ~20 MB of object headers alone).
 */
export class LexicalRetrieval {
  /** Per field (a language's labels by language index, or DESCRIPTION_FIELD): stem → term id. */
  private readonly fields: Map<string, number>[] = [];
  /** Postings of term t: postingSkills/postingWeights[postingStart[t] … postingStart[t + 1]), skills ascending. */
  private readonly postingStart: Int32Array;
  private readonly postingSkills: Int32Array;
  /** BM25 weight of the term in each skill's field. */
  private readonly postingWeights: Float32Array;
  /** The highest weight in each term's postings. */
  private readonly termMax: Float32Array;
  /** idf per term id. */
  private readonly idf: Float32Array;
  /** Content words (term ids) of each label: labelTerms[labelTermStart[l] … labelTermStart[l + 1]). */
  private readonly labelTermStart: Int32Array;
  private readonly labelTerms: Int32Array;
  /** Sum of the idf of each label's content words. */
  private readonly labelNorm: Float32Array;
  /** First label of each skill (SkillIndex keeps a skill's labels together, skills in order), and one past the last. */
  private readonly firstLabel: Int32Array;
  // Per-query scratch space, reset after each query.
  private readonly scores: Float32Array;
  private readonly seen: Uint8Array;
  private readonly touched: Int32Array;
  private readonly inQuery: Uint8Array;

  constructor(
    private readonly index: SkillIndex,
    parameters = BM25,
  ) {
    const skillCount = index.size;
    const labelCount = index.labelText.length;
    this.scores = new Float32Array(skillCount);
    this.seen = new Uint8Array(skillCount);
    this.touched = new Int32Array(skillCount);
    this.labelNorm = new Float32Array(labelCount);
    this.firstLabel = new Int32Array(skillCount + 1).fill(labelCount);
    for (let label = labelCount - 1; label >= 0; label--) this.firstLabel[index.labelSkill[label]!] = label;
    for (let skill = skillCount - 1; skill >= 0; skill--) this.firstLabel[skill] = Math.min(this.firstLabel[skill]!, this.firstLabel[skill + 1]!);

    // One field at a time, so that only one field's word lists are ever being built (start-up memory).
    const terms = new TermTable();
    /** Labels holding each term, flat: label lists of the terms in id order (descriptions' terms have none). */
    const termLabelCount: number[] = [];
    const termLabels = new GrowableArray(Int32Array);
    const labelTermCount = new Int32Array(labelCount);
    index.languages.forEach((language, field) => {
      const build = new FieldBuilder(skillCount, false);
      for (let label = 0; label < labelCount; label++) {
        if (index.labelLanguage[label] !== field) continue;
        build.add(index.labelSkill[label]!, termStems(tokenize(index.labelText[label]!), language), label);
      }
      this.fields[field] = build.postings(parameters, terms, (labels, count, idf) => {
        termLabelCount.push(count);
        for (let i = 0; i < count; i++) {
          const label = labels[i]!;
          termLabels.push(label);
          this.labelNorm[label]! += idf;
          labelTermCount[label]!++;
        }
      });
    });
    const descriptions = new FieldBuilder(skillCount, true);
    for (let skill = 0; skill < skillCount; skill++) {
      const description = index.description(skill);
      if (description) descriptions.add(skill, termStems(tokenize(description), DEFAULT_LANGUAGE), -1);
    }
    this.fields[DESCRIPTION_FIELD] = descriptions.postings(parameters, terms, () => termLabelCount.push(0));
    ({ start: this.postingStart, skills: this.postingSkills, weights: this.postingWeights, max: this.termMax, idf: this.idf } = terms.finish());
    this.inQuery = new Uint8Array(this.idf.length);
    // Label → its content words, as one flat list.
    this.labelTermStart = new Int32Array(labelCount + 1);
    for (let label = 0; label < labelCount; label++) this.labelTermStart[label + 1] = this.labelTermStart[label]! + labelTermCount[label]!;
    this.labelTerms = new Int32Array(this.labelTermStart[labelCount]!);
    const filled = this.labelTermStart.slice(0, labelCount);
    const labels = termLabels.finish();
    let at = 0;
    termLabelCount.forEach((count, id) => {
      for (const end = at + count; at < end; at++) this.labelTerms[filled[labels[at]!]!++] = id;
    });
  }

  /**
   * The words of a text as query terms, once per text: read in the text's language against that language's labels,
   * and in English against the English labels and the descriptions. A term repeated in the text counts once.
   * `stems` and `englishStems` are the tokens' stems in the text's language and in English.
   */
  terms(tokens: readonly Token[], language: string, stems: readonly string[], englishStems: readonly string[]): QueryTerm[] {
    const fields: number[] = [this.index.languages.indexOf(language)];
    if (language !== DEFAULT_LANGUAGE) fields.push(this.index.languages.indexOf(DEFAULT_LANGUAGE));
    const seen = new Set<number>();
    const terms: QueryTerm[] = [];
    const add = (token: number, field: number, stem: string) => {
      const term = this.fields[field]?.get(stem);
      if (term === undefined || seen.has(term)) return;
      seen.add(term);
      terms.push({ token, field, term });
    };
    tokens.forEach((token, i) => {
      if (token.key.length < 2) return;
      add(i, fields[0]!, stems[i]!);
      if (fields.length > 1) add(i, fields[1]!, englishStems[i]!);
      add(i, DESCRIPTION_FIELD, englishStems[i]!);
    });
    return terms;
  }

  /**
   * The `limit` skills that `rank` scores highest for the query terms, best first: the `pool` skills with the best
   * BM25 scores, re-scored with their label coverage. With `rareOnly`, the pool is chosen by the words in at most
   * that many skills (the informative ones, a fraction of the postings to read), then scored with every word.
   */
  query(terms: readonly QueryTerm[], limit: number, pool: number, rank: (bm25: number, coverage: number) => number, rareOnly = Infinity): (Relevance & { score: number })[] {
    const { seen, scores, touched, postingStart, postingSkills, postingWeights } = this;
    let touchedCount = 0;
    for (const { term } of terms) {
      const end = postingStart[term + 1]!;
      if (end - postingStart[term]! > rareOnly) continue;
      for (let i = postingStart[term]!; i < end; i++) {
        const skill = postingSkills[i]!;
        if (seen[skill] === 0) {
          seen[skill] = 1;
          touched[touchedCount++] = skill;
        }
        scores[skill]! += postingWeights[i]!;
      }
    }
    pool = Math.min(touchedCount, Math.max(pool, limit));
    const best = new Int32Array(pool);
    const bestScores = new Float64Array(pool);
    let size = 0;
    for (let t = 0; t < touchedCount; t++) {
      const skill = touched[t]!;
      const score = scores[skill]!;
      scores[skill] = 0;
      seen[skill] = 0;
      if (size === pool && score <= bestScores[pool - 1]!) continue;
      let at = size < pool ? size++ : pool - 1;
      while (at > 0 && bestScores[at - 1]! < score) {
        best[at] = best[at - 1]!;
        bestScores[at] = bestScores[at - 1]!;
        at--;
      }
      best[at] = skill;
      bestScores[at] = score;
    }
    this.mark(terms, 1);
    const fields = this.queryFields(terms);
    const ranked: (Relevance & { score: number })[] = [];
    for (let i = 0; i < size; i++) {
      const skill = best[i]!;
      let bm25 = bestScores[i]!;
      if (rareOnly !== Infinity) for (const { term } of terms) if (this.documentCount(term) > rareOnly) bm25 += this.weightOf(term, skill);
      const coverage = this.coverage(skill, fields);
      ranked.push({ skill, bm25, coverage, score: rank(bm25, coverage) });
    }
    this.mark(terms, 0);
    return ranked.sort((a, b) => b.score - a.score).slice(0, limit);
  }

  /** No skill can score more BM25 than this for the query terms (the sum of each term's highest weight). */
  bound(terms: readonly QueryTerm[]): number {
    let bound = 0;
    for (const { term } of terms) bound += this.termMax[term]!;
    return bound;
  }

  /** The relevance of one skill for the query terms (what query() computes for it). */
  relevance(terms: readonly QueryTerm[], skill: number): Relevance {
    let bm25 = 0;
    for (const { term } of terms) bm25 += this.weightOf(term, skill);
    this.mark(terms, 1);
    const coverage = this.coverage(skill, this.queryFields(terms));
    this.mark(terms, 0);
    return { skill, bm25, coverage };
  }

  /** The best share (idf-weighted) of a label's content words marked in the query, over the skill's labels in `fields`. */
  private coverage(skill: number, fields: Set<number>): number {
    let best = 0;
    for (let label = this.firstLabel[skill]!; label < this.firstLabel[skill + 1]!; label++) {
      if (!fields.has(this.index.labelLanguage[label]!) || this.labelNorm[label] === 0) continue;
      let covered = 0;
      for (let t = this.labelTermStart[label]!; t < this.labelTermStart[label + 1]!; t++) {
        const term = this.labelTerms[t]!;
        if (this.inQuery[term]) covered += this.idf[term]!;
      }
      best = Math.max(best, covered / this.labelNorm[label]!);
    }
    return best;
  }

  private mark(terms: readonly QueryTerm[], value: 0 | 1): void {
    for (const { term } of terms) this.inQuery[term] = value;
  }

  /** The label fields (languages) the query terms were read in. */
  private queryFields(terms: readonly QueryTerm[]): Set<number> {
    return new Set(terms.map((t) => t.field).filter((f) => f !== DESCRIPTION_FIELD));
  }

  /** What each token adds to a skill's BM25 score: the words that are its evidence in the text weigh above 0. */
  tokenWeights(terms: readonly QueryTerm[], tokenCount: number, skill: number): number[] {
    const weights = new Array<number>(tokenCount).fill(0);
    for (const { token, term } of terms) weights[token]! += this.weightOf(term, skill);
    return weights;
  }

  private documentCount(term: number): number {
    return this.postingStart[term + 1]! - this.postingStart[term]!;
  }

  /** The term's weight in the skill's field, 0 when the skill does not hold it. */
  private weightOf(term: number, skill: number): number {
    const end = this.postingStart[term + 1]!;
    const at = lowerBound(this.postingSkills, skill, this.postingStart[term]!, end);
    return at < end && this.postingSkills[at] === skill ? this.postingWeights[at]! : 0;
  }
}

/** The terms of every field as they are built, flat: ids in order, each term's postings appended after the last's. */
class TermTable {
  private readonly start = new GrowableArray(Int32Array);
  private readonly skills = new GrowableArray(Int32Array);
  private readonly weights = new GrowableArray(Float32Array);
  private readonly max = new GrowableArray(Float32Array);
  private readonly idf = new GrowableArray(Float32Array);

  constructor() {
    this.start.push(0);
  }

  posting(skill: number, weight: number): void {
    this.skills.push(skill);
    this.weights.push(weight);
  }

  /** Ends a term whose postings were just added; returns its id. */
  endTerm(idf: number, max: number): number {
    this.start.push(this.skills.length);
    this.idf.push(idf);
    this.max.push(max);
    return this.idf.length - 1;
  }

  /** The weight of a posting as stored (32-bit). */
  weightAt(position: number): number {
    return this.weights.at(position);
  }

  get postingCount(): number {
    return this.skills.length;
  }

  finish() {
    return { start: this.start.finish(), skills: this.skills.finish(), weights: this.weights.finish(), max: this.max.finish(), idf: this.idf.finish() };
  }
}

/**
 * The words of one field while it is being indexed: every occurrence of a stem as (term, skill, label), in document
 * order, in flat typed arrays (per-term JS arrays here were most of the garbage the retrieval build left behind).
 */
class FieldBuilder {
  /** Stem → its number in this field, numbered in order of first occurrence. */
  private readonly stems = new Map<string, number>();
  private readonly occurrenceTerm = new GrowableArray(Int32Array, 1 << 16);
  private readonly occurrenceSkill = new GrowableArray(Int32Array, 1 << 16);
  /** Absent for the description field (no labels). */
  private readonly occurrenceLabel: GrowableArray<Int32Array> | undefined;
  private readonly lengths: Float64Array;

  constructor(
    skillCount: number,
    readonly description: boolean,
  ) {
    this.lengths = new Float64Array(skillCount);
    if (!description) this.occurrenceLabel = new GrowableArray(Int32Array, 1 << 16);
  }

  /** Words of one document of the skill (a label, or the description: label −1); skills come in ascending order. */
  add(skill: number, stems: string[], label: number): void {
    this.lengths[skill]! += stems.length;
    for (const stem of stems) {
      let term = this.stems.get(stem);
      if (term === undefined) this.stems.set(stem, (term = this.stems.size));
      this.occurrenceTerm.push(term);
      this.occurrenceSkill.push(skill);
      this.occurrenceLabel?.push(label);
    }
  }

  /**
   * The field's terms with BM25 weights, added to `table` (each kept term gets the next id there, in order of first
   * occurrence, and `onTerm` its labels: labels[0 … count), ascending); returns stem → term id. Called once.
   */
  postings(parameters: typeof BM25, table: TermTable, onTerm: (labels: Int32Array, count: number, idf: number) => void): Map<string, number> {
    const { k1, bLabels, bDescription, descriptionBoost, maxDocumentShare } = parameters;
    let documents = 0;
    let total = 0;
    for (const length of this.lengths) {
      if (length === 0) continue;
      documents++;
      total += length;
    }
    const average = total / Math.max(1, documents);
    const b = this.description ? bDescription : bLabels;
    const boost = this.description ? descriptionBoost : 1;
    // Occurrences grouped by term, in document order within a term (so skills ascending).
    const terms = this.occurrenceTerm.view();
    const { start, grouped: skills } = groupByKey(terms, this.occurrenceSkill.view(), this.stems.size);
    const labelOf = this.occurrenceLabel && groupByKey(terms, this.occurrenceLabel.view(), this.stems.size).grouped;
    let largest = 0;
    for (let term = 0; term < this.stems.size; term++) largest = Math.max(largest, start[term + 1]! - start[term]!);
    const labels = new Int32Array(labelOf ? largest : 0);
    const termIds = new Int32Array(this.stems.size).fill(-1);
    for (let term = 0; term < this.stems.size; term++) {
      const from = start[term]!;
      const to = start[term + 1]!;
      let df = 0;
      for (let i = from; i < to; i++) if (i === from || skills[i] !== skills[i - 1]) df++;
      if (df > maxDocumentShare * documents && df > 20) continue;
      const idf = Math.log(1 + (documents - df + 0.5) / (df + 0.5));
      const first = table.postingCount;
      let labelCount = 0;
      for (let i = from; i < to; ) {
        const skill = skills[i]!;
        let tf = 0;
        for (; i < to && skills[i] === skill; i++) {
          tf++;
          const label = labelOf ? labelOf[i]! : -1;
          if (label >= 0 && (labelCount === 0 || labels[labelCount - 1] !== label)) labels[labelCount++] = label;
        }
        table.posting(skill, (boost * idf * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * this.lengths[skill]!) / average)));
      }
      // The highest weight as stored (32-bit), as the query adds weights up.
      let max = 0;
      for (let p = first; p < table.postingCount; p++) max = Math.max(max, table.weightAt(p));
      onTerm(labels, labelCount, idf);
      termIds[term] = table.endTerm(idf, max);
    }
    // The field's stems become its map of kept terms (stem → term id).
    for (const [stem, term] of this.stems) {
      if (termIds[term] === -1) this.stems.delete(stem);
      else this.stems.set(stem, termIds[term]!);
    }
    return this.stems;
  }
}

/** Stems of the words that can carry meaning: two characters or more ("R" is left to phrases). */
function termStems(tokens: readonly Token[], language: string): string[] {
  const stems: string[] = [];
  for (const token of tokens) if (token.key.length >= 2) stems.push(stemToken(token.key, language));
  return stems;
}

/** The first position in sorted[from … to) whose value is ≥ `value` (`to` when none). */
function lowerBound(sorted: Int32Array, value: number, from: number, to: number): number {
  let low = from;
  let high = to;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! < value) low = mid + 1;
    else high = mid;
  }
  return low;
}
