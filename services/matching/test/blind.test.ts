import { describe, expect, it } from 'vitest';
import { blindCv } from '../src/matches/blind.js';
import type { CvRecord } from '../src/scoring/index.js';

const cv = (who: { first: string; last: string; pronoun: string; title: string; line: string; year: string }): CvRecord => ({
  id: '00000000-0000-4000-8000-000000000001',
  information: {
    first_name: who.first,
    last_name: who.last,
    email: [`${who.first}@example.org`],
    phone: ['+44 20 7946 0958'],
    linkedin: `linkedin.com/in/${who.first}`,
    github: '',
    website: '',
    address: { city: 'Leeds', country: 'UK' },
  },
  experience: [
    {
      title: 'Data Engineer',
      activity_sector: 'Software',
      description: `${who.pronoun} built pipelines in Python for ${who.first} ${who.last}'s team. ${who.line}\nRan Kafka clusters.`,
      duration: 24,
      start_date: '2020-01',
      end_date: '2021-12',
    },
  ],
  education: [{ degree: 'Abitur', major: '', score: '', institution_name: 'Gymnasium Nord', start_date: '', end_date: `${who.year}-06` }],
  skill_descriptions: [`${who.title} ${who.last}, Python and SQL.`, who.line],
  source_language: 'en',
  hard_skills: [
    { id: '00000000-0000-4000-8000-0000000000a1', skill: 'Python', type: 'hard-skill', relationship: 'satisfies', explanation: `Mentioned in: "${who.pronoun} built pipelines in Python"` },
    { id: '00000000-0000-4000-8000-0000000000a2', skill: 'German', type: 'hard-skill', relationship: 'satisfies', explanation: `Mentioned in: "${who.line}"` },
  ],
  soft_skills: [],
});

describe('blindCv', () => {
  const lines = [
    'Nationality: German.',
    'Date of birth: 01.02.1980.',
    'Married, three children.',
    'Gender: female.',
    'Photo attached.',
    'Address: 12 Baker Street, London.',
    'Staatsangehörigkeit: deutsch.',
    '35 years old.',
  ];
  const variants = lines.flatMap((line, i) => [
    cv({ first: 'Jane', last: 'Doe', pronoun: 'She', title: 'Ms', line, year: '1998' }),
    cv({ first: 'Hans', last: 'Becker', pronoun: 'He', title: 'Herr', line: lines[(i + 1) % lines.length]!, year: '2004' }),
  ]);

  it('gives the same record whatever the identity and protected attributes are', () => {
    const blinded = variants.map((record) => JSON.stringify(blindCv(record)));
    expect(new Set(blinded).size).toBe(1);
  });

  it('keeps what the job can ask for and removes every identifying value', () => {
    const blind = blindCv(variants[0]!);
    const text = JSON.stringify(blind);
    for (const removed of ['Jane', 'Doe', 'example.org', '7946', 'Leeds', 'linkedin.com', 'She', 'Ms ', '1998', 'German', 'Nationality'])
      expect(text, removed).not.toContain(removed);
    expect(blind.experience[0]).toMatchObject({ title: 'Data Engineer', duration: 24, start_date: '2020-01', end_date: '2021-12' });
    expect(blind.experience[0]!.description).toContain('built pipelines in Python');
    expect(blind.experience[0]!.description).toContain('Ran Kafka clusters.');
    expect(blind.education[0]).toMatchObject({ degree: 'Abitur', start_date: '', end_date: '' });
    expect(blind.hard_skills.map((skill) => skill.skill)).toEqual(['Python']);
  });

  it('leaves ordinary work text alone: words that only look like titles, statuses or streets', () => {
    const record = cv({ first: 'Jane', last: 'Doe', pronoun: 'We', title: '', line: '', year: '2000' });
    const texts = [
      'Rolled out MS Office and single sign-on for 300 users.',
      'Photo editing in Lightroom for the marketing team.',
      'Joined Engineering 2019 as an ER nurse trainer.',
      'M.Tech in Computer Science; Sr. Software Engineer.',
      "Volunteer at a children's hospital.",
    ];
    const blind = blindCv({ ...record, experience: [{ ...record.experience[0]!, description: texts.join('\n') }] });
    // Sentences stay (one per line).
    expect(blind.experience[0]!.description.replace(/\s+/g, ' ')).toBe(texts.join(' '));
  });
});
