/**
 * How the matching scorer turns Score details into `score_meta`, `summary_score` and `final_score`. Shown in the
 * OpenAPI description of POST /match; the scorer (services/matching/src/scoring/aggregate.ts) must stay true to it.
 */
export const FINAL_SCORE_FORMULA =
  'Each Score detail has an integer score 0..10. score_meta.<dimension> is the weighted mean of the details of that dimension ' +
  '(a required skill weighs 2, an optional skill 1, every other detail 1), rounded to 2 decimals; a dimension without details ' +
  'has score_meta 0 and is left out of the summary. summary_score = Σ weight_d × score_meta_d / Σ weight_d over the dimensions ' +
  'that have details (so the weights of empty dimensions are redistributed; when those weights are all 0, the dimensions with ' +
  'details count equally), rounded to 2 decimals. final_score = summary_score (0..10, 2 decimals). Candidates are ranked by ' +
  'final_score, then summary_score, descending, then person_id ascending (code-point order).';

/** Match weights (spec): each 0..1, their sum at most 1, within this tolerance for floating-point input. */
export const WEIGHT_SUM_TOLERANCE = 1e-9;
export const SUM_OF_WEIGHTS_MESSAGE = 'Sum of weights cannot be greater than 1';
