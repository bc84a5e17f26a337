import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useGatewayWithPeerDown, type Sent } from './harness.js';

/**
 * Everything the gateway decides by itself about the matching endpoints. The matching service is DOWN: a 4xx
 * below proves the request never needed it, and the valid requests answer 503 (it would have been called).
 */
describe('gateway: matching endpoints, validated without the matching service', () => {
  const { send } = useGatewayWithPeerDown('Matching validation', 'matching');

  const expectError = (response: Sent, status: number, message: string) => {
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    expect(response.body).toEqual({ error: message });
  };
  /** Valid for the gateway: the next step is the matching service, which is down. */
  const expectForwarded = (response: Sent) => {
    expect(response.status, JSON.stringify(response.body)).toBe(503);
    expect(response.body).toEqual({ error: expect.any(String), request_id: expect.any(String) });
  };

  const jobId = randomUUID();
  const candidatesIds = [randomUUID(), randomUUID()];
  const valid = { jobId, candidatesIds, topK: 5 };
  const match = (json: unknown) => send('POST', '/match', { json });

  const MISSING = 'Missing required fields.';
  const CANDIDATES = "'candidatesIds' must be a non-empty array of UUIDs.";
  const TOP_K = "'topK' must be an integer between 1 and 2147483647.";
  const WEIGHTS = "'weights' must be an object with optional numbers 'experience', 'hardSkills', 'softSkills', 'education' between 0 and 1.";
  const SUM = 'Sum of weights cannot be greater than 1';
  const VERSION = "Query parameter 'version' must be an integer between 1 and 2147483647.";

  it('needs an API key on both operations', async () => {
    for (const [method, path] of [
      ['POST', '/match'],
      ['GET', `/match/${jobId}`],
    ] as const) {
      const response = await send(method, path, { key: null, json: method === 'POST' ? valid : undefined });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.body).toEqual({ error: expect.any(String) });
      expect((await send(method, path, { key: randomUUID(), json: method === 'POST' ? valid : undefined })).body).toEqual({ error: 'Invalid API Key.' });
    }
  });

  describe('POST /match', () => {
    it.each([
      ['an empty object', {}],
      ['jobId missing', { candidatesIds, topK: 1 }],
      ['candidatesIds missing', { jobId, topK: 1 }],
      ['topK missing', { jobId, candidatesIds }],
      ['topK missing and a bad weight', { jobId, candidatesIds, weights: { experience: 7 } }],
      ['topK missing, a bad jobId and an unknown field', { jobId: 'nope', candidatesIds, foo: 1 }],
      ['only options', { weights: { experience: 0.5 }, cache: true }],
      ['topK missing and weights summing above 1', { jobId, candidatesIds, weights: { experience: 1, education: 1 } }],
    ])('%s → 400 Missing required fields.', async (_name, json) => {
      expectError(await match(json), 400, MISSING);
    });

    it('no body at all → 400 Missing required fields.', async () => {
      expectError(await send('POST', '/match'), 400, MISSING);
    });

    it('a body that is not a JSON object → 400', async () => {
      expectError(await match([valid]), 400, 'Request body must be a JSON object.');
      expectError(await send('POST', '/match', { raw: '{"jobId": ' , headers: { 'content-type': 'application/json' } }), 400, 'Malformed JSON body.');
      expectError(
        await send('POST', '/match', { raw: JSON.stringify(valid), headers: { 'content-type': 'text/plain' } }),
        400,
        'Request body must be JSON: send it with Content-Type: application/json.',
      );
    });

    it.each([
      ['foo', { ...valid, foo: 1 }],
      ['candidateIds', { ...valid, candidateIds: candidatesIds }],
      ['top_k', { ...valid, top_k: 3 }],
    ])('unknown field %s → 400 naming it', async (name, json) => {
      expectError(await match(json), 400, `Unknown field '${name}': the body accepts 'jobId', 'candidatesIds', 'topK', 'weights', 'cache', 'blind', 'guidance'.`);
    });

    it.each([
      ['not a UUID', 'job-1'],
      ['a number', 42],
      ['null', null],
      ['an empty string', ''],
      ['a UUID with extra text', `${jobId}x`],
    ])('jobId %s → 400 naming jobId', async (_name, value) => {
      expectError(await match({ ...valid, jobId: value }), 400, "'jobId' must be a UUID.");
    });

    it.each([
      ['an empty array', []],
      ['a string', candidatesIds[0]],
      ['null', null],
      ['an object', { id: candidatesIds[0] }],
    ])('candidatesIds as %s → 400 naming candidatesIds', async (_name, value) => {
      expectError(await match({ ...valid, candidatesIds: value }), 400, CANDIDATES);
    });

    it('a malformed candidate id → 400 naming its index', async () => {
      expectError(await match({ ...valid, candidatesIds: [candidatesIds[0], 'cv-2'] }), 400, "'candidatesIds[1]' must be a UUID.");
      expectError(await match({ ...valid, candidatesIds: [7] }), 400, "'candidatesIds[0]' must be a UUID.");
    });

    it('at most 10,000 candidate ids per request', async () => {
      const many = Array.from({ length: 10_000 }, () => randomUUID());
      expectForwarded(await match({ ...valid, candidatesIds: many }));
      expectError(await match({ ...valid, candidatesIds: [...many, randomUUID()] }), 400, "'candidatesIds' may hold at most 10,000 ids per request.");
    });

    it.each([
      ['0', 0],
      ['negative', -1],
      ['fractional', 1.5],
      ['a numeric string', '3'],
      ['null', null],
      ['beyond int32', 2_147_483_648],
    ])('topK %s → 400 naming topK', async (_name, value) => {
      expectError(await match({ ...valid, topK: value }), 400, TOP_K);
    });

    it.each([
      ['a string', 'equal'],
      ['null', null],
      ['an array', [0.25, 0.25, 0.25, 0.25]],
      ['a number', 1],
    ])('weights as %s → 400 naming weights', async (_name, value) => {
      expectError(await match({ ...valid, weights: value }), 400, WEIGHTS);
    });

    it.each([
      ['experience', 1.5],
      ['hardSkills', -0.1],
      ['softSkills', '0.5'],
      ['education', null],
    ])('weights.%s = %j → 400 naming the weight', async (name, value) => {
      expectError(await match({ ...valid, weights: { [name]: value } }), 400, `'weights.${name}' must be a number between 0 and 1.`);
    });

    it('an unknown weight → 400 naming it', async () => {
      expectError(
        await match({ ...valid, weights: { experience: 0.5, hard_skills: 0.5 } }),
        400,
        "Unknown field 'weights.hard_skills': the weights are 'experience', 'hardSkills', 'softSkills', 'education'.",
      );
    });

    it('weights all 0 (or none given inside the object) → 400', async () => {
      const message = "'weights' must give at least one weight above 0; omit 'weights' for equal weights.";
      expectError(await match({ ...valid, weights: {} }), 400, message);
      expectError(await match({ ...valid, weights: { experience: 0, hardSkills: 0, softSkills: 0, education: 0 } }), 400, message);
    });

    it('cache not a boolean → 400 naming cache', async () => {
      expectError(await match({ ...valid, cache: 'yes' }), 400, "'cache' must be a boolean (true or false).");
      expectError(await match({ ...valid, cache: 1 }), 400, "'cache' must be a boolean (true or false).");
    });

    it.each([
      ['two full weights', { experience: 1, hardSkills: 1 }],
      ['four halves', { experience: 0.5, hardSkills: 0.5, softSkills: 0.5, education: 0.5 }],
      ['1 + 1e-6', { experience: 0.5, hardSkills: 0.500001 }],
    ])('weights summing above 1 (%s) → 400 Sum of weights cannot be greater than 1', async (_name, weights) => {
      expectError(await match({ ...valid, weights }), 400, SUM);
    });

    it('checks in order: missing, unknown field, jobId, candidatesIds, topK, weights, cache, then the sum', async () => {
      const badWeights = { experience: 2 };
      expectError(await match({ jobId: 'x', candidatesIds: [], topK: 0, weights: badWeights, foo: 1 }), 400, "Unknown field 'foo': the body accepts 'jobId', 'candidatesIds', 'topK', 'weights', 'cache', 'blind', 'guidance'.");
      expectError(await match({ jobId: 'x', candidatesIds: [], topK: 0, weights: badWeights, cache: 'x' }), 400, "'jobId' must be a UUID.");
      expectError(await match({ jobId, candidatesIds: [], topK: 0, weights: badWeights, cache: 'x' }), 400, CANDIDATES);
      expectError(await match({ jobId, candidatesIds, topK: 0, weights: badWeights, cache: 'x' }), 400, TOP_K);
      expectError(await match({ jobId, candidatesIds, topK: 1, weights: badWeights, cache: 'x' }), 400, "'weights.experience' must be a number between 0 and 1.");
      expectError(await match({ jobId, candidatesIds, topK: 1, weights: { experience: 1, education: 1 }, cache: 'x' }), 400, "'cache' must be a boolean (true or false).");
      expectError(await match({ jobId, candidatesIds, topK: 1, weights: { experience: 1, education: 1 }, cache: true }), 400, SUM);
    });

    it.each([
      ['minimal', valid],
      ['every option', { ...valid, weights: { experience: 0.4, hardSkills: 0.3, softSkills: 0.2, education: 0.1 }, cache: true }],
      ['weights summing to 1 with float rounding (0.1 + 0.2 + 0.3 + 0.4)', { ...valid, weights: { experience: 0.1, hardSkills: 0.2, softSkills: 0.3, education: 0.4 } }],
      ['some weights, summing below 1', { ...valid, weights: { hardSkills: 0.3 } }],
      ['one weight of 1', { ...valid, weights: { education: 1 } }],
      ['duplicate candidate ids', { ...valid, candidatesIds: [candidatesIds[0], candidatesIds[0]] }],
      ['upper-case UUIDs', { ...valid, jobId: jobId.toUpperCase(), candidatesIds: candidatesIds.map((id) => id.toUpperCase()) }],
      ['topK above the number of candidates', { ...valid, topK: 2_147_483_647 }],
      ['cache false', { ...valid, cache: false }],
    ])('%s → forwarded (503: the matching service is down)', async (_name, json) => {
      expectForwarded(await match(json));
    });

    it('accepts an Idempotency-Key and refuses a malformed one before the upstream call', async () => {
      expectForwarded(await send('POST', '/match', { json: valid, headers: { 'idempotency-key': 'match-1' } }));
      const response = await send('POST', '/match', { json: valid, headers: { 'idempotency-key': 'x'.repeat(256) } });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: expect.stringContaining('Idempotency-Key') });
    });
  });

  describe('GET /match/{jobId}', () => {
    it.each(['0', '-1', '1.5', 'abc', '', 'latest', '2147483648'])('version=%s → 400 naming version', async (version) => {
      expectError(await send('GET', `/match/${jobId}?version=${version}`), 400, VERSION);
    });

    it('a jobId that is not a UUID → 404 like an unknown job, without the matching service', async () => {
      expectError(await send('GET', '/match/not-a-job'), 404, 'No stored match results for job not-a-job.');
      expectError(await send('GET', '/match/not-a-job?version=2'), 404, 'No stored match results for job not-a-job.');
    });

    it.each([
      ['no version', ''],
      ['version 1', '?version=1'],
      ['version 12', '?version=12'],
    ])('%s → forwarded (503: the matching service is down)', async (_name, query) => {
      expectForwarded(await send('GET', `/match/${jobId}${query}`));
    });

    it('other methods → 405 with Allow', async () => {
      const response = await send('DELETE', `/match/${jobId}`);
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD');
      const post = await send('GET', '/match');
      expect(post.status).toBe(405);
      expect(post.headers.get('allow')).toBe('POST');
    });
  });
});
