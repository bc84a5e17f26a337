import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '@talent/testkit';
import { CV_TEXT, JOB_TEXT } from './documents-data.js';
import { E2eStack, eventually, type JsonBody } from './harness.js';
import { fetchOpenApi, fillPath, label, operationsOf, readAnswer, ResponseContract, type ApiOperation, type OpenApiDocument } from './openapi-walk.js';
import { arbitraryOf, deeplyNested, hostileValue, POLLUTION_KEYS, UNICODE_EDGES } from './schema-arbitrary.js';

/**
 * Bad input over every operation of the served OpenAPI document: requests generated from the request schemas
 * with hostile values mixed in, plus a fixed set of hostile requests per operation (bodies over the limit,
 * malformed and duplicate-key JSON, deep nesting, wrong content types, malformed path escapes), plus many ingests
 * and searches in one session sent at once (more than a service has connections). Every answer
 * must be a success or a status the operation documents, with the documented body; never a 5xx, never a hang;
 * and every service is still up at the end.
 *
 * Replaying a failure: every operation's property runs with one seed, printed at the start and with each failure
 * together with fast-check's path of the failing run, e.g.
 *   POST /sourcing/ingest [generated] /api/v1/sourcing/ingest: no answer (…) — replay: FUZZ_SEED=123 FUZZ_PATH=7 FUZZ_OPERATION='POST /sourcing/ingest'
 * `FUZZ_SEED=123 vitest run tests/e2e/fuzz.e2e.test.ts` draws the same requests again (for the same OpenAPI
 * document and FUZZ_RUNS); adding `FUZZ_OPERATION` and `FUZZ_PATH` sends only that one request (`-t generated`
 * skips the fixed cases). Ids of the workspace differ from run to run; a failure that depends on the stack's state
 * (earlier requests, load) may need the whole seed's run. A failing operation stops at its first failure and is
 * not shrunk: each shrink step would be a request against state the failure has already changed.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
/** One seed for every operation's property (FUZZ_SEED replays a run); a new one each run otherwise. */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
if (!Number.isSafeInteger(SEED)) throw new Error(`FUZZ_SEED must be an integer, got ${process.env.FUZZ_SEED}`);
/** With FUZZ_SEED: only this operation ('POST /sourcing/ingest'), and only its run at this fast-check path. */
const ONLY_OPERATION = process.env.FUZZ_OPERATION;
const ONLY_PATH = process.env.FUZZ_PATH;
/** Requests sent at once by the concurrency case: more than a service's connection pool (DATABASE_POOL_SIZE 10). */
const CONCURRENT = 32;
/** A request that takes longer than this is a hang (the gateway's longest documented wait is set to 1 s below). */
const REQUEST_TIMEOUT_MS = 30_000;

interface FuzzRequest {
  /** What the request is, for the failure list. */
  what: string;
  path: string;
  query?: string;
  headers: Record<string, string>;
  body?: string | FormData | Uint8Array;
  /** A status decided below the gateway (Node's HTTP parser), expected instead of a documented one. */
  expect?: number;
}

/** Huge values go in bodies: in a URL they only meet Node's header limit (a fixed case below). */
const truncate = (value: string) => value.slice(0, 500);

/** A URL cannot carry a lone surrogate (encodeURIComponent throws): send the replacement character instead. */
const encodeSegment = (value: string) => encodeURIComponent(value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));

/** Header values must be visible Latin-1 or fetch refuses to send them: keep the hostile ones sendable. */
const headerSafe = (value: unknown) => String(typeof value === 'string' ? value : JSON.stringify(value)).replace(/[^\x20-\x7e]/g, '?').slice(0, 2_000);

