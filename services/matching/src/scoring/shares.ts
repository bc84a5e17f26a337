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
 *
 * One share is set, not learned (rules-10, SET_SHARES): the soft skills an ad names, applied at 0.01 instead of
 * the learned 0.44. They are transversal — every line of work asks for problem solving, planning or communication,
 * and nearly every CV claims them — so a CV listing one says little about whether it is from the ad's line of
 * work: on the tuning sets the group's mean ranks a relevant CV above an irrelevant one about as often as a coin
 * (pairwise AUC 0.50 on half A, 0.55 on the silver set, against 0.83 / 0.74 for the whole-ad relevance). The
 * pairwise fit weighs every pair alike and kept 0.44 for it, but at the top of a ranking, where candidates are
 * close, it reordered them at random. With 0.01 the details are still scored and explained, the soft skills
 * dimension is carried by the whole-ad relevance, and the skills alone decide it only when the CV has no relevance
 * detail (an LLM-judged CV). The learned 0.44 stays in this table for the relevance scale (relevanceScale): the
 * set share changes how the soft skills dimension is split, not the relevance's weight in the other dimensions.
 */
export const GROUP_SHARES: Record<Dimension, Partial<Record<DetailGroup, number>>> = {
  education: { degree: 0.32, major: 1.66, 'requirement lines': 1.87, relevance: 1 },
  hard_skills: { skills: 1.57, 'requirement lines': 1.46, relevance: 0.43 },
  soft_skills: { skills: 0.44, relevance: 2.25 },
  experience: { 'job title': 4.59, 'experience duration': 0.98, 'activity sector': 1, 'requirement lines': 0.56, relevance: 0.4 },
};

/**
 * Shares set by a rule rather than learned (see above), applied by applyShares in place of the table's; the
 * relevance scale still reads the learned table. `pnpm eval:matching --fit` applies them as the scorer does.
 */
export const SET_SHARES: Partial<Record<Dimension, Partial<Record<DetailGroup, number>>>> = {
  soft_skills: { skills: 0.01 },
};

/** The share of a group in a dimension (0 for a group the table does not name there). */
export function shareOf(dimension: Dimension, group: DetailGroup, shares = GROUP_SHARES): number {
  return shares[dimension][group] ?? 0;
}

/**
 * The details with their weights inside their dimension's average: a detail's weight inside its group × its
 * group's share (SET_SHARES first, then the table; × the job's relevance scale for the `relevance` group, see
 * relevanceScale, computed from the table) ÷ the group's total weight. Order and everything else unchanged.
 */
export function applyShares(details: readonly WeightedDetail[], shares = GROUP_SHARES): WeightedDetail[] {
  const totals: Partial<Record<Dimension, Partial<Record<DetailGroup, number>>>> = {};
  for (const d of details) {
    const groups = (totals[d.dimension] ??= {});
    groups[d.group] = (groups[d.group] ?? 0) + d.weight;
  }
  const present: Partial<Record<Dimension, DetailGroup[]>> = {};
  for (const [dimension, groups] of Object.entries(totals)) present[dimension as Dimension] = Object.keys(groups!) as DetailGroup[];
  const scale = relevanceScale(present, shares);
  return details.map((d) => {
    const total = totals[d.dimension]![d.group]!;
    const share = (SET_SHARES[d.dimension]?.[d.group] ?? shareOf(d.dimension, d.group, shares)) * (d.group === 'relevance' ? scale : 1);
    return { ...d, weight: total > 0 ? (share * d.weight) / total : 0 };
  });
}

/** The relevance group's share and the other groups' shares summed, per dimension holding a relevance detail. */
type RelevanceSplit = readonly (readonly [relevance: number, others: number])[];

/** Mean over the dimensions of the relevance group's fraction of its dimension, its shares × `scale`. */
function meanRelevanceFraction(split: RelevanceSplit, scale: number): number {
  let sum = 0;
  for (const [relevance, others] of split) sum += (scale * relevance) / (others + scale * relevance);
  return split.length ? sum / split.length : 0;
}

function splitOf(groups: Partial<Record<Dimension, readonly DetailGroup[]>>, shares: typeof GROUP_SHARES): RelevanceSplit {
  const split: (readonly [number, number])[] = [];
  for (const dimension of Object.keys(shares) as Dimension[]) {
    const present = groups[dimension];
    if (!present?.includes('relevance')) continue;
    const others = present.filter((g) => g !== 'relevance').reduce((a, g) => a + shareOf(dimension, g, shares), 0);
    split.push([shareOf(dimension, 'relevance', shares), others]);
  }
  return split;
}

/** The relevance's mean fraction over the four dimensions with every group of the table present, per table. */
const targets = new WeakMap<typeof GROUP_SHARES, number>();
function targetFraction(shares: typeof GROUP_SHARES): number {
  let target = targets.get(shares);
  if (target === undefined) {
    const all = Object.fromEntries(Object.entries(shares).map(([dimension, table]) => [dimension, Object.keys(table) as DetailGroup[]]));
    target = meanRelevanceFraction(splitOf(all, shares), 1);
    targets.set(shares, target);
  }
  return target;
}

/** Bisection steps for the scale: fixed, so the same job always gets the same factor to the last bit. */
const SCALE_STEPS = 50;
const MAX_SCALE = 1000;

/**
 * The factor on the relevance group's shares for a job whose dimensions hold these groups (rules-7). The whole-ad
 * relevance detail sits in every dimension the ad states, with very different learned fractions of each (soft
 * skills ≈ 0.84, education ≈ 0.21, hard skills ≈ 0.12, experience ≈ 0.05 with every group present). An ad naming
 * no soft skills and no degree therefore ranked almost by the job title alone: the relevance's part of the total
 * fell from ≈ 30 % to ≈ 9 %, however well the CV's text answered the ad. So its shares are scaled by one factor per
 * job, found by bisection, such that its mean fraction over the dimensions the job states equals its mean fraction
 * over the four dimensions with every group of the table present — the balance the table was learned with. It
 * depends on the job's groups alone (the same for all its CVs), and the groups the ad states keep their
 * proportions among themselves; 1 when no dimension holds a relevance detail.
 */
export function relevanceScale(groups: Partial<Record<Dimension, readonly DetailGroup[]>>, shares = GROUP_SHARES): number {
  const split = splitOf(groups, shares);
  if (split.length === 0) return 1;
  const target = targetFraction(shares);
  let lo = 0;
  let hi = MAX_SCALE;
  for (let i = 0; i < SCALE_STEPS; i++) {
    const mid = (lo + hi) / 2;
    if (meanRelevanceFraction(split, mid) < target) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
