import {
  DIMENSIONS,
  type Dimension,
  type DimensionScores,
  type MatchCandidate,
  type ScoreDetail,
  type Weights,
  type WeightedDetail,
} from './types.js';
import { round2 } from './text.js';

// How the numbers of a Match candidate are built from its Score details is stated once, in @talent/records
// (FINAL_SCORE_FORMULA, shown in the OpenAPI document): the code below must stay true to it.
export { FINAL_SCORE_FORMULA } from '@talent/records';

function weightOf(weights: Weights, dimension: Dimension): number {
  const w = weights[dimension];
  return Number.isFinite(w) && w > 0 ? w : 0;
}

export function assemble(
  details: readonly WeightedDetail[],
  weights: Weights,
  personId: string,
  jobId: string,
): MatchCandidate {
  const dict = {} as DimensionScores<Record<string, ScoreDetail>>;
  const meta = {} as DimensionScores<number>;
  const active: Dimension[] = [];
  for (const dimension of DIMENSIONS) {
    const own = details.filter((d) => d.dimension === dimension);
    // fromEntries defines own properties, so a key such as "__proto__" stays an ordinary key.
    dict[dimension] = Object.fromEntries(own.map((d) => [d.key, d.detail]));
    const total = own.reduce((a, d) => a + d.weight, 0);
    meta[dimension] = total > 0 ? round2(own.reduce((a, d) => a + d.weight * d.detail.score, 0) / total) : 0;
    if (own.length) active.push(dimension);
  }
  const weightSum = active.reduce((a, d) => a + weightOf(weights, d), 0);
  const summary =
    active.length === 0
      ? 0
      : weightSum > 0
        ? active.reduce((a, d) => a + weightOf(weights, d) * meta[d], 0) / weightSum
        : active.reduce((a, d) => a + meta[d], 0) / active.length;
  const summaryScore = round2(Math.max(0, Math.min(10, summary)));
  return {
    score_meta: meta,
    score_dict: dict,
    summary_score: summaryScore,
    final_score: summaryScore,
    person_id: personId,
    job_id: jobId,
  };
}

/** Code-point order (not locale order), so the ranking is the same on every machine. */
function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The ranking order: final_score desc, summary_score desc, person_id asc (negative: `a` ranks first). */
export function compareRanked(a: MatchCandidate, b: MatchCandidate): number {
  return b.final_score - a.final_score || b.summary_score - a.summary_score || compareIds(a.person_id, b.person_id);
}

/** Ranked copy (`compareRanked`); Array.prototype.sort is stable for the rest. */
export function rank(candidates: readonly MatchCandidate[]): MatchCandidate[] {
  return [...candidates].sort(compareRanked);
}
