import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { primaryLanguage } from '../src/routes/documents.js';
import { useGatewayWithPeerDown, type Sent } from './harness.js';

/**
 * Everything the gateway decides by itself about the CV and job endpoints. The documents service is DOWN: a
 * 4xx below proves the request never needed it, and the valid requests answer 503 (it would have been called).
 */
describe('gateway: CV and job endpoints, validated without the documents service', () => {
  const setup = useGatewayWithPeerDown('Documents validation', 'documents');
  const { send } = setup;

  const expectError = (response: Sent, status: number, message: string | RegExp) => {
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    expect(Object.keys(response.body)).toEqual(['error']);
    if (typeof message === 'string') expect(response.body.error).toBe(message);
    else expect(response.body.error).toMatch(message);
  };

  const id = randomUUID();

  /** Sends a large body on a connection of its own, so no keep-alive reuse race can reset it. */
  const sendLarge = (path: string, body: Buffer) =>
    new Promise<{ status: number; body: { error?: string } }>((resolve, reject) => {
      const req = request(`${setup.gateway.url}/api/v1${path}`, {
        method: 'POST',
        agent: false,
        headers: { 'x-api-key': setup.apiKey, 'content-type': 'application/json', 'content-length': String(body.length) },
      });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) as { error?: string } }));
      });
      req.on('error', reject);
      req.end(body);
    });

  it('takes 100 inputs of 100,000 three-byte characters (30 MB of JSON) and refuses a JSON body over 32 MB with 413', async () => {
    const largest = Buffer.from(JSON.stringify({ inputs: Array.from({ length: 100 }, () => '\u20ac'.repeat(100_000)) }));
    expect(largest.length).toBeGreaterThan(30_000_000);
    // Parsed and valid: the documents service (down) is the next step.
    expect((await sendLarge('/cvs/analyze', largest)).status).toBe(503);
    const tooLarge = Buffer.concat([largest.subarray(0, -2), Buffer.from(`,${JSON.stringify('x'.repeat(4_000_000))}]}`)]);
    expect(tooLarge.length).toBeGreaterThan(32 * 1024 * 1024);
    expect(await sendLarge('/jobs/analyze', tooLarge)).toEqual({ status: 413, body: { error: 'Request body too large.' } });
  }, 60_000);

  it('needs an API key on all 14 operations', async () => {
    const operations: [string, string][] = [];
    for (const base of ['/cvs', '/jobs']) {
      operations.push(
        ['POST', `${base}/analyze`],
        ['POST', `${base}/analyze/files`],
        ['POST', `${base}/status`],
        ['GET', base],
        ['GET', `${base}/${id}`],
        ['PUT', `${base}/${id}`],
        ['DELETE', `${base}/${id}`],
      );
    }
    for (const [method, path] of operations) {
      const response = await send(method, path, { key: null, json: method === 'POST' || method === 'PUT' ? { inputs: ['x'] } : undefined });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.body).toEqual({ error: expect.any(String) });
    }
  });

  describe.each([
    ['cvs', 'CV'],
    ['jobs', 'Job'],
  ])('/%s', (collection, title) => {
    const base = `/${collection}`;

    describe('POST analyze (JSON)', () => {
      const analyze = (json: unknown) => send('POST', `${base}/analyze`, { json });

      it.each([
        ['an empty object', {}],
        ['inputs absent, options present', { cache: true, block: true }],
      ])('%s → 400 Missing required fields.', async (_name, json) => {
        expectError(await analyze(json), 400, 'Missing required fields.');
      });

      it('no body at all → 400 Missing required fields.', async () => {
        expectError(await send('POST', `${base}/analyze`), 400, 'Missing required fields.');
      });

      it.each([
        ['an empty array', []],
        ['a string', 'my CV'],
        ['null', null],
        ['an array with a number', ['ok', 3]],
        ['an array with an object', [{ text: 'x' }]],
      ])('inputs as %s → 400 naming inputs', async (_name, inputs) => {
        expectError(await analyze({ inputs }), 400, "'inputs' must be a non-empty array of strings.");
      });

      it('a blank input → 400 naming its index', async () => {
        expectError(await analyze({ inputs: ['a CV', '  \n '] }), 400, "'inputs[1]' is empty: each input must be a non-empty string.");
      });

      it('more than 100 inputs → 400', async () => {
        const inputs = Array.from({ length: 101 }, (_, i) => `document ${i}`);
        expectError(await analyze({ inputs }), 400, "'inputs' may hold at most 100 texts per request.");
        // 100 is fine as far as the gateway is concerned: the documents service (down) would be called.
        expect((await analyze({ inputs: inputs.slice(0, 100) })).status).toBe(503);
      });

      it('an input over 100,000 characters → 400 naming it', async () => {
        expectError(await analyze({ inputs: ['ok', 'x'.repeat(100_001)] }), 400, "'inputs[1]' is longer than 100,000 characters.");
        expect((await analyze({ inputs: ['x'.repeat(100_000)] })).status).toBe(503);
      });

      it.each([
        ['cache', 'yes'],
        ['stream', 1],
        ['block', 'true'],
      ])('a non-boolean %s → 400 naming it', async (field, value) => {
        expectError(await analyze({ inputs: ['a'], [field]: value }), 400, `'${field}' must be a boolean (true or false).`);
      });

      it('an unknown field → 400 naming it', async () => {
        expectError(await analyze({ inputs: ['a'], blocking: true }), 400, /^Unknown field 'blocking'/);
      });

      it('a JSON array body → 400', async () => {
        expectError(await analyze(['a CV']), 400, 'Request body must be a JSON object.');
      });

      it('malformed JSON → 400 Malformed JSON body.', async () => {
        expectError(
          await send('POST', `${base}/analyze`, { raw: '{"inputs": ["a"', headers: { 'content-type': 'application/json' } }),
          400,
          'Malformed JSON body.',
        );
      });

      it('a body that is not JSON → 400 saying so', async () => {
        expectError(
          await send('POST', `${base}/analyze`, { raw: 'inputs=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
          400,
          /must be JSON/,
        );
      });

      it('a malformed Idempotency-Key → 400', async () => {
        expectError(await send('POST', `${base}/analyze`, { json: { inputs: ['a'] }, headers: { 'idempotency-key': 'a b' } }), 400, /Idempotency-Key/);
      });

      it('a valid request is the first to need the documents service (down: 503)', async () => {
        const response = await analyze({ inputs: ['Jane Doe, engineer'], cache: false, stream: true, block: true });
        expect(response.status).toBe(503);
        expect(response.body).toEqual({ error: expect.any(String), request_id: expect.any(String) });
      });
    });

    describe('POST analyze/files (multipart)', () => {
      const pdf = () => new Blob([Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n')], { type: 'application/pdf' });
      const upload = (form: FormData) => send('POST', `${base}/analyze/files`, { raw: form });

      it('no files part → 400 Missing required fields.', async () => {
        const form = new FormData();
        form.set('cache', 'true');
        expectError(await upload(form), 400, 'Missing required fields.');
        expectError(await upload(new FormData()), 400, 'Missing required fields.');
      });

      it('a JSON body → 400 asking for multipart', async () => {
        expectError(await send('POST', `${base}/analyze/files`, { json: { files: ['x'] } }), 400, /must be multipart\/form-data/);
        expectError(await send('POST', `${base}/analyze/files`), 400, /must be multipart\/form-data/);
      });

      it('a file under another field name → 400 naming it', async () => {
        const form = new FormData();
        form.set('file', pdf(), 'cv.pdf');
        expectError(await upload(form), 400, /^Unexpected file field 'file'/);
      });

      it('an unknown text field → 400 naming it', async () => {
        const form = new FormData();
        form.append('files', pdf(), 'cv.pdf');
        form.set('language', 'en');
        expectError(await upload(form), 400, /^Unknown form field 'language'/);
      });

      it.each(['yes', 'TRUE', ''])('cache=%j → 400', async (value) => {
        const form = new FormData();
        form.append('files', pdf(), 'cv.pdf');
        form.set('cache', value);
        expectError(await upload(form), 400, "Form field 'cache' must be true, false, 1 or 0.");
      });

      it('more than 20 files → 400', async () => {
        const form = new FormData();
        for (let i = 0; i < 21; i++) form.append('files', pdf(), `cv-${i}.pdf`);
        expectError(await upload(form), 400, 'At most 20 files may be uploaded per request.');
      });

      it('a malformed multipart body → 400', async () => {
        const response = await send('POST', `${base}/analyze/files`, {
          raw: '--other\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\n\r\n%PDF',
          headers: { 'content-type': 'multipart/form-data; boundary=expected' },
        });
        expectError(response, 400, /Malformed multipart\/form-data body/);
      });

      it('valid uploads (20 files, flags as 1/0/true/false) need the documents service (down: 503)', async () => {
        const form = new FormData();
        for (let i = 0; i < 20; i++) form.append('files', pdf(), `cv-${i}.pdf`);
        form.set('cache', '0');
        form.set('stream', 'false');
        form.set('block', '1');
        expect((await upload(form)).status).toBe(503);
      });
    });

    describe('POST status', () => {
      const status = (json: unknown) => send('POST', `${base}/status`, { json });

      it('missing ids → 400 Missing required fields.', async () => {
        expectError(await status({}), 400, 'Missing required fields.');
      });

      it.each([
        ['an empty array', []],
        ['a string', id],
        ['an array with a number', [7]],
      ])('ids as %s → 400', async (_name, ids) => {
        expectError(await status({ ids }), 400, "'ids' must be a non-empty array of UUID strings.");
      });

      it('an id that is not a UUID → 400 naming it', async () => {
        expectError(await status({ ids: [id, 'not-a-uuid'] }), 400, `'ids[1]' is not a UUID: "not-a-uuid".`);
      });

      it('more than 1000 ids → 400', async () => {
        const ids = Array.from({ length: 1001 }, () => randomUUID());
        expectError(await status({ ids }), 400, "'ids' may hold at most 1000 ids per request.");
        expect((await status({ ids: ids.slice(0, 1000) })).status).toBe(503);
      });
    });

    describe('records', () => {
      it.each([['0'], ['101'], ['x']])('GET ?limit=%s → 400 naming limit', async (limit) => {
        expectError(await send('GET', `${base}?limit=${limit}`), 400, /'limit'/);
      });

      it('GET ?offset=-1 → 400 naming offset', async () => {
        expectError(await send('GET', `${base}?offset=-1`), 400, /'offset'/);
      });

      it.each(['GET', 'PUT', 'DELETE'])('%s of an id that is not a UUID → 404 as for an unknown id', async (method) => {
        const response = await send(method, `${base}/not-a-uuid`, method === 'PUT' ? { json: { information: {} } } : {});
        expectError(response, 404, `${title} not-a-uuid not found.`);
      });

      it('PUT with malformed JSON → 400', async () => {
        expectError(await send('PUT', `${base}/${id}`, { raw: '{"information": ', headers: { 'content-type': 'application/json' } }), 400, 'Malformed JSON body.');
      });

      it('valid record requests need the documents service (down: 503)', async () => {
        expect((await send('GET', base)).status).toBe(503);
        expect((await send('GET', `${base}/${id}`, { headers: { 'accept-language': 'fr' } })).status).toBe(503);
        expect((await send('PUT', `${base}/${id}`, { json: { content_language: 'en', information: {} } })).status).toBe(503);
        expect((await send('DELETE', `${base}/${id}`)).status).toBe(503);
      });
    });
  });
});

describe('PUT content language from Accept-Language', () => {
  it.each([
    ['fr-CH;q=0.9, en', 'fr'],
    ['DE', 'de'],
    ['en-US,en;q=0.5', 'en'],
    ['*', ''],
    ['', ''],
    [undefined, ''],
  ])('%j → %j', (header, expected) => {
    expect(primaryLanguage(header)).toBe(expected);
  });
});
