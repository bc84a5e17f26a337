import { emptyCvInformation, type RecordSkill } from '@talent/records';
import { describe, expect, it } from 'vitest';
import { RELEVANCE_KEY } from '../src/scoring/relevance.js';
import { GROUP_SHARES, relevanceScale } from '../src/scoring/shares.js';

/**
 * The skills' share of hard skills beside the whole-ad relevance detail (the ads below have no requirement line
 * there); the relevance's share is scaled by the job's relevanceScale (rules-7), from the groups its details fall in.
 */
function skillsShare(j: JobRecord, c: CvRecord): number {
  const groups: Partial<Record<Dimension, DetailGroup[]>> = {};
  for (const d of prepareDetails(j, graph)(c)) if (!groups[d.dimension]?.includes(d.group)) (groups[d.dimension] ??= []).push(d.group);
  const skills = GROUP_SHARES.hard_skills.skills!;
  return skills / (skills + GROUP_SHARES.hard_skills.relevance! * relevanceScale(groups));
}
import {
  DIMENSIONS,
  FINAL_SCORE_FORMULA,
  hasRequirements,
  prepareDetails,
  SCORER_VERSION,
  scoreCandidates,
  type CvRecord,
  type DetailGroup,
  type JobRecord,
  type MatchCandidate,
  type SkillGraph,
  type Weights,
} from '../src/scoring/index.js';
import type { Dimension } from '../src/scoring/types.js';

// --- a small taxonomy: Databases > SQL > {PostgreSQL, MySQL}; Containers > {Docker, Kubernetes}; Programming > {Java, Kotlin}
const ID = {
  databases: '00000000-0000-4000-8000-000000000001',
  sql: '00000000-0000-4000-8000-000000000002',
  postgres: '00000000-0000-4000-8000-000000000003',
  mysql: '00000000-0000-4000-8000-000000000004',
  containers: '00000000-0000-4000-8000-000000000005',
  docker: '00000000-0000-4000-8000-000000000006',
  kubernetes: '00000000-0000-4000-8000-000000000007',
  programming: '00000000-0000-4000-8000-000000000008',
  java: '00000000-0000-4000-8000-000000000009',
  kotlin: '00000000-0000-4000-8000-00000000000a',
  terraform: '00000000-0000-4000-8000-00000000000b',
  communication: '00000000-0000-4000-8000-00000000000c',
  teamwork: '00000000-0000-4000-8000-00000000000d',
  kafka: '00000000-0000-4000-8000-00000000000e',
} as const;
const NAMES: Record<string, string> = {
  [ID.databases]: 'Databases',
  [ID.sql]: 'SQL',
  [ID.postgres]: 'PostgreSQL',
  [ID.mysql]: 'MySQL',
  [ID.containers]: 'Containers',
  [ID.docker]: 'Docker',
  [ID.kubernetes]: 'Kubernetes',
  [ID.programming]: 'Programming languages',
  [ID.java]: 'Java',
  [ID.kotlin]: 'Kotlin',
  [ID.terraform]: 'Terraform',
  [ID.communication]: 'Communication',
  [ID.teamwork]: 'Teamwork',
  [ID.kafka]: 'Apache Kafka',
};
const PARENT: Record<string, string> = {
  [ID.sql]: ID.databases,
  [ID.postgres]: ID.sql,
  [ID.mysql]: ID.sql,
  [ID.docker]: ID.containers,
  [ID.kubernetes]: ID.containers,
  [ID.java]: ID.programming,
  [ID.kotlin]: ID.programming,
};
const graph: SkillGraph = {
  broader: (id) => (PARENT[id] ? [PARENT[id]] : []),
  narrower: (id) =>
    Object.keys(PARENT)
      .filter((child) => PARENT[child] === id)
      .sort(),
  name: (id) => NAMES[id],
};

function skill(
  id: string,
  relationship: RecordSkill['relationship'],
  explanation = '',
  type: RecordSkill['type'] = 'hard-skill',
): RecordSkill {
  return { id, skill: NAMES[id]!, type, relationship, explanation };
}

