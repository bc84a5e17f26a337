import { describe, expect, it } from 'vitest';
import { fairnessReport, labelsById } from '../src/fairness/report.js';
import type { MatchCandidate } from '../src/scoring/index.js';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** Ranked candidates (best first) with these final scores; only the fields the report reads matter. */
const ranked = (scores: number[]) => scores.map((final_score, i) => ({ person_id: id(i), final_score }) as MatchCandidate);

describe('fairness report (hand-computed)', () => {
  it('computes rates, impact ratios against the best group and names the groups below four fifths', () => {
    // 10 candidates: men at positions 0,1,2,5,6 (scores 9,8,7,4,3), women at 3,4,7,8,9 (6,5,2,1,0). Top 4:
    // men 3 of 5 (0.6), women 1 of 5 (0.2): impact 0.2 / 0.6 = 0.3333 < 0.8.
    const groups = ['men', 'men', 'men', 'women', 'women', 'men', 'men', 'women', 'women', 'women'];
    const labels = labelsById(groups.map((_, i) => id(i)), groups);
    const report = fairnessReport(ranked([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]), labels, { topK: 4 });
    expect(report).toEqual({
      selection: { top_k: 4 },
      candidates: 10,
      selected: 4,
      groups: [
        { group: 'men', candidates: 5, selected: 3, selection_rate: 0.6, impact_ratio: 1, mean_score: 6.2 },
        { group: 'women', candidates: 5, selected: 1, selection_rate: 0.2, impact_ratio: 0.3333, mean_score: 2.8 },
      ],
      four_fifths_rule: { holds: false, groups_below: ['women'] },
    });
  });

  it('holds at exactly four fifths; a threshold selects by score; a group of one counts', () => {
    // Threshold 5: a (scores 9, 8, 7, 6, 1) selects 4 of 5 = 0.8; b (5, 5, 5, 2, 0) 3 of 5 = 0.6 → 0.75 < 0.8;
    // solo (8) 1 of 1 = 1 is the best rate, so a's ratio is 0.8 (holds) and b's 0.6.
    const scores = [9, 8, 8, 7, 6, 5, 5, 5, 2, 1, 0];
    const groups = ['a', 'a', 'solo', 'a', 'a', 'b', 'b', 'b', 'b', 'a', 'b'];
    const report = fairnessReport(ranked(scores), labelsById(groups.map((_, i) => id(i)), groups), { threshold: 5 });
    expect(report.groups).toEqual([
      { group: 'a', candidates: 5, selected: 4, selection_rate: 0.8, impact_ratio: 0.8, mean_score: 6.2 },
      { group: 'b', candidates: 5, selected: 3, selection_rate: 0.6, impact_ratio: 0.6, mean_score: 3.4 },
      { group: 'solo', candidates: 1, selected: 1, selection_rate: 1, impact_ratio: 1, mean_score: 8 },
    ]);
    expect(report.four_fifths_rule).toEqual({ holds: false, groups_below: ['b'] });
  });

  it('with no one selected there is no rate to compare: ratios null, the rule holds', () => {
    const groups = ['x', 'y', 'y'];
    const report = fairnessReport(ranked([3, 2, 1]), labelsById(groups.map((_, i) => id(i)), groups), { threshold: 9.5 });
    expect(report.groups.map((g) => [g.group, g.selected, g.selection_rate, g.impact_ratio])).toEqual([
      ['x', 0, 0, null],
      ['y', 0, 0, null],
    ]);
    expect(report.four_fifths_rule).toEqual({ holds: true, groups_below: [] });
  });

  it('refuses a label count that does not match, empty labels, and one CV in two groups', () => {
    expect(() => labelsById([id(1), id(2)], ['a'])).toThrow(/one label per candidate/);
    expect(() => labelsById([id(1)], ['  '])).toThrow(/1–100 characters/);
    expect(() => labelsById([id(1), id(1).toUpperCase()], ['a', 'b'])).toThrow(/two different group labels/);
    expect(labelsById([id(1), id(1)], ['a', 'a']).size).toBe(1);
  });
});
