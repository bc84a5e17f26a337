import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CV_TEXT, JOB_TEXT } from './documents-data.js';
import { E2eStack, eventually, type DocumentResource } from './harness.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are asserted field by field
type Body = Record<string, any>;

/** A CV with the job's skills but no degree. */
const SKILLED_CV = `Alex Rivera
alex.rivera@example.org

EXPERIENCE
Backend Developer
Streamline GmbH
01/2017 - 12/2023
- Python services on PostgreSQL, deployed with Docker and Kubernetes
- Event processing with Apache Kafka, infrastructure in Terraform

SKILLS
Python, PostgreSQL, Docker, Kubernetes, Apache Kafka, Terraform
`;

/** A CV with a doctorate and nothing else the job asks for. */
const SCHOLAR_CV = `Dr. Morgan Blake
morgan.blake@example.org

EDUCATION
PhD in Computer Science
University of Edinburgh
2010 - 2014

EXPERIENCE
Lecturer in Medieval History
University of Edinburgh
09/2014 - 06/2016
- Taught seminars on medieval manuscripts
`;

const CHEF_CV = `Sam Okafor
sam.okafor@example.org

EXPERIENCE
Head Chef
The Harbour Kitchen
2015 - 2024
- Ran a kitchen of twelve, menu planning, food safety

SKILLS
Cooking, menu planning, food safety
`;

