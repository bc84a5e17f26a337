import { describe, expect, it } from 'vitest';
import type { SourcedProfile } from '../providers/provider.js';
import { insightsOf } from './insights.js';

const base: SourcedProfile = {
  id: 'p1',
  full_name: 'Mara Example',
  headline: 'Data Engineer',
  location: 'Utrecht, Netherlands',
  seniority: null,
  summary: null,
  experience: [],
  education: [],
  skills: [],
  languages: [],
  links: [],
  emails: [],
  phones: [],
  source: 'directory',
  updated_at: null,
};
const job = (title: string, start: string, end: string | null) => ({
  title,
  company: 'Example BV',
  start_date: start,
  end_date: end,
  is_current: end === null,
  location: null,
  summary: null,
});

describe('candidate insights', () => {
  const now = new Date('2026-11-15T00:00:00Z');

  it('counts overlapping positions once and reads the current role', () => {
    const insights = insightsOf(
      {
        ...base,
        experience: [job('Data Engineer', '2022-01', null), job('Analyst', '2019-01', '2022-06'), job('Tutor', '2020-01', '2020-12')],
        education: [
          { school: 'Example University', degree: 'Bachelor of Science', major: 'Mathematics', start_date: null, end_date: '2018' },
          { school: 'Example University', degree: 'Master of Science', major: 'Statistics', start_date: null, end_date: '2019' },
        ],
      },
      now,
    );
    // Jan 2019 → Nov 2026: 94 months, the overlapping tutor year and the 2022 overlap counted once.
    expect(insights.total_experience_months).toBe(94);
    expect(insights.current_title).toBe('Data Engineer');
    expect(insights.months_in_current_role).toBe(58);
    expect(insights.average_tenure_months).toBe(27); // (42 + 12) / 2
    expect(insights.positions_last_5_years).toBe(1);
    expect(insights.seniority).toBe('senior');
    expect(insights.seniority_estimated).toBe(true);
    expect(insights.highest_degree).toBe('Master of Science');
  });

  it('keeps the provider’s level and reports nothing it cannot know', () => {
    const insights = insightsOf({ ...base, seniority: 'lead', experience: [job('Founder', 'sometime', null)] }, now);
    expect(insights).toMatchObject({ total_experience_months: 0, seniority: 'lead', seniority_estimated: false, average_tenure_months: null, highest_degree: null });
  });
});
