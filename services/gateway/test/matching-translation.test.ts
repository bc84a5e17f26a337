import { bindService, createLogger, DomainError, startGrpcServer, type RunningGrpcServer } from '@talent/platform';
import { matching } from '@talent/proto';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { billingAdmin, startRealBilling, startTestGateway, stopBackend, type RealBackend, type TestGateway } from './harness.js';

/**
 * HTTP ⇄ gRPC translation of the matching routes, over the platform's real gRPC server and error transport, with
 * a scripted MatchingService in place of the real one (which owns scoring, storage and charging): what the
 * gateway sends, how it shapes the answers, and how the service's domain errors reach the client.
 */
describe('gateway → matching gRPC: requests, answers and errors', () => {
  let billing: RealBackend;
  let server: RunningGrpcServer;
  let gateway: TestGateway;
  let apiKey: string;
  let workspaceId: string;

  const matchCalls: matching.MatchRequest[] = [];
  const storedCalls: matching.GetStoredResultRequest[] = [];
  let matchAnswer: () => Promise<matching.MatchResponse>;
  let storedAnswer: () => Promise<matching.GetStoredResultResponse>;

  const jobId = randomUUID();
  const cv1 = randomUUID();
  const cv2 = randomUUID();
  const detail = { score: 8, criteria: 'TypeScript', explanation: '5 years of TypeScript at Acme.' };
  const candidate = (personId: string, score: number) => ({
    score_meta: { education: 5, hard_skills: 8, soft_skills: 6, experience: 7 },
    score_dict: { education: {}, hard_skills: { TypeScript: detail }, soft_skills: {}, experience: {} },
    summary_score: score,
    final_score: score,
    person_id: personId,
    job_id: jobId,
  });
  const ranked = [candidate(cv2, 8.1), candidate(cv1, 6.4)];

  beforeAll(async () => {
    billing = await startRealBilling();
    const admin = billingAdmin(billing.address);
    const created = await admin.createWorkspace({ name: 'Matching translation', grantTokens: 0, grantExpiresInSeconds: 0, idempotencyKey: '' });
    apiKey = created.apiKey;
    workspaceId = created.workspaceId;
    admin.close();
    server = await startGrpcServer({
      port: 0,
      host: '127.0.0.1',
      logger: createLogger('matching-translation-test', 'silent'),
      services: [
        bindService<matching.MatchingServiceServer>('talent.matching.v1.MatchingService', matching.MatchingServiceService, {
          match: async (request) => {
            matchCalls.push(request);
            return matchAnswer();
          },
          getStoredResult: async (request) => {
            storedCalls.push(request);
            return storedAnswer();
          },
        }),
      ],
    });
    gateway = await startTestGateway({ billing: billing.address, matching: `127.0.0.1:${server.port}` });
  });
  afterAll(async () => {
    await gateway?.stop();
    await server?.shutdown(1_000);
    await stopBackend(billing);
  });
  beforeEach(() => {
    matchCalls.length = 0;
    storedCalls.length = 0;
    matchAnswer = async () => ({ candidatesJson: JSON.stringify(ranked), version: 0 });
    storedAnswer = async () => {
      throw new DomainError('NOT_FOUND', `No stored match results for job ${jobId}.`);
    };
  });

  async function send(method: string, path: string, json?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${gateway.url}/api/v1${path}`, {
      method,
      headers: { 'x-api-key': apiKey, ...(json !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are asserted field by field
    return { status: response.status, body: (await response.json()) as any };
  }

  describe('POST /match', () => {
    it('forwards the request (no weights → none sent, cache false, duplicates kept) and wraps the ranking in one result set', async () => {
      const response = await send('POST', '/match', { jobId, candidatesIds: [cv1, cv2, cv1], topK: 2 });
      expect(response).toEqual({ status: 200, body: { message: 'Matching completed: 2 candidates ranked.', length: 1, data: [ranked] } });
      expect(matchCalls).toHaveLength(1);
      expect(matchCalls[0]).toMatchObject({ workspaceId, jobId, candidateIds: [cv1, cv2, cv1], topK: 2, cache: false, idempotencyKey: '' });
      expect(matchCalls[0]!.weights).toBeUndefined();
    });

    it('sends given weights with the missing ones as 0, cache and the Idempotency-Key; the message names the stored version', async () => {
      matchAnswer = async () => ({ candidatesJson: JSON.stringify(ranked.slice(0, 1)), version: 3 });
      const response = await send('POST', '/match', { jobId, candidatesIds: [cv1, cv2], topK: 1, weights: { hardSkills: 0.6, experience: 0.2 }, cache: true }, { 'idempotency-key': 'match-key-1' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        message: `Matching completed: 1 candidate ranked; stored as version 3 of the results of job ${jobId}.`,
        length: 1,
        data: [ranked.slice(0, 1)],
      });
      expect(matchCalls[0]).toMatchObject({
        weights: { experience: 0.2, hardSkills: 0.6, softSkills: 0, education: 0 },
        cache: true,
        idempotencyKey: 'match-key-1',
      });
    });

    it('an empty ranking is still one result set', async () => {
      matchAnswer = async () => ({ candidatesJson: '[]', version: 0 });
      expect((await send('POST', '/match', { jobId, candidatesIds: [cv1], topK: 5 })).body).toEqual({ message: 'Matching completed: 0 candidates ranked.', length: 1, data: [[]] });
    });

    it.each([
      [
        'VACANCY_NOT_FOUND',
        new DomainError('VACANCY_NOT_FOUND', `Vacancy ${jobId} not found.`, { vacancy_id: jobId }),
        404,
        { code: 'VACANCY_NOT_FOUND', message: `Vacancy ${jobId} not found.`, vacancy_id: jobId },
      ],
      [
        'CANDIDATES_NOT_FOUND',
        new DomainError('CANDIDATES_NOT_FOUND', '2 candidates not found.', { candidate_ids: [cv1, cv2] }),
        422,
        { code: 'CANDIDATES_NOT_FOUND', message: '2 candidates not found.', candidate_ids: [cv1, cv2] },
      ],
      [
        'VACANCY_HAS_NO_REQUIREMENTS',
        new DomainError('VACANCY_HAS_NO_REQUIREMENTS', 'No requirements.', { vacancy_id: jobId }),
        422,
        { code: 'VACANCY_HAS_NO_REQUIREMENTS', message: 'No requirements.', vacancy_id: jobId },
      ],
      [
        'INSUFFICIENT_CREDITS',
        new DomainError('INSUFFICIENT_CREDITS', 'Insufficient credits: 1 tokens required, 0 available.', { balance: 0, required: 1 }),
        402,
        { code: 'INSUFFICIENT_CREDITS', message: 'Insufficient credits: 1 tokens required, 0 available.', balance: 0, required: 1 },
      ],
    ])('%s from the matching service → its HTTP status and exact body', async (_code, error, status, body) => {
      matchAnswer = async () => {
        throw error;
      };
      expect(await send('POST', '/match', { jobId, candidatesIds: [cv1, cv2], topK: 2 })).toEqual({ status, body });
    });
  });

  describe('GET /match/{jobId}', () => {
    const stored: matching.GetStoredResultResponse = {
      jobId,
      version: 2,
      createdAt: new Date('2026-11-21T11:15:00.123Z'),
      weights: { experience: 0.25, hardSkills: 0.25, softSkills: 0.25, education: 0.25 },
      topK: 2,
      candidatesJson: JSON.stringify(ranked),
      versionsUsedJson: JSON.stringify({ scorer: 'rules-1', taxonomy: 'esco-1.2', job_analyzer: 'a1', cv_analyzers: ['a1'] }),
    };

    it('reads the latest version (0 upstream) and answers the stored result', async () => {
      storedAnswer = async () => stored;
      const response = await send('GET', `/match/${jobId}`);
      expect(response).toEqual({
        status: 200,
        body: {
          message: 'Match results retrieved successfully (version 2).',
          data: {
            job_id: jobId,
            version: 2,
            created_at: '2026-11-21T11:15:00.123Z',
            weights: { experience: 0.25, hardSkills: 0.25, softSkills: 0.25, education: 0.25 },
            top_k: 2,
            candidates: ranked,
            versions_used: { scorer: 'rules-1', taxonomy: 'esco-1.2', job_analyzer: 'a1', cv_analyzers: ['a1'] },
          },
        },
      });
      expect(storedCalls).toEqual([{ workspaceId, jobId, version: 0 }]);
    });

    it('forwards the version asked for', async () => {
      storedAnswer = async () => ({ ...stored, version: 1 });
      expect((await send('GET', `/match/${jobId}?version=1`)).body.data.version).toBe(1);
      expect(storedCalls).toEqual([{ workspaceId, jobId, version: 1 }]);
    });

    it('NOT_FOUND from the matching service → 404 {error}', async () => {
      expect(await send('GET', `/match/${jobId}?version=9`)).toEqual({ status: 404, body: { error: `No stored match results for job ${jobId}.` } });
    });
  });
});
