import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { JOB_TEXT } from './documents-data.js';
import { startFakePdlServer, type FakePdlServer, type PdlRecord } from '@talent/testkit';
import { E2eStack, eventually, type JsonBody } from './harness.js';

const NOW = new Date();
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString().slice(0, 10);
const FIRST_NAMES = ['Ada', 'Brook', 'Cyril', 'Dana', 'Emil', 'Fern', 'Gael', 'Hana', 'Ivo', 'Juno'];
const LAST_NAMES = ['Fictus', 'Exampleton', 'Sampleberg', 'Placeholder'];
const STACKS = [
  ['Python', 'PostgreSQL', 'Docker', 'Kubernetes'],
  ['Go', 'PostgreSQL', 'Kafka'],
  ['Java', 'Spring Boot', 'MySQL'],
];

/**
 * A small directory of clearly fake backend engineers whose contact data varies by position: every third has no
 * e-mail, every second no phone, so "charged only for contacts actually returned" is visible.
 */
function profile(index: number) {
  const name = `${FIRST_NAMES[index % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(index / FIRST_NAMES.length) % LAST_NAMES.length]}`;
  const skills = STACKS[index % STACKS.length]!;
  return {
    id: `dir-${String(index).padStart(3, '0')}`,
    full_name: name,
    headline: `Backend Engineer (${skills[0]})`,
    location: index % 2 === 0 ? 'Berlin, Germany' : 'Lisbon, Portugal',
    seniority: index % 4 === 0 ? 'senior' : 'mid',
    summary: `Builds backend services with ${skills.join(', ')}.`,
    experience: [
      {
        title: 'Backend Engineer',
        company: `Fictional Systems ${index}`,
        start_date: '2019-03',
        end_date: null,
        is_current: true,
        location: null,
        summary: `Services in ${skills[0]} on ${skills[1]}.`,
      },
      {
        title: 'Junior Developer',
        company: 'Example Works',
        start_date: '2016-09',
        end_date: '2019-02',
        is_current: false,
        location: null,
        summary: null,
      },
    ],
    education: [{ school: 'Example University', degree: 'Bachelor of Science', major: 'Computer Science', start_date: '2012', end_date: '2016' }],
    skills,
    languages: ['English'],
    links: [{ type: 'github', url: `https://github.example/${index}` }],
    emails: index % 3 === 0 ? [] : [`testperson${index}@example.com`],
    phones: index % 2 === 0 ? [] : [`+1 555 01${String(index).padStart(2, '0')}`],
    source: 'directory',
    updated_at: index % 5 === 0 ? daysAgo(400) : daysAgo(10),
  };
}
const PROFILES = Array.from({ length: 40 }, (_, index) => profile(index));

interface Options {
  search_type?: 'fast' | 'pro';
  insights?: boolean;
  high_freshness?: boolean;
  reveal_emails?: boolean;
  reveal_phones?: boolean;
}

