import { startFakePdlServer, type FakePdlServer, type PdlRecord } from '@talent/testkit';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createProvider, ProviderError, type SourcingProvider } from '../../src/providers/index.js';
import { PdlProvider, type PdlProviderOptions } from '../../src/providers/pdl/pdl-provider.js';
import { query, recordingLogger } from './fixtures.js';
import { PDL_RECORDS } from './pdl-records.js';

const NOW = new Date('2026-11-01T12:00:00Z');
const KEY = 'test-key-123';
const { logger } = recordingLogger();

let pdl: FakePdlServer;
beforeAll(async () => void (pdl = await startFakePdlServer({ apiKey: KEY, records: PDL_RECORDS })));
afterAll(() => pdl.close());
afterEach(() => {
  pdl.requests.length = 0;
  pdl.setLatency(0);
  pdl.setRecords(PDL_RECORDS);
});

/** A provider whose waits between attempts are recorded (and really waited). */
function provider(overrides: Partial<PdlProviderOptions> = {}) {
  const sleeps: number[] = [];
  const instance = new PdlProvider({
    baseUrl: pdl.url,
    apiKey: KEY,
    timeoutMs: 2_000,
    maxRetries: 2,
    freshnessDays: 90,
    logger,
    now: () => NOW,
    sleep: async (ms) => {
      sleeps.push(ms);
      await delay(ms);
    },
    ...overrides,
  });
  return { provider: instance, sleeps };
}

const ids = async (source: SourcingProvider, overrides: Parameters<typeof query>[0]) =>
  (await source.search(query(overrides))).profiles.map((profile) => profile.id);
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected a ProviderError'),
    (error: unknown) => error as ProviderError,
  );

describe('pdl provider: query translation', () => {
  it('is what createProvider builds from the settings, and sends the key, a bool query and the window', async () => {
    const setup = await createProvider(
      {
        SOURCING_PROVIDER: 'pdl',
        SOURCING_PDL_BASE_URL: pdl.url,
        SOURCING_PDL_API_KEY: KEY,
        SOURCING_DIRECTORY_PATH: '/unused',
        SOURCING_PDL_TIMEOUT_MS: 2_000,
        SOURCING_PDL_MAX_RETRIES: 0,
        SOURCING_FRESHNESS_DAYS: 90,
      },
      logger,
      { now: () => NOW },
    );
    if (!('provider' in setup)) throw new Error('no provider');
    const page = await setup.provider.search(
      query({ query: 'python', filters: { skills: ['Python'], locations: ['Germany'] }, limit: 20 }),
    );
    expect(page).toMatchObject({ total: 1, profiles: [{ id: 'pdl-ada', source: 'pdl' }] });
    const [request] = pdl.requests;
    expect(request?.headers['x-api-key']).toBe(KEY);
    expect(request?.body).toMatchObject({ size: 20, from: 0 });
    expect(request?.body.query).toHaveProperty('bool.filter');
  });

  it('free text needs every word; fast reads titles, headline and skills, pro also summaries, experience and education', async () => {
    const { provider: source } = provider();
    expect(await ids(source, { query: 'python engineer' })).toEqual(['pdl-ada', 'pdl-omar']);
    expect(await ids(source, { query: 'python backend' })).toEqual(['pdl-ada']);
    expect(await ids(source, { query: 'ventilator' })).toEqual([]);
    expect(await ids(source, { query: 'ventilator', searchType: 'pro' })).toEqual(['pdl-lena']);
    expect(await ids(source, { query: 'westmoor', searchType: 'pro' })).toEqual(['pdl-ada']);
    const fields = (index: number) =>
      (pdl.requests[index]?.body.query as { bool: { must: { multi_match: { fields: string[] } }[] } }).bool.must[0]!
        .multi_match.fields;
    expect(fields(2)).not.toContain('experience.summary');
    expect(fields(3)).toContain('experience.summary');
  });

  it('filters: titles any (current or past, current first), skills all, locations any, seniority any', async () => {
    const { provider: source } = provider();
    expect(await ids(source, { filters: { titles: ['backend engineer'] } })).toEqual(['pdl-ada', 'pdl-lena']);
    expect(await ids(source, { filters: { skills: ['Python', 'SQL'] } })).toEqual(['pdl-omar']);
    expect(await ids(source, { filters: { locations: ['Zurich', 'united kingdom'] } })).toEqual([
      'pdl-omar',
      'pdl-lena',
    ]);
    expect(await ids(source, { filters: { seniority: ['manager'] } })).toEqual(['pdl-lena']);
    expect(await ids(source, { filters: { seniority: ['lead'] } })).toEqual(['pdl-omar']);
    const titleClause = JSON.stringify(pdl.requests[0]?.body.query);
    expect(titleClause).toContain('"job_title":{"query":"backend engineer","boost":2}');
  });

  it('high freshness keeps records whose job data PDL updated within SOURCING_FRESHNESS_DAYS', async () => {
    const { provider: source } = provider();
    expect(await ids(source, { highFreshness: true })).toEqual(['pdl-ada', 'pdl-lena']);
    expect(JSON.stringify(pdl.requests[0]?.body.query)).toContain(
      '{"range":{"job_last_updated":{"gte":"2026-08-03"}}}',
    );
  });
});

