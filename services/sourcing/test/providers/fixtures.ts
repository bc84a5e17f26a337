import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProviderQuery, SourcedProfile } from '../../src/providers/index.js';

/** A logger that keeps what the provider reported (the boot log is part of the behaviour). */
export function recordingLogger() {
  const lines: { level: 'info' | 'warn'; fields: Record<string, unknown>; message: string }[] = [];
  const record = (level: 'info' | 'warn') => (fields: unknown, message?: string) =>
    void lines.push({ level, fields: fields as Record<string, unknown>, message: message ?? '' });
  return { lines, logger: { info: record('info'), warn: record('warn') } };
}

export function query(overrides: Partial<ProviderQuery> = {}): ProviderQuery {
  return { query: '', filters: {}, searchType: 'fast', highFreshness: false, offset: 0, limit: 50, ...overrides };
}

/** A small, realistic directory written by hand for the tests. */
export const PROFILES: SourcedProfile[] = [
  {
    id: 'p-001',
    full_name: 'Ada Example',
    headline: 'Senior Backend Engineer · Python, PostgreSQL',
    location: 'Berlin, Germany',
    seniority: 'senior',
    summary: 'Backend engineer who likes boring, reliable systems.',
    experience: [
      {
        title: 'Senior Backend Engineer',
        company: 'Globex (fictional)',
        start_date: '2021-03',
        end_date: null,
        is_current: true,
        location: 'Berlin, Germany',
        summary: 'Runs the billing services and their Kafka consumers.',
      },
      {
        title: 'Data Analyst',
        company: 'Initech (fictional)',
        start_date: '2017-01',
        end_date: '2021-02',
        is_current: false,
        location: 'Hamburg, Germany',
        summary: 'Built weekly revenue dashboards.',
      },
    ],
    education: [
      {
        school: 'Westmoor University (fictional)',
        degree: 'MSc',
        major: 'Computer Science',
        start_date: '2015',
        end_date: '2017',
      },
    ],
    skills: ['Python', 'PostgreSQL', 'Docker'],
    languages: ['English', 'German'],
    links: [{ type: 'linkedin', url: 'https://linkedin.example.com/in/ada-example' }],
    emails: ['ada.example@example.com'],
    phones: ['+44 7700 900123'],
    source: 'directory',
    updated_at: '2026-10-20',
  },
  {
    id: 'p-002',
    full_name: 'Omar Sample',
    headline: 'Data Scientist',
    location: 'Zürich, Switzerland',
    seniority: 'mid',
    summary: 'Forecasting and experimentation.',
    experience: [
      {
        title: 'Data Scientist',
        company: 'Hooli (fictional)',
        start_date: '2022-05',
        end_date: null,
        is_current: true,
        location: 'Zürich, Switzerland',
        summary: 'Demand forecasting with gradient boosting.',
      },
      {
        title: 'Backend Engineer',
        company: 'Contoso (fictional)',
        start_date: '2019-01',
        end_date: '2022-04',
        is_current: false,
        location: null,
        summary: null,
      },
    ],
    education: [
      {
        school: 'Northfield Institute of Technology (fictional)',
        degree: 'PhD',
        major: 'Statistics',
        start_date: null,
        end_date: '2018',
      },
    ],
    skills: ['Python', 'SQL', 'scikit-learn'],
    languages: ['English', 'German', 'French'],
    links: [],
    emails: [],
    phones: [],
    source: 'directory',
    updated_at: '2025-01-15',
  },
  {
    id: 'p-003',
    full_name: 'Lena Placeholder',
    headline: 'Registered Nurse, intensive care',
    location: 'Manchester, England, United Kingdom',
    seniority: 'senior',
    summary: null,
    experience: [
      {
        title: 'Registered Nurse',
        company: 'Stark Health (fictional)',
        start_date: '2016-09',
        end_date: null,
        is_current: true,
        location: null,
        summary: 'Intensive care; trains new nurses in ventilator management.',
      },
    ],
    education: [
      {
        school: 'Kingsbridge School of Nursing (fictional)',
        degree: 'BSc',
        major: 'Nursing',
        start_date: '2012',
        end_date: '2016',
      },
    ],
    skills: ['Critical Care', 'Triage', 'Patient Care'],
    languages: ['English'],
    links: [],
    emails: ['lena.placeholder@example.com'],
    phones: [],
    source: 'directory',
    updated_at: null,
  },
  {
    id: 'p-004',
    full_name: 'Kai Demo',
    headline: 'Frontend Developer',
    location: 'Paris, Île-de-France, France',
    seniority: 'junior',
    summary: 'React and accessibility.',
    experience: [
      {
        title: 'Junior Frontend Developer',
        company: 'Fabrikam (fictional)',
        start_date: '2024-02',
        end_date: null,
        is_current: true,
        location: 'Paris, France',
        summary: 'Moved the checkout to React and TypeScript.',
      },
    ],
    education: [],
    skills: ['React', 'TypeScript', 'CSS'],
    languages: ['French', 'English'],
    links: [{ type: 'github', url: 'https://github.example.com/kai-demo' }],
    emails: ['kai.demo@example.com'],
    phones: ['+1 555 0142'],
    source: 'directory',
    updated_at: '2026-09-01',
  },
  {
    id: 'p-005',
    full_name: 'Greta Testwell',
    headline: 'Engineering Manager',
    location: 'Munich, Bavaria, Germany',
    seniority: 'manager',
    summary: 'Leads two backend teams.',
    experience: [
      {
        title: 'Engineering Manager',
        company: 'Globex (fictional)',
        start_date: '2020-01',
        end_date: null,
        is_current: true,
        location: null,
        summary: 'Hiring, delivery and on-call for the payments platform.',
      },
      {
        title: 'Senior Backend Engineer',
        company: 'Umbrella Logistics (fictional)',
        start_date: '2014-06',
        end_date: '2019-12',
        is_current: false,
        location: null,
        summary: 'Python services for route planning.',
      },
    ],
    education: [],
    skills: ['People Management', 'Python', 'Hiring'],
    languages: ['German', 'English'],
    links: [],
    emails: ['greta.testwell@example.com'],
    phones: ['+44 7700 900456'],
    source: 'directory',
    updated_at: '2026-08-10',
  },
];

export const toJsonl = (profiles: readonly unknown[]) =>
  profiles.map((profile) => JSON.stringify(profile)).join('\n') + '\n';

/** A temporary folder for directory files, removed by `cleanup`. */
export async function tempFolder() {
  const dir = await mkdtemp(join(tmpdir(), 'sourcing-directory-'));
  return {
    async write(name: string, content: string) {
      const path = join(dir, name);
      await writeFile(path, content);
      return path;
    },
    path: (name: string) => join(dir, name),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}
