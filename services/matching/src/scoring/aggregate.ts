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

/**
 * How the numbers of a Match candidate are built from its Score details. Copied verbatim into the OpenAPI
 * description of the match endpoint, so it must stay true to the code below.
 */
export const FINAL_SCORE_FORMULA =
  'Each Score detail has an integer score 0..10. score_meta.<dimension> is the weighted mean of the details of that dimension ' +
  '(a required skill weighs 2, an optional skill 1, every other detail 1), rounded to 2 decimals; a dimension without details ' +
  'has score_meta 0 and is left out of the summary. summary_score = Σ weight_d × score_meta_d / Σ weight_d over the dimensions ' +
  'that have details (so the weights of empty dimensions are redistributed; when those weights are all 0, the dimensions with ' +
  'details count equally), rounded to 2 decimals. final_score = summary_score (0..10, 2 decimals). Candidates are ranked by ' +
  'final_score, then summary_score, descending, then person_id ascending (code-point order).';

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

/** Ranked copy: final_score desc, summary_score desc, person_id asc; Array.prototype.sort is stable for the rest. */
export function rank(candidates: readonly MatchCandidate[]): MatchCandidate[] {
  return [...candidates].sort(
    (a, b) =>
      b.final_score - a.final_score || b.summary_score - a.summary_score || compareIds(a.person_id, b.person_id),
  );
}
