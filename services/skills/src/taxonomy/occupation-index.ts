import { pluralStem, tokenKeys } from '../text/normalize.js';
import { groupByKey } from '../util/growable-array.js';
import { DEFAULT_LANGUAGE, type TaxonomyOccupation } from './model.js';

/** A job title's occupation: how well its best label matches the title (0..1) and which label that was. */
export interface OccupationMatch {
  id: string;
  /** English preferred label (for explanations). */
  name: string;
  iscoGroup: string;
  score: number;
  matchedLabel: string;
}

export const DEFAULT_OCCUPATION_LIMIT = 3;
/** Matches below this score are not returned: under it a label shares only a minor word with the title. */
export const MIN_OCCUPATION_SCORE = 0.5;
/** Words in more labels than this only score labels found through a rarer word ("manager", "assistant"). */
const COMMON_POSTINGS = 1500;

/**
 * Job titles → ESCO occupations, over every label of every occupation (preferred and alternative, all loaded
 * languages). A title and a label are compared as sets of word stems weighted by their rarity among occupations
 * (idf = ln(1 + N / occupations with the stem)): score = 2 × weight shared ÷ (weight of the title + weight of the
 * label), a weighted Dice coefficient, so "software engineer" scores 1 against that label and "data engineer"
 * less. Stems are the folded word's first six letters, the same crude, language-neutral stem matching uses for
 * titles (developer/development, programme/program, recruiter/recruitment meet); words of more than 12 letters,
 * mostly compounds, keep their whole (singular) form. Scores are rounded to two decimals. Deterministic: ties go to the
 * lower occupation id. No occupations (the seed taxonomy) → every title maps to nothing.
 */
export class OccupationIndex {
  private readonly occupations: { id: string; name: string; iscoGroup: string }[] = [];
  // Per label (parallel arrays, no object per label): its occupation, text, preferred flag and total weight.
  private readonly labelOccupation: Int32Array;
  private readonly labelText: string[] = [];
  private readonly labelPreferred: Uint8Array;
  private readonly labelWeight: Float64Array;
  /** Stem → its id; the labels holding stem s are postings[postingStart[s] … postingStart[s + 1]), ascending. */
  private readonly stemIds: Map<string, number>;
  private readonly postingStart: Int32Array;
  private readonly postings: Int32Array;
  private readonly idf: Float64Array;
  private readonly maxIdf: number;

  // Built in two passes over flat arrays, each stem numbered once (no object or Set per label or occupation):
  // ESCO has 68,558 labels, so that is most of what building costs besides tokenizing.
  constructor(occupations: readonly TaxonomyOccupation[]) {
    const stemIds = new Map<string, number>();
    const stems: string[] = [];
    const df: number[] = [];
    /** The last occupation whose labels counted the stem, so each counts once per occupation. */
    const countedFor: number[] = [];
    /** Stem ids of every kept label, one after the other; label i's are labelStems[labelEnd[i - 1] .. labelEnd[i]). */
    const labelStems: number[] = [];
    const labelEnd: number[] = [];
    const labelOccupation: number[] = [];
    const labelPreferred: number[] = [];
    occupations.forEach((occupation, o) => {
      const name =
        occupation.labels.find((l) => l.language === DEFAULT_LANGUAGE && l.preferred)?.text ?? occupation.labels[0]?.text ?? occupation.id;
      this.occupations.push({ id: occupation.id, name, iscoGroup: occupation.iscoGroup });
      for (const label of occupation.labels) {
        const own = titleStems(label.text);
        if (own.length === 0) continue;
        for (const stem of own) {
          let id = stemIds.get(stem);
          if (id === undefined) {
            id = stems.length;
            stemIds.set(stem, id);
            stems.push(stem);
            df.push(0);
            countedFor.push(-1);
          }
          if (countedFor[id] !== o) {
            countedFor[id] = o;
            df[id]!++;
          }
          labelStems.push(id);
        }
        labelEnd.push(labelStems.length);
        labelOccupation.push(o);
        labelPreferred.push(label.preferred ? 1 : 0);
        this.labelText.push(label.text);
      }
    });
    const n = Math.max(1, occupations.length);
    const idf = Float64Array.from(df, (count) => Math.log(1 + n / count));
    this.idf = idf;
    this.stemIds = stemIds;
    this.maxIdf = Math.log(1 + n);
    this.labelOccupation = Int32Array.from(labelOccupation);
    this.labelPreferred = Uint8Array.from(labelPreferred);
    this.labelWeight = new Float64Array(labelEnd.length);
    // Postings in label order, so each list is ascending, as candidates are collected in match().
    const stemLabels = new Int32Array(labelStems.length);
    let from = 0;
    labelEnd.forEach((to, label) => {
      let weight = 0;
      for (let k = from; k < to; k++) {
        weight += idf[labelStems[k]!]!;
        stemLabels[k] = label;
      }
      this.labelWeight[label] = weight;
      from = to;
    });
    ({ start: this.postingStart, grouped: this.postings } = groupByKey(Int32Array.from(labelStems), stemLabels, stems.length));
  }

