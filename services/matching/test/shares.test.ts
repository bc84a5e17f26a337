import { emptyCvInformation } from '@talent/records';
import { describe, expect, it } from 'vitest';
import { applyShares, GROUP_SHARES, relevanceScale } from '../src/scoring/shares.js';
import { prepareExperience } from '../src/scoring/experience.js';
import { specificity } from '../src/scoring/specificity.js';
import { scoreCandidates, type JobRecord, type SkillGraph, type WeightedDetail, type Weights } from '../src/scoring/index.js';

const detail = (dimension: WeightedDetail['dimension'], group: WeightedDetail['group'], key: string, weight: number, score: number): WeightedDetail => ({
  dimension,
  group,
  key,
  weight,
  detail: { score, criteria: 'test', explanation: 'test' },
});

describe('learned group shares (rules-6, relevance scaled since rules-7)', () => {
  it('gives a group its share of the dimension however many details it has', () => {
    const many = Array.from({ length: 15 }, (_, i) => detail('hard_skills', 'skills', `skill ${i}`, i % 2 ? 1 : 2, 10));
    const shared = applyShares([...many, detail('hard_skills', 'relevance', 'relevance', 1, 0)]);
    const total = (group: string) => shared.filter((d) => d.group === group).reduce((a, d) => a + d.weight, 0);
    expect(total('skills')).toBeCloseTo(GROUP_SHARES.hard_skills.skills!, 10);
    // The relevance's share × the scale that keeps its part of the total (rules-7, below).
    expect(total('relevance')).toBeCloseTo(GROUP_SHARES.hard_skills.relevance! * relevanceScale({ hard_skills: ['skills', 'relevance'] }), 10);
    // Inside the group, a required skill (2) still weighs twice an optional one (1).
    expect(shared[0]!.weight).toBeCloseTo(2 * shared[1]!.weight, 10);
  });

  it('leaves a group the ad does not state out: the others keep their proportions', () => {
    const withoutDegree = applyShares([detail('education', 'major', 'major', 1, 10), detail('education', 'requirement lines', 'line', 1, 0)]);
    expect(withoutDegree.map((d) => d.weight)).toEqual([GROUP_SHARES.education.major, GROUP_SHARES.education['requirement lines']]);
  });

  it('weighs the soft skills an ad names below the whole-ad relevance, and the job title highest in experience', () => {
    expect(GROUP_SHARES.soft_skills.skills!).toBeLessThan(GROUP_SHARES.soft_skills.relevance!);
    const experience = Object.entries(GROUP_SHARES.experience).sort((a, b) => b[1] - a[1]);
    expect(experience[0]![0]).toBe('job title');
  });
});

/** A CV whose one experience entry (36 months) has this title and nothing else. */
const cv = (id: string, title: string) => ({
  id,
  information: emptyCvInformation(),
  experience: [{ title, activity_sector: '', description: '', duration: 36, start_date: '2021-01', end_date: '2023-12' }],
  education: [],
  skill_descriptions: [],
  source_language: 'en',
  hard_skills: [],
  soft_skills: [],
});

describe('job title words the ad keeps coming back to', () => {
  const graph: SkillGraph = { broader: () => [], narrower: () => [], name: () => undefined };
  const ad = (description: string): JobRecord => ({
    id: 'job',
    information: { title: 'Aircraft Maintenance Technician', company: '', description, activity_sector: '', locations: [], job_type: '', contract_type: '' },
    experience_preference: { title: '', activity_sector: '', description: '', duration: 0 },
    education_preference: { degree: '', major: '', score: '' },
    job_requirements: [],
    source_language: 'en',
    hard_skills: [],
    soft_skills: [],
  });

  it('weighs a title word by how often the ad body uses it, so the field word outweighs the generic ones', () => {
    const keys = { education: new Set<string>(), hard_skills: new Set<string>(), soft_skills: new Set<string>(), experience: new Set<string>() };
    const prepared = prepareExperience(ad('Inspect aircraft, repair aircraft structures and sign aircraft logbooks.'), keys, [], graph);
    const words = Object.fromEntries(prepared.titles[0]!.words.map((w) => [w.word, w.weight]));
    // × each word's ESCO specificity (rules-8).
    expect(words['aircraft']).toBeCloseTo((1 + Math.log(4)) * specificity('aircraft'), 1);
    expect(words['maintenance']).toBeCloseTo(specificity('maintenance'), 2);
    expect(words['aircraft']).toBeGreaterThan(words['technician']!);
  });

  // The job title detail, not the ranking: since rules-7 the whole-ad relevance keeps its usual part of the total in
  // an ad naming no soft skill, and on these bare titles it counts “maintenance technician” (two ad-title words) above
  // “aircraft” (one).
  it('scores the CV title holding the field word of the job title above one holding the two generic words', () => {
    const equal: Weights = { experience: 0.25, hard_skills: 0.25, soft_skills: 0.25, education: 0.25 };
    const job = { ...ad('Inspect aircraft, repair aircraft structures, sign aircraft logbooks, fly on aircraft and test aircraft.'), job_requirements: ['Sign logbooks.'] };
    const ranked = scoreCandidates(job, [cv('cv-plant', 'Plant Maintenance Technician'), cv('cv-aircraft', 'Aircraft Mechanic')], equal, graph);
    const title = (id: string) => ranked.find((c) => c.person_id === id)!.score_dict.experience['job title']!;
    expect(title('cv-aircraft').score).toBeGreaterThan(title('cv-plant').score);
    expect(title('cv-aircraft').explanation).toContain('aircraft ×10.21');
  });
});

