import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  CandidatesNotFoundError,
  InsufficientCreditsError,
  RateLimitedError,
  ServerError,
  TalentClient,
  type TaskStatusItem,
} from '../src/index.js';
import { json, startServer } from './server.js';

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const status = (id: string, s: TaskStatusItem['status'], reason: string | null = null): TaskStatusItem => ({ id, status: s, original_id: null, failure_reason: reason });

describe('client: retries, backoff, errors, idempotency keys, waiting and paging against a real HTTP server', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let client: TalentClient;
  beforeAll(async () => {
    server = await startServer();
    client = new TalentClient({ baseUrl: server.url, apiKey: 'key-1', retry: { baseDelayMs: 20, maxDelayMs: 5_000 } });
  });
  afterAll(() => server.close());

  it('a bare origin gets /api/v1; the key is sent as x-api-key', async () => {
    const bare = new TalentClient({ baseUrl: server.url.replace('/api/v1', ''), apiKey: 'key-2' });
    server.handle((_req, res) => json(res, 200, { message: 'ok', data: { balance: 5, reserved: 0, available: 5, updated_at: '2026-11-29T00:00:00.000Z' } }));
    expect(await bare.balance()).toMatchObject({ balance: 5, available: 5 });
    expect(server.seen[0]).toMatchObject({ method: 'GET', url: '/api/v1/credits/balance' });
    expect(server.seen[0]?.headers['x-api-key']).toBe('key-2');
  });

  it('waits as long as Retry-After says on 429, then succeeds, with the same Idempotency-Key on both attempts', async () => {
    server.handle((_req, res, index) =>
      index === 0
        ? json(res, 429, { error: 'Too many requests.', code: 'RATE_LIMITED' }, { 'retry-after': '1' })
        : json(res, 200, { message: 'ok', length: 1, data: [[]] }),
    );
    const candidates = await client.match({ jobId: ID(1), candidatesIds: [ID(2)], topK: 5 });
    expect(candidates).toEqual([]);
    expect(server.seen).toHaveLength(2);
    expect(server.seen[1]!.at - server.seen[0]!.at).toBeGreaterThanOrEqual(950);
    const keys = server.seen.map((r) => r.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(JSON.parse(server.seen[1]!.body.toString())).toEqual({ jobId: ID(1), candidatesIds: [ID(2)], topK: 5 });
  });

  it('honours the RateLimit header (r=0;t=…) on 503 when there is no Retry-After', async () => {
    server.handle((_req, res, index) =>
      index === 0
        ? json(res, 503, { error: 'Unavailable.', request_id: 'r1' }, { ratelimit: '"talent-api";r=0;t=1' })
        : json(res, 200, { message: 'ok', data: { balance: 1, reserved: 0, available: 1, updated_at: '2026-11-29T00:00:00.000Z' } }),
    );
    await client.balance();
    expect(server.seen).toHaveLength(2);
    expect(server.seen[1]!.at - server.seen[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('keeps a caller-given Idempotency-Key', async () => {
    server.handle((_req, res) => json(res, 200, { message: 'ok', length: 1, data: [[]] }));
    await client.match({ jobId: ID(1), candidatesIds: [ID(2)], topK: 5 }, { idempotencyKey: 'my-key-1' });
    expect(server.seen[0]?.headers['idempotency-key']).toBe('my-key-1');
  });

  it('backs off exponentially without server hints and gives up after maxAttempts with a ServerError carrying the body', async () => {
    const limited = new TalentClient({ baseUrl: server.url, retry: { maxAttempts: 4, baseDelayMs: 100 } });
    server.handle((_req, res) => json(res, 503, { error: 'Service unavailable.', request_id: 'req-9' }));
    const error = await limited.balance().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ status: 503, requestId: 'req-9', message: 'Service unavailable.' });
    expect(server.seen).toHaveLength(4);
  });

  it('retries a request that got no answer (connection refused), then reports the failure', async () => {
    const down = new TalentClient({ baseUrl: 'http://127.0.0.1:1/api/v1', retry: { maxAttempts: 3, baseDelayMs: 10 } });
    const retries: number[] = [];
    const observed = new TalentClient({ baseUrl: 'http://127.0.0.1:1/api/v1', retry: { maxAttempts: 3, baseDelayMs: 10 }, onRetry: (info) => retries.push(info.attempt) });
    await expect(down.balance()).rejects.toThrow();
    await expect(observed.balance()).rejects.toThrow();
    expect(retries).toEqual([1, 2]);
  });

  it('does not retry other errors and maps them to typed classes with the spec body', async () => {
    server.handle((_req, res) => json(res, 401, { error: 'Invalid API Key.' }));
    await expect(client.balance()).rejects.toBeInstanceOf(AuthenticationError);
    expect(server.seen).toHaveLength(1);

    server.handle((_req, res) =>
      json(res, 402, { code: 'INSUFFICIENT_CREDITS', message: 'Insufficient credits: 5 tokens required, 3 available.', balance: 3, required: 5 }),
    );
    const credits = await client.analyzeTexts('cvs', ['a'], { wait: 'none' }).catch((e: unknown) => e);
    expect(credits).toBeInstanceOf(InsufficientCreditsError);
    expect(credits).toMatchObject({ status: 402, balance: 3, required: 5, code: 'INSUFFICIENT_CREDITS' });

    server.handle((_req, res) => json(res, 422, { code: 'CANDIDATES_NOT_FOUND', message: 'Candidates not found.', candidate_ids: [ID(7), ID(8)] }));
    const missing = await client.match({ jobId: ID(1), candidatesIds: [ID(7), ID(8)], topK: 5 }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(CandidatesNotFoundError);
    expect((missing as CandidatesNotFoundError).candidateIds).toEqual([ID(7), ID(8)]);

    const noRetry = new TalentClient({ baseUrl: server.url, retry: { maxAttempts: 1 } });
    server.handle((_req, res) => json(res, 429, { error: 'Too many requests.', code: 'RATE_LIMITED' }, { 'retry-after': '7' }));
    const limited = await noRetry.balance().catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(RateLimitedError);
    expect((limited as RateLimitedError).retryAfterSeconds).toBe(7);
  });

  it('analyze and poll: polls the status endpoint with growing pauses until every task is final', async () => {
    let polls = 0;
    server.handle((req, res) => {
      if (req.url === '/api/v1/cvs/analyze') return json(res, 200, { message: 'accepted', data: { ids: [ID(1), ID(2)], status: 'PENDING' } });
      polls += 1;
      const ids = (JSON.parse(req.body.toString()) as { ids: string[] }).ids;
      json(res, 200, {
        message: 'ok',
        length: ids.length,
        data: ids.map((id) => (polls < 3 ? status(id, 'PENDING') : id === ID(2) ? status(id, 'FAILED', 'Empty document.') : status(id, 'COMPLETED'))),
      });
    });
    const seen: string[] = [];
    const result = await client.analyzeTexts('cvs', ['one', 'two'], { pollIntervalMs: 50, onStatus: (s) => seen.push(`${s.id}:${s.status}`) });
    expect(result.status).toBe('FAILED');
    expect(result.statuses.find((s) => s.id === ID(2))?.failure_reason).toBe('Empty document.');
    expect(seen.sort()).toEqual([`${ID(1)}:COMPLETED`, `${ID(2)}:FAILED`]);
    const pollTimes = server.seen.filter((r) => r.url.endsWith('/status')).map((r) => r.at);
    expect(pollTimes).toHaveLength(3);
    // 50 ms, then 75 ms: the second pause is the longer.
    expect(pollTimes[2]! - pollTimes[1]!).toBeGreaterThanOrEqual(70);
  });

  it('analyze with block: sends block and uses the final statuses the server waited for', async () => {
    server.handle((_req, res) => json(res, 200, { message: 'done', data: { ids: [ID(3)], status: 'COMPLETED', statuses: [status(ID(3), 'COMPLETED')] } }));
    const result = await client.analyzeTexts('jobs', ['job text'], { wait: 'block' });
    expect(result).toMatchObject({ ids: [ID(3)], status: 'COMPLETED' });
    expect(server.seen).toHaveLength(1);
    expect(server.seen[0]?.url).toBe('/api/v1/jobs/analyze');
    expect(JSON.parse(server.seen[0]!.body.toString())).toMatchObject({ inputs: ['job text'], block: true, stream: false, cache: true });
  });

  it('analyze with stream: follows the Server-Sent Events to `done`', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`event: accepted\ndata: ${JSON.stringify({ ids: [ID(4), ID(5)] })}\n\n: heartbeat\n\n`);
      res.write(`event: status\ndata: ${JSON.stringify(status(ID(4), 'COMPLETED'))}\n\n`);
      res.write(`event: status\ndata: ${JSON.stringify(status(ID(5), 'COMPLETED'))}\n\n`);
      res.end(`event: done\ndata: ${JSON.stringify({ message: 'done', ids: [ID(4), ID(5)], status: 'COMPLETED', statuses: [status(ID(4), 'COMPLETED'), status(ID(5), 'COMPLETED')] })}\n\n`);
    });
    const events: string[] = [];
    const result = await client.analyzeTexts('cvs', ['a', 'b'], { wait: 'stream', onStatus: (s) => events.push(s.id) });
    expect(result.status).toBe('COMPLETED');
    expect(events).toEqual([ID(4), ID(5)]);
    expect(JSON.parse(server.seen[0]!.body.toString())).toMatchObject({ stream: true });
  });

  it('uploads files from bytes, blobs and streams as multipart parts with their names', async () => {
    server.handle((_req, res) => json(res, 200, { message: 'accepted', data: { ids: [ID(1), ID(2), ID(3)], status: 'PENDING' } }));
    async function* chunks() {
      yield new TextEncoder().encode('%PDF-1.4 streamed');
    }
    const result = await client.analyzeFiles(
      'cvs',
      [
        { name: 'a.pdf', data: new TextEncoder().encode('%PDF-1.4 bytes') },
        { name: 'b.docx', data: new Blob(['PK blob']) },
        { name: 'c.pdf', data: chunks() },
      ],
      { wait: 'none', cache: false },
    );
    expect(result).toEqual({ ids: [ID(1), ID(2), ID(3)], status: 'PENDING', statuses: [] });
    const request = server.seen[0]!;
    expect(request.url).toBe('/api/v1/cvs/analyze/files');
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const form = await new Response(request.body, { headers: { 'content-type': request.headers['content-type']! } }).formData();
    const files = form.getAll('files') as File[];
    expect(files.map((f) => f.name)).toEqual(['a.pdf', 'b.docx', 'c.pdf']);
    expect(await files[2]!.text()).toBe('%PDF-1.4 streamed');
    expect(form.get('cache')).toBe('false');
  });

  it('pages GET /cvs with an async iterator until has_more is false', async () => {
    const all = Array.from({ length: 5 }, (_, i) => ({ id: ID(i) }));
    server.handle((req, res) => {
      const url = new URL(req.url, 'http://x');
      const offset = Number(url.searchParams.get('offset'));
      const limit = Number(url.searchParams.get('limit'));
      const data = all.slice(offset, offset + limit);
      json(res, 200, { message: 'ok', length: data.length, data, pagination: { total: all.length, offset, limit, has_more: offset + limit < all.length } });
    });
    const ids: string[] = [];
    for await (const cv of client.listCvs({ pageSize: 2 })) ids.push(cv.id);
    expect(ids).toEqual(all.map((r) => r.id));
    expect(server.seen.map((r) => r.url)).toEqual(['/api/v1/cvs?limit=2&offset=0', '/api/v1/cvs?limit=2&offset=2', '/api/v1/cvs?limit=2&offset=4']);
  });
});