  get size(): number {
    return this.occupations.length;
  }

  /** The best occupations of a title, best first, at most `limit`, each scoring at least MIN_OCCUPATION_SCORE. */
  match(title: string, limit = DEFAULT_OCCUPATION_LIMIT): OccupationMatch[] {
    const stems = titleStems(title);
    if (stems.length === 0 || this.labelText.length === 0) return [];
    const titleWeight = this.weightOf(stems);
    // Candidate labels share a stem with the title; the most common stems only add to labels found otherwise.
    const shared = new Map<number, number>();
    const byRarity = [...stems].sort((a, b) => this.postingCount(a) - this.postingCount(b) || (a < b ? -1 : 1));
    const rarest = byRarity.find((s) => this.stemIds.has(s));
    for (const s of byRarity) {
      const id = this.stemIds.get(s);
      if (id === undefined) continue;
      const weight = this.idf[id]!;
      const open = this.postingCount(s) <= COMMON_POSTINGS || s === rarest;
      for (let p = this.postingStart[id]!; p < this.postingStart[id + 1]!; p++) {
        const label = this.postings[p]!;
        const known = shared.get(label);
        if (known !== undefined) shared.set(label, known + weight);
        else if (open) shared.set(label, weight);
      }
    }
    const best = new Map<number, { score: number; label: number }>();
    for (const [label, weight] of shared) {
      const occupation = this.labelOccupation[label]!;
      const score = Math.round((200 * weight) / (titleWeight + this.labelWeight[label]!)) / 100;
      if (score < MIN_OCCUPATION_SCORE) continue;
      const known = best.get(occupation);
      if (!known || score > known.score || (score === known.score && this.before(label, known.label))) best.set(occupation, { score, label });
    }
    // Equal scores: an occupation matched by its preferred label (the name ESCO gives it) before one matched by an
    // alternative label (ESCO lists "accountant" under "budget manager" too), then the lower id.
    return [...best]
      .sort(
        ([a, x], [b, y]) =>
          y.score - x.score ||
          this.labelPreferred[y.label]! - this.labelPreferred[x.label]! ||
          (this.occupations[a]!.id < this.occupations[b]!.id ? -1 : 1),
      )
      .slice(0, Math.max(0, limit))
      .map(([occupation, b]) => ({ ...this.occupations[occupation]!, score: b.score, matchedLabel: this.labelText[b.label]! }));
  }

  /** Of two labels of one occupation matching equally well: the preferred one, then the first in code order. */
  private before(a: number, b: number): boolean {
    const [x, y] = [this.labelPreferred[a]!, this.labelPreferred[b]!];
    return x !== y ? x === 1 : this.labelText[a]! < this.labelText[b]!;
  }

  private idfOf(stem: string): number {
    const id = this.stemIds.get(stem);
    return id === undefined ? this.maxIdf : this.idf[id]!;
  }

  /** Labels holding the stem (0 for a stem no label has). */
  private postingCount(stem: string): number {
    const id = this.stemIds.get(stem);
    return id === undefined ? 0 : this.postingStart[id + 1]! - this.postingStart[id]!;
  }

  private weightOf(stems: readonly string[]): number {
    return stems.reduce((a, s) => a + this.idfOf(s), 0);
  }
}

/** Words longer than this are kept whole: mostly compounds ("programmamanager"), whose first letters say little. */
const PREFIX_STEM_MAX_LENGTH = 12;

/** Distinct stems of a title's words of two letters or more (see the class comment). */
export function titleStems(text: string): string[] {
  const out = new Set<string>();
  for (const key of tokenKeys(text)) {
    if (key.length < 2) continue;
    out.add(key.length <= PREFIX_STEM_MAX_LENGTH ? key.slice(0, 6) : pluralStem(key));
  }
  return [...out];
}
