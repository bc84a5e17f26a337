import { pluralStem, tokenKeys } from '../text/normalize.js';
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
  /** Per label: its occupation, text, stems and total weight. */
  private readonly labels: { occupation: number; text: string; preferred: boolean; weight: number }[] = [];
  private readonly postings = new Map<string, number[]>();
  private readonly idf = new Map<string, number>();
  private readonly maxIdf: number;

  constructor(occupations: readonly TaxonomyOccupation[]) {
    const df = new Map<string, number>();
    const perOccupation: { text: string; preferred: boolean; stems: string[] }[][] = [];
    for (const occupation of occupations) {
      const name =
        occupation.labels.find((l) => l.language === DEFAULT_LANGUAGE && l.preferred)?.text ?? occupation.labels[0]?.text ?? occupation.id;
      this.occupations.push({ id: occupation.id, name, iscoGroup: occupation.iscoGroup });
      const labels = occupation.labels
        .map((l) => ({ text: l.text, preferred: l.preferred, stems: titleStems(l.text) }))
        .filter((l) => l.stems.length > 0);
      perOccupation.push(labels);
      for (const s of new Set(labels.flatMap((l) => l.stems))) df.set(s, (df.get(s) ?? 0) + 1);
    }
    const n = Math.max(1, occupations.length);
    for (const [s, count] of df) this.idf.set(s, Math.log(1 + n / count));
    this.maxIdf = Math.log(1 + n);
    perOccupation.forEach((labels, occupation) => {
      for (const label of labels) {
        const index = this.labels.length;
        this.labels.push({ occupation, text: label.text, preferred: label.preferred, weight: this.weightOf(label.stems) });
        for (const s of label.stems) {
          const list = this.postings.get(s);
          if (list) list.push(index);
          else this.postings.set(s, [index]);
        }
      }
    });
  }

  get size(): number {
    return this.occupations.length;
  }

  /** The best occupations of a title, best first, at most `limit`, each scoring at least MIN_OCCUPATION_SCORE. */
  match(title: string, limit = DEFAULT_OCCUPATION_LIMIT): OccupationMatch[] {
    const stems = titleStems(title);
    if (stems.length === 0 || this.labels.length === 0) return [];
    const titleWeight = this.weightOf(stems);
    // Candidate labels share a stem with the title; the most common stems only add to labels found otherwise.
    const shared = new Map<number, number>();
    const byRarity = [...stems].sort((a, b) => (this.postings.get(a)?.length ?? 0) - (this.postings.get(b)?.length ?? 0) || (a < b ? -1 : 1));
    const rarest = byRarity.find((s) => this.postings.has(s));
    for (const s of byRarity) {
      const list = this.postings.get(s);
      if (!list) continue;
      const weight = this.idfOf(s);
      const open = list.length <= COMMON_POSTINGS || s === rarest;
      for (const label of list) {
        const known = shared.get(label);
        if (known !== undefined) shared.set(label, known + weight);
        else if (open) shared.set(label, weight);
      }
    }
    const best = new Map<number, { score: number; label: number }>();
    for (const [label, weight] of shared) {
      const entry = this.labels[label]!;
      const score = Math.round((200 * weight) / (titleWeight + entry.weight)) / 100;
      if (score < MIN_OCCUPATION_SCORE) continue;
      const known = best.get(entry.occupation);
      if (!known || score > known.score || (score === known.score && this.before(label, known.label))) best.set(entry.occupation, { score, label });
    }
    // Equal scores: an occupation matched by its preferred label (the name ESCO gives it) before one matched by an
    // alternative label (ESCO lists "accountant" under "budget manager" too), then the lower id.
    return [...best]
      .sort(
        ([a, x], [b, y]) =>
          y.score - x.score ||
          Number(this.labels[y.label]!.preferred) - Number(this.labels[x.label]!.preferred) ||
          (this.occupations[a]!.id < this.occupations[b]!.id ? -1 : 1),
      )
      .slice(0, Math.max(0, limit))
      .map(([occupation, b]) => ({ ...this.occupations[occupation]!, score: b.score, matchedLabel: this.labels[b.label]!.text }));
  }

  /** Of two labels of one occupation matching equally well: the preferred one, then the first in code order. */
  private before(a: number, b: number): boolean {
    const [x, y] = [this.labels[a]!, this.labels[b]!];
    return x.preferred !== y.preferred ? x.preferred : x.text < y.text;
  }

  private idfOf(stem: string): number {
    return this.idf.get(stem) ?? this.maxIdf;
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
