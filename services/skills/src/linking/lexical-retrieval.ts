import type { SkillIndex } from '../search/skill-index.js';
import { DEFAULT_LANGUAGE } from '../taxonomy/model.js';
import { stemToken, tokenize, type Token } from '../text/normalize.js';

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

/** A word of the query in one field, with its postings. */
export interface QueryTerm {
  /** Index of the token it comes from. */
  token: number;
  field: number;
  postings: Postings;
}

interface Postings {
  skills: Int32Array;
  /** BM25 weight of the term in each skill's field. */
  weights: Float32Array;
  /** Term id: position in `idf` and in the label term lists. */
  id: number;
  /** The highest weight in `weights`. */
  max: number;
}

/**
 * Lexical relevance of taxonomy skills to a piece of text, with no literal label match needed: BM25 over fields
 * of each skill — all its labels (preferred and alternative) per language, and its description — with a term's
 * weight precomputed per posting, so a query is a sum over the postings of its words; and, per label, the share of
 * its content words (idf-weighted) the text holds, whatever their order ("manage a team" covers "team management").
 * Built from scratch rather than with a search library: linking runs one query per sentence of every CV and must
 * stay at hundreds of CVs per second, within the service's memory budget (typed arrays, no per-document objects).
 */
export class LexicalRetrieval {
  /** Per field (a language's labels by language index, or DESCRIPTION_FIELD): stem → postings. */
  private readonly fields: Map<string, Postings>[] = [];
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
    const idfs: number[] = [];
    const termLabels: Int32Array[] = [];
    const labelTermCount = new Int32Array(labelCount);
    index.languages.forEach((language, field) => {
      const build = new FieldBuilder(skillCount);
      for (let label = 0; label < labelCount; label++) {
        if (index.labelLanguage[label] !== field) continue;
        build.add(index.labelSkill[label]!, termStems(tokenize(index.labelText[label]!), language), label);
      }
      this.fields[field] = build.postings(parameters, false, idfs, (labels, idf) => {
        termLabels.push(Int32Array.from(labels));
        for (const label of labels) {
          this.labelNorm[label]! += idf;
          labelTermCount[label]!++;
        }
      });
    });
    const descriptions = new FieldBuilder(skillCount);
    for (let skill = 0; skill < skillCount; skill++) {
      const description = index.description(skill);
      if (description) descriptions.add(skill, termStems(tokenize(description), DEFAULT_LANGUAGE), -1);
    }
    this.fields[DESCRIPTION_FIELD] = descriptions.postings(parameters, true, idfs, () => termLabels.push(EMPTY));
    this.idf = Float32Array.from(idfs);
    this.inQuery = new Uint8Array(idfs.length);
    // Label → its content words, as one flat list.
    this.labelTermStart = new Int32Array(labelCount + 1);
    for (let label = 0; label < labelCount; label++) this.labelTermStart[label + 1] = this.labelTermStart[label]! + labelTermCount[label]!;
    this.labelTerms = new Int32Array(this.labelTermStart[labelCount]!);
    const filled = this.labelTermStart.slice(0, labelCount);
    termLabels.forEach((labels, id) => {
      for (const label of labels) this.labelTerms[filled[label]!++] = id;
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
    const seen = new Set<Postings>();
    const terms: QueryTerm[] = [];
    const add = (token: number, field: number, stem: string) => {
      const postings = this.fields[field]?.get(stem);
      if (!postings || seen.has(postings)) return;
      seen.add(postings);
      terms.push({ token, field, postings });
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
    const { seen, scores, touched } = this;
    let touchedCount = 0;
    for (const { postings } of terms) {
      const { skills, weights } = postings;
      if (skills.length > rareOnly) continue;
      for (let i = 0; i < skills.length; i++) {
        const skill = skills[i]!;
        if (seen[skill] === 0) {
          seen[skill] = 1;
          touched[touchedCount++] = skill;
        }
        scores[skill]! += weights[i]!;
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
      if (rareOnly !== Infinity) for (const { postings } of terms) if (postings.skills.length > rareOnly) bm25 += weightOf(postings, skill);
      const coverage = this.coverage(skill, fields);
      ranked.push({ skill, bm25, coverage, score: rank(bm25, coverage) });
    }
    this.mark(terms, 0);
    return ranked.sort((a, b) => b.score - a.score).slice(0, limit);
  }

  /** No skill can score more BM25 than this for the query terms (the sum of each term's highest weight). */
  bound(terms: readonly QueryTerm[]): number {
    let bound = 0;
    for (const { postings } of terms) bound += postings.max;
    return bound;
  }

  /** The relevance of one skill for the query terms (what query() computes for it). */
  relevance(terms: readonly QueryTerm[], skill: number): Relevance {
    let bm25 = 0;
    for (const { postings } of terms) bm25 += weightOf(postings, skill);
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
    for (const { postings } of terms) this.inQuery[postings.id] = value;
  }

  /** The label fields (languages) the query terms were read in. */
  private queryFields(terms: readonly QueryTerm[]): Set<number> {
    return new Set(terms.map((t) => t.field).filter((f) => f !== DESCRIPTION_FIELD));
  }

  /** What each token adds to a skill's BM25 score: the words that are its evidence in the text weigh above 0. */
  tokenWeights(terms: readonly QueryTerm[], tokenCount: number, skill: number): number[] {
    const weights = new Array<number>(tokenCount).fill(0);
    for (const { token, postings } of terms) weights[token]! += weightOf(postings, skill);
    return weights;
  }
}

const EMPTY = new Int32Array(0);

/** The word lists of one field while it is being indexed: stem → skills with term frequencies, and labels. */
class FieldBuilder {
  private readonly terms = new Map<string, { tf: number[]; labels: number[] }>();
  private readonly lengths: Float64Array;

  constructor(skillCount: number) {
    this.lengths = new Float64Array(skillCount);
  }

  /** Words of one document of the skill (a label, or the description); skills come in ascending order. */
  add(skill: number, stems: string[], label: number): void {
    this.lengths[skill]! += stems.length;
    for (const stem of stems) {
      let entry = this.terms.get(stem);
      if (!entry) this.terms.set(stem, (entry = { tf: [], labels: [] }));
      const { tf, labels } = entry;
      if (tf.length > 0 && tf[tf.length - 2] === skill) tf[tf.length - 1]!++;
      else tf.push(skill, 1);
      if (label >= 0 && labels[labels.length - 1] !== label) labels.push(label);
    }
  }

  /** The field's postings with BM25 weights; each kept term gets the next id in `idfs`, and `onTerm` its labels. */
  postings(parameters: typeof BM25, description: boolean, idfs: number[], onTerm: (labels: number[], idf: number) => void): Map<string, Postings> {
    const { k1, bLabels, bDescription, descriptionBoost, maxDocumentShare } = parameters;
    let documents = 0;
    let total = 0;
    for (const length of this.lengths) {
      if (length === 0) continue;
      documents++;
      total += length;
    }
    const average = total / Math.max(1, documents);
    const b = description ? bDescription : bLabels;
    const boost = description ? descriptionBoost : 1;
    const result = new Map<string, Postings>();
    for (const [stem, { tf: list, labels }] of this.terms) {
      const df = list.length / 2;
      if (df > maxDocumentShare * documents && df > 20) continue;
      const idf = Math.log(1 + (documents - df + 0.5) / (df + 0.5));
      const skills = new Int32Array(df);
      const weights = new Float32Array(df);
      for (let i = 0; i < df; i++) {
        const skill = list[2 * i]!;
        const tf = list[2 * i + 1]!;
        skills[i] = skill;
        weights[i] = (boost * idf * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * this.lengths[skill]!) / average));
      }
      const id = idfs.length;
      idfs.push(idf);
      onTerm(labels, idf);
      result.set(stem, { skills, weights, id, max: weights.reduce((a, b) => Math.max(a, b), 0) });
    }
    this.terms.clear();
    return result;
  }
}

/** Stems of the words that can carry meaning: two characters or more ("R" is left to phrases). */
function termStems(tokens: readonly Token[], language: string): string[] {
  const stems: string[] = [];
  for (const token of tokens) if (token.key.length >= 2) stems.push(stemToken(token.key, language));
  return stems;
}

function weightOf(postings: Postings, skill: number): number {
  const at = lowerBound(postings.skills, skill);
  return postings.skills[at] === skill ? postings.weights[at]! : 0;
}

/** The first position in an ascending array whose value is ≥ `value`. */
function lowerBound(sorted: Int32Array, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! < value) low = mid + 1;
    else high = mid;
  }
  return low;
}
