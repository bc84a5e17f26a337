import { createGrpcClient, type AsyncClient } from '@talent/platform';
import { documents } from '@talent/proto';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CV_TEXT, JOB_TEXT } from './documents-data.js';
import { E2eStack, type DocumentResource } from './harness.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are asserted field by field
type Body = Record<string, any>;

/** A CV with none of the job's skills: what a recruiter's correction adds shows in its scores. */
const GARDENER_CV = `Robin Hale
robin.hale@example.org

EXPERIENCE
Landscape Gardener
Greenway Gardens Ltd
03/2012 - 08/2023
- Planted and pruned public parks, managed a crew of five

SKILLS
Horticulture, pruning, irrigation
`;

/**
 * Matching keeps the records it parsed (src/peers/record-cache.ts) and asks documents only whether they are still
 * current: a changed, deleted or foreign record must never be scored from that cache.
 */
describe('matching record cache end to end (REST → gateway → matching → documents)', () => {
  const e2e = new E2eStack();
  let acme: { workspaceId: string; apiKey: string };
  let other: { workspaceId: string; apiKey: string };
  let documentsClient: AsyncClient<documents.DocumentsServiceClient>;
  let jobId: string;
  let job: Body;
  let strong: string;
  let otherJob: string;
  let otherCv: string;

  const call = (method: string, path: string, apiKey: string, body?: unknown) => e2e.json(method, path, apiKey, body);
  const analyze = (resource: DocumentResource, texts: string[], apiKey: string) =>
    e2e.analyzeAll(resource, apiKey, texts, { block: true });
  const match = (body: Body, apiKey = acme.apiKey) => call('POST', '/match', apiKey, body);
  const candidate = async (cvId: string, candidates = [cvId, strong]): Promise<Body> => {
    const { status, body } = await match({ jobId, candidatesIds: candidates, topK: candidates.length });
    expect(status).toBe(200);
    return (body.data[0] as Body[]).find((c) => c.person_id === cvId)!;
  };
  const charges = async (apiKey: string) =>
    ((await call('GET', '/credits/history?limit=100&action=job_matching', apiKey)).body.data as Body[]).filter(
      (entry) => entry.kind === 'charge',
    ).length;

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
    documentsClient = createGrpcClient(documents.DocumentsServiceClient, e2e.stack.address('documents'));
    jobId = (await analyze('jobs', [JOB_TEXT], acme.apiKey))[0]!;
    job = (await call('GET', `/jobs/${jobId}`, acme.apiKey)).body.data as Body;
    strong = (await analyze('cvs', [CV_TEXT], acme.apiKey))[0]!;
    [otherJob, otherCv] = [
      (await analyze('jobs', [JOB_TEXT], other.apiKey))[0]!,
      (await analyze('cvs', [CV_TEXT], other.apiKey))[0]!,
    ];
  }, 240_000);
  afterAll(async () => {
    documentsClient?.close();
    await e2e.stop();
  }, 60_000);
  afterEach((context) => {
    if (context.task.result?.state === 'fail') console.log(e2e.logs.slice(-120).join('\n'));
  });

  it('re-scores a CV with its new content on the next match after each update', async () => {
    const gardener = (await analyze('cvs', [`${GARDENER_CV}\nReference ${randomUUID()}`], acme.apiKey))[0]!;
    const skill = job.hard_skills[0] as Body;
    const key = String(skill.skill).trim();
    const before = await candidate(gardener);
    expect(before.score_dict.hard_skills[key].criteria).not.toMatch(/^exact skill/);
    // Twice, straight after each other: each version must be seen, not only the first change.
    for (const marker of [`Verified by a recruiter ${randomUUID()}`, `Verified again ${randomUUID()}`]) {
      const put = await call('PUT', `/cvs/${gardener}`, acme.apiKey, {
        content_language: 'en',
        hard_skills: [{ id: skill.id, relationship: 'satisfies', explanation: marker }],
      });
      expect(put.status).toBe(200);
      const after = await candidate(gardener);
      expect(after.score_dict.hard_skills[key]).toEqual({
        score: 10,
        criteria: expect.stringMatching(/^exact skill/),
        explanation: expect.stringContaining(marker),
      });
      expect(after.score_meta.hard_skills).toBeGreaterThan(before.score_meta.hard_skills);
    }
    // The second correction replaced the first: nothing of the first is scored any more.
    const last = await candidate(gardener);
    expect(JSON.stringify(last.score_dict)).not.toContain('Verified by a recruiter');
  });

  it('refuses a deleted CV on the next match although it was just matched, charging nothing', async () => {
    const gone = (await analyze('cvs', [`${GARDENER_CV}\nReference ${randomUUID()}`], acme.apiKey))[0]!;
    expect((await candidate(gone)).person_id).toBe(gone);
    expect((await call('DELETE', `/cvs/${gone}`, acme.apiKey)).status).toBe(200);
    const before = await charges(acme.apiKey);
    // At once: whether or not the deletion event has reached matching yet.
    expect(await match({ jobId, candidatesIds: [strong, gone], topK: 2 })).toEqual({
      status: 422,
      body: { code: 'CANDIDATES_NOT_FOUND', message: expect.any(String), candidate_ids: [gone] },
    });
    expect(await charges(acme.apiKey)).toBe(before);
  });

  it('never answers a record matched in one workspace to another workspace', async () => {
    // Acme's job and CV are now held by matching.
    expect((await candidate(strong, [strong])).person_id).toBe(strong);
    const before = await charges(other.apiKey);
    expect(await match({ jobId: otherJob, candidatesIds: [otherCv, strong], topK: 2 }, other.apiKey)).toEqual({
      status: 422,
      body: { code: 'CANDIDATES_NOT_FOUND', message: expect.any(String), candidate_ids: [strong] },
    });
    expect(await match({ jobId, candidatesIds: [otherCv], topK: 1 }, other.apiKey)).toEqual({
      status: 404,
      body: { code: 'VACANCY_NOT_FOUND', message: expect.any(String), vacancy_id: jobId },
    });
    expect(await charges(other.apiKey)).toBe(before);
    // Other's own records still match there, with their own scores.
    const own = await match({ jobId: otherJob, candidatesIds: [otherCv], topK: 1 }, other.apiKey);
    expect(own.status).toBe(200);
    expect(own.body.data[0][0].person_id).toBe(otherCv);
  });

  it('GetMatchInputs answers a record held at its current version without JSON, and checks it every time', async () => {
    const ask = (workspaceId: string, knownVersions: { id: string; version: string }[]) =>
      documentsClient.getMatchInputs({ workspaceId, jobId, candidateIds: [strong], knownVersions });
    const first = await ask(acme.workspaceId, []);
    const [cv] = first.candidates;
    expect(cv).toEqual(
      expect.objectContaining({ status: documents.TaskStatus.TASK_STATUS_COMPLETED, unchanged: false }),
    );
    expect(JSON.parse(cv!.json).id).toBe(strong);
    const known = [
      { id: jobId, version: first.job!.version },
      { id: strong, version: cv!.version },
    ];
    const again = await ask(acme.workspaceId, known);
    for (const input of [again.job!, again.candidates[0]!])
      expect(input).toEqual(
        expect.objectContaining({ status: documents.TaskStatus.TASK_STATUS_COMPLETED, unchanged: true, json: '' }),
      );
    // A version it does not have any more (or never had) brings the JSON.
    const stale = await ask(acme.workspaceId, [{ id: strong, version: `${cv!.version}0` }]);
    expect(stale.candidates[0]!.unchanged).toBe(false);
    expect(JSON.parse(stale.candidates[0]!.json).id).toBe(strong);
    // Another workspace naming the same versions learns nothing.
    const foreign = await ask(other.workspaceId, known);
    expect(foreign.job!.status).toBe(documents.TaskStatus.TASK_STATUS_NOT_FOUND);
    expect(foreign.candidates[0]).toEqual(
      expect.objectContaining({ status: documents.TaskStatus.TASK_STATUS_NOT_FOUND, unchanged: false, json: '' }),
    );
  });
});