function job(over: Partial<JobRecord> = {}): JobRecord {
  return {
    id: '10000000-0000-4000-8000-000000000001',
    information: {
      title: 'Backend Engineer',
      company: 'Acme',
      description: 'Build our APIs.',
      activity_sector: 'Software',
      locations: [{ city: 'Berlin', country: 'DE' }],
      job_type: 'full-time',
      contract_type: 'permanent',
    },
    experience_preference: { title: 'Backend Developer', activity_sector: '', description: '', duration: 36 },
    education_preference: { degree: "Master's degree", major: 'Computer Science', score: '' },
    job_requirements: [
      '5+ years of experience in backend development with Java',
      "Master's degree in Computer Science or a related field",
      'Event-driven architecture with message brokers',
    ],
    source_language: 'en',
    hard_skills: [
      skill(ID.java, 'required'),
      skill(ID.sql, 'required'),
      skill(ID.kubernetes, 'required'),
      skill(ID.postgres, 'optional'),
      skill(ID.terraform, 'optional'),
    ],
    soft_skills: [
      skill(ID.communication, 'required', '', 'soft-skill'),
      skill(ID.teamwork, 'optional', '', 'soft-skill'),
    ],
    ...over,
  };
}

let cvSeq = 0;
function cv(over: Partial<CvRecord> = {}): CvRecord {
  cvSeq++;
  return {
    id: `20000000-0000-4000-8000-${String(cvSeq).padStart(12, '0')}`,
    information: { ...emptyCvInformation(), first_name: 'A', last_name: 'B' },
    experience: [],
    education: [],
    skill_descriptions: [],
    source_language: 'en',
    hard_skills: [],
    soft_skills: [],
    ...over,
  };
}

const equal: Weights = { experience: 0.25, hard_skills: 0.25, soft_skills: 0.25, education: 0.25 };

const strong = cv({
  id: '20000000-0000-4000-8000-0000000000aa',
  experience: [
    {
      title: 'Senior Backend Engineer',
      activity_sector: 'Software',
      description:
        'Built Java microservices on Kubernetes. Designed an event-driven architecture with Kafka message brokers.',
      duration: 48,
      start_date: '2020-01',
      end_date: '2023-12',
    },
    {
      title: 'Java Developer',
      activity_sector: 'Banking',
      description: 'Maintained PostgreSQL schemas for payments.',
      duration: 24,
      start_date: '2018-01',
      end_date: '2019-12',
    },
  ],
  education: [
    {
      degree: 'MSc',
      major: 'Computer Science',
      score: '',
      institution_name: 'TU Munich',
      start_date: '2015-10',
      end_date: '2017-09',
    },
  ],
  skill_descriptions: ['Strong communicator, presented architecture decisions to stakeholders.'],
  hard_skills: [
    skill(ID.java, 'satisfies', 'Built Java microservices on Kubernetes.'),
    skill(ID.postgres, 'satisfies', 'Maintained PostgreSQL schemas for payments.'),
  ],
  soft_skills: [
    skill(ID.communication, 'satisfies', 'Presented architecture decisions to stakeholders.', 'soft-skill'),
    skill(ID.teamwork, 'satisfies', 'Worked in a team of eight.', 'soft-skill'),
  ],
});

const weak = cv({
  id: '20000000-0000-4000-8000-0000000000bb',
  experience: [
    {
      title: 'Shop assistant',
      activity_sector: 'Retail',
      description: 'Served customers.',
      duration: 12,
      start_date: '2021-01',
      end_date: '2021-12',
    },
  ],
  education: [
    {
      degree: 'High school diploma',
      major: '',
      score: '',
      institution_name: 'Lincoln High',
      start_date: '2016-09',
      end_date: '2020-06',
    },
  ],
});

function only(j: JobRecord, c: CvRecord, w: Weights = equal): MatchCandidate {
  const [candidate] = scoreCandidates(j, [c], w, graph);
  return candidate!;
}

function allDetails(c: MatchCandidate) {
  return DIMENSIONS.flatMap((dimension) => Object.values(c.score_dict[dimension]));
}

