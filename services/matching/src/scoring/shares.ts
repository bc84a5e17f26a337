import type { DetailGroup, Dimension, WeightedDetail } from './types.js';

/**
 * How much each kind of evidence weighs inside its dimension (rules-6). A dimension's average is
 * Σ over its groups of share × (the group's weighted mean) ÷ Σ of the shares of the groups present, so a group
 * the ad does not state (no degree asked, no requirement line about experience) neither drags nor lifts, and a
 * group with many details (fifteen skills) weighs as much as its share, not as many times as it has details.
 *
 * Learned, not set by hand: pairwise logistic regression over the group means (relevant CV above irrelevant CV of
 * the same job), fitted on half A of the across-occupations set and the silver set only, full-batch gradient
 * descent from equal shares, L2 0.003 on the log-shares (`pnpm eval:matching --fit` prints this table again;
 * matching README). `activity sector` had no example (no ad states a sector) and keeps its starting share 1.
 * What it learned: the job title is the strongest evidence of the line of work; the soft skills an ad names are
 * generic, so the whole-ad relevance takes most of that dimension; the degree level is weak evidence against the
 * major and the requirement lines about education.
 */
export const GROUP_SHARES: Record<Dimension, Partial<Record<DetailGroup, number>>> = {
  education: { degree: 0.32, major: 1.66, 'requirement lines': 1.87, relevance: 1 },
  hard_skills: { skills: 1.57, 'requirement lines': 1.46, relevance: 0.43 },
  soft_skills: { skills: 0.44, relevance: 2.25 },
  experience: { 'job title': 4.59, 'experience duration': 0.98, 'activity sector': 1, 'requirement lines': 0.56, relevance: 0.4 },
};

/** The share of a group in a dimension (0 for a group the table does not name there). */
export function shareOf(dimension: Dimension, group: DetailGroup, shares = GROUP_SHARES): number {
  return shares[dimension][group] ?? 0;
}

/**
 * The details with their weights inside their dimension's average: a detail's weight inside its group × its
 * group's share ÷ the group's total weight. Order and everything else unchanged.
 */
export function applyShares(details: readonly WeightedDetail[], shares = GROUP_SHARES): WeightedDetail[] {
  const totals: Partial<Record<Dimension, Partial<Record<DetailGroup, number>>>> = {};
  for (const d of details) {
    const groups = (totals[d.dimension] ??= {});
    groups[d.group] = (groups[d.group] ?? 0) + d.weight;
  }
  return details.map((d) => {
    const total = totals[d.dimension]![d.group]!;
    return { ...d, weight: total > 0 ? (shareOf(d.dimension, d.group, shares) * d.weight) / total : 0 };
  });
}