describe('sourcing end to end (REST → gateway → sourcing → provider, billing, documents)', () => {
  const e2e = new E2eStack();
  const dir = mkdtempSync(join(tmpdir(), 'sourcing-e2e-'));
  const directoryPath = join(dir, 'profiles.jsonl');
  let acme: { workspaceId: string; apiKey: string };
  let other: { workspaceId: string; apiKey: string };
  let prices: Record<string, number>;

  const call = (method: string, path: string, apiKey: string, body?: unknown, headers: Record<string, string> = {}) =>
    e2e.json(method, path, apiKey, body, headers);
  const search = (body: unknown, apiKey = acme.apiKey, headers: Record<string, string> = {}) =>
    call('POST', '/sourcing/search', apiKey, body, headers);
  const balance = async (apiKey: string): Promise<number> => (await call('GET', '/credits/balance', apiKey)).body.data.balance;
  const ledgerSize = async (apiKey: string): Promise<number> =>
    (await call('GET', '/credits/history?limit=1', apiKey)).body.pagination.total;
  const grant = (workspaceId: string, amount: number) =>
    e2e.billing.grantTokens({ workspaceId, amount, expiresInSeconds: 0, idempotencyKey: randomUUID() });
  const restartSourcing = async (env: NodeJS.ProcessEnv) => {
    await e2e.service('sourcing').stop();
    await e2e.service('sourcing').start(env);
  };

  beforeAll(async () => {
    writeFileSync(directoryPath, PROFILES.map((p) => JSON.stringify(p)).join('\n') + '\n');
    await e2e.start({ sourcing: { SOURCING_PROVIDER: 'directory', SOURCING_DIRECTORY_PATH: directoryPath } });
    acme = await e2e.createWorkspace('acme');
    other = await e2e.createWorkspace('other');
    await grant(acme.workspaceId, 100_000);
    await grant(other.workspaceId, 1_000);
    const costs = (await call('GET', '/credits/costs', acme.apiKey)).body.data as JsonBody[];
    prices = Object.fromEntries(costs.map((cost) => [cost.action, cost.tokens as number]));
  }, 240_000);
  afterAll(async () => {
    await e2e.stop();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') console.log(e2e.logs.slice(-80).join('\n'));
    // The ledger invariant (balance = sum of entries, never negative) after every test.
    expect((await e2e.billing.verify({ workspaceId: '' })).breaches).toEqual([]);
  });

  it('charges the base fee and each premium per returned candidate, contacts only where returned, and itemises it', async () => {
    const before = await balance(acme.apiKey);
    const { status, body } = await search({
      query: 'backend engineer',
      limit: 6,
      options: { insights: true, reveal_emails: true, reveal_phones: true },
    });
    expect(status).toBe(200);
    const candidates = body.data.candidates as JsonBody[];
    expect(candidates).toHaveLength(6);
    expect(body.data.cached).toBe(false);
    expect(body.data.window).toMatchObject({ offset: 0, limit: 6, returned: 6 });
    const withEmail = candidates.filter((c) => c.has_email).length;
    const withPhone = candidates.filter((c) => c.has_phone).length;
    // The fixture guarantees both kinds occur in any six consecutive profiles.
    expect(withEmail).toBeGreaterThan(0);
    expect(withEmail).toBeLessThan(6);
    for (const candidate of candidates) {
      expect(candidate.emails.length > 0).toBe(candidate.has_email);
      expect(candidate.phones.length > 0).toBe(candidate.has_phone);
      expect(candidate.insights.total_experience_months).toBeGreaterThan(60);
      expect(candidate.insights.current_title).toBe('Backend Engineer');
    }
    const expected =
      prices.sourcing_search_fast! + 6 * prices.sourcing_insights! + withEmail * prices.sourcing_reveal_email! + withPhone * prices.sourcing_reveal_phone!;
    expect(body.data.charged.total).toBe(expected);
    expect(before - (await balance(acme.apiKey))).toBe(expected);
    const items = Object.fromEntries((body.data.charged.items as JsonBody[]).map((item) => [item.action, item]));
    expect(items.sourcing_reveal_email).toEqual({ action: 'sourcing_reveal_email', quantity: withEmail, tokens: withEmail * prices.sourcing_reveal_email! });
    expect(items.sourcing_search_fast.quantity).toBe(1);

    // The same window again: from the session, free, cached.
    const again = await search({ session_id: body.data.session_id, limit: 6, options: { insights: true, reveal_emails: true, reveal_phones: true } });
    expect(again.status).toBe(200);
    expect(again.body.data.cached).toBe(true);
    expect(again.body.data.charged).toEqual({ total: 0, items: [] });
    expect(again.body.data.candidates).toEqual(candidates);
    expect(before - (await balance(acme.apiKey))).toBe(expected);
  });

  it('charges exactly the formula for any options and windows, and cached windows cost nothing (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          search_type: fc.constantFrom('fast', 'pro') as fc.Arbitrary<'fast' | 'pro'>,
          high_freshness: fc.boolean(),
          requests: fc.array(
            fc.record({
              offset: fc.integer({ min: 0, max: 45 }),
              limit: fc.integer({ min: 1, max: 12 }),
              insights: fc.boolean(),
              reveal_emails: fc.boolean(),
              reveal_phones: fc.boolean(),
            }),
            { minLength: 1, maxLength: 4 },
          ),
        }),
        async ({ search_type, high_freshness, requests }) => {
          // The model: what each position of the session holds and what was bought for it.
          const bought = new Map<number, { id: string; insights: boolean; email: boolean; phone: boolean; hasEmail: boolean; hasPhone: boolean }>();
          let sessionId: string | undefined;
          let knownTotal: number | undefined;
          for (const request of requests) {
            const before = await balance(acme.apiKey);
            const options: Options = { insights: request.insights, reveal_emails: request.reveal_emails, reveal_phones: request.reveal_phones };
            const body = sessionId
              ? { session_id: sessionId, offset: request.offset, limit: request.limit, options }
              : { query: 'engineer', offset: request.offset, limit: request.limit, options: { ...options, search_type, high_freshness } };
            const answer = await search(body);
            expect(answer.status).toBe(200);
            sessionId = answer.body.data.session_id as string;
            const candidates = answer.body.data.candidates as JsonBody[];
            // Cached exactly when every position of the window that can hold someone was bought before.
            const end = knownTotal === undefined ? request.offset + request.limit : Math.min(request.offset + request.limit, knownTotal);
            let allBought = knownTotal !== undefined;
            for (let position = request.offset; position < end; position++) allBought &&= bought.has(position);
            expect(answer.body.data.cached).toBe(allBought);
            knownTotal = answer.body.data.window.total as number;
            let expected = answer.body.data.cached ? 0 : prices[search_type === 'pro' ? 'sourcing_search_pro' : 'sourcing_search_fast']!;
            for (const candidate of candidates) {
              const held = bought.get(candidate.position);
              if (!held) {
                if (request.insights) expected += prices.sourcing_insights!;
                if (high_freshness) expected += prices.sourcing_high_freshness!;
                if (request.reveal_emails && candidate.has_email) expected += prices.sourcing_reveal_email!;
                if (request.reveal_phones && candidate.has_phone) expected += prices.sourcing_reveal_phone!;
                bought.set(candidate.position, {
                  id: candidate.id,
                  insights: request.insights,
                  email: request.reveal_emails && candidate.has_email,
                  phone: request.reveal_phones && candidate.has_phone,
                  hasEmail: candidate.has_email,
                  hasPhone: candidate.has_phone,
                });
              } else {
                expect(candidate.id).toBe(held.id);
                if (request.insights && !held.insights) expected += prices.sourcing_insights!;
                if (request.reveal_emails && !held.email && held.hasEmail) expected += prices.sourcing_reveal_email!;
                if (request.reveal_phones && !held.phone && held.hasPhone) expected += prices.sourcing_reveal_phone!;
                held.insights ||= request.insights;
                held.email ||= request.reveal_emails && held.hasEmail;
                held.phone ||= request.reveal_phones && held.hasPhone;
              }
              const state = bought.get(candidate.position)!;
              expect(candidate.insights !== null).toBe(state.insights);
              expect(candidate.emails.length > 0).toBe(state.email);
              expect(candidate.phones.length > 0).toBe(state.phone);
              if (high_freshness) expect(Date.parse(candidate.updated_at)).toBeGreaterThan(NOW.getTime() - 91 * 86_400_000);
            }
            expect(answer.body.data.charged.total).toBe(expected);
            expect(before - (await balance(acme.apiKey))).toBe(expected);
          }
        },
      ),
      { numRuns: 15 },
    );
  }, 180_000);

  it('replays a search sent again with the same Idempotency-Key, charging once; another body with it is 422', async () => {
    const key = randomUUID();
    const body = { query: 'backend engineer', limit: 4, options: { insights: true } };
    const before = await balance(acme.apiKey);
    const first = await search(body, acme.apiKey, { 'idempotency-key': key });
    expect(first.status).toBe(200);
    const charged = before - (await balance(acme.apiKey));
    expect(charged).toBe(first.body.data.charged.total);
    const replay = await search(body, acme.apiKey, { 'idempotency-key': key });
    expect(replay.status).toBe(200);
    expect(replay.body.data).toEqual(first.body.data);
    expect(before - (await balance(acme.apiKey))).toBe(charged);
    const reused = await search({ ...body, limit: 5 }, acme.apiKey, { 'idempotency-key': key });
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('answers 402 with the worst case as `required` and leaves the ledger untouched', async () => {
    const poor = await e2e.createWorkspace('poor');
    await grant(poor.workspaceId, 10);
    const entries = await ledgerSize(poor.apiKey);
    const options = { search_type: 'pro' as const, insights: true, high_freshness: true, reveal_emails: true, reveal_phones: true };
    const { status, body } = await search({ query: 'engineer', limit: 5, options }, poor.apiKey);
    expect(status).toBe(402);
    const worst =
      prices.sourcing_search_pro! +
      5 * (prices.sourcing_insights! + prices.sourcing_high_freshness! + prices.sourcing_reveal_email! + prices.sourcing_reveal_phone!);
    expect(body).toEqual({ code: 'INSUFFICIENT_CREDITS', message: expect.any(String), balance: 10, required: worst });
    expect(await balance(poor.apiKey)).toBe(10);
    expect(await ledgerSize(poor.apiKey)).toBe(entries);
  });

  it('keeps sessions per workspace: read for free, foreign and unknown alike, fixed terms', async () => {
    const first = await search({ query: 'backend engineer', limit: 3, options: { reveal_emails: true } });
    const sessionId = first.body.data.session_id as string;
    const before = await balance(acme.apiKey);
    const read = await call('GET', `/sourcing/sessions/${sessionId}`, acme.apiKey);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ session_id: sessionId, query: 'backend engineer', search_type: 'fast', high_freshness: false, length: 3 });
    expect(read.body.data.candidates).toEqual(first.body.data.candidates);
    expect(await balance(acme.apiKey)).toBe(before);

    const foreign = await call('GET', `/sourcing/sessions/${sessionId}`, other.apiKey);
    const unknownId = randomUUID();
    const unknown = await call('GET', `/sourcing/sessions/${unknownId}`, other.apiKey);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: `Sourcing session ${sessionId} not found.` });
    expect(unknown.body).toEqual({ error: `Sourcing session ${unknownId} not found.` });
    const foreignSearch = await search({ session_id: sessionId, limit: 3 }, other.apiKey);
    expect(foreignSearch.status).toBe(404);
    expect(foreignSearch.body).toEqual({ error: `Sourcing session ${sessionId} not found.` });
    const foreignIngest = await call('POST', '/sourcing/ingest', other.apiKey, { session_id: sessionId, selected_ids: [first.body.data.candidates[0].id] });
    expect(foreignIngest.status).toBe(404);
    expect(await balance(acme.apiKey)).toBe(before);

    const changed = await search({ session_id: sessionId, query: 'chef', limit: 3 });
    expect(changed.status).toBe(400);
    expect(changed.body.error).toContain("'query'");
  });

  it('answers an unknown session id of any length with a short 404, and answers the next errors as promptly', async () => {
    // A message echoing the whole id once overflowed the gRPC trailers: no answer, and later errors hung as well.
    const huge = 'é'.repeat(100_000);
    const ingest = await call('POST', '/sourcing/ingest', acme.apiKey, { session_id: huge, selected_ids: ['x'] });
    expect(ingest.status).toBe(404);
    expect(ingest.body).toEqual({ error: `Sourcing session ${'é'.repeat(99)}… not found.` });
    const resumed = await search({ session_id: 'a'.repeat(100_000), limit: 3 });
    expect(resumed.status).toBe(404);
    const unknownId = randomUUID();
    const next = await call('POST', '/sourcing/ingest', acme.apiKey, { session_id: unknownId, selected_ids: ['x'] });
    expect(next.body).toEqual({ error: `Sourcing session ${unknownId} not found.` });
  });

  it('refuses malformed searches with 400 naming the field, before any charge', async () => {
    const before = await balance(acme.apiKey);
    const cases: [unknown, string][] = [
      [{ query: 'x', limit: 0 }, "'limit'"],
      [{ query: 'x', limit: 101 }, "'limit'"],
      [{ query: 'x', offset: -1 }, "'offset'"],
      [{ query: 'x', colour: 'red' }, "'colour'"],
      [{ query: 'x', options: { search_type: 'turbo' } }, 'search_type'],
      [{ query: 'x', options: { reveal_emails: 'yes' } }, 'reveal_emails'],
      [{ query: 'x', filters: { seniority: ['wizard'] } }, 'seniority'],
      [{ query: 'x', filters: { planet: ['mars'] } }, 'planet'],
      [{ query: '   ' }, 'query'],
      [{ query: 'x', offset: 9_995, limit: 10 }, 'offset'],
    ];
    for (const [body, named] of cases) {
      const { status, body: answer } = await search(body);
      expect({ body, status }).toEqual({ body, status: 400 });
      expect(answer.error).toContain(named);
    }
    expect(await balance(acme.apiKey)).toBe(before);
  });

  it('ingests selected candidates as CVs (one sourcing_ingest each, never twice) that reach COMPLETED and can be matched', async () => {
    const found = await search({ query: 'backend engineer', limit: 3, options: { reveal_emails: true } });
    const sessionId = found.body.data.session_id as string;
    const picked = (found.body.data.candidates as JsonBody[]).slice(0, 2);
    const before = await balance(acme.apiKey);

    const notInSession = await call('POST', '/sourcing/ingest', acme.apiKey, { session_id: sessionId, selected_ids: [picked[0]!.id, 'dir-999', 'nobody'] });
    expect(notInSession.status).toBe(400);
    expect(notInSession.body.error).toContain('dir-999, nobody');
    expect(await balance(acme.apiKey)).toBe(before);

    const ingest = await call('POST', '/sourcing/ingest', acme.apiKey, { session_id: sessionId, selected_ids: picked.map((c) => c.id) });
    expect(ingest.status).toBe(200);
    expect(ingest.body.status).toBe('PENDING');
    const cvIds = ingest.body.task_ids as string[];
    expect(cvIds).toHaveLength(2);
    expect(before - (await balance(acme.apiKey))).toBe(2 * prices.sourcing_ingest!);
    const history = (await call('GET', '/credits/history?limit=10&action=sourcing_ingest', acme.apiKey)).body.data as JsonBody[];
    expect(history.filter((entry) => entry.kind === 'charge').map((entry) => entry.reference).sort()).toEqual([...cvIds].sort());

    const { value } = await eventually(
      () => call('POST', '/cvs/status', acme.apiKey, { ids: cvIds }),
      (r) => (r.body.data as JsonBody[]).every((item) => item.status === 'COMPLETED'),
      60_000,
    );
    expect((value.body.data as JsonBody[]).map((item) => item.status)).toEqual(['COMPLETED', 'COMPLETED']);
    const cv = (await call('GET', `/cvs/${cvIds[0]}`, acme.apiKey)).body.data;
    expect(`${cv.information.first_name} ${cv.information.last_name}`).toBe(picked[0]!.full_name);
    expect(JSON.stringify(cv.experience)).toContain('Backend Engineer');
    // Revealed contacts reach the CV; unrevealed ones never do.
    expect(cv.information.email).toEqual(picked[0]!.emails);

    // The same profiles again: the same CVs, no charge.
    const charged = await balance(acme.apiKey);
    const again = await call('POST', '/sourcing/ingest', acme.apiKey, { session_id: sessionId, selected_ids: [picked[1]!.id, picked[0]!.id, picked[1]!.id] });
    expect(again.status).toBe(200);
    expect(again.body.task_ids).toEqual([cvIds[1], cvIds[0]]);
    expect(await balance(acme.apiKey)).toBe(charged);

    const job = (await call('POST', '/jobs/analyze', acme.apiKey, { inputs: [JOB_TEXT], block: true })).body.data.ids[0] as string;
    await eventually(
      () => call('POST', '/jobs/status', acme.apiKey, { ids: [job] }),
      (r) => r.body.data[0].status === 'COMPLETED',
      60_000,
    );
    const match = await call('POST', '/match', acme.apiKey, { jobId: job, candidatesIds: cvIds, topK: 2 });
    expect(match.status).toBe(200);
    expect((match.body.data[0] as JsonBody[]).map((c) => c.person_id).sort()).toEqual([...cvIds].sort());
  }, 120_000);

  describe('provider configuration and failures', () => {
    const PDL_KEY = 'fake-pdl-key';
    // PDL-shaped people; the second has no e-mail, the third no phone and only a name (a partial record).
    const records: PdlRecord[] = [
      {
        id: 'pdl-1',
        full_name: 'Noor Fictional',
        job_title: 'Platform Engineer',
        job_company_name: 'Example Cloud (fictional)',
        location_name: 'Dublin, Ireland',
        skills: ['kubernetes', 'go'],
        experience: [{ company: { name: 'Example Cloud (fictional)' }, title: { name: 'Platform Engineer' }, start_date: '2020-01', end_date: null, is_primary: true }],
        emails: [{ address: 'noor@example.com' }],
        phone_numbers: ['+353 555 0101'],
        job_last_updated: daysAgo(5),
      },
      { id: 'pdl-2', full_name: 'Tove Sample', job_title: 'Platform Engineer', skills: ['terraform'], phone_numbers: ['+46 555 0102'], job_last_updated: daysAgo(5) },
      { id: 'pdl-3', full_name: 'Ravi Placeholder', job_title: 'Platform Engineer', emails: [{ address: 'ravi@example.com' }] },
    ];
    let pdl: FakePdlServer;
    beforeAll(async () => {
      pdl = await startFakePdlServer({ apiKey: PDL_KEY, records });
    });
    afterAll(async () => {
      await pdl.close();
      await restartSourcing({});
    }, 60_000);

    it('answers 503 naming the missing setting when no provider is configured, charging nothing', async () => {
      await restartSourcing({ SOURCING_PROVIDER: undefined });
      const before = await balance(acme.apiKey);
      const { status, body } = await search({ query: 'engineer' });
      expect(status).toBe(503);
      expect(body.error).toContain('SOURCING_PROVIDER');
      expect(body.request_id).toEqual(expect.any(String));
      await restartSourcing({ SOURCING_PROVIDER: 'pdl', SOURCING_PDL_BASE_URL: pdl.url, SOURCING_PDL_API_KEY: undefined });
      const missingKey = await search({ query: 'engineer' });
      expect(missingKey.status).toBe(503);
      expect(missingKey.body.error).toContain('SOURCING_PDL_API_KEY');
      expect(await balance(acme.apiKey)).toBe(before);
    }, 60_000);

    it('searches a PDL-compatible provider through a 429, charging reveals only for contacts it returned', async () => {
      await restartSourcing({ SOURCING_PROVIDER: 'pdl', SOURCING_PDL_BASE_URL: pdl.url, SOURCING_PDL_API_KEY: PDL_KEY, SOURCING_PDL_MAX_RETRIES: '2' });
      pdl.failNext({ status: 429, retryAfterSeconds: 1 });
      const before = await balance(acme.apiKey);
      const { status, body } = await search({ query: 'platform engineer', limit: 5, options: { reveal_emails: true, reveal_phones: true } });
      expect(status).toBe(200);
      const candidates = body.data.candidates as JsonBody[];
      expect(candidates.map((c) => [c.id, c.full_name, c.source])).toEqual([
        ['pdl-1', 'Noor Fictional', 'pdl'],
        ['pdl-2', 'Tove Sample', 'pdl'],
        ['pdl-3', 'Ravi Placeholder', 'pdl'],
      ]);
      expect(candidates.map((c) => [c.emails.length > 0, c.phones.length > 0])).toEqual([
        [true, true],
        [false, true],
        [true, false],
      ]);
      expect(body.data.window).toMatchObject({ offset: 0, limit: 5, returned: 3, total: 3 });
      const expected = prices.sourcing_search_fast! + 2 * prices.sourcing_reveal_email! + 2 * prices.sourcing_reveal_phone!;
      expect(body.data.charged.total).toBe(expected);
      expect(before - (await balance(acme.apiKey))).toBe(expected);
      // The 429 was retried: two calls reached the provider.
      expect(pdl.requests.slice(-2).map((r) => r.status)).toEqual([429, 200]);
    }, 60_000);

    it('answers 402 and charges nothing when the balance was spent between the worst-case check and the charge', async () => {
      await restartSourcing({ SOURCING_PROVIDER: 'pdl', SOURCING_PDL_BASE_URL: pdl.url, SOURCING_PDL_API_KEY: PDL_KEY, SOURCING_PDL_MAX_RETRIES: '1' });
      const poor = await e2e.createWorkspace('spent-meanwhile', prices.sourcing_search_fast! + 3 * prices.sourcing_insights!);
      const spend = async () => {
        // Another request of the workspace spends its tokens while the provider answers this one.
        const { balance: left } = await e2e.billing.getBalance({ workspaceId: poor.workspaceId });
        await e2e.billing.charge({
          workspaceId: poor.workspaceId,
          lines: [{ action: 'sourcing_insights', quantity: left / prices.sourcing_insights!, ref: randomUUID() }],
          idempotencyKey: randomUUID(),
        });
      };
      pdl.beforeNextAnswer(spend);
      const { status, body } = await call('POST', '/sourcing/search', poor.apiKey, { query: 'platform engineer', limit: 3, options: { insights: true } });
      expect(status).toBe(402);
      expect(body).toMatchObject({ code: 'INSUFFICIENT_CREDITS', balance: 0, required: prices.sourcing_search_fast! + 3 * prices.sourcing_insights! });
      // Only the other request's charge is in the ledger; the search kept nothing.
      const history = (await call('GET', '/credits/history?limit=100', poor.apiKey)).body.data as JsonBody[];
      expect(history.filter((e) => e.kind === 'charge').map((e) => e.action)).toEqual(['sourcing_insights']);
      expect((await call('GET', '/credits/balance', poor.apiKey)).body.data).toMatchObject({ balance: 0, reserved: 0 });
    }, 60_000);

    it('answers 502 when the provider keeps failing, charging nothing', async () => {
      await restartSourcing({ SOURCING_PROVIDER: 'pdl', SOURCING_PDL_BASE_URL: pdl.url, SOURCING_PDL_API_KEY: PDL_KEY, SOURCING_PDL_MAX_RETRIES: '1' });
      pdl.failNext({ status: 503 }, { status: 503 });
      const before = await balance(acme.apiKey);
      const entries = await ledgerSize(acme.apiKey);
      const { status, body } = await search({ query: 'engineer', options: { reveal_emails: true } });
      expect(status).toBe(502);
      expect(body).toEqual({ error: expect.stringContaining('Nothing was charged'), request_id: expect.any(String) });
      expect(await balance(acme.apiKey)).toBe(before);
      expect(await ledgerSize(acme.apiKey)).toBe(entries);
      expect((await call('GET', '/credits/balance', acme.apiKey)).body.data.reserved).toBe(0);
    }, 60_000);
  });
});
