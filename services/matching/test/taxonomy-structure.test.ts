import type { CvExperience, RecordSkill } from '@talent/records';
import { describe, expect, it } from 'vitest';
import { occupationQueries, scoreCandidates, type CvRecord, type JobRecord, type SkillGraph, type TitleOccupation, type Weights } from '../src/scoring/index.js';

// ESCO structure the scorer reads through the SkillGraph: skill-skill relations and the title → occupation mapping
// (skills' GetRelatedSkills and MatchOccupations; here a hand-made graph with ESCO's real labels and ISCO codes).
const ID = {
  rdbms: '00000000-0000-4000-8000-000000000101', // operate relational database management system
  mysql: '00000000-0000-4000-8000-000000000102', // MySQL
  digital: '00000000-0000-4000-8000-000000000103', // plan digital marketing
  principles: '00000000-0000-4000-8000-000000000104', // marketing principles
} as const;
const NAMES: Record<string, string> = {
  [ID.rdbms]: 'operate relational database management system',
  [ID.mysql]: 'MySQL',
  [ID.digital]: 'plan digital marketing',
  [ID.principles]: 'marketing principles',
};
const OCC = {
  recruitment: { id: 'occ-recruitment', name: 'recruitment consultant', iscoGroup: '2423' },
  hrOfficer: { id: 'occ-hr-officer', name: 'human resources officer', iscoGroup: '2423' },
  lawyer: { id: 'occ-lawyer', name: 'lawyer', iscoGroup: '2611' },
};
/** What MatchOccupations would answer for these title queries (role part, rank words dropped). */
const OCCUPATIONS: Record<string, TitleOccupation[]> = {
  'technical recruiter': [{ ...OCC.recruitment, score: 0.88 }],
  'talent acquisition recruiter': [{ ...OCC.recruitment, score: 0.7 }],
  'personnel officer': [{ ...OCC.hrOfficer, score: 0.9 }],
  'immigration attorney': [{ ...OCC.lawyer, score: 0.68 }],
  // Issue 28: a real answer for this query, through an alternative label that shares no word with the title.
  'personal trainer': [{ ...OCC.hrOfficer, score: 0.81 }],
  'recruitment consultant': [{ ...OCC.recruitment, score: 1 }],
  'human resources officer': [{ ...OCC.hrOfficer, score: 1 }],
};

const graph: SkillGraph = {
  broader: () => [],
  narrower: () => [],
  name: (id) => NAMES[id],
  // ESCO: "operate relational database management system" has MySQL as an optional skill; "plan digital
  // marketing" has "marketing principles" as an essential one.
  related: (id) =>
    id === ID.rdbms
      ? [{ id: ID.mysql, kind: 'optional', inverse: false }]
      : id === ID.mysql
        ? [{ id: ID.rdbms, kind: 'optional', inverse: true }]
        : id === ID.principles
          ? [{ id: ID.digital, kind: 'essential', inverse: true }]
          : [],
  occupations: (query) => OCCUPATIONS[query] ?? [],
};
const plain: SkillGraph = { broader: () => [], narrower: () => [], name: (id) => NAMES[id] };
const weights: Weights = { experience: 0.25, hard_skills: 0.25, soft_skills: 0.25, education: 0.25 };

const skill = (id: string, explanation = ''): RecordSkill => ({ id, skill: NAMES[id]!, type: 'hard-skill', relationship: 'required', explanation });
const entry = (title: string, start: string, end: string, duration: number): CvExperience => ({
  title,
  description: '',
  activity_sector: '',
  start_date: start,
  end_date: end,
  duration,
});

function job(title: string, hard: RecordSkill[], months = 0): JobRecord {
  return {
    id: '10000000-0000-4000-8000-000000000009',
    information: { title, company: 'Acme', description: '', activity_sector: '', locations: [], job_type: '', contract_type: '' },
    experience_preference: { title, activity_sector: '', description: '', duration: months },
    education_preference: { degree: '', major: '', score: '' },
    job_requirements: [],
    source_language: 'en',
    hard_skills: hard,
    soft_skills: [],
  } as unknown as JobRecord;
}

function cv(id: string, experience: CvExperience[], hard: RecordSkill[] = []): CvRecord {
  return {
    id,
    information: { first_name: 'A', last_name: 'B', email: [], phone: [], linkedin: '', github: '', website: '', address: { city: '', country: '' } },
    experience,
    education: [],
    skill_descriptions: [],
    source_language: 'en',
    hard_skills: hard,
    soft_skills: [],
  } as unknown as CvRecord;
}

