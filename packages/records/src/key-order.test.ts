import { describe, expect, it } from 'vitest';
import { cvContent, jobContent, recordSkill } from './index.js';
import { keyOrderOf } from './key-order.js';

const skill = {
  explanation: 'Built services in TypeScript.',
  type: 'hard-skill',
  relationship: 'satisfies',
  skill: 'TypeScript',
  id: '6f1c2a9e-54a4-4b8e-9d55-0f2a6a1f4b11',
};

// A CV as jsonb gives it back: keys ordered by length, then bytes (PostgreSQL's jsonb order).
const storedCv = {
  education: [
    {
      major: 'Computer Science',
      score: '',
      degree: 'BSc',
      end_date: '2018-06',
      start_date: '2015-09',
      institution_name: 'TU Delft',
    },
  ],
  experience: [
    {
      title: 'Engineer',
      duration: 60,
      end_date: '2024-01',
      start_date: '2019-01',
      description: 'Built APIs.',
      activity_sector: 'Software',
    },
  ],
  hard_skills: [skill],
  information: {
    email: ['jane@example.com'],
    phone: [],
    github: '',
    address: { country: 'NL', city: 'Delft' },
    website: '',
    linkedin: '',
    last_name: 'Doe',
    first_name: 'Jane',
  },
  soft_skills: [],
  source_language: 'en',
  field_confidence: {
    education: [{ institution_name: { evidence: 'TU Delft', confidence: 0.97 } }],
    experience: [{ title: { evidence: 'Engineer, 2019–2024', confidence: 0.93 } }],
    information: { email: { evidence: 'jane@example.com', confidence: 0.99 } },
  },
  skill_descriptions: ['TypeScript, PostgreSQL'],
};

describe('keyOrderOf', () => {
  it('gives a stored CV the same keys, in the same order at every depth, as validating it does', () => {
    const reordered = keyOrderOf(cvContent)(storedCv);
    expect(JSON.stringify(reordered)).toBe(JSON.stringify(cvContent.parse(storedCv)));
    expect(Object.keys(reordered as object)).toEqual(Object.keys(cvContent.shape));
  });

  it('orders a job the way its schema lists its fields', () => {
    const job = jobContent.parse({
      information: {
        title: 'Data engineer',
        company: 'Acme',
        description: '',
        activity_sector: '',
        locations: [{ city: 'Lyon', country: 'FR' }],
        job_type: '',
        contract_type: '',
      },
      experience_preference: { title: '', activity_sector: '', description: '', duration: 24 },
      education_preference: { degree: '', major: '', score: '' },
      job_requirements: ['2 years of SQL'],
      source_language: 'en',
      hard_skills: [skill],
      soft_skills: [],
    });
    const reversed = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(reversed)
        : value && typeof value === 'object'
          ? Object.fromEntries(
              Object.entries(value)
                .reverse()
                .map(([key, inner]) => [key, reversed(inner)]),
            )
          : value;
    const scrambled = reversed(job);
    expect(JSON.stringify(scrambled)).not.toBe(JSON.stringify(job));
    expect(JSON.stringify(keyOrderOf(jobContent)(scrambled))).toBe(JSON.stringify(job));
  });

  it('leaves out keys the schema does not name and keeps values it does not check', () => {
    const reordered = keyOrderOf(cvContent)({ ...storedCv, internal: true, source_language: 42 }) as Record<
      string,
      unknown
    >;
    expect(reordered).not.toHaveProperty('internal');
    expect(reordered.source_language).toBe(42);
  });

  it('lets an override change the values of one schema in the same walk, with their reordered copy at hand', () => {
    const labels = new Map([[skill.id, 'TypeScript (Sprache)']]);
    const reorder = keyOrderOf<Map<string, string>>(
      cvContent,
      new Map([
        [
          recordSkill,
          (value, context, inOrder) => {
            const ordered = inOrder(value, context) as typeof skill;
            ordered.skill = context?.get(ordered.id) ?? ordered.skill;
            return ordered;
          },
        ],
      ]),
    );
    const other = { ...skill, id: 'other' };
    const stored = { ...storedCv, soft_skills: [other] };
    const reordered = reorder(stored, labels) as { hard_skills: (typeof skill)[]; soft_skills: (typeof skill)[] };
    expect(reordered.hard_skills).toEqual([{ ...skill, skill: 'TypeScript (Sprache)' }]);
    expect(Object.keys(reordered.hard_skills[0]!)).toEqual(Object.keys(recordSkill.shape));
    expect(reordered.soft_skills[0]!.skill).toBe('TypeScript');
    // The stored value is left as it was.
    expect(storedCv.hard_skills[0]!.skill).toBe('TypeScript');
    expect(JSON.stringify(reorder(stored))).toBe(JSON.stringify(keyOrderOf(cvContent)(stored)));
  });
});
