import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDirectory, type DirectoryProvider } from '../../src/providers/directory/directory-provider.js';
import { createProvider, DirectoryFileError, type ProviderSettings } from '../../src/providers/index.js';
import { PROFILES, query, recordingLogger, tempFolder, toJsonl } from './fixtures.js';

const NOW = new Date('2026-11-01T12:00:00Z');
const folder = await tempFolder();
afterAll(() => folder.cleanup());

const load = async (path: string) => {
  const { logger, lines } = recordingLogger();
  const provider = await loadDirectory(path, { freshnessDays: 90, logger, now: () => NOW });
  return { provider, lines };
};
const ids = async (provider: DirectoryProvider, overrides: Parameters<typeof query>[0]) =>
  (await provider.search(query(overrides))).profiles.map((profile) => profile.id);

describe('directory provider: JSONL file', () => {
  let provider: DirectoryProvider;
  beforeAll(
    async () => void ({ provider } = await load(await folder.write('people.jsonl', toJsonl([...PROFILES].reverse())))),
  );

  it('returns every profile in id order with the exact total when nothing narrows the search', async () => {
    const page = await provider.search(query());
    expect(page.total).toBe(5);
    expect(page.profiles.map((profile) => profile.id)).toEqual(['p-001', 'p-002', 'p-003', 'p-004', 'p-005']);
    expect(page.profiles[0]).toEqual(PROFILES[0]);
  });

  it('cuts stable windows: consecutive windows add up to the whole ranking, and a repeated call gives the same one', async () => {
    const whole = await ids(provider, { query: 'python engineer', searchType: 'pro' });
    const windows = [];
    for (let offset = 0; offset < whole.length + 2; offset += 2) {
      const page = await provider.search(query({ query: 'python engineer', searchType: 'pro', offset, limit: 2 }));
      expect(page.total).toBe(whole.length);
      windows.push(...page.profiles.map((profile) => profile.id));
    }
    expect(windows).toEqual(whole);
    expect(await ids(provider, { query: 'python engineer', searchType: 'pro' })).toEqual(whole);
    expect((await provider.search(query({ offset: 10, limit: 5 }))).profiles).toEqual([]);
  });

  it('needs every query word, and ranks a current title above skills and past titles', async () => {
    const found = await ids(provider, { query: 'Python engineer' });
    expect(found[0]).toBe('p-001');
    expect(new Set(found)).toEqual(new Set(['p-001', 'p-002', 'p-005']));
    expect(await ids(provider, { query: 'python nurse' })).toEqual([]);
  });

  it('matches word forms: "nursing" finds a registered nurse', async () => {
    expect(await ids(provider, { query: 'nursing' })).toEqual(['p-003']);
  });

  it('fast reads titles, headline and skills; pro also summaries, experience descriptions, companies and education', async () => {
    expect(await ids(provider, { query: 'kafka' })).toEqual([]);
    expect(await ids(provider, { query: 'kafka', searchType: 'pro' })).toEqual(['p-001']);
    expect(await ids(provider, { query: 'ventilator', searchType: 'pro' })).toEqual(['p-003']);
    expect(await ids(provider, { query: 'statistics' })).toEqual([]);
    expect(await ids(provider, { query: 'statistics', searchType: 'pro' })).toEqual(['p-002']);
    expect(await ids(provider, { query: 'umbrella logistics', searchType: 'pro' })).toEqual(['p-005']);
  });

  it('title filter keeps any of the titles, current or past, current first', async () => {
    expect(await ids(provider, { filters: { titles: ['backend engineer'] } })).toEqual(['p-001', 'p-002', 'p-005']);
    expect(await ids(provider, { filters: { titles: ['Data Scientist', 'frontend developer'] } })).toEqual([
      'p-002',
      'p-004',
    ]);
    // Whole words only: "engineer" is not in "Engineering Manager".
    expect(await ids(provider, { filters: { titles: ['manager engineering'] } })).toEqual([]);
  });

  it('skills filter keeps profiles holding all of the skills, in any letter case', async () => {
    expect(await ids(provider, { filters: { skills: ['python'] } })).toEqual(['p-001', 'p-002', 'p-005']);
    expect(await ids(provider, { filters: { skills: ['PYTHON', 'sql'] } })).toEqual(['p-002']);
    expect(await ids(provider, { filters: { skills: ['Python', 'Rust'] } })).toEqual([]);
  });

  it('location filter keeps any of the places, matched on city, region or country, accents ignored', async () => {
    expect(await ids(provider, { filters: { locations: ['Germany'] } })).toEqual(['p-001', 'p-005']);
    expect(await ids(provider, { filters: { locations: ['zurich'] } })).toEqual(['p-002']);
    expect(await ids(provider, { filters: { locations: ['Bavaria'] } })).toEqual(['p-005']);
    expect(await ids(provider, { filters: { locations: ['paris', 'United Kingdom'] } })).toEqual(['p-003', 'p-004']);
    expect(await ids(provider, { filters: { locations: ['Berl'] } })).toEqual([]);
  });

  it('seniority filter keeps any of the levels', async () => {
    expect(await ids(provider, { filters: { seniority: ['senior'] } })).toEqual(['p-001', 'p-003']);
    expect(await ids(provider, { filters: { seniority: ['junior', 'manager'] } })).toEqual(['p-004', 'p-005']);
  });

  it('high freshness keeps profiles updated within SOURCING_FRESHNESS_DAYS of now (unknown dates are not fresh)', async () => {
    expect(await ids(provider, { highFreshness: true })).toEqual(['p-001', 'p-004', 'p-005']);
    const combined = await provider.search(
      query({ query: 'python', filters: { locations: ['germany'] }, highFreshness: true }),
    );
    expect(combined.total).toBe(2);
    expect(new Set(combined.profiles.map((profile) => profile.id))).toEqual(new Set(['p-001', 'p-005']));
  });
});

