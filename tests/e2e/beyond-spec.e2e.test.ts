import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CV_TEXT, JOB_TEXT } from './documents-data.js';
import { E2eStack, eventually, type JsonBody } from './harness.js';

/** The extensions of issue 29 through REST against the real services: quotes, blind matching, guidance, fairness. */
describe('beyond the spec (REST → gateway → matching/documents/billing)', () => {
  const e2e = new E2eStack();
  let acme: { workspaceId: string; apiKey: string };
  let other: { workspaceId: string; apiKey: string };
  let jobId: string;
  let cvIds: string[];

  const call = (method: string, path: string, apiKey: string, body?: unknown) => e2e.json(method, path, apiKey, body);
  const analyze = async (resource: 'cvs' | 'jobs', texts: string[], apiKey: string): Promise<string[]> => {
    const ids = (await call('POST', `/${resource}/analyze`, apiKey, { inputs: texts, cache: false })).body.data.ids as string[];
    const { value } = await eventually(
      () => call('POST', `/${resource}/status`, apiKey, { ids }),
      (r) => r.body.data.every((item: JsonBody) => item.status === 'COMPLETED'),
      90_000,
    );
    expect(value.body.data.map((item: JsonBody) => item.status)).toEqual(ids.map(() => 'COMPLETED'));
    return ids;
  };
  /** The charges written to the ledger since it held `before` entries. */
  const chargesSince = async (apiKey: string, before: number): Promise<number> => {
    const history = (await call('GET', '/credits/history?limit=100', apiKey)).body;
    const fresh = (history.data as JsonBody[]).slice(0, history.pagination.total - before);
    return fresh.filter((entry) => entry.kind === 'charge').reduce((sum, entry) => sum - (entry.amount as number), 0);
  };
  const ledgerSize = async (apiKey: string): Promise<number> =>
    (await call('GET', '/credits/history?limit=1', apiKey)).body.pagination.total as number;

  beforeAll(async () => {
    await e2e.start();
    acme = await e2e.createWorkspace('acme', 100_000);
    other = await e2e.createWorkspace('other', 1_000);
    jobId = (await analyze('jobs', [JOB_TEXT], acme.apiKey))[0]!;
    cvIds = await analyze('cvs', [CV_TEXT, CV_TEXT.replace('Python', 'Go'), CV_TEXT.replace(/PostgreSQL/g, 'MySQL')], acme.apiKey);
  }, 240_000);
  afterAll(() => e2e.stop(), 60_000);
  afterEach((context) => {
    if (context.task.result?.state === 'fail') console.log(e2e.logs.slice(-120).join('\n'));
  });

  describe('POST /credits/quote', () => {
    it('quotes exactly what the call then charges, for random calls at random prices, charging nothing itself', async () => {
      const texts = ['Backend engineer, Go and Kafka.', 'Data analyst, SQL and dbt.', 'Nurse, ICU, 6 years.', 'Chef de partie.'];
      const analysis = (operation: 'analyzeCvs' | 'analyzeJobs') =>
        fc
          .array(fc.constantFrom(...texts), { minLength: 1, maxLength: 4 })
          .map((inputs) => ({ operation, body: { inputs: inputs.map((text) => `${text} ${randomUUID()}`), cache: false } }));
      const match = fc
        .record({ ids: fc.subarray([0, 1, 2], { minLength: 1 }), topK: fc.integer({ min: 1, max: 5 }) })
        .map(({ ids, topK }) => ({ operation: 'matchCandidates' as const, body: { jobId, candidatesIds: ids.map((i) => cvIds[i]!), topK } }));
      const request = fc.oneof(analysis('analyzeCvs'), analysis('analyzeJobs'), match);
      const prices = fc.record({ cv: fc.integer({ min: 0, max: 40 }), job: fc.integer({ min: 0, max: 40 }), match: fc.integer({ min: 0, max: 40 }) });

      await fc.assert(
        fc.asyncProperty(request, prices, async (quoted, price) => {
          await e2e.billing.setPrice({ action: 'cv_processing', tokens: price.cv });
          await e2e.billing.setPrice({ action: 'job_processing', tokens: price.job });
          await e2e.billing.setPrice({ action: 'job_matching', tokens: price.match });
          const before = await ledgerSize(acme.apiKey);
          const balance = (await call('GET', '/credits/balance', acme.apiKey)).body.data;

          const quote = await call('POST', '/credits/quote', acme.apiKey, quoted);
          expect(quote.status).toBe(200);
          expect(quote.body.data.exact).toBe(true);
          expect(quote.body.data.covered).toBe(true);
          expect(quote.body.data.available).toBe(balance.available);
          expect(await ledgerSize(acme.apiKey)).toBe(before);

          const path = quoted.operation === 'matchCandidates' ? '/match' : quoted.operation === 'analyzeCvs' ? '/cvs/analyze' : '/jobs/analyze';
          const made = await call('POST', path, acme.apiKey, quoted.body);
          expect(made.status).toBe(200);
          expect(await chargesSince(acme.apiKey, before)).toBe(quote.body.data.tokens);
        }),
        { numRuns: 12 },
      );
      await e2e.billing.setPrice({ action: 'cv_processing', tokens: 10 });
      await e2e.billing.setPrice({ action: 'job_processing', tokens: 10 });
      await e2e.billing.setPrice({ action: 'job_matching', tokens: 10 });
    }, 180_000);

    it('prices each line at the current price and says when the balance falls short', async () => {
      const poor = await e2e.createWorkspace('poor', 15);
      await e2e.billing.setPrice({ action: 'cv_processing', tokens: 10 });
      const { status, body } = await call('POST', '/credits/quote', poor.apiKey, {
        operation: 'analyzeCvs',
        body: { inputs: ['a', 'b'], cache: false },
      });
      expect(status).toBe(200);
      expect(body.data).toEqual({
        operation: 'analyzeCvs',
        tokens: 20,
        exact: true,
        lines: [{ action: 'cv_processing', quantity: 2, unit_price: 10, tokens: 20 }],
        available: 15,
        covered: false,
      });
      const made = await call('POST', '/cvs/analyze', poor.apiKey, { inputs: ['a', 'b'], cache: false });
      expect(made.status).toBe(402);
      const elsewhere = await call('POST', '/credits/quote', other.apiKey, { operation: 'analyzeCvs', body: { inputs: ['a'], cache: false } });
      expect(elsewhere.body.data).toMatchObject({ tokens: 10, available: 1_000, covered: true });
    });

    it('gives an upper bound for calls whose charge depends on what they find, and validates as the call does', async () => {
      const search = await call('POST', '/credits/quote', acme.apiKey, {
        operation: 'searchSourcing',
        body: { query: 'backend engineer', limit: 5, options: { search_type: 'pro', insights: true, reveal_emails: true } },
      });
      expect(search.status).toBe(200);
      expect(search.body.data.exact).toBe(false);
      expect(search.body.data.lines.map((line: JsonBody) => [line.action, line.quantity])).toEqual([
        ['sourcing_search_pro', 1],
        ['sourcing_insights', 5],
        ['sourcing_reveal_email', 5],
      ]);
      const cached = await call('POST', '/credits/quote', acme.apiKey, { operation: 'analyzeCvs', body: { inputs: ['x', 'x ', 'y'] } });
      expect(cached.body.data).toMatchObject({ exact: false, lines: [{ action: 'cv_processing', quantity: 2 }] });
      const files = await call('POST', '/credits/quote', acme.apiKey, { operation: 'analyzeJobFiles', files: 3, cache: false });
      expect(files.body.data).toMatchObject({ exact: true, lines: [{ action: 'job_processing', quantity: 3 }] });

      const badMatch = await call('POST', '/credits/quote', acme.apiKey, { operation: 'matchCandidates', body: { jobId, candidatesIds: [], topK: 1 } });
      const direct = await call('POST', '/match', acme.apiKey, { jobId, candidatesIds: [], topK: 1 });
      expect(badMatch.status).toBe(400);
      expect(badMatch.body).toEqual(direct.body);
      expect((await call('POST', '/credits/quote', acme.apiKey, { operation: 'refund' })).status).toBe(400);
      expect((await call('POST', '/credits/quote', acme.apiKey, { operation: 'analyzeCvFiles', files: 0 })).status).toBe(400);
    });
  });
});
