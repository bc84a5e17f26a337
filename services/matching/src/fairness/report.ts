import { DomainError } from '@talent/platform';
import type { MatchCandidate } from '../scoring/index.js';

/** How candidates are selected: the best `topK`, or every one whose final_score is at least `threshold`. */
export type SelectionRule = { topK: number } | { threshold: number };

export interface GroupOutcome {
  group: string;
  candidates: number;
  selected: number;
  /** selected / candidates, four decimals. */
  selection_rate: number;
  /** This group's rate over the highest group rate, four decimals; null when no group has anyone selected. */
  impact_ratio: number | null;
  /** Mean final_score of the group's candidates, two decimals. */
  mean_score: number;
}

export interface FairnessReport {
  selection: { top_k: number } | { threshold: number };
  candidates: number;
  selected: number;
  groups: GroupOutcome[];
  /** Holds when every impact ratio is at least 0.8 (also when no one is selected: no rate to compare). */
  four_fifths_rule: { holds: boolean; groups_below: string[] };
}

/** Longest group label accepted; labels are the client's own words (e.g. an age band). */
export const MAX_LABEL_CHARS = 100;
export const FOUR_FIFTHS = 0.8;

const round = (value: number, digits: number) => {
  const factor = 10 ** digits;
  return Math.round((value + Number.EPSILON) * factor) / factor;
};
const invalid = (message: string) => new DomainError('INVALID_ARGUMENT', message);

/**
 * Each distinct candidate id with its label, in request order (ids compared case-insensitively, as the match
 * does). One label per id; a repeated id must repeat its label.
 */
export function labelsById(candidateIds: readonly string[], labels: readonly string[]): Map<string, string> {
  if (labels.length !== candidateIds.length)
    throw invalid(`'groups' must give one label per candidate id: ${labels.length} labels for ${candidateIds.length} ids.`);
  const byId = new Map<string, string>();
  candidateIds.forEach((rawId, i) => {
    const id = rawId.toLowerCase();
    const label = labels[i]!.trim();
    if (!label || label.length > MAX_LABEL_CHARS) throw invalid(`Each group label must be 1–${MAX_LABEL_CHARS} characters.`);
    const earlier = byId.get(id);
    if (earlier !== undefined && earlier !== label) throw invalid(`Candidate ${rawId} is given two different group labels.`);
    byId.set(id, label);
  });
  return byId;
}

export function checkSelection(rule: SelectionRule | undefined): SelectionRule {
  if (!rule) throw invalid("Give a selection rule: 'topK' (an integer of at least 1) or 'threshold' (a score 0–10).");
  if ('topK' in rule && !(Number.isInteger(rule.topK) && rule.topK >= 1)) throw invalid("'topK' must be an integer of at least 1.");
  if ('threshold' in rule && !(Number.isFinite(rule.threshold) && rule.threshold >= 0 && rule.threshold <= 10))
    throw invalid("'threshold' must be a number from 0 to 10.");
  return rule;
}

/**
 * Selection rates per group for one ranked list (best first) and the four-fifths rule: every group's selection
 * rate must be at least 0.8 × the highest group's. Groups in label order; pure.
 */
export function fairnessReport(ranked: readonly MatchCandidate[], labels: ReadonlyMap<string, string>, rule: SelectionRule): FairnessReport {
  const groups = new Map<string, { candidates: number; selected: number; scoreSum: number }>();
  ranked.forEach((candidate, position) => {
    const label = labels.get(candidate.person_id.toLowerCase());
    if (label === undefined) return;
    const selected = 'topK' in rule ? position < rule.topK : candidate.final_score >= rule.threshold;
    const group = groups.get(label) ?? { candidates: 0, selected: 0, scoreSum: 0 };
    group.candidates += 1;
    group.selected += selected ? 1 : 0;
    group.scoreSum += candidate.final_score;
    groups.set(label, group);
  });
  const rates = [...groups.values()].map((g) => g.selected / g.candidates);
  const highest = Math.max(0, ...rates);
  const outcomes = [...groups.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([group, g]) => {
      const rate = g.selected / g.candidates;
      return {
        outcome: {
          group,
          candidates: g.candidates,
          selected: g.selected,
          selection_rate: round(rate, 4),
          impact_ratio: highest > 0 ? round(rate / highest, 4) : null,
          mean_score: round(g.scoreSum / g.candidates, 2),
        },
        below: highest > 0 && rate / highest < FOUR_FIFTHS,
      };
    });
  const groupsBelow = outcomes.filter((o) => o.below).map((o) => o.outcome.group);
  return {
    selection: 'topK' in rule ? { top_k: rule.topK } : { threshold: rule.threshold },
    candidates: outcomes.reduce((sum, o) => sum + o.outcome.candidates, 0),
    selected: outcomes.reduce((sum, o) => sum + o.outcome.selected, 0),
    groups: outcomes.map((o) => o.outcome),
    four_fifths_rule: { holds: groupsBelow.length === 0, groups_below: groupsBelow },
  };
}