describe('scoring: skills', () => {
  const hardOnly = (skills: RecordSkill[]) => job({ hard_skills: skills, soft_skills: [], job_requirements: [] });

  it('scores exact, narrower, broader, sibling, text and missing skills, each quoting its evidence', () => {
    const j = job({
      hard_skills: [
        skill(ID.java, 'required'),
        skill(ID.sql, 'required'),
        skill(ID.postgres, 'required'),
        skill(ID.kubernetes, 'required'),
        skill(ID.terraform, 'optional'),
      ],
      soft_skills: [],
      job_requirements: [],
    });
    const c = cv({
      experience: [
        {
          title: 'DevOps engineer',
          activity_sector: '',
          description: 'Operated Kubernetes clusters for 40 teams.',
          duration: 12,
          start_date: '2022-01',
          end_date: '2022-12',
        },
      ],
      hard_skills: [
        skill(ID.java, 'satisfies', 'Wrote Java services.'),
        skill(ID.mysql, 'satisfies', 'Tuned MySQL replicas.'),
      ],
    });
    const hard = only(j, c).score_dict.hard_skills;
    expect(hard['Java']).toEqual({
      score: 10,
      criteria: 'exact skill (required, weight 2)',
      explanation: 'The CV lists “Java”: “Wrote Java services.”',
    });
    expect(hard['SQL']).toMatchObject({ score: 8, criteria: 'narrower skill (required, weight 2)' });
    expect(hard['SQL']!.explanation).toBe(
      'The CV lists “MySQL”, a more specific skill than “SQL”: “Tuned MySQL replicas.”',
    );
    expect(hard['PostgreSQL']).toMatchObject({
      score: 4,
      criteria: 'related skill (same broader skill) (required, weight 2)',
    });
    expect(hard['PostgreSQL']!.explanation).toContain('belongs to “SQL”');
    expect(hard['Kubernetes']).toEqual({
      score: 6,
      criteria: 'mentioned in the CV text (required, weight 2)',
      explanation:
        '“Kubernetes” is mentioned in experience “DevOps engineer (2022-01–2022-12)”: “Operated Kubernetes clusters for 40 teams.”',
    });
    expect(hard['Terraform']).toMatchObject({ score: 0, criteria: 'not found (optional, weight 1)' });
    expect(hard['Terraform']!.explanation).toBe(
      'Not found in the CV: no CV skill equal to, narrower, broader or related to “Terraform”, and no mention of “Terraform” in the CV text.',
    );
  });

  it('scores a broader CV skill 5', () => {
    const c = cv({ hard_skills: [skill(ID.sql, 'satisfies', 'Wrote SQL reports.')] });
    const detail = only(hardOnly([skill(ID.postgres, 'required')]), c).score_dict.hard_skills['PostgreSQL']!;
    expect(detail).toMatchObject({ score: 5, criteria: 'broader skill (required, weight 2)' });
    expect(detail.explanation).toBe('The CV lists “SQL”, a broader skill than “PostgreSQL”: “Wrote SQL reports.”');
  });

  it('takes the better of taxonomy and text evidence (sibling 4 < mentioned 6)', () => {
    const c = cv({ hard_skills: [skill(ID.mysql, 'satisfies', 'Migrated MySQL to PostgreSQL.')] });
    const detail = only(hardOnly([skill(ID.postgres, 'required')]), c).score_dict.hard_skills['PostgreSQL']!;
    expect(detail.score).toBe(6);
    expect(detail.explanation).toBe('“PostgreSQL” is mentioned in CV skill “MySQL”: “Migrated MySQL to PostgreSQL.”');
  });

  it('finds a distinctive word of a multi-word skill (partial mention 3), and short names only as written', () => {
    const j = hardOnly([
      skill(ID.kafka, 'required'),
      {
        id: '00000000-0000-4000-8000-0000000000ff',
        skill: 'R',
        type: 'hard-skill',
        relationship: 'required',
        explanation: '',
      },
    ]);
    const c = cv({ skill_descriptions: ['Streaming pipelines on Kafka. R&D budget owner. Used r for nothing.'] });
    const hard = only(j, c).score_dict.hard_skills;
    expect(hard['Apache Kafka']).toMatchObject({
      score: 3,
      criteria: 'partly mentioned in the CV text (required, weight 2)',
    });
    expect(hard['Apache Kafka']!.explanation).toBe(
      'The word “kafka” of “Apache Kafka” appears in skill description: “Streaming pipelines on Kafka.”',
    );
    expect(hard['R']!.score).toBe(6); // “R&D” counts as the letter R written as such; lower-case “r” does not
    const none = only(j, cv({ skill_descriptions: ['Used r for nothing.'] })).score_dict.hard_skills['R']!;
    expect(none.score).toBe(0);
  });

  it('makes colliding keys unique', () => {
    const j = hardOnly([skill(ID.java, 'required'), { ...skill(ID.kotlin, 'optional'), skill: 'Java' }]);
    expect(Object.keys(only(j, cv()).score_dict.hard_skills)).toEqual(['Java', 'Java (2)', RELEVANCE_KEY]);
  });

  it('weighs a required skill twice an optional one (2:1)', () => {
    const j = hardOnly([skill(ID.java, 'required'), skill(ID.terraform, 'optional')]);
    const withRequired = only(j, cv({ hard_skills: [skill(ID.java, 'satisfies', 'Java.')] }));
    const withOptional = only(j, cv({ hard_skills: [skill(ID.terraform, 'satisfies', 'Terraform.')] }));
    // The skills keep their learned share of the dimension by their weights ((2×10 + 1×0) / 3), the whole-ad relevance
    // detail the rest (scoring/shares.ts).
    const r = (c: MatchCandidate) => c.score_dict.hard_skills[RELEVANCE_KEY]!.score;
    const share = skillsShare(j, cv({ hard_skills: [skill(ID.java, 'satisfies', 'Java.')] }));
    expect(withRequired.score_meta.hard_skills).toBeCloseTo(share * (20 / 3) + (1 - share) * r(withRequired), 2);
    expect(withOptional.score_meta.hard_skills).toBeCloseTo(share * (10 / 3) + (1 - share) * r(withOptional), 2);
    expect(withRequired.score_meta.hard_skills).toBeGreaterThan(withOptional.score_meta.hard_skills);
  });
});