describe('pdl provider: paging', () => {
  const many: PdlRecord[] = Array.from({ length: 250 }, (_, i) => ({
    id: `pdl-${String(i).padStart(3, '0')}`,
    full_name: `Person ${i}`,
  }));

  it('fetches a window in pages of at most 100 from its offset, and returns PDL total', async () => {
    pdl.setRecords(many);
    const { provider: source } = provider();
    const page = await source.search(query({ offset: 30, limit: 150 }));
    expect(page.total).toBe(250);
    expect(page.profiles.map((profile) => profile.id)).toEqual(many.slice(30, 180).map((record) => record.id));
    expect(pdl.requests.map((request) => [request.body.from, request.body.size])).toEqual([
      [30, 100],
      [130, 50],
    ]);
  });

  it('stops at the end of the results, and an empty window still reports the total', async () => {
    pdl.setRecords(many);
    const { provider: source } = provider();
    expect((await source.search(query({ offset: 240, limit: 50 }))).profiles).toHaveLength(10);
    expect(await source.search(query({ offset: 0, limit: 0 }))).toEqual({ total: 250, profiles: [] });
    expect(pdl.requests.map((request) => [request.body.from, request.body.size])).toEqual([
      [240, 50],
      [0, 1],
    ]);
  });

  it('answers an empty page when PDL finds nothing (its 404)', async () => {
    const { provider: source } = provider();
    expect(await source.search(query({ query: 'astronaut' }))).toEqual({ total: 0, profiles: [] });
    expect(pdl.requests[0]?.status).toBe(404);
  });
});

describe('pdl provider: failures and retries', () => {
  it('waits as Retry-After says after a 429, then succeeds', async () => {
    const { provider: source, sleeps } = provider();
    pdl.failNext({ status: 429, retryAfterSeconds: 1 });
    expect(await ids(source, { query: 'nurse' })).toEqual(['pdl-lena']);
    expect(sleeps).toEqual([1000]);
    expect(pdl.requests.map((request) => request.status)).toEqual([429, 200]);
    expect(pdl.requests[1]!.at - pdl.requests[0]!.at).toBeGreaterThanOrEqual(1000);
  });

  it('retries 5xx and dropped connections with growing, jittered backoff', async () => {
    const { provider: source, sleeps } = provider();
    pdl.failNext({ status: 503 }, { drop: true });
    expect(await ids(source, { query: 'nurse' })).toEqual(['pdl-lena']);
    expect(pdl.requests.map((request) => request.status)).toEqual([503, -1, 200]);
    expect(sleeps).toHaveLength(2);
    expect(sleeps[0]).toBeGreaterThanOrEqual(125);
    expect(sleeps[0]).toBeLessThanOrEqual(250);
    expect(sleeps[1]).toBeGreaterThanOrEqual(250);
    expect(sleeps[1]).toBeLessThanOrEqual(500);
  });

  it('gives up after SOURCING_PDL_MAX_RETRIES with a ProviderError', async () => {
    const { provider: source } = provider({ maxRetries: 2 });
    pdl.failNext({ status: 500 }, { status: 502 }, { status: 500, message: 'internal error' });
    const error = await failure(source.search(query({ query: 'nurse' })));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.message).toBe('PDL answered 500: internal error (3 attempts)');
    expect(pdl.requests).toHaveLength(3);
  });

  it('fails at once when PDL asks to wait longer than the timeout', async () => {
    const { provider: source, sleeps } = provider({ timeoutMs: 2_000 });
    pdl.failNext({ status: 429, retryAfterSeconds: 60 });
    const error = await failure(source.search(query()));
    expect(error.message).toContain('PDL asks to wait 60 s');
    expect(sleeps).toEqual([]);
    expect(pdl.requests).toHaveLength(1);
  });

  it('a call slower than SOURCING_PDL_TIMEOUT_MS is abandoned, retried, then reported', async () => {
    pdl.setLatency(1_000);
    const { provider: source } = provider({ timeoutMs: 100, maxRetries: 1 });
    const error = await failure(source.search(query()));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.message).toBe('PDL did not answer within 100 ms (2 attempts)');
    expect(pdl.requests).toHaveLength(2);
  });

  it('a rejected key (401) is a configuration error: not retried, names the setting', async () => {
    const { provider: source } = provider({ apiKey: 'wrong' });
    const error = await failure(source.search(query()));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.message).toBe('PDL rejected the API key (401: Invalid API key): check SOURCING_PDL_API_KEY');
    expect(pdl.requests).toHaveLength(1);
  });

  it('a 400 (query PDL refuses) is not retried', async () => {
    const { provider: source } = provider();
    pdl.failNext({ status: 400, message: 'invalid query' });
    expect((await failure(source.search(query()))).message).toBe('PDL answered 400: invalid query');
    expect(pdl.requests).toHaveLength(1);
  });
});