/** Raw JSON texts no schema can describe. */
function rawBodies(valid: unknown): { what: string; text: string }[] {
  const object = valid !== null && typeof valid === 'object' && !Array.isArray(valid) ? (valid as JsonBody) : { value: valid };
  const [firstKey] = Object.keys(object);
  const inner = JSON.stringify(object).slice(1, -1);
  return [
    { what: 'duplicate keys, hostile last', text: firstKey ? `{${inner},${JSON.stringify(firstKey)}:{"__proto__":{"polluted":true}}}` : '{"a":1,"a":2}' },
    { what: 'duplicate keys, valid last', text: firstKey ? `{${JSON.stringify(firstKey)}:[[[]]],${inner}}` : '{"a":1,"a":2}' },
    { what: 'malformed JSON', text: `{${inner}` },
    { what: 'trailing garbage', text: `${JSON.stringify(object)} }` },
    { what: 'BOM before JSON', text: `\uFEFF${JSON.stringify(object)}` },
    { what: 'NaN literal', text: '{"value": NaN}' },
    { what: 'lone surrogate escapes', text: '{"value": "\\ud800\\udc00\\udfff", "\\ud800": 1}' },
    { what: 'JSON scalar', text: '"just a string"' },
    { what: 'JSON null', text: 'null' },
    { what: 'empty body', text: '' },
    { what: 'array nested 100,000 deep', text: `${'['.repeat(100_000)}${']'.repeat(100_000)}` },
    { what: 'object nested 20,000 deep', text: `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}` },
    { what: '__proto__ at the top', text: `{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},${inner || '"x":1'}}` },
  ];
}