describe('scoring: experience', () => {
  it('counts the months of relevant entries only, parallel months once, and lists them with the reason', () => {
    const c = cv({
      experience: [
        {
          title: 'Backend developer',
          activity_sector: 'Software',
          description: '',
          duration: 12,
          start_date: '2020-01',
          end_date: '2020-12',
        },
        {
          title: 'Freelance backend web developer',
          activity_sector: 'Software',
          description: '',
          duration: 6,
          start_date: '2020-07',
          end_date: '2020-12',
        },
        {
          title: 'Barista',
          activity_sector: 'Hospitality',
          description: 'Served coffee and ran the till on weekends.',
          duration: 24,
          start_date: '2017-01',
          end_date: '2018-12',
        },
      ],
    });
    const exp = only(job({ job_requirements: [] }), c).score_dict.experience;
    expect(exp['experience duration']).toEqual({
      score: 3, // 12 relevant months of 36; the 24 months as a barista do not count
      criteria:
        "relevant months of experience vs 36 required: round(10 × min(1, months / required)); an entry is relevant when its title covers at least 50% of the job role's weighted words or names at least 2 of the job's hard skills",
      explanation:
        '12 of 36 months required in relevant experience: “Backend developer (2020-01–2020-12)” 12 months (title covers backend ×7.6, developer ×3.81 of “Backend Developer”); “Freelance backend web developer (2020-07–2020-12)” 6 months (title covers backend ×7.6, developer ×3.81 of “Backend Developer”); 6 overlapping months counted once. Total experience 36 months.',
    });
    expect(exp['job title']).toMatchObject({ score: 10 });
    expect(exp['job title']!.explanation).toBe(
      '“Backend Developer” vs CV experience “Backend developer (2020-01–2020-12)”: backend ×7.6, developer ×3.81 of backend ×7.6, developer ×3.81 = 1.',
    );
    expect(exp['activity sector']).toMatchObject({ score: 10 });
  });

  it('counts an entry whose title differs when it names the job’s hard skills, and says when nothing is relevant', () => {
    const consultant = cv({
      experience: [
        {
          title: 'IT consultant',
          activity_sector: '',
          description: 'Wrote Java services for a bank and tuned their SQL queries.',
          duration: 30,
          start_date: '2019-01',
          end_date: '2021-06',
        },
      ],
    });
    const exp = only(job({ job_requirements: [] }), consultant).score_dict.experience;
    expect(exp['experience duration']!.score).toBe(8); // 30 / 36
    expect(exp['experience duration']!.explanation).toContain(
      '“IT consultant (2019-01–2021-06)” 30 months (names “Java”, “SQL”)',
    );
    const unrelated = only(job({ job_requirements: [] }), weak).score_dict.experience;
    expect(unrelated['experience duration']).toMatchObject({ score: 0 });
    expect(unrelated['experience duration']!.explanation).toBe(
      '0 of 36 months required: no experience entry is relevant to the job (total experience 12 months: “Shop assistant (2021-01–2021-12)” 12 months).',
    );
  });

  it('matches titles across languages after folding and stemming', () => {
    const j = job({
      information: { ...job().information, title: 'Développeur Backend' },
      experience_preference: { title: '', activity_sector: '', description: '', duration: 0 },
      job_requirements: [],
    });
    const c = cv({
      experience: [
        {
          title: 'développeuse backend',
          activity_sector: '',
          description: '',
          duration: 10,
          start_date: '',
          end_date: '',
        },
      ],
    });
    const exp = only(j, c).score_dict.experience;
    expect(Object.keys(exp)).toEqual(['job title', 'activity sector', RELEVANCE_KEY]); // no duration detail when none is required
    expect(exp['job title']!.score).toBe(10);
  });

  it('places and scores job requirement lines in the fitting dimension', () => {
    const r = only(job(), strong);
    const line1 = r.score_dict.experience['5+ years of experience in backend development with Java']!;
    expect(line1.score).toBe(8); // mean(72 months ≥ 60 → 1, 2 of 3 words (Java, Developer) in one passage) = 0.83
    expect(line1.explanation).toContain('72 of 60 months of experience');
    expect(line1.explanation).toContain(
      '2 of 3 words (development, java) in experience “Java Developer (2018-01–2019-12)”: “Java Developer”',
    );
    const line2 = r.score_dict.education["Master's degree in Computer Science or a related field"]!;
    expect(line2.score).toBe(10);
    expect(line2.explanation).toContain(
      'Highest CV degree “MSc, Computer Science, TU Munich (2015-10–2017-09)” is master (level 7)',
    );
    const line3 = r.score_dict.hard_skills['Event-driven architecture with message brokers']!;
    expect(line3.criteria).toBe('requirement line: share of its words in the closest CV passage');
    expect(line3.score).toBe(10);
    expect(line3.explanation).toContain('“Designed an event-driven architecture with Kafka message brokers.”');

    const w = only(job(), weak);
    // 12 months as a shop assistant are not experience in backend development with Java: (0/60 + 0) / 2
    expect(w.score_dict.experience['5+ years of experience in backend development with Java']!.score).toBe(0);
    expect(w.score_dict.hard_skills['Event-driven architecture with message brokers']).toMatchObject({ score: 0 });
    expect(w.score_dict.hard_skills['Event-driven architecture with message brokers']!.explanation).toContain(
      'none of its words',
    );
  });

  it('counts, for “N years of X”, the months of the entries that name X', () => {
    const j = job({
      hard_skills: [],
      soft_skills: [],
      job_requirements: ['3+ years of experience in payroll accounting'],
    });
    const c = cv({
      experience: [
        {
          title: 'Accountant',
          activity_sector: '',
          description: 'Ran the monthly payroll for 300 employees.',
          duration: 24,
          start_date: '2021-01',
          end_date: '2022-12',
        },
        {
          title: 'Sales assistant',
          activity_sector: '',
          description: 'Advised customers in a furniture store.',
          duration: 48,
          start_date: '2016-01',
          end_date: '2019-12',
        },
      ],
    });
    const line = only(j, c).score_dict.experience['3+ years of experience in payroll accounting']!;
    // The 48 months in sales do not count; “payroll” and “Accountant” sit in two passages of the entry, so the best
    // passage holds 1 of the 2 words: mean(24 / 36, 1 / 2) = 0.58 → 6.
    expect(line.score).toBe(6);
    expect(line.explanation).toContain(
      '24 of 36 months of experience in entries naming its subject (“Accountant (2021-01–2022-12)” 24 months (payroll, accounting))',
    );
  });

  it('leaves the words of an “or equivalent experience” clause out of a degree line and accepts the experience', () => {
    const j = job({
      hard_skills: [],
      soft_skills: [],
      education_preference: { degree: '', major: '', score: '' },
      job_requirements: ["Bachelor's degree in Marketing or equivalent practical experience"],
    });
    const graduate = cv({
      education: [
        { degree: 'BA', major: 'Marketing', score: '', institution_name: 'Leeds', start_date: '', end_date: '' },
      ],
    });
    const key = "Bachelor's degree in Marketing or equivalent practical experience";
    expect(only(j, graduate).score_dict.education[key]).toMatchObject({ score: 10 }); // “practical” is not a major
    const practitioner = cv({
      experience: [
        {
          title: 'Marketing coordinator',
          activity_sector: '',
          description: 'Planned trade fairs.',
          duration: 40,
          start_date: '2020-01',
          end_date: '2023-04',
        },
      ],
    });
    const line = only(j, practitioner).score_dict.education[key]!;
    expect(line.score).toBe(5); // mean(40 months ≥ the 36 a bachelor takes → 10, no education entry names marketing → 0)
    expect(line.explanation).toContain('the line accepts equivalent experience: 40 months');
  });

  it('reads durations in other languages', () => {
    const j = job({
      job_requirements: ['Mindestens 3 Jahre Berufserfahrung', '24 mois d’expérience', 'Experiencia de 2 años'],
      hard_skills: [],
      soft_skills: [],
    });
    const exp = only(
      j,
      cv({
        experience: [{ title: 'x', activity_sector: '', description: '', duration: 24, start_date: '', end_date: '' }],
      }),
    ).score_dict.experience;
    expect(exp['Mindestens 3 Jahre Berufserfahrung']!.score).toBe(7); // 24 / 36
    expect(exp['24 mois d’expérience']!.score).toBe(10);
    expect(exp['Experiencia de 2 años']!.score).toBe(10);
  });
  it('keeps ambiguous abbreviations out of the education dimension and reads amounts written as words', () => {
    const j = job({
      hard_skills: [],
      soft_skills: [],
      job_requirements: [
        'DR planning and incident response',
        'CAP theorem',
        'At least two years of experience',
        'Laurea in Informatica',
        'BA in Economics',
      ],
    });
    const r = only(
      j,
      cv({
        experience: [{ title: 'x', activity_sector: '', description: '', duration: 12, start_date: '', end_date: '' }],
      }),
    );
    expect(Object.keys(r.score_dict.hard_skills)).toEqual(['DR planning and incident response', 'CAP theorem', RELEVANCE_KEY]);
    expect(r.score_dict.experience['At least two years of experience']!.score).toBe(5); // 12 / 24
    expect(Object.keys(r.score_dict.education)).toEqual([
      'degree',
      'major',
      'Laurea in Informatica',
      'BA in Economics',
      RELEVANCE_KEY,
    ]);
    expect(r.score_dict.education['BA in Economics']!.criteria).toContain('(degree, bachelor)');
  });
});