describe('directory provider: tolerant loading', () => {
  it('fills the fields a line leaves out', async () => {
    const { provider } = await load(
      await folder.write('minimal.jsonl', '{"id": 7, "full_name": "Sam Stub", "skills": ["Go", " go ", ""]}\n'),
    );
    expect((await provider.search(query())).profiles).toEqual([
      {
        id: '7',
        full_name: 'Sam Stub',
        headline: null,
        location: null,
        seniority: null,
        summary: null,
        experience: [],
        education: [],
        skills: ['Go', 'go'],
        languages: [],
        links: [],
        emails: [],
        phones: [],
        source: 'directory',
        updated_at: null,
      },
    ]);
  });

  it('keeps the day of an updated_at timestamp', async () => {
    const { provider } = await load(
      await folder.write(
        'timestamp.jsonl',
        '{"id": "t-1", "full_name": "Una Lorem", "updated_at": "2026-10-20T08:30:00Z"}\n',
      ),
    );
    expect((await provider.search(query())).profiles[0]?.updated_at).toBe('2026-10-20');
  });

  it('skips invalid lines and duplicate ids, keeps the rest and logs how many and why', async () => {
    const lines = [
      JSON.stringify(PROFILES[0]),
      'not json at all',
      '{"id": "x-1"}',
      '{"id": "x-2", "full_name": "Bo Lorem", "seniority": "wizard"}',
      '',
      JSON.stringify({ ...PROFILES[0], full_name: 'Someone Else' }),
      '{"id": "x-3", "full_name": "Ok Person", "skills": "Python"}',
      '{"id": "x-4", "full_name": "Ok Person", "updated_at": "last week"}',
      JSON.stringify({ ...PROFILES[1], seniority: 'MID' }),
    ];
    const { provider, lines: log } = await load(await folder.write('messy.jsonl', lines.join('\n')));
    const page = await provider.search(query());
    expect(page.profiles.map((profile) => [profile.id, profile.full_name, profile.seniority])).toEqual([
      ['p-001', 'Ada Example', 'senior'],
      ['p-002', 'Omar Sample', 'mid'],
    ]);
    const warning = log.find((line) => line.level === 'warn');
    expect(warning?.fields.skipped).toBe(6);
    expect((warning?.fields.first_problems as { line: number }[]).map((problem) => problem.line)).toEqual([
      2, 3, 4, 6, 7, 8,
    ]);
    expect(log.find((line) => line.level === 'info')?.fields).toMatchObject({ profiles: 2, skipped: 6 });
  });

  it('a missing file stops boot with an error naming the path', async () => {
    const missing = folder.path('nowhere.jsonl');
    const error = await load(missing).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DirectoryFileError);
    expect((error as Error).message).toContain(missing);
  });
});