describe('title words weighed by their specificity to a line of work (rules-8, ESCO occupations)', () => {
  const graph: SkillGraph = { broader: () => [], narrower: () => [], name: () => undefined };
  const equal: Weights = { experience: 0.25, hard_skills: 0.25, soft_skills: 0.25, education: 0.25 };
  const job = (title: string): JobRecord => ({
    id: 'job',
    information: { title, company: '', description: '', activity_sector: '', locations: [], job_type: '', contract_type: '' },
    experience_preference: { title: '', activity_sector: '', description: '', duration: 0 },
    education_preference: { degree: '', major: '', score: '' },
    job_requirements: ['Coach members.'],
    source_language: 'en',
    hard_skills: [],
    soft_skills: [],
  });

  it('learns from ESCO that a trade word is specific and a word hundreds of occupations use is not', () => {
    expect(specificity('farm')).toBeGreaterThan(3 * specificity('operations'));
    expect(specificity('recruiter')).toBeGreaterThan(3 * specificity('technical'));
    // Plural and singular are one word; a word ESCO never uses counts as rare.
    expect(specificity('farms')).toBe(specificity('farm'));
    expect(specificity('zzqx')).toBeGreaterThan(specificity('aircraft'));
  });

  it('gives a CV title sharing the trade word of the ad title far more credit than one sharing its common word', () => {
    const ranked = scoreCandidates(job('Farm Operations Supervisor'), [cv('cv-ops', 'Operations Manager'), cv('cv-farm', 'Farm Hand')], equal, graph);
    const title = (id: string) => ranked.find((c) => c.person_id === id)!.score_dict.experience['job title']!;
    expect(title('cv-farm').score).toBeGreaterThanOrEqual(5);
    expect(title('cv-ops').score).toBeLessThanOrEqual(2);
    expect(ranked[0]!.person_id).toBe('cv-farm');
    expect(title('cv-farm').explanation).toContain(`farm ×${Math.round(specificity('farm') * 100) / 100}`);
  });
});