describe('scoring: education', () => {
  const eduJob = (degree: string, major = '') =>
    job({ education_preference: { degree, major, score: '' }, job_requirements: [] });
  const withDegree = (degree: string, major = '') =>
    cv({ education: [{ degree, major, score: '', institution_name: 'Uni', start_date: '', end_date: '' }] });

  it.each([
    ['Master', 'Laurea magistrale', 10],
    ['Master', 'Máster Universitario', 10],
    ['Master', 'Doktor der Naturwissenschaften', 10],
    ['Master', 'Licence', 6],
    ['Master', 'Bachelor of Science', 6],
    ['Master', 'Laurea triennale', 6],
    ['Master', 'Licenciatura', 6],
    ['Bachelor', 'Grado en Ingeniería Informática', 10],
    ['Bachelor', 'B.Sc.', 10],
    ['Bachelor', 'Diplom-Ingenieur', 10],
    ['Doctorat', 'Master of Science', 6],
    ['PhD', 'MBA', 6],
    ['Master', 'Abitur', 2],
    ['Master', 'Baccalauréat', 2],
    ['Master', 'Bac+5', 10],
    ['Dottorato di ricerca', 'Mestrado', 6],
    ['Master', 'Certificate of attendance', 3],
  ])('job %s vs CV %s → %i', (wanted, have, expected) => {
    expect(only(eduJob(wanted), withDegree(have)).score_dict.education['degree']!.score).toBe(expected);
  });

  it('explains an unknown degree and scores the major by word overlap', () => {
    const none = only(eduJob('Bachelor'), cv()).score_dict.education['degree']!;
    expect(none).toMatchObject({ score: 3 });
    expect(none.explanation).toBe('Degree unknown: the CV lists no education; bachelor (level 6) required.');
    const major = only(eduJob('Bachelor', 'Computer Science'), withDegree('BSc', 'Computer Science and Economics'))
      .score_dict.education['major']!;
    expect(major.score).toBe(10);
    expect(major.explanation).toBe(
      '“Computer Science” vs CV education “BSc, Computer Science and Economics, Uni”: 100% of the words match.',
    );
    expect(
      only(eduJob('Bachelor', 'Informatik'), withDegree('BSc', 'Maschinenbau')).score_dict.education['major']!.score,
    ).toBe(0);
  });
});