describe('directory provider: CSV file', () => {
  const csv = [
    'ID,Full_Name,headline,location,seniority,skills,languages,emails,phones,links,experience,education,updated_at,notes',
    'c-1,Priya Mockford,Site Reliability Engineer,"Toronto, ON, Canada",Senior,Kubernetes;Terraform|Go,English|French,priya@example.com,+1 555 0101,' +
      'linkedin=https://linkedin.example.com/in/priya;https://github.example.com/priya,' +
      '"Site Reliability Engineer @ Cyberdyne Cloud (fictional) [2022-01..present]; Systems Administrator @ Initech (fictional) [2018-03..2021-12]",' +
      '"MSc in Computer Science @ University of Eastbrook (fictional) [2016..2018] | Lakeside College (fictional)",2026-10-01,ignored',
    'c-2,,Missing name,Lisbon,,,,,,,,,,',
    'c-3,Hugo Stub,Accountant,"Lisbon, Portugal",,Excel;IFRS,,,,,Accountant @ Globex (fictional),,,',
  ].join('\n');

  it('reads lists, links, compact experience and education, ignores unknown columns, skips invalid rows', async () => {
    const { provider, lines } = await load(await folder.write('people.csv', csv));
    const page = await provider.search(query());
    expect(page.total).toBe(2);
    expect(page.profiles[0]).toEqual({
      id: 'c-1',
      full_name: 'Priya Mockford',
      headline: 'Site Reliability Engineer',
      location: 'Toronto, ON, Canada',
      seniority: 'senior',
      summary: null,
      experience: [
        {
          title: 'Site Reliability Engineer',
          company: 'Cyberdyne Cloud (fictional)',
          start_date: '2022-01',
          end_date: null,
          is_current: true,
          location: null,
          summary: null,
        },
        {
          title: 'Systems Administrator',
          company: 'Initech (fictional)',
          start_date: '2018-03',
          end_date: '2021-12',
          is_current: false,
          location: null,
          summary: null,
        },
      ],
      education: [
        {
          school: 'University of Eastbrook (fictional)',
          degree: 'MSc',
          major: 'Computer Science',
          start_date: '2016',
          end_date: '2018',
        },
        { school: 'Lakeside College (fictional)', degree: null, major: null, start_date: null, end_date: null },
      ],
      skills: ['Kubernetes', 'Terraform', 'Go'],
      languages: ['English', 'French'],
      links: [
        { type: 'linkedin', url: 'https://linkedin.example.com/in/priya' },
        { type: 'github', url: 'https://github.example.com/priya' },
      ],
      emails: ['priya@example.com'],
      phones: ['+1 555 0101'],
      source: 'directory',
      updated_at: '2026-10-01',
    });
    // An entry without dates is not known to be current.
    expect(page.profiles[1]?.experience).toEqual([
      {
        title: 'Accountant',
        company: 'Globex (fictional)',
        start_date: null,
        end_date: null,
        is_current: false,
        location: null,
        summary: null,
      },
    ]);
    expect(lines.find((line) => line.level === 'warn')?.fields.skipped).toBe(1);
    expect(await ids(provider, { filters: { titles: ['systems administrator'], skills: ['go'] } })).toEqual(['c-1']);
  });
});

describe('createProvider', () => {
  const settings: ProviderSettings = {
    SOURCING_DIRECTORY_PATH: fileURLToPath(new URL('../../data/demo-directory.jsonl', import.meta.url)),
    SOURCING_PDL_TIMEOUT_MS: 1000,
    SOURCING_PDL_MAX_RETRIES: 0,
    SOURCING_FRESHNESS_DAYS: 90,
  };
  const { logger } = recordingLogger();

  it('names the missing setting instead of a provider', async () => {
    expect(await createProvider(settings, logger)).toEqual({ missingSetting: 'SOURCING_PROVIDER' });
    expect(
      await createProvider({ ...settings, SOURCING_PROVIDER: 'pdl', SOURCING_PDL_API_KEY: 'key' }, logger),
    ).toEqual({ missingSetting: 'SOURCING_PDL_BASE_URL' });
    expect(
      await createProvider(
        { ...settings, SOURCING_PROVIDER: 'pdl', SOURCING_PDL_BASE_URL: 'http://127.0.0.1:9' },
        logger,
      ),
    ).toEqual({ missingSetting: 'SOURCING_PDL_API_KEY' });
  });

  it('loads the shipped demo directory: about 500 clearly fake people, every line valid', async () => {
    const { logger: demoLogger, lines } = recordingLogger();
    const setup = await createProvider({ ...settings, SOURCING_PROVIDER: 'directory' }, demoLogger);
    if (!('provider' in setup)) throw new Error('no provider');
    expect(setup.provider.name).toBe('directory');
    expect(lines.filter((line) => line.level === 'warn')).toEqual([]);
    const page = await setup.provider.search(query({ limit: 1000 }));
    expect(page.total).toBe(500);
    const emails = page.profiles.flatMap((profile) => profile.emails);
    const phones = page.profiles.flatMap((profile) => profile.phones);
    expect(emails.length).toBeGreaterThan(0);
    expect(emails.every((email) => email.endsWith('@example.com'))).toBe(true);
    expect(phones.every((phone) => /^(\+1 555 01\d\d|\+44 7700 900\d{3})$/.test(phone))).toBe(true);
    expect(page.profiles.some((profile) => profile.emails.length === 0)).toBe(true);
    expect(
      page.profiles.flatMap((profile) => profile.experience).every((job) => job.company.endsWith('(fictional)')),
    ).toBe(true);
    expect(new Set(page.profiles.map((profile) => profile.seniority)).size).toBeGreaterThanOrEqual(6);
  });
});