describe('title words weighed by their specificity in the ad\'s language (ESCO labels in fr, nl, de)', () => {
  const graph: SkillGraph = { broader: () => [], narrower: () => [], name: () => undefined };
  const equal: Weights = { experience: 0.25, hard_skills: 0.25, soft_skills: 0.25, education: 0.25 };
  const job = (title: string, language: string): JobRecord => ({
    id: 'job',
    information: { title, company: '', description: '', activity_sector: '', locations: [], job_type: '', contract_type: '' },
    experience_preference: { title: '', activity_sector: '', description: '', duration: 0 },
    education_preference: { degree: '', major: '', score: '' },
    job_requirements: [],
    source_language: language,
    hard_skills: [],
    soft_skills: [],
  });
  const inLanguage = (language: string, id: string, title: string) => ({ ...cv(id, title), source_language: language });

  it('learns from each language\'s ESCO labels which words name a trade', () => {
    expect(specificity('buchhaltung', 'de')).toBeGreaterThan(2 * specificity('mitarbeiter', 'de'));
    expect(specificity('comptable', 'fr')).toBeGreaterThan(1.5 * specificity('responsable', 'fr'));
    expect(specificity('magazijn', 'nl')).toBeGreaterThan(2 * specificity('medewerker', 'nl'));
    // One table per language: “chef” is a cook in English (a dozen occupations), a head in French (over a hundred).
    expect(specificity('chef', 'en')).toBeGreaterThan(specificity('chef', 'fr') + 1);
    expect(specificity('chef')).toBe(specificity('chef', 'en'));
    // A language ESCO's export gives no labels in reads the English table.
    expect(specificity('recruiter', 'es')).toBe(specificity('recruiter', 'en'));
  });

  it('ranks the CV sharing a German ad\'s trade word above the one sharing its common words', () => {
    const ranked = scoreCandidates(
      job('Mitarbeiter Produktion Landwirtschaft', 'de'),
      [inLanguage('de', 'cv-produktion', 'Mitarbeiter Produktion'), inLanguage('de', 'cv-landwirt', 'Landwirt')],
      equal,
      graph,
    );
    expect(ranked.map((c) => c.person_id)).toEqual(['cv-landwirt', 'cv-produktion']);
  });

  it('ranks the CV sharing a French ad\'s trade word above the one sharing its common words', () => {
    // Neither word is English: the English table would count both as rare and weigh them alike.
    const ranked = scoreCandidates(
      job('Technicien aéronautique', 'fr'),
      [inLanguage('fr', 'cv-informatique', 'Technicien informatique'), inLanguage('fr', 'cv-aeronautique', 'Mécanicien aéronautique')],
      equal,
      graph,
    );
    const title = (id: string) => ranked.find((c) => c.person_id === id)!.score_dict.experience['job title']!.score;
    expect(title('cv-aeronautique')).toBeGreaterThan(title('cv-informatique'));
    expect(ranked.map((c) => c.person_id)).toEqual(['cv-aeronautique', 'cv-informatique']);
  });
});

describe('the whole-ad relevance keeps its weight in the total (rules-7)', () => {
  const everyGroup = Object.fromEntries(Object.entries(GROUP_SHARES).map(([dimension, table]) => [dimension, Object.keys(table)])) as Parameters<typeof relevanceScale>[0];
  /** The relevance group's fraction of each dimension's weight, after applyShares. */
  const fractions = (details: WeightedDetail[]) => {
    const shared = applyShares(details);
    return [...new Set(shared.map((d) => d.dimension))].map((dimension) => {
      const own = shared.filter((d) => d.dimension === dimension);
      return own.filter((d) => d.group === 'relevance').reduce((a, d) => a + d.weight, 0) / own.reduce((a, d) => a + d.weight, 0);
    });
  };
  const mean = (values: number[]) => values.reduce((a, v) => a + v, 0) / values.length;
  it('leaves the learned shares as they are for an ad stating every group', () => {
    expect(relevanceScale(everyGroup)).toBeCloseTo(1, 6);
  });

  it('raises the relevance of an ad that names no soft skill and no degree to its usual part of the total', () => {
    const narrow = [
      detail('experience', 'job title', 'job title', 1, 5),
      detail('experience', 'relevance', 'relevance', 1, 5),
      detail('hard_skills', 'skills', 'skill', 1, 5),
      detail('hard_skills', 'relevance', 'relevance', 1, 5),
    ];
    expect(relevanceScale({ experience: ['job title', 'relevance'], hard_skills: ['skills', 'relevance'] })).toBeGreaterThan(1);
    // Without the scale, relevance would be ≈ 9 % of such an ad's total instead of ≈ 30 %: its mean fraction over
    // the four dimensions of the learned table with every group present (the set soft skills share, rules-10, aside).
    const learned = mean(Object.values(GROUP_SHARES).map((table) => table.relevance! / Object.values(table).reduce((a, v) => a + v, 0)));
    expect(mean(fractions(narrow))).toBeCloseTo(learned, 6);
    // The other groups keep their proportions: only the relevance's weight moved.
    const shared = applyShares(narrow);
    expect(shared[0]!.weight).toBe(GROUP_SHARES.experience['job title']);
    expect(shared[2]!.weight).toBe(GROUP_SHARES.hard_skills.skills);
  });

  it('is the same for every CV of a job and 1 when no dimension holds a relevance detail', () => {
    expect(relevanceScale({ experience: ['job title'] })).toBe(1);
    const a = applyShares([detail('experience', 'job title', 't', 1, 0), detail('experience', 'relevance', 'r', 1, 10)]);
    const b = applyShares([detail('experience', 'job title', 't', 1, 10), detail('experience', 'relevance', 'r', 1, 0)]);
    expect(a.map((d) => d.weight)).toEqual(b.map((d) => d.weight));
  });
});
