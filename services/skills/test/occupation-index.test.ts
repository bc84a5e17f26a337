import { describe, expect, it } from 'vitest';
import { SkillCatalog } from '../src/catalog.js';
import type { SkillLabel, TaxonomyOccupation } from '../src/taxonomy/model.js';
import { OccupationIndex } from '../src/taxonomy/occupation-index.js';

const label = (text: string, preferred = false, language = 'en'): SkillLabel => ({ language, text, preferred });
const occupation = (id: string, iscoGroup: string, labels: SkillLabel[]): TaxonomyOccupation => ({ id, iscoGroup, labels, skills: [] });

// As in ESCO: "accountant" is also an alternative label of "budget manager" (whose id sorts first here).
const OCCUPATIONS = [
  occupation('00000000-0000-4000-8000-000000000001', '1211', [label('budget manager', true), label('accountant'), label('Budgetmanager', true, 'de')]),
  occupation('00000000-0000-4000-8000-000000000002', '2411', [label('accountant', true), label('chartered accountant'), label('Buchhalter', true, 'de')]),
  occupation('00000000-0000-4000-8000-000000000003', '2512', [label('software developer', true), label('software engineer'), label('programmeur', true, 'fr')]),
  occupation('00000000-0000-4000-8000-000000000004', '2514', [label('ICT application developer', true), label('software engineer')]),
];

describe('OccupationIndex', () => {
  it('ranks an occupation named by the title before one that only lists it as an alternative label', () => {
    const matches = new OccupationIndex(OCCUPATIONS).match('Accountant', 5);
    expect(matches.map((m) => [m.name, m.score, m.matchedLabel])).toEqual([
      ['accountant', 1, 'accountant'],
      ['budget manager', 1, 'accountant'],
    ]);
  });

  it('orders equal matches on alternative labels by occupation id, and reads labels in every language', () => {
    const index = new OccupationIndex(OCCUPATIONS);
    expect(index.match('Software Engineer', 5).map((m) => [m.iscoGroup, m.score, m.matchedLabel])).toEqual([
      ['2512', 1, 'software engineer'],
      ['2514', 1, 'software engineer'],
    ]);
    expect(index.match('Buchhalter', 1).map((m) => m.name)).toEqual(['accountant']);
    expect(index.match('Astronaut')).toEqual([]);
  });
});

describe('SkillCatalog occupations', () => {
  it('counts the occupations at once and answers MatchOccupations before any warm-up, the same as after', () => {
    const version = { source: 'esco' as const, version: 'ESCO test', checksum: '', languages: ['en'], skillCount: 0, labelCount: 0, importedAt: new Date(0) };
    const cold = new SkillCatalog([], version, { occupations: OCCUPATIONS });
    expect(cold.occupationCount).toBe(4);
    const warm = new SkillCatalog([], version, { occupations: OCCUPATIONS });
    warm.warmUpOccupations();
    const titles = ['Senior Software Engineer', 'programmeur', 'Chartered Accountant'];
    const answer = cold.matchOccupations(titles, 3);
    expect(answer.results.map((r) => r.occupations[0]?.name)).toEqual(['software developer', 'software developer', 'accountant']);
    expect(warm.matchOccupations(titles, 3)).toEqual(answer);
  });
});