describe('matching end to end (REST → gateway → matching → documents/skills/billing)', () => {
  const e2e = new E2eStack();
  let acme: { workspaceId: string; apiKey: string };
  let other: { workspaceId: string; apiKey: string };
  let jobId: string;
  let strong: string;
  let skilled: string;
  let scholar: string;
  let chef: string;
  let foreignCv: string;
  let foreignJob: string;

  const call = (method: string, path: string, apiKey: string, body?: unknown, headers: Record<string, string> = {}) =>
    e2e.json(method, path, apiKey, body, headers);
  const analyze = (resource: DocumentResource, texts: string[], apiKey: string) =>
    e2e.analyzeAll(resource, apiKey, texts, { block: true });
  const charges = async (apiKey: string) =>
    ((await call('GET', '/credits/history?limit=100&action=job_matching', apiKey)).body.data as Body[]).filter(
      (entry) => entry.kind === 'charge',
    ).length;
  const match = (body: Body, apiKey = acme.apiKey, headers: Record<string, string> = {}) =>
    call('POST', '/match', apiKey, body, headers);

  beforeAll(async () => {
    await e2e.start();
    acme = await e2e.createWorkspace('acme');
    other = await e2e.createWorkspace('other');
    for (const ws of [acme, other])
      await e2e.billing.grantTokens({
        workspaceId: ws.workspaceId,
        amount: 1000,
        expiresInSeconds: 0,
        idempotencyKey: randomUUID(),
      });
    jobId = (await analyze('jobs', [JOB_TEXT], acme.apiKey))[0]!;
    [strong, skilled, scholar, chef] = (await analyze(
      'cvs',
      [CV_TEXT, SKILLED_CV, SCHOLAR_CV, CHEF_CV],
      acme.apiKey,
    )) as [string, string, string, string];
    foreignCv = (await analyze('cvs', [SKILLED_CV], other.apiKey))[0]!;
    foreignJob = (await analyze('jobs', [JOB_TEXT], other.apiKey))[0]!;
  }, 240_000);
  afterAll(() => e2e.stop(), 60_000);
  afterEach((context) => {
    if (context.task.result?.state === 'fail') console.log(e2e.logs.slice(-120).join('\n'));
  });

  it('ranks candidates with a Score detail for every requirement and skill, charging one job_matching', async () => {
    const before = await charges(acme.apiKey);
    const { status, body } = await match({ jobId, candidatesIds: [chef, strong, scholar, strong], topK: 10 });
    expect(status).toBe(200);
    expect(body.length).toBe(1);
    const ranked = body.data[0] as Body[];
    expect(ranked.map((c) => c.person_id)).toHaveLength(3);
    expect(ranked[0]!.person_id).toBe(strong);
    expect(ranked.at(-1)!.final_score).toBeLessThan(ranked[0]!.final_score);
    const finals = ranked.map((c) => c.final_score);
    expect([...finals].sort((a, b) => b - a)).toEqual(finals);

    const job = (await call('GET', `/jobs/${jobId}`, acme.apiKey)).body.data;
    for (const candidate of ranked) {
      expect(Object.keys(candidate).sort()).toEqual([
        'final_score',
        'job_id',
        'person_id',
        'score_dict',
        'score_meta',
        'summary_score',
      ]);
      expect(candidate.job_id).toBe(jobId);
      for (const dimension of ['education', 'hard_skills', 'soft_skills', 'experience']) {
        expect(candidate.score_meta[dimension]).toBeGreaterThanOrEqual(0);
        expect(candidate.score_meta[dimension]).toBeLessThanOrEqual(10);
        for (const detail of Object.values(candidate.score_dict[dimension] as Record<string, Body>)) {
          expect(Number.isInteger(detail.score)).toBe(true);
          expect(detail.score).toBeGreaterThanOrEqual(0);
          expect(detail.score).toBeLessThanOrEqual(10);
          expect(detail.criteria.length).toBeGreaterThan(0);
          expect(detail.explanation.length).toBeGreaterThan(0);
        }
      }
      const details = Object.values(candidate.score_dict).flatMap((d) => Object.keys(d as object));
      expect(details.length).toBeGreaterThanOrEqual(
        job.job_requirements.length + job.hard_skills.length + job.soft_skills.length,
      );
      expect(candidate.final_score).toBeGreaterThanOrEqual(0);
      expect(candidate.final_score).toBeLessThanOrEqual(10);
    }
    // The strong CV's explanations quote its own text.
    const explanations = Object.values(ranked[0]!.score_dict).flatMap((d) =>
      Object.values(d as Record<string, Body>).map((detail) => detail.explanation),
    );
    expect(explanations.some((text) => text.includes('Python'))).toBe(true);

    const topTwo = await match({ jobId, candidatesIds: [chef, strong, scholar], topK: 2 });
    expect(topTwo.body.data[0]).toHaveLength(2);
    expect(topTwo.body.data[0]).toEqual(ranked.slice(0, 2));
    expect(await charges(acme.apiKey)).toBe(before + 2);
  });

  it('is reproducible: the same request gives byte-identical scores', async () => {
    const first = await match({ jobId, candidatesIds: [strong, skilled, scholar, chef], topK: 4 });
    const second = await match({ jobId, candidatesIds: [chef, scholar, skilled, strong], topK: 4 });
    expect(JSON.stringify(second.body.data)).toBe(JSON.stringify(first.body.data));
    // A candidate's scores do not depend on who else is in the request.
    const alone = await match({ jobId, candidatesIds: [skilled], topK: 1 });
    const among = (first.body.data[0] as Body[]).find((c) => c.person_id === skilled);
    expect(JSON.stringify(alone.body.data[0][0])).toBe(JSON.stringify(among));
  });

  it('moves candidates in the expected direction when the weights change', async () => {
    const rank = async (weights: Body) =>
      ((await match({ jobId, candidatesIds: [skilled, scholar], topK: 2, weights })).body.data[0] as Body[]).map(
        (c) => c.person_id,
      );
    expect(await rank({ experience: 0, hardSkills: 1, softSkills: 0, education: 0 })).toEqual([skilled, scholar]);
    expect(await rank({ experience: 0, hardSkills: 0, softSkills: 0, education: 1 })).toEqual([scholar, skilled]);
  });

  it('answers every validation and workspace error with its exact body, charging nothing', async () => {
    const before = await charges(acme.apiKey);
    expect(await match({ candidatesIds: [strong], topK: 1 })).toEqual({
      status: 400,
      body: { error: 'Missing required fields.' },
    });
    expect((await match({ jobId, candidatesIds: [strong], topK: 0 })).status).toBe(400);
    expect(
      await match({
        jobId,
        candidatesIds: [strong],
        topK: 1,
        weights: { experience: 0.5, hardSkills: 0.5, softSkills: 0.5, education: 0 },
      }),
    ).toEqual({
      status: 400,
      body: { error: 'Sum of weights cannot be greater than 1' },
    });
    for (const vacancy of [randomUUID(), foreignJob]) {
      expect(await match({ jobId: vacancy, candidatesIds: [strong], topK: 1 })).toEqual({
        status: 404,
        body: { code: 'VACANCY_NOT_FOUND', message: expect.any(String), vacancy_id: vacancy },
      });
    }
    const unknown = randomUUID();
    const unusable = await match({ jobId, candidatesIds: [strong, unknown, foreignCv], topK: 1 });
    expect(unusable.status).toBe(422);
    expect(unusable.body).toEqual({
      code: 'CANDIDATES_NOT_FOUND',
      message: expect.any(String),
      candidate_ids: expect.any(Array),
    });
    expect([...unusable.body.candidate_ids].sort()).toEqual([unknown, foreignCv].sort());
    expect(await charges(acme.apiKey)).toBe(before);
  });

  it('answers 402 with the balance and the price only after every workspace check, holding nothing', async () => {
    const poor = await e2e.createWorkspace('poor', 1000);
    const [poorJob] = await analyze('jobs', [JOB_TEXT], poor.apiKey);
    const [poorCv] = await analyze('cvs', [SKILLED_CV], poor.apiKey);
    const price = (await e2e.billing.listPrices({})).prices.find((p) => p.action === 'job_matching')!.tokens;
    // Spend what is left down to less than one match.
    const { available } = await e2e.billing.getBalance({ workspaceId: poor.workspaceId });
    const { reservationId } = await e2e.billing.reserve({
      workspaceId: poor.workspaceId,
      lines: [{ action: 'job_matching', quantity: Math.floor(available / price), ref: randomUUID() }],
      idempotencyKey: randomUUID(),
      ttlSeconds: 0,
    });
    await e2e.billing.commit({ reservationId, workspaceId: poor.workspaceId, lines: [], idempotencyKey: randomUUID() });
    const left = available % price;
    const balance = () => call('GET', '/credits/balance', poor.apiKey).then((r) => r.body.data as Body);
    const before = await balance();
    expect(before).toMatchObject({ balance: left, reserved: 0 });

    const request = { jobId: poorJob, candidatesIds: [poorCv], topK: 1 };
    expect(await match(request, poor.apiKey)).toEqual({
      status: 402,
      body: { code: 'INSUFFICIENT_CREDITS', message: expect.any(String), balance: left, required: price },
    });
    // The workspace checks come first: a foreign job is 404, an unusable candidate 422, though neither can be paid.
    expect((await match({ ...request, jobId: jobId }, poor.apiKey)).status).toBe(404);
    const unknown = randomUUID();
    expect(await match({ ...request, candidatesIds: [poorCv, unknown] }, poor.apiKey)).toEqual({
      status: 422,
      body: { code: 'CANDIDATES_NOT_FOUND', message: expect.any(String), candidate_ids: [unknown] },
    });
    expect(await balance()).toEqual(before);

    // A billing condition, not a fault: with tokens added the same request is served and charged once.
    await e2e.billing.grantTokens({
      workspaceId: poor.workspaceId,
      amount: price,
      expiresInSeconds: 0,
      idempotencyKey: randomUUID(),
    });
    const served = await match(request, poor.apiKey);
    expect(served.status).toBe(200);
    expect(served.body.data[0][0].person_id).toBe(poorCv);
    expect(await balance()).toMatchObject({ balance: left, reserved: 0 });
  }, 120_000);

  it('lists every unusable id, even 10,000 of them, at once and uncharged', async () => {
    const before = await charges(acme.apiKey);
    const ids = [strong, ...Array.from({ length: 9_999 }, () => randomUUID())];
    const { status, body } = await match({ jobId, candidatesIds: ids, topK: 5 });
    expect(status).toBe(422);
    expect(body.code).toBe('CANDIDATES_NOT_FOUND');
    expect((body.candidate_ids as string[]).length).toBe(9_999);
    expect(new Set(body.candidate_ids)).toEqual(new Set(ids.slice(1)));
    expect(await charges(acme.apiKey)).toBe(before);
  }, 60_000);

  it('refuses a job with nothing to match against, and a job or candidate still being analyzed', async () => {
    const before = await charges(acme.apiKey);
    const empty = (await analyze('jobs', [`Hello ${randomUUID().slice(0, 8)}.`], acme.apiKey))[0]!;
    expect(await match({ jobId: empty, candidatesIds: [strong], topK: 1 })).toEqual({
      status: 422,
      body: { code: 'VACANCY_HAS_NO_REQUIREMENTS', message: expect.any(String), vacancy_id: empty },
    });
    // With skills down, analysis retries and the new tasks stay PENDING (spec rule 2: both must be COMPLETED).
    await e2e.service('skills').stop();
    try {
      const pendingJob = (
        await call('POST', '/jobs/analyze', acme.apiKey, { inputs: [`${JOB_TEXT}\n${randomUUID()}`] })
      ).body.data.ids[0] as string;
      const pendingCv = (
        await call('POST', '/cvs/analyze', acme.apiKey, { inputs: [`${SKILLED_CV}\n${randomUUID()}`] })
      ).body.data.ids[0] as string;
      const job = await match({ jobId: pendingJob, candidatesIds: [strong], topK: 1 });
      expect(job.status).toBe(404);
      expect(job.body).toEqual({
        code: 'VACANCY_NOT_FOUND',
        message: expect.stringContaining('still being analyzed'),
        vacancy_id: pendingJob,
      });
      const cv = await match({ jobId, candidatesIds: [strong, pendingCv], topK: 1 });
      expect(cv.body).toEqual({
        code: 'CANDIDATES_NOT_FOUND',
        message: expect.any(String),
        candidate_ids: [pendingCv],
      });
      // A match that needs the taxonomy while skills is down: 503 with Retry-After (retry later), nothing charged.
      const down = await e2e.request('/match', {
        method: 'POST',
        apiKey: acme.apiKey,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jobId, candidatesIds: [strong], topK: 1 }),
      });
      expect(down.status).toBe(503);
      expect(down.headers.get('retry-after')).toBe('1');
      expect(await down.json()).toEqual({ error: expect.stringMatching(/unavailable/i), request_id: expect.any(String) });
    } finally {
      await e2e.service('skills').start();
    }
    // Matching reconnects to the restarted skills service within about a second; until then it answers 503.
    const { value: recovered } = await eventually(() => match({ jobId, candidatesIds: [strong], topK: 1 }), (r) => r.status !== 503, 15_000, 200);
    expect(recovered.status).toBe(200);
    expect(await charges(acme.apiKey)).toBe(before + 1);
  }, 60_000);

  it('stores result versions with cache and reads them back; foreign jobs stay invisible', async () => {
    const first = await match({ jobId, candidatesIds: [strong, chef], topK: 2, cache: true });
    const second = await match({
      jobId,
      candidatesIds: [strong, skilled, chef],
      topK: 3,
      cache: true,
      weights: { experience: 0.1, hardSkills: 0.6, softSkills: 0.1, education: 0.2 },
    });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    const latest = await call('GET', `/match/${jobId}`, acme.apiKey);
    expect(latest.status).toBe(200);
    expect(latest.body.data.job_id).toBe(jobId);
    const version = latest.body.data.version as number;
    expect(version).toBeGreaterThanOrEqual(2);
    expect(latest.body.data.top_k).toBe(3);
    expect(latest.body.data.candidates).toEqual(second.body.data[0]);
    expect(latest.body.data.versions_used).toEqual(
      expect.objectContaining({ scorer: expect.any(String), taxonomy: expect.any(String) }),
    );
    const earlier = await call('GET', `/match/${jobId}?version=${version - 1}`, acme.apiKey);
    expect(earlier.body.data.candidates).toEqual(first.body.data[0]);
    expect((await call('GET', `/match/${jobId}?version=999`, acme.apiKey)).status).toBe(404);
    expect((await call('GET', `/match/${jobId}?version=abc`, acme.apiKey)).status).toBe(400);
    const foreign = await call('GET', `/match/${jobId}`, other.apiKey);
    const unknown = await call('GET', `/match/${randomUUID()}`, acme.apiKey);
    expect(foreign.status).toBe(404);
    expect(Object.keys(foreign.body)).toEqual(['error']);
    expect(unknown.status).toBe(404);
  });

  it('charges once for a retried request with the same Idempotency-Key', async () => {
    const before = await charges(acme.apiKey);
    const key = randomUUID();
    const first = await match({ jobId, candidatesIds: [strong], topK: 1 }, acme.apiKey, { 'idempotency-key': key });
    const again = await match({ jobId, candidatesIds: [strong], topK: 1 }, acme.apiKey, { 'idempotency-key': key });
    expect(again.body.data).toEqual(first.body.data);
    expect(await charges(acme.apiKey)).toBe(before + 1);
  });

  it('forgets what it stored about a deleted CV and a deleted job', async () => {
    const job = (await analyze('jobs', [`${JOB_TEXT}\nReference ${randomUUID()}`], acme.apiKey))[0]!;
    const cv = (await analyze('cvs', [`${SKILLED_CV}\nReference ${randomUUID()}`], acme.apiKey))[0]!;
    expect((await match({ jobId: job, candidatesIds: [cv, chef], topK: 2, cache: true })).status).toBe(200);
    expect((await call('DELETE', `/cvs/${cv}`, acme.apiKey)).status).toBe(200);
    const { value } = await eventually(
      () => call('GET', `/match/${job}`, acme.apiKey),
      (r) => !(r.body.data?.candidates as Body[] | undefined)?.some((c) => c.person_id === cv),
      20_000,
    );
    expect(value.body.data.candidates.map((c: Body) => c.person_id)).toEqual([chef]);
    expect((await call('DELETE', `/jobs/${job}`, acme.apiKey)).status).toBe(200);
    const gone = await eventually(
      () => call('GET', `/match/${job}`, acme.apiKey),
      (r) => r.status === 404,
      20_000,
    );
    expect(gone.value.status).toBe(404);
  });
});