describe('scoring: aggregation and ranking', () => {
  it('ranks a strong CV above a weak one; every score is an integer 0..10 and every meta 0..10', () => {
    const ranked = scoreCandidates(job(), [weak, strong], equal, graph);
    expect(ranked.map((c) => c.person_id)).toEqual([strong.id, weak.id]);
    for (const c of ranked) {
      expect(c.job_id).toBe(job().id);
      for (const d of allDetails(c)) {
        expect(Number.isInteger(d.score) && d.score >= 0 && d.score <= 10).toBe(true);
        expect(d.criteria.length).toBeGreaterThan(0);
        expect(d.explanation.length).toBeGreaterThan(0);
      }
      for (const m of Object.values(c.score_meta)) expect(m >= 0 && m <= 10).toBe(true);
      expect(c.final_score).toBe(c.summary_score);
      expect(Object.keys(c.score_meta)).toEqual(['education', 'hard_skills', 'soft_skills', 'experience']);
    }
    expect(ranked[0]!.final_score).toBeGreaterThan(8);
    expect(ranked[1]!.final_score).toBeLessThan(3);
  });

  it('computes summary_score from the weights of the dimensions that have details only', () => {
    const j = job({
      soft_skills: [],
      education_preference: { degree: '', major: '', score: '' },
      job_requirements: [],
      experience_preference: { title: '', activity_sector: '', description: '', duration: 0 },
      information: { ...job().information, title: '', activity_sector: '' },
    });
    const javaCv = cv({ hard_skills: [skill(ID.java, 'satisfies', 'Java.')] });
    const c = only(j, javaCv, {
      experience: 0.1,
      hard_skills: 0.4,
      soft_skills: 0.3,
      education: 0.2,
    });
    expect(c.score_dict.soft_skills).toEqual({});
    expect(c.score_meta.soft_skills).toBe(0);
    // Java 2×10 of 2+2+2+1+1 keeps the skills' share of the dimension, the whole-ad relevance detail the rest.
    const r = c.score_dict.hard_skills[RELEVANCE_KEY]!.score;
    const share = skillsShare(j, javaCv);
    expect(c.score_meta.hard_skills).toBeCloseTo(share * (20 / 8) + (1 - share) * r, 2);
    expect(c.summary_score).toBe(c.score_meta.hard_skills); // only hard_skills has details
  });

  it('weights move the order in the expected direction', () => {
    const skilled = cv({
      id: '20000000-0000-4000-8000-0000000000c1',
      hard_skills: [
        skill(ID.java, 'satisfies', 'Java.'),
        skill(ID.sql, 'satisfies', 'SQL.'),
        skill(ID.kubernetes, 'satisfies', 'K8s.'),
      ],
    });
    const educated = cv({
      id: '20000000-0000-4000-8000-0000000000c2',
      education: [
        { degree: 'PhD', major: 'Computer Science', score: '', institution_name: 'ETH', start_date: '', end_date: '' },
      ],
    });
    const j = job({ job_requirements: [] });
    const skillsFirst = scoreCandidates(
      j,
      [educated, skilled],
      { experience: 0, hard_skills: 0.9, soft_skills: 0, education: 0.1 },
      graph,
    );
    const educationFirst = scoreCandidates(
      j,
      [skilled, educated],
      { experience: 0, hard_skills: 0.1, soft_skills: 0, education: 0.9 },
      graph,
    );
    expect(skillsFirst.map((c) => c.person_id)).toEqual([skilled.id, educated.id]);
    expect(educationFirst.map((c) => c.person_id)).toEqual([educated.id, skilled.id]);
  });

  it('breaks ties by person_id and returns byte-identical JSON on every run', () => {
    const twins = [
      '20000000-0000-4000-8000-0000000000f3',
      '20000000-0000-4000-8000-0000000000f1',
      '20000000-0000-4000-8000-0000000000f2',
    ].map((id) => ({ ...weak, id }));
    const ranked = scoreCandidates(job(), [...twins, strong], equal, graph);
    expect(ranked.map((c) => c.person_id)).toEqual([
      strong.id,
      '20000000-0000-4000-8000-0000000000f1',
      '20000000-0000-4000-8000-0000000000f2',
      '20000000-0000-4000-8000-0000000000f3',
    ]);
    const again = scoreCandidates(job(), [strong, ...twins.reverse()], equal, graph);
    expect(JSON.stringify(again)).toBe(JSON.stringify(ranked));
  });

  it('hasRequirements is false only without skills and non-blank requirement lines', () => {
    expect(hasRequirements(job())).toBe(true);
    expect(hasRequirements(job({ hard_skills: [], soft_skills: [], job_requirements: ['  ', ''] }))).toBe(false);
    expect(hasRequirements(job({ hard_skills: [], soft_skills: [], job_requirements: ['SQL'] }))).toBe(true);
    expect(
      hasRequirements(job({ hard_skills: [], soft_skills: [skill(ID.teamwork, 'required')], job_requirements: [] })),
    ).toBe(true);
  });

  it('exports its version and the formula text', () => {
    expect(SCORER_VERSION).toBe('rules-11');
    expect(FINAL_SCORE_FORMULA).toContain('final_score = summary_score');
  });
});