describe('ESCO skill-skill relations', () => {
  it('give partial credit to a related CV skill, naming the relation and quoting the CV', () => {
    const candidate = cv('20000000-0000-4000-8000-000000000001', [], [skill(ID.mysql, 'Designed MySQL schemas for the billing system.')]);
    const [scored] = scoreCandidates(job('Database Administrator', [skill(ID.rdbms)]), [candidate], weights, graph);
    expect(scored!.score_dict.hard_skills['operate relational database management system']).toEqual({
      score: 4,
      criteria: 'related skill (ESCO optional skill relation) (required, weight 2)',
      explanation:
        'The CV lists “MySQL”, which ESCO lists as an optional skill of “operate relational database management system”: “Designed MySQL schemas for the billing system.”',
    });
    // Without the relations (the seed taxonomy) the same CV gets no credit for it.
    const [bare] = scoreCandidates(job('Database Administrator', [skill(ID.rdbms)]), [candidate], weights, plain);
    expect(bare!.score_dict.hard_skills['operate relational database management system']!.score).toBe(0);
  });

  it('credit an essential relation from the other end more than an optional one', () => {
    const candidate = cv('20000000-0000-4000-8000-000000000002', [], [skill(ID.digital, 'Planned the digital marketing of two product launches.')]);
    const [scored] = scoreCandidates(job('Marketing Associate', [skill(ID.principles)]), [candidate], weights, graph);
    expect(scored!.score_dict.hard_skills['marketing principles']).toEqual({
      score: 5,
      criteria: 'related skill (ESCO essential skill relation) (required, weight 2)',
      explanation:
        'The CV lists “plan digital marketing”; ESCO lists “marketing principles” as an essential skill of it: “Planned the digital marketing of two product launches.”',
    });
  });
});

describe('job titles through ESCO occupations', () => {
  const recruiter = cv('20000000-0000-4000-8000-000000000003', [entry('Talent Acquisition Recruiter', '2019-01', '2021-12', 36)]);
  const hr = cv('20000000-0000-4000-8000-000000000004', [entry('Senior Personnel Officer', '2018-01', '2021-12', 48)]);
  const lawyer = cv('20000000-0000-4000-8000-000000000005', [entry('Immigration Attorney', '2015-01', '2021-12', 84)]);
  const posting = job('Technical Recruiter, Cloud', [], 24);

  it('asks the occupations of the role parts without rank words', () => {
    expect(occupationQueries(posting, [recruiter, hr, lawyer])).toEqual(['immigration attorney', 'personnel officer', 'talent acquisition recruiter', 'technical recruiter']);
  });

  it('refuse a mapping that is not confident or does not agree with the words of the title: no ESCO credit', () => {
    const ranked = scoreCandidates(posting, [lawyer, hr, recruiter], weights, graph);
    const byId = new Map(ranked.map((c) => [c.person_id, c.score_dict.experience]));
    // “technical recruiter” → “recruitment consultant” shares no field word with the title; “personnel officer” →
    // “human resources officer” only the generic noun: words alone decide, each weighed by its ESCO specificity
    // (rules-8: “recruiter” names a trade, “technical” is used by hundreds of occupations).
    expect(byId.get(recruiter.id)!['job title']).toMatchObject({
      score: 9,
      explanation: '“Technical Recruiter” vs CV experience “Talent Acquisition Recruiter (2019-01–2021-12)”: recruiter ×6.5 of technical ×1.08, recruiter ×6.5 = 0.86.',
    });
    expect(byId.get(hr.id)!['job title']!.score).toBe(0);
    expect(byId.get(hr.id)!['job title']!.explanation).not.toContain('ESCO');
    expect(byId.get(lawyer.id)!['job title']!.score).toBe(0);
    // The trace: a personal trainer posting gave an HR CV 7/10 through “human resources officer”.
    const trainer = scoreCandidates(job('Personal Trainer', [], 12), [cv('20000000-0000-4000-8000-000000000006', [entry('Human Resources Officer', '2019-01', '2021-12', 36)])], weights, graph);
    expect(trainer[0]!.score_dict.experience['job title']!.score).toBe(0);
    expect(trainer[0]!.score_dict.experience['experience duration']!.score).toBe(0);
  });

  it('credit the same ISCO-08 unit group when both titles map confidently, in their own words, naming the occupations', () => {
    const hrOfficer = cv('20000000-0000-4000-8000-000000000007', [entry('Human Resources Officer', '2018-01', '2021-12', 48)]);
    const [scored] = scoreCandidates(job('Recruitment Consultant', [], 24), [hrOfficer], weights, graph);
    expect(scored!.score_dict.experience['job title']).toMatchObject({
      score: 6,
      explanation:
        '“Recruitment Consultant” vs CV experience “Human Resources Officer (2018-01–2021-12)”: the job role maps to ESCO occupation “recruitment consultant” (ISCO 2423, match 1), the CV title to “human resources officer” (ISCO 2423, match 1), both in ISCO-08 unit group 2423: 0.6 × 1 = 0.6.',
    });
    expect(scored!.score_dict.experience['experience duration']!.explanation).toContain('in the ISCO-08 unit group 2423');
  });

  it('change nothing without occupations (the seed taxonomy): words alone decide', () => {
    const ranked = scoreCandidates(posting, [lawyer, hr, recruiter], weights, plain);
    const byId = new Map(ranked.map((c) => [c.person_id, c.score_dict.experience['job title']!.score]));
    expect([byId.get(recruiter.id), byId.get(hr.id), byId.get(lawyer.id)]).toEqual([9, 0, 0]);
  });
});