describe('pdl provider: rate-limit headers', () => {
  let limited: FakePdlServer;
  beforeAll(
    async () =>
      void (limited = await startFakePdlServer({
        apiKey: KEY,
        records: PDL_RECORDS,
        rateLimit: { limit: 2, windowMs: 1_500 },
      })),
  );
  afterAll(() => limited.close());

  it('waits for the window to reset once x-ratelimit-remaining reaches 0 instead of drawing a 429', async () => {
    const { provider: source, sleeps } = provider({ baseUrl: limited.url });
    for (let i = 0; i < 3; i++) expect(await ids(source, { query: 'nurse' })).toEqual(['pdl-lena']);
    expect(limited.requests.map((request) => request.status)).toEqual([200, 200, 200]);
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThan(0);
  });
});

describe('pdl provider: record mapping', () => {
  it('maps a full record: names, current and past jobs, education, links with scheme, contacts, level, update date', async () => {
    const { provider: source } = provider();
    const [ada] = (await source.search(query({ query: 'ledger', searchType: 'pro' }))).profiles;
    expect(ada).toEqual({
      id: 'pdl-ada',
      full_name: 'Ada Example',
      headline: 'Senior Backend Engineer at Globex (fictional)',
      location: 'Berlin, Berlin, Germany',
      seniority: 'senior',
      summary: 'Backend engineer, payments and billing.',
      experience: [
        {
          title: 'Senior Backend Engineer',
          company: 'Globex (fictional)',
          start_date: '2021-03',
          end_date: null,
          is_current: true,
          location: 'berlin, berlin, germany',
          summary: 'Runs the ledger services and their event consumers.',
        },
        {
          title: 'Data Analyst',
          company: 'Initech (fictional)',
          start_date: '2017-01',
          end_date: '2021-02',
          is_current: false,
          location: null,
          summary: null,
        },
      ],
      education: [
        {
          school: 'Westmoor University (fictional)',
          degree: 'master of science',
          major: 'computer science',
          start_date: '2015',
          end_date: '2017',
        },
      ],
      skills: ['python', 'postgresql', 'kafka'],
      languages: ['english', 'german'],
      links: [
        { type: 'linkedin', url: 'https://linkedin.com/in/ada-example-fictional' },
        { type: 'github', url: 'https://github.com/ada-example-fictional' },
        { type: 'meetup', url: 'https://meetup.com/members/0000' },
      ],
      emails: ['ada.example@example.com', 'ada@globex.example.com', 'ada.personal@example.org'],
      phones: ['+44 7700 900123'],
      source: 'pdl',
      updated_at: '2026-10-02',
    });
  });

  it('maps partial records: missing fields become nulls and empty lists, contacts hidden by the plan (true/false) none', async () => {
    const { provider: source } = provider();
    const page = await source.search(query({ limit: 10 }));
    const omar = page.profiles.find((profile) => profile.id === 'pdl-omar');
    expect(omar).toMatchObject({
      seniority: 'lead',
      emails: [],
      phones: [],
      links: [],
      education: [],
      updated_at: '2025-02-11',
    });
    expect(page.profiles.find((profile) => profile.id === 'pdl-sparse')).toEqual({
      id: 'pdl-sparse',
      full_name: 'Kai Demo',
      headline: null,
      location: null,
      seniority: null,
      summary: null,
      experience: [],
      education: [],
      skills: [],
      languages: [],
      links: [],
      emails: [],
      phones: [],
      source: 'pdl',
      updated_at: null,
    });
  });
});