describe('fuzz end to end: no request to any documented operation gets a 5xx or hurts a service', () => {
  const e2e = new E2eStack();
  let document: OpenApiDocument;
  let operations: ApiOperation[];
  let contract: ResponseContract;
  let apiKey: string;
  /** Real ids of the fuzzing workspace, so generated ids sometimes reach a record. */
  let knownIds: string[];
  const statuses = new Map<string, Map<number, number>>();
  let failures: string[] = [];
  let sent = 0;
  let retried = 0;

  /** Sends one request; records its status, and answers the breach of the contract (a line to report), if any. */
  async function send(operation: ApiOperation, request: FuzzRequest): Promise<string | undefined> {
    const url = `${e2e.url}${request.path}${request.query ? `?${request.query}` : ''}`;
    const summary = `${label(operation)} [${request.what}] ${url.slice(e2e.url.length, e2e.url.length + 160)}`;
    const attempt = () =>
      fetch(url, {
        method: operation.method.toUpperCase(),
        headers: request.headers,
        ...(request.body !== undefined ? { body: request.body } : {}),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    let response: Response;
    try {
      response = await attempt().catch(async (error: Error) => {
        // A pooled keep-alive connection the server closed as it was reused: the same request again, once, on a
        // new connection. A request that breaks its connection breaks the retry as well, and is reported.
        if (!/other side closed/.test(String(error.cause))) throw error;
        retried++;
        return attempt();
      });
    } catch (error) {
      // No answer at all (a reset, a hang past the timeout) is a failure.
      return `${summary}: no answer (${(error as Error).cause ?? (error as Error).message})`;
    }
    const answer = await readAnswer(response);
    sent++;
    const byStatus = statuses.get(label(operation)) ?? new Map<number, number>();
    byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
    statuses.set(label(operation), byStatus);
    const problem = request.expect
      ? answer.status === request.expect
        ? undefined
        : `expected ${request.expect}, got ${answer.status}`
      : answer.status >= 500 ? `${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}` : contract.problem(operation, answer.status, answer.contentType, answer.body);
    return problem ? `${summary}: ${problem}` : undefined;
  }

  const authHeaders = fc.oneof(
    { weight: 18, arbitrary: fc.constant<Record<string, string>>({}).map(() => ({ 'x-api-key': apiKey })) },
    { weight: 1, arbitrary: fc.constant<Record<string, string>>({}) },
    { weight: 1, arbitrary: fc.oneof(fc.uuid(), fc.constantFrom(...UNICODE_EDGES), fc.string()).map((key) => ({ 'x-api-key': headerSafe(key) })) },
  );

  /** Everything of a request but the body, generated from the operation's parameters. */
  function requestLine(operation: ApiOperation): fc.Arbitrary<Omit<FuzzRequest, 'body' | 'what'>> {
    const params = operation.parameters.filter((p) => p.in === 'path');
    const queries = operation.parameters.filter((p) => p.in === 'query');
    const headers = operation.parameters.filter((p) => p.in === 'header');
    const valueOf = (schema: object) => arbitraryOf(document, schema, { hostility: 2, knownIds: operation.method === 'delete' ? [] : knownIds });
    const pathValue = (schema: object) =>
      fc.oneof(
        {
          weight: 6,
          // Non-empty (an empty segment is another route) and short enough for Node's 16 KB request-line limit.
          arbitrary: valueOf(schema).map((v) => encodeSegment(truncate(typeof v === 'string' ? v : JSON.stringify(v)) || 'x')),
        },
        // Escapes that do not decode, encoded dot segments, sent as they are.
        { weight: 1, arbitrary: fc.constantFrom('%E0%A4%A', '%', '%zz', '%C0%AF', '%2e%2e', '%00', 'a%2Fb') },
      );
    return fc.record({
      path: fc.tuple(...params.map((p) => pathValue(p.schema))).map((values) => {
        // fillPath would encode the raw escapes again: put them in as generated.
        let path = operation.path;
        params.forEach((p, i) => (path = path.replace(`{${p.name}}`, values[i]!)));
        return path;
      }),
      query: fc
        .tuple(
          ...queries.map((p) => fc.option(valueOf(p.schema), { freq: 2 })),
          fc.option(fc.constantFrom('limit=1&limit=2', 'offset[a]=1', '__proto__[x]=1', 'unknown=1', 'limit=%ff', 'q=%E0%A4%A'), { freq: 4 }),
        )
        .map((values) => {
          const extra = values.pop() as string | null;
          const search = new URLSearchParams();
          queries.forEach((p, i) => {
            const value = values[i];
            if (value !== null && value !== undefined) search.set(p.name, truncate(typeof value === 'string' ? value : JSON.stringify(value)));
          });
          return [search.toString(), extra].filter(Boolean).join('&');
        }),
      headers: fc
        .tuple(authHeaders, ...headers.map((p) => fc.option(valueOf(p.schema).map((v) => [p.name, headerSafe(v)] as const), { freq: 2 })))
        .map(([auth, ...pairs]) => ({ ...auth, ...Object.fromEntries(pairs.filter((pair) => pair !== null)) })),
    });
  }

  /** A JSON body as a client might send it: generated from the schema (hostile nodes mixed in) or a raw text. */
  function jsonBody(operation: ApiOperation): fc.Arbitrary<Pick<FuzzRequest, 'body' | 'what' | 'headers'>> {
    const schema = operation.body!.schema;
    const contentType = fc.oneof(
      { weight: 12, arbitrary: fc.constant('application/json') },
      {
        weight: 2,
        arbitrary: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=utf-16', 'application/json; charset=klingon', 'application/vnd.api+json', 'multipart/form-data; boundary=x', 'application/xml'),
      },
    );
    // A third of the bodies entirely valid, so the success paths are walked too; the rest with hostile nodes.
    const value = fc.oneof({ weight: 1, arbitrary: arbitraryOf(document, schema, { hostility: 0, knownIds }) }, { weight: 2, arbitrary: arbitraryOf(document, schema, { hostility: 1, knownIds }) });
    return fc.tuple(value, fc.nat({ max: 50 }), contentType).map(([value, pick, type]) => {
      const raws = rawBodies(value);
      const raw = pick < raws.length ? raws[pick] : undefined;
      return {
        what: raw ? raw.what : 'generated',
        body: raw ? raw.text : JSON.stringify(value),
        headers: { 'content-type': type },
      };
    });
  }

  /** A multipart upload: parts named as documented or not, files of random, almost-valid or empty bytes. */
  function multipartBody(): fc.Arbitrary<Pick<FuzzRequest, 'body' | 'what' | 'headers'>> {
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 2_000 }),
      fc.uint8Array({ maxLength: 2_000 }).map((rest) => new Uint8Array([...Buffer.from('%PDF-1.7\n'), ...rest])),
      fc.uint8Array({ maxLength: 2_000 }).map((rest) => new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...rest])),
      fc.uint8Array({ maxLength: 2_000 }).map((rest) => new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...rest])),
    );
    const part = fc.oneof(
      { weight: 4, arbitrary: fc.record({ field: fc.constant('files'), file: bytes, name: fc.oneof(fc.constantFrom('cv.pdf', 'cv.docx', 'a.doc', ''), fc.constantFrom(...UNICODE_EDGES)) }) },
      { weight: 1, arbitrary: fc.record({ field: fc.constantFrom('file', 'files[]', ...POLLUTION_KEYS), file: bytes, name: fc.constant('x.pdf') }) },
      { weight: 2, arbitrary: fc.record({ field: fc.constantFrom('cache', 'stream', 'block', ...POLLUTION_KEYS, 'unknown'), text: fc.oneof(fc.constantFrom('true', 'false', '1', '0', 'yes', ''), hostileValue.map(String)) }) },
    );
    return fc.array(part, { maxLength: 4 }).map((parts) => {
      const form = new FormData();
      for (const p of parts) {
        if ('file' in p) form.append(p.field, new Blob([p.file]), p.name);
        else form.append(p.field, p.text.slice(0, 1_000));
      }
      return { what: `multipart: ${parts.map((p) => p.field).join(', ') || 'no parts'}`, body: form, headers: {} };
    });
  }

  /** Requests every operation gets once, whatever the generators come up with. */
  function fixedRequests(operation: ApiOperation): FuzzRequest[] {
    const path = fillPath(operation.path, Object.fromEntries(operation.parameters.filter((p) => p.in === 'path').map((p) => [p.name, knownIds[0]!])));
    const auth = { 'x-api-key': apiKey };
    const requests: FuzzRequest[] = [
      { what: 'no API key', path, headers: {} },
      { what: 'a key that is not a UUID', path, headers: { 'x-api-key': 'not-a-key' } },
      { what: 'malformed escape in the path', path: operation.path.replace(/\{\w+\}/g, '%E0%A4%A'), headers: auth },
      { what: 'huge query', path, query: `limit=${'9'.repeat(5_000)}&offset=-1&q=${'x'.repeat(6_000)}`, headers: auth },
      // Past Node's 16 KB limit on the request line and headers: refused by Node's parser, answered by the gateway's
      // clientError handler with 431 {error, request_id}.
      { what: 'URL over 16 KB', path, query: `q=${'x'.repeat(17_000)}`, headers: auth, expect: 431 },
    ];
    if (!operation.body || operation.method === 'get' || operation.method === 'delete') return requests;
    const json = { ...auth, 'content-type': 'application/json' };
    requests.push(
      { what: 'JSON body just over 1 MB', path, headers: json, body: JSON.stringify({ inputs: ['x'.repeat(1024 * 1024)] }) },
      { what: 'JSON body of 33 MB', path, headers: json, body: JSON.stringify({ inputs: ['x'.repeat(33 * 1024 * 1024)] }) },
      { what: 'gzip declared, not gzip', path, headers: { ...json, 'content-encoding': 'gzip' }, body: '{"a":1}' },
      { what: 'unknown content encoding', path, headers: { ...json, 'content-encoding': 'compress' }, body: '{"a":1}' },
      { what: 'JSON with a multipart content type', path, headers: { ...auth, 'content-type': 'multipart/form-data; boundary=zzz' }, body: '{"a":1}' },
      { what: 'no content type', path, headers: auth, body: new Uint8Array(Buffer.from('{"a":1}')) },
      { what: 'deeply nested valid JSON', path, headers: json, body: JSON.stringify(deeplyNested(1_000, 'object')) },
      ...fc.sample(arbitraryOf(document, operation.body.schema, { hostility: 0, knownIds, fullArrays: true }), { numRuns: 1, seed: 13 }).map((value) => ({
        what: 'every array at its documented maximum',
        path,
        headers: json,
        body: JSON.stringify(value),
      })),
      ...rawBodies({ value: 1 }).map((raw) => ({ what: raw.what, path, headers: json, body: raw.text })),
    );
    if (operation.operationId === 'matchCandidates') {
      // The documented maximum of ids, none of them a CV: the 422 lists all 10,000 back.
      const candidatesIds = Array.from({ length: 10_000 }, () => randomUUID());
      requests.push({ what: '10,000 unknown candidates', path, headers: json, body: JSON.stringify({ jobId: knownIds[1], candidatesIds, topK: 5 }) });
    }
    return requests;
  }

  beforeAll(async () => {
    await e2e.start({
      sourcing: { SOURCING_PROVIDER: 'directory' },
      // Long waits are documented behaviour, not what this test is about: keep `block` and `stream` short.
      gateway: { RATE_LIMIT_PER_MINUTE: '1000000', RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '1000000', ANALYZE_BLOCK_TIMEOUT_MS: '1000', ANALYZE_STREAM_TIMEOUT_MS: '1000', TASK_POLL_INTERVAL_MS: '500' },
    });
    document = await fetchOpenApi(e2e);
    operations = operationsOf(document);
    contract = new ResponseContract(document);
    const workspace = await e2e.createWorkspace('fuzz');
    apiKey = workspace.apiKey;
    await e2e.billing.grantTokens({ workspaceId: workspace.workspaceId, amount: 20_000, expiresInSeconds: 0, idempotencyKey: randomUUID() });
    const analyzed = async (resource: 'cvs' | 'jobs', text: string) => {
      const id = (await e2e.json('POST', `/${resource}/analyze`, apiKey, { inputs: [text] })).body.data.ids[0] as string;
      await eventually(() => e2e.json('POST', `/${resource}/status`, apiKey, { ids: [id] }), (r) => r.body.data[0].status === 'COMPLETED', 60_000);
      return id;
    };
    const session = await e2e.json('POST', '/sourcing/search', apiKey, { query: 'engineer', limit: 3 });
    knownIds = [await analyzed('cvs', CV_TEXT), await analyzed('jobs', JOB_TEXT), session.body.data.session_id as string];
  }, 240_000);
  afterAll(() => e2e.stop(), 60_000);
  afterEach((context) => {
    // Errors, and whatever a process printed outside its JSON log (a crash's stack trace).
    if (context.task.result?.state === 'fail') console.log(e2e.logs.filter((line) => /"level":"(error|fatal)"|"status":5\d\d|^\w+: [^{]/.test(line)).slice(-80).join('\n'));
  });

  it('answers every generated request to every operation with a success or a documented 4xx', async () => {
    failures = [];
    console.log(`fuzz: FUZZ_SEED=${SEED}`);
    const chosen = ONLY_OPERATION ? operations.filter((operation) => label(operation) === ONLY_OPERATION) : operations;
    expect(chosen.length, `FUZZ_OPERATION '${ONLY_OPERATION}' names an operation of the document`).toBeGreaterThan(0);
    for (const operation of chosen) {
      const body =
        operation.body?.mediaType === 'application/json'
          ? jsonBody(operation)
          : operation.body?.mediaType === 'multipart/form-data'
            ? multipartBody()
            : fc.constant({ what: 'generated', headers: {} });
      const run = await fc.check(
        fc.asyncProperty(requestLine(operation), body, async (line, content) => {
          const failure = await send(operation, { ...line, ...content, headers: { ...line.headers, ...content.headers } });
          if (failure) throw new Error(failure);
        }),
        { seed: SEED, numRuns: ONLY_PATH ? 1 : RUNS, endOnFailure: true, ...(ONLY_PATH ? { path: ONLY_PATH } : {}) },
      );
      if (run.failed) {
        const reason = run.errorInstance instanceof Error ? run.errorInstance.message : String(run.errorInstance);
        failures.push(`${reason} — replay: FUZZ_SEED=${run.seed} FUZZ_PATH=${run.counterexamplePath} FUZZ_OPERATION='${label(operation)}'`);
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('answers fixed hostile requests (over-limit, malformed, duplicate keys, deep nesting, wrong types) with a documented 4xx', async () => {
    failures = [];
    for (const operation of operations) {
      for (const request of fixedRequests(operation)) {
        const failure = await send(operation, request);
        if (failure) failures.push(failure);
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('answers every one of many ingests and searches in one session sent at once, more than a service has connections', async () => {
    // Sequential requests never hold two connections of a service at once. A search in a session held its lock on
    // one while its work needed more from the same pool: ten at once hung sourcing for good, ingest included.
    failures = [];
    const sessionId = knownIds[2]!;
    const byId = (id: string) => operations.find((operation) => operation.operationId === id)!;
    const [ingest, search] = [byId('ingestSourcedCandidates'), byId('searchSourcing')];
    const candidates = ((await e2e.json('GET', `/sourcing/sessions/${sessionId}`, apiKey)).body.data.candidates as JsonBody[]).map((c) => c.id as string);
    const json = { 'x-api-key': apiKey, 'content-type': 'application/json' };
    const generated = (operation: ApiOperation) =>
      fc.sample(jsonBody(operation), { numRuns: CONCURRENT / 8, seed: SEED }).map((content) => ({ ...content, what: `at once, ${content.what}`, path: operation.path, headers: { ...json, ...content.headers } }));
    const requests: [ApiOperation, FuzzRequest][] = [
      ...generated(ingest).map((request) => [ingest, request] as [ApiOperation, FuzzRequest]),
      ...generated(search).map((request) => [search, request] as [ApiOperation, FuzzRequest]),
      ...Array.from({ length: CONCURRENT / 4 }, (_, i): [ApiOperation, FuzzRequest] => [
        ingest,
        { what: 'at once, ingest of the session\'s candidates', path: ingest.path, headers: json, body: JSON.stringify({ session_id: sessionId, selected_ids: i % 2 ? candidates : [...candidates, `x\u0000${i}`] }) },
      ]),
      // Half of them searches in the one session: more than the pool, all waiting on the session's lock.
      ...Array.from({ length: CONCURRENT / 2 }, (_, i): [ApiOperation, FuzzRequest] => [
        search,
        { what: 'at once, a window of the session', path: search.path, headers: json, body: JSON.stringify({ session_id: sessionId, offset: i % 6, limit: 2, options: { reveal_emails: i % 3 === 0 } }) },
      ]),
    ];
    const answers = await Promise.all(requests.map(([operation, request]) => send(operation, request)));
    expect(answers.filter(Boolean)).toEqual([]);
  }, 120_000);

  it('leaves every service running and the gateway ready', async () => {
    const table = [...statuses].map(([route, counts]) => `${route.padEnd(36)} ${[...counts].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ')}`);
    console.log(`fuzz: ${sent} requests over ${operations.length} operations (FUZZ_SEED=${SEED}, FUZZ_RUNS=${RUNS} generated per operation, plus fixed cases; ${retried} resent after a pooled connection closed); statuses:\n${table.join('\n')}`);
    for (const name of [...BACKENDS, 'gateway'] as const) expect(e2e.service(name).running, `${name} still running`).toBe(true);
    const ready = await fetch(`${e2e.stack.gatewayUrl}/readyz`);
    expect(ready.status).toBe(200);
    // Still serving a normal request, after all that.
    expect((await e2e.json('GET', '/credits/balance', apiKey)).status).toBe(200);
  });
});