describe('scoring: at scale', () => {
  // Speed is measured by `pnpm bench:matching`, not asserted here (a timed test fails on a loaded CI machine).
  it('scores 1 job × 10,000 CVs into one complete, strictly ordered ranking', () => {
    let seed = 42;
    const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const titles = [
      'Backend Engineer',
      'Data analyst',
      'Java Developer',
      'Projektleiter',
      'Ingénieur logiciel',
      'Shop assistant',
    ];
    const pool = [ID.java, ID.kotlin, ID.sql, ID.postgres, ID.mysql, ID.docker, ID.kubernetes, ID.terraform, ID.kafka];
    const filler =
      'Responsible for the design, delivery and operation of services used by thousands of customers every day. ';
    const cvs = Array.from({ length: 10_000 }, (_, i) =>
      cv({
        id: `30000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        experience: Array.from({ length: 1 + next(5) }, (_, k) => ({
          title: titles[next(titles.length)]!,
          activity_sector: k % 2 ? 'Software' : 'Finance',
          description: `${filler.repeat(3)}Worked with ${NAMES[pool[next(pool.length)]!]} and message brokers. Led a team of ${next(10)} people.`,
          duration: 6 + next(40),
          start_date: `${2010 + k * 2}-0${1 + next(9)}`,
          end_date: `${2011 + k * 2}-0${1 + next(9)}`,
        })),
        education: [
          {
            degree: ['BSc', 'Master', 'Abitur', 'PhD', ''][next(5)]!,
            major: 'Computer Science',
            score: '',
            institution_name: 'Uni',
            start_date: '',
            end_date: '',
          },
        ],
        skill_descriptions: [filler.repeat(2)],
        hard_skills: Array.from({ length: 3 + next(8) }, () => pool[next(pool.length)]!).map((id) =>
          skill(id, 'satisfies', `Used ${NAMES[id]} in production.`),
        ),
        soft_skills: [skill(ID.communication, 'satisfies', 'Presented to clients.', 'soft-skill')],
      }),
    );
    const ranked = scoreCandidates(job(), cvs, equal, graph);
    expect(ranked).toHaveLength(10_000);
    expect(new Set(ranked.map((c) => c.person_id)).size).toBe(10_000);
    for (let i = 1; i < ranked.length; i += 1)
      expect(ranked[i - 1]!.final_score).toBeGreaterThanOrEqual(ranked[i]!.final_score);
  }, 120_000); // a completeness check at scale, not a timing test: the speed is bench:matching's
});
