import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CV_TEXT, JOB_TEXT } from './documents-data.js';
import { E2eStack, type JsonBody, type DocumentResource } from './harness.js';

/** The extensions of issue 29 through REST against the real services: quotes, blind matching, guidance, fairness. */
describe('beyond the spec (REST → gateway → matching/documents/billing)', () => {
  const e2e = new E2eStack();
  let acme: { workspaceId: string; apiKey: string };
  let other: { workspaceId: string; apiKey: string };
  let jobId: string;
  let cvIds: string[];

  const call = (method: string, path: string, apiKey: string, body?: unknown) => e2e.json(method, path, apiKey, body);
  const analyze = (resource: DocumentResource, texts: string[], apiKey: string) =>
    e2e.analyzeAll(resource, apiKey, texts, { cache: false }, 90_000);
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
    // Known prices, whatever the migrations seed: each test below may also run alone.
    for (const action of ['cv_processing', 'job_processing', 'job_matching']) await e2e.billing.setPrice({ action, tokens: 10 });
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
      const report = fc
        .record({ ids: fc.subarray([0, 1, 2], { minLength: 1 }), topK: fc.integer({ min: 1, max: 3 }) })
        .map(({ ids, topK }) => ({
          operation: 'matchFairness' as const,
          body: { jobId, candidates: ids.map((i) => ({ id: cvIds[i]!, group: `g${i % 2}` })), topK },
        }));
      const request = fc.oneof(analysis('analyzeCvs'), analysis('analyzeJobs'), match, report);
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

          const paths = { matchCandidates: '/match', matchFairness: '/match/fairness', analyzeCvs: '/cvs/analyze', analyzeJobs: '/jobs/analyze' };
          const path = paths[quoted.operation];
          const made = await call('POST', path, acme.apiKey, quoted.body);
          expect(made.status).toBe(200);
          expect(await chargesSince(acme.apiKey, before)).toBe(quote.body.data.tokens);
        }),
        { numRuns: 16 },
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

  describe('POST /match with blind: true', () => {
    interface Person {
      title: string;
      name: string;
      email: string;
      phone: string;
      street: string;
      born: string;
      age: string;
      gender: string;
      marital: string;
      nationality: string;
      pronoun: string;
      schoolYear: string;
    }
    const jane: Person = {
      title: 'Ms',
      name: 'Jane Doe',
      email: 'jane.doe@example.com',
      phone: '+44 20 7946 0958',
      street: '12 Baker Street, London',
      born: '14.03.1986',
      age: '40',
      gender: 'female',
      marital: 'married, two children',
      nationality: 'British',
      pronoun: 'She',
      schoolYear: '2004',
    };
    const john: Person = {
      title: 'Herr',
      name: 'Johann Becker',
      email: 'j.becker@beispiel.de',
      phone: '+49 30 1234 5678',
      street: 'Hauptstraße 7, Berlin',
      born: '02.11.1971',
      age: '55',
      gender: 'male',
      marital: 'single',
      nationality: 'Turkish',
      pronoun: 'He',
      schoolYear: '1990',
    };
    const personalCv = (p: Person) => `${p.title} ${p.name}
${p.email} | ${p.phone}
Address: ${p.street}
Date of birth: ${p.born} (age ${p.age})
Gender: ${p.gender}
Marital status: ${p.marital}
Nationality: ${p.nationality}
Photo attached.

PROFILE
Backend engineer with eight years of experience building data platforms. ${p.pronoun} leads the platform guild.

EXPERIENCE
Senior Software Engineer
Acme Data Ltd
03/2019 - present
- ${p.pronoun} built event pipelines in Python and Apache Kafka
- Ran PostgreSQL clusters on Kubernetes

EDUCATION
BSc Computer Science
University of Manchester
2008 - 2011

High school diploma
City Grammar School
${p.schoolYear}

SKILLS
Python, Java, PostgreSQL, Docker, Kubernetes, teamwork, communication
`;
    const fields = Object.keys(jane) as (keyof Person)[];
    let variants: { changed: string; id: string }[];
    let janeId: string;
    /** A job whose explanations quote the school-leaving certificate and the experience lines. */
    let blindJobId: string;

    beforeAll(async () => {
      // Jane; Jane with each attribute of John's in turn; John entirely.
      const people = [jane, ...fields.map((field) => ({ ...jane, [field]: john[field] })), john];
      const ids = await analyze('cvs', people.map(personalCv), acme.apiKey);
      janeId = ids[0]!;
      blindJobId = (
        await analyze(
          'jobs',
          ['Data Engineer\nCompany: Example Ltd\nLocation: London\n\nRequirements\n- High school diploma or equivalent\n- Event pipelines in Python and Apache Kafka\n- Experience with Kubernetes'],
          acme.apiKey,
        )
      )[0]!;
      variants = ids.slice(1).map((id, i) => ({ changed: fields[i] ?? 'everything', id }));
    }, 180_000);

    const scoresOf = (candidate: JsonBody) =>
      JSON.stringify({ score_meta: candidate.score_meta, score_dict: candidate.score_dict, summary_score: candidate.summary_score, final_score: candidate.final_score });

    it('gives byte-identical scores and explanations whatever the identity and protected attributes say', async () => {
      const { status, body } = await call('POST', '/match', acme.apiKey, {
        jobId: blindJobId,
        candidatesIds: [janeId, ...variants.map((v) => v.id)],
        topK: 100,
        blind: true,
      });
      expect(status).toBe(200);
      const byId = new Map((body.data[0] as JsonBody[]).map((candidate) => [candidate.person_id, candidate]));
      const reference = scoresOf(byId.get(janeId)!);
      for (const variant of variants) expect(scoresOf(byId.get(variant.id)!), `changed: ${variant.changed}`).toBe(reference);

      // Not so without blind: the explanations quote the experience line with its pronoun.
      const seen = (await call('POST', '/match', acme.apiKey, { jobId: blindJobId, candidatesIds: [janeId, ...variants.map((v) => v.id)], topK: 100 })).body;
      const seenById = new Map((seen.data[0] as JsonBody[]).map((candidate) => [candidate.person_id, candidate]));
      const differing = variants.filter((variant) => scoresOf(seenById.get(variant.id)!) !== scoresOf(seenById.get(janeId)!)).map((v) => v.changed);
      expect(differing).toEqual(expect.arrayContaining(['pronoun', 'everything']));

      // No blind explanation quotes a removed field.
      const explanations = [...byId.values()].map((candidate) => JSON.stringify(candidate.score_dict)).join('\n');
      for (const person of [jane, john])
        for (const value of [person.name.split(' ')[0]!, person.name.split(' ')[1]!, person.email, person.phone, person.street, person.born, person.nationality, person.schoolYear, person.marital, ' age '])
          expect(explanations, value).not.toContain(value);
      expect(explanations).not.toMatch(/\b(?:Ms|Herr|She|He|female|male)\b/);
    });

    it('leaves a normal match as it was, and marks stored blind results', async () => {
      const normal = await call('POST', '/match', acme.apiKey, { jobId, candidatesIds: [janeId], topK: 1, cache: true });
      expect(Object.keys(normal.body.data[0][0]).sort()).toEqual(['final_score', 'job_id', 'person_id', 'score_dict', 'score_meta', 'summary_score']);
      expect((await call('GET', `/match/${jobId}`, acme.apiKey)).body.data.versions_used.blind).toBeUndefined();
      const blind = await call('POST', '/match', acme.apiKey, { jobId, candidatesIds: [janeId], topK: 1, cache: true, blind: true });
      expect(blind.status).toBe(200);
      const stored = (await call('GET', `/match/${jobId}`, acme.apiKey)).body.data;
      expect(stored.versions_used.blind).toBe('blind-1');
      expect(stored.candidates).toEqual(blind.body.data[0]);
      expect((await call('POST', '/match', acme.apiKey, { jobId, candidatesIds: [janeId], topK: 1, blind: 'yes' })).status).toBe(400);
    });

    it('keeps the ranking quality: the stronger CV still ranks first', async () => {
      const weak = (await analyze('cvs', ['Sam Okafor\nHead Chef, The Harbour Kitchen, 2015 - 2024\nCooking, menu planning'], acme.apiKey))[0]!;
      const { body } = await call('POST', '/match', acme.apiKey, { jobId, candidatesIds: [weak, janeId], topK: 2, blind: true });
      expect(body.data[0].map((candidate: JsonBody) => candidate.person_id)).toEqual([janeId, weak]);
    });
  });

  describe('POST /match with guidance: true', () => {
    it('gives up to three changes, best gain first, each with the exact score of the changed CV', async () => {
      const scholar = (
        await analyze(
          'cvs',
          ['Morgan Blake\n\nEXPERIENCE\nData Engineer\nNorthwind\n01/2021 - 12/2023\n- Python services\n\nSKILLS\nPython, communication'],
          acme.apiKey,
        )
      )[0]!;
      const request = { jobId, candidatesIds: [scholar, ...cvIds], topK: 10, guidance: true };
      const { status, body } = await call('POST', '/match', acme.apiKey, request);
      expect(status).toBe(200);
      const candidates = body.data[0] as JsonBody[];
      for (const candidate of candidates) {
        const guidance = candidate.guidance as JsonBody[];
        expect(guidance.length).toBeLessThanOrEqual(3);
        for (const [i, entry] of guidance.entries()) {
          expect(entry.gain).toBeGreaterThan(0);
          expect(entry.final_score).toBeGreaterThan(candidate.final_score);
          expect(entry.gain).toBeCloseTo(entry.final_score - candidate.final_score, 2);
          if (i > 0) expect(entry.gain).toBeLessThanOrEqual(guidance[i - 1]!.gain);
        }
      }
      // Deterministic.
      expect((await call('POST', '/match', acme.apiKey, request)).body.data).toEqual(body.data);

      // A change made for real (PUT /cvs/{id}) scores exactly what guidance said: the best advice that a PUT can
      // make, evidence of a job skill or the degree asked for (requirement lines live in skill_descriptions, which
      // PUT does not take).
      const weak = candidates.find((candidate) => candidate.person_id === scholar)!;
      expect(weak.guidance.length).toBeGreaterThan(0);
      const job = (await call('GET', `/jobs/${jobId}`, acme.apiKey)).body.data;
      const jobSkills = [...job.hard_skills, ...job.soft_skills] as JsonBody[];
      const { degree, major } = job.education_preference as { degree: string; major: string };
      const degreeChange = `a ${degree.trim()}${major.trim() ? ` in ${major.trim()}` : ''}`;
      const advice = (weak.guidance as JsonBody[]).find(
        (entry) => entry.change === degreeChange || jobSkills.some((skill) => entry.change === `evidence of ${skill.skill}`),
      );
      expect(advice, JSON.stringify(weak.guidance)).toBeDefined();
      const cv = (await call('GET', `/cvs/${scholar}`, acme.apiKey)).body.data;
      let change: JsonBody;
      if (advice!.change === degreeChange) {
        const entry = { degree: degree.trim(), major: major.trim(), score: '', institution_name: '', start_date: '', end_date: '' };
        change = { education: [...(cv.education as JsonBody[]), entry] };
      } else {
        const skill = jobSkills.find((s) => advice!.change === `evidence of ${s.skill}`)!;
        const field = skill.type === 'hard-skill' ? 'hard_skills' : 'soft_skills';
        const keep = (s: JsonBody) => ({ id: s.id, relationship: s.relationship, explanation: s.explanation });
        change = { [field]: [...(cv[field] as JsonBody[]).map(keep), { ...keep(skill), explanation: `Evidence of ${skill.skill}.` }] };
      }
      const put = await call('PUT', `/cvs/${scholar}`, acme.apiKey, { content_language: 'en', ...change });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      const again = await call('POST', '/match', acme.apiKey, { jobId, candidatesIds: [scholar], topK: 1 });
      expect(again.body.data[0][0].final_score).toBe(advice!.final_score);
    });
  });

  describe('POST /match/fairness', () => {
    let ranked: JsonBody[];
    const label = () => `group-${randomUUID()}`;
    const fairness = (body: JsonBody, apiKey = acme.apiKey) => call('POST', '/match/fairness', apiKey, body);
    const mean = (scores: number[]) => Math.round((scores.reduce((a, b) => a + b, 0) / scores.length + Number.EPSILON) * 100) / 100;

    beforeAll(async () => {
      ranked = (await call('POST', '/match', acme.apiKey, { jobId, candidatesIds: cvIds, topK: 10 })).body.data[0];
      expect(ranked).toHaveLength(3);
    });

    it('answers rates, impact ratios and the four-fifths rule by hand-computed example, charging one job_matching', async () => {
      const [a, b] = [label(), label()];
      const before = await ledgerSize(acme.apiKey);
      // Ranked r0 > r1 > r2; r0 and r2 in a, r1 in b; topK 1 selects r0 only.
      const { status, body } = await fairness({
        jobId,
        candidates: [
          { id: ranked[2]!.person_id, group: a },
          { id: ranked[1]!.person_id, group: b },
          { id: ranked[0]!.person_id, group: a },
        ],
        topK: 1,
      });
      expect(status).toBe(200);
      const groups = [
        { group: a, candidates: 2, selected: 1, selection_rate: 0.5, impact_ratio: 1, mean_score: mean([ranked[0]!.final_score, ranked[2]!.final_score]) },
        { group: b, candidates: 1, selected: 0, selection_rate: 0, impact_ratio: 0, mean_score: ranked[1]!.final_score },
      ].sort((x, y) => (x.group < y.group ? -1 : 1));
      expect(body.data).toEqual({
        selection: { top_k: 1 },
        candidates: 3,
        selected: 1,
        groups,
        four_fifths_rule: { holds: false, groups_below: [b] },
      });
      expect(await chargesSince(acme.apiKey, before)).toBe(10);
      expect((await call('GET', '/credits/history?limit=1', acme.apiKey)).body.data[0].action).toBe('job_matching');
      // The price list says what a report costs; a quote agrees.
      const costs = (await call('GET', '/credits/costs', acme.apiKey)).body.data as JsonBody[];
      expect(costs.find((price) => price.action === 'job_matching')!.description).toMatch(/fairness report \(POST \/match\/fairness\)/);
      const quote = await call('POST', '/credits/quote', acme.apiKey, { operation: 'matchFairness', body: { jobId, candidates: [{ id: cvIds[0]!, group: 'x' }], topK: 1 } });
      expect(quote.body.data).toMatchObject({ tokens: 10, exact: true, lines: [{ action: 'job_matching', quantity: 1 }] });
      // The labels are used for the answer only: no service logged them.
      expect(e2e.logs.join('\n')).not.toContain(a);
      expect(e2e.logs.join('\n')).not.toContain(b);
    });

    it('charges a retry with the same Idempotency-Key once', async () => {
      const key = randomUUID();
      const body = { jobId, candidates: cvIds.map((id, i) => ({ id, group: i % 2 ? 'odd' : 'even' })), topK: 2 };
      const before = await ledgerSize(acme.apiKey);
      const first = await e2e.json('POST', '/match/fairness', acme.apiKey, body, { 'idempotency-key': key });
      const again = await e2e.json('POST', '/match/fairness', acme.apiKey, body, { 'idempotency-key': key });
      expect(first.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(await chargesSince(acme.apiKey, before)).toBe(10);
    });

    it('handles groups of one, a threshold, and no one selected', async () => {
      const [solo, rest] = [label(), label()];
      const candidates = [
        { id: ranked[0]!.person_id, group: solo },
        { id: ranked[1]!.person_id, group: rest },
        { id: ranked[2]!.person_id, group: rest },
      ];
      const top2 = await fairness({ jobId, candidates, topK: 2 });
      expect(top2.body.data.groups.find((g: JsonBody) => g.group === solo)).toMatchObject({ candidates: 1, selected: 1, selection_rate: 1, impact_ratio: 1 });
      expect(top2.body.data.groups.find((g: JsonBody) => g.group === rest)).toMatchObject({ candidates: 2, selected: 1, selection_rate: 0.5, impact_ratio: 0.5 });
      expect(top2.body.data.four_fifths_rule).toEqual({ holds: false, groups_below: [rest] });

      const all = await fairness({ jobId, candidates, threshold: 0 });
      expect(all.body.data.four_fifths_rule).toEqual({ holds: true, groups_below: [] });
      expect(all.body.data.selected).toBe(3);

      const none = await fairness({ jobId, candidates, threshold: 10, blind: true });
      expect(none.status).toBe(200);
      expect(none.body.data.selected).toBe(0);
      expect(none.body.data.groups.map((g: JsonBody) => [g.selected, g.selection_rate, g.impact_ratio])).toEqual([
        [0, 0, null],
        [0, 0, null],
      ]);
      expect(none.body.data.four_fifths_rule).toEqual({ holds: true, groups_below: [] });
    });

    it('answers errors as /match does: 422 for foreign or unknown CVs, 404 for the job, 402, 400', async () => {
      const foreignCv = (await analyze('cvs', [CV_TEXT], other.apiKey))[0]!;
      const unknown = randomUUID();
      const refused = await fairness({ jobId, candidates: [{ id: cvIds[0]!, group: 'x' }, { id: foreignCv, group: 'y' }, { id: unknown, group: 'y' }], topK: 1 });
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ code: 'CANDIDATES_NOT_FOUND' });
      expect([...refused.body.candidate_ids].sort()).toEqual([foreignCv, unknown].sort());
      expect((await fairness({ jobId: randomUUID(), candidates: [{ id: cvIds[0]!, group: 'x' }], topK: 1 })).body.code).toBe('VACANCY_NOT_FOUND');
      expect((await fairness({ jobId, candidates: [{ id: cvIds[0]!, group: 'x' }], topK: 1 }, other.apiKey)).status).toBe(404);
      expect((await fairness({ jobId, candidates: [{ id: cvIds[0]!, group: 'x' }] })).status).toBe(400);
      expect((await fairness({ jobId, candidates: [{ id: cvIds[0]!, group: 'x' }], topK: 1, threshold: 5 })).status).toBe(400);
      expect((await fairness({ jobId, candidates: [{ id: cvIds[0]!, group: 'x' }, { id: cvIds[0]!, group: 'y' }], topK: 1 })).status).toBe(400);

      // Enough for its job and CV, nothing left for the report.
      const broke = await e2e.createWorkspace('broke', 20);
      const [brokeJob] = await analyze('jobs', [JOB_TEXT], broke.apiKey);
      const [brokeCv] = await analyze('cvs', [CV_TEXT], broke.apiKey);
      const poor = await fairness({ jobId: brokeJob!, candidates: [{ id: brokeCv!, group: 'x' }], topK: 1 }, broke.apiKey);
      expect(poor.status).toBe(402);
      expect(poor.body.code).toBe('INSUFFICIENT_CREDITS');
    });
  });
});
