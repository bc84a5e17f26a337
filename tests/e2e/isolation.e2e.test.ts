import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CV_TEXT, JOB_TEXT } from './documents-data.js';
import { E2eStack, type JsonBody, type DocumentResource } from './harness.js';
import {
  deref,
  fetchOpenApi,
  fillPath,
  idFieldsOf,
  label,
  operationsOf,
  readAnswer,
  typeOf,
  type ApiOperation,
  type IdField,
  type JsonSchema,
  type OpenApiDocument,
} from './openapi-walk.js';

/**
 * OWASP API1 (broken object-level authorization), driven by the served OpenAPI document: every operation that
 * takes an id is called with the ids of another workspace's objects and with unknown ids of the same shape; the
 * two answers must be the same (status and body) and the other workspace must not change.
 */

/** What an id names. `skill` is the public taxonomy, the same for every workspace: nothing to isolate. */
type Kind = 'cv' | 'job' | 'matchResult' | 'sourcingSession' | 'sourcingCandidate' | 'webhook';
const KINDS: Kind[] = ['cv', 'job', 'matchResult', 'sourcingSession', 'sourcingCandidate', 'webhook'];
const PUBLIC = 'public taxonomy' as const;

/**
 * Which kinds of id a field takes, by rule rather than by route, so a route added later under a known resource
 * is covered at once; a field no rule knows fails the test until it gets one.
 */
const ID_RULES: { rule: string; applies: (operation: ApiOperation, field: IdField) => boolean; kinds: Kind[] | typeof PUBLIC }[] = [
  { rule: 'skill ids inside records', applies: (_o, f) => /(^|\.)(hard|soft)_skills\[\]\.id$/.test(f.name), kinds: PUBLIC },
  { rule: 'id(s) under /cvs', applies: (o, f) => o.path.startsWith('/cvs') && /^ids?$/.test(f.name), kinds: ['cv'] },
  { rule: 'id(s) under /jobs', applies: (o, f) => o.path.startsWith('/jobs') && /^ids?$/.test(f.name), kinds: ['job'] },
  { rule: 'stored results of a job', applies: (o, f) => o.path.startsWith('/match/') && f.location === 'path' && f.name === 'jobId', kinds: ['matchResult'] },
  { rule: 'a job to match', applies: (_o, f) => f.name === 'jobId', kinds: ['job', 'matchResult'] },
  { rule: 'CVs to match', applies: (_o, f) => f.name === 'candidatesIds', kinds: ['cv'] },
  { rule: 'CVs of a fairness report', applies: (o, f) => o.path === '/match/fairness' && f.name === 'candidates[].id', kinds: ['cv'] },
  { rule: 'id under /webhooks', applies: (o, f) => o.path.startsWith('/webhooks/') && f.location === 'path' && f.name === 'id', kinds: ['webhook'] },
  { rule: 'a sourcing session', applies: (_o, f) => f.name === 'session_id' || f.name === 'sessionId', kinds: ['sourcingSession'] },
  { rule: 'candidates of a session', applies: (_o, f) => f.name === 'selected_ids', kinds: ['sourcingCandidate'] },
];
const kindsOf = (operation: ApiOperation, field: IdField) => ID_RULES.find((r) => r.applies(operation, field))?.kinds;

/**
 * Bodies whose validity the schema cannot express (an update needs at least one dimension): the schema gives
 * the minimal shape, these fill in what makes the request reach the object lookup.
 */
const BODY_OVERRIDES: Record<string, JsonBody> = {
  updateCv: { content_language: 'en', information: { first_name: 'Isolation' } },
  updateJob: { content_language: 'en', information: { title: 'Isolation test' } },
  matchFairness: { topK: 1, candidates: [{ group: 'isolation' }] },
};

/** A different value of the same shape: UUIDs stay UUIDs, `dir-000123` stays letters-dash-digits. */
function sameShape(id: string): string {
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return randomUUID();
  const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)]!;
  const shaped = id.replace(/[0-9]/g, () => pick('0123456789')).replace(/[a-z]/g, () => pick('abcdefghijklmnopqrstuvwxyz')).replace(/[A-Z]/g, () => pick('ABCDEFGHIJKLMNOPQRSTUVWXYZ'));
  return shaped === id ? sameShape(id) : shaped;
}

/**
 * The only differences allowed between the two answers: the id itself where the answer echoes it (`CV <id> not
 * found.`, `vacancy_id`, `candidate_ids`, a status item's `id`) and `request_id` (5xx bodies; unique per request).
 */
function normalise(body: unknown, id: string): unknown {
  const text = JSON.stringify(body ?? null).replaceAll(id, '<id>');
  return JSON.parse(text, (key, value: unknown) => (key === 'request_id' ? '<request id>' : value));
}

/** The smallest value the schema accepts: its example or default, else the least of its type. */
function minimal(document: OpenApiDocument, schema: JsonSchema): unknown {
  const resolved = deref(document, schema);
  if (resolved.example !== undefined) return resolved.example;
  if (resolved.default !== undefined) return resolved.default;
  if (resolved.enum) return resolved.enum[0];
  switch (typeOf(resolved)) {
    case 'object':
      return Object.fromEntries((resolved.required ?? []).map((name) => [name, minimal(document, resolved.properties?.[name] ?? {})]));
    case 'array':
      return Array.from({ length: resolved.minItems ?? 0 }, () => minimal(document, resolved.items ?? {}));
    case 'integer':
    case 'number':
      return resolved.minimum ?? 1;
    case 'boolean':
      return false;
    default:
      return 'x'.repeat(Math.max(1, resolved.minLength ?? 1));
  }
}

function setAt(target: JsonBody, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as JsonBody;
  node[keys.at(-1)!] = value;
}

type Ids = Record<Kind, string>;

describe('isolation end to end: foreign ids answer like unknown ids on every id-taking operation (OWASP API1)', () => {
  const e2e = new E2eStack();
  let document: OpenApiDocument;
  let operations: ApiOperation[];
  let victim: { workspaceId: string; apiKey: string; ids: Ids };
  let attacker: { workspaceId: string; apiKey: string; ids: Ids };

  const call = (method: string, path: string, apiKey: string, body?: unknown) => e2e.json(method, path, apiKey, body);

  const analyzed = async (resource: DocumentResource, text: string, apiKey: string): Promise<string> =>
    (await e2e.analyzeAll(resource, apiKey, [text], { cache: false }))[0]!;

  /** One object of every kind in a workspace; the sourcing query decides which directory profiles it holds. */
  async function populate(apiKey: string, query: string): Promise<Ids> {
    const cv = await analyzed('cvs', CV_TEXT, apiKey);
    const job = await analyzed('jobs', JOB_TEXT, apiKey);
    const matched = await analyzed('jobs', `${JOB_TEXT}\nRemote work possible.`, apiKey);
    const stored = await call('POST', '/match', apiKey, { jobId: matched, candidatesIds: [cv], topK: 5, cache: true });
    expect(stored.status).toBe(200);
    const search = await call('POST', '/sourcing/search', apiKey, { query, limit: 2 });
    expect(search.status).toBe(200);
    const candidates = search.body.data.candidates as JsonBody[];
    expect(candidates.length).toBeGreaterThan(0);
    return { cv, job, matchResult: matched, sourcingSession: search.body.data.session_id, sourcingCandidate: candidates[0]!.id, webhook: await webhook(apiKey) };
  }

  /** An endpoint nobody listens on (the stack's webhooks run in development mode, so loopback http is allowed). */
  async function webhook(apiKey: string): Promise<string> {
    const created = await call('POST', '/webhooks', apiKey, { url: 'http://127.0.0.1:9/isolation', events: ['match.completed'] });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.data.id as string;
  }

  /** Everything the victim can see of its workspace: records, statuses, stored results, sessions, ledger. */
  async function snapshot(who: typeof victim): Promise<unknown> {
    const { apiKey, ids } = who;
    const history: JsonBody[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = await call('GET', `/credits/history?limit=100&offset=${offset}`, apiKey);
      history.push(...(page.body.data as JsonBody[]));
      if (!page.body.pagination.has_more) break;
    }
    return {
      balance: (await call('GET', '/credits/balance', apiKey)).body,
      history,
      cvs: (await call('GET', '/cvs?limit=100', apiKey)).body,
      jobs: (await call('GET', '/jobs?limit=100', apiKey)).body,
      cv: await call('GET', `/cvs/${ids.cv}`, apiKey),
      job: await call('GET', `/jobs/${ids.job}`, apiKey),
      statuses: [(await call('POST', '/cvs/status', apiKey, { ids: [ids.cv] })).body, (await call('POST', '/jobs/status', apiKey, { ids: [ids.job, ids.matchResult] })).body],
      stored: await call('GET', `/match/${ids.matchResult}`, apiKey),
      session: await call('GET', `/sourcing/sessions/${ids.sourcingSession}`, apiKey),
      webhooks: (await call('GET', '/webhooks', apiKey)).body,
    };
  }

  /** A request of `operation` from `apiKey` with `value` in `field` and the caller's own ids everywhere else. */
  async function request(operation: ApiOperation, field: IdField, value: string, apiKey: string, own: Ids) {
    const ownFor = (other: IdField) => {
      const kinds = kindsOf(operation, other);
      return kinds && kinds !== PUBLIC ? own[kinds[0]!] : undefined;
    };
    const valueFor = (other: IdField) => {
      const id = other.name === field.name && other.location === field.location ? value : ownFor(other);
      return other.array && id !== undefined ? [id] : id;
    };
    const fields = idFieldsOf(document, operation);
    const params: Record<string, string> = {};
    const query = new URLSearchParams();
    for (const parameter of operation.parameters) {
      const idField = fields.find((f) => f.location === parameter.in && f.name === parameter.name);
      const given = idField ? valueFor(idField) : parameter.required ? minimal(document, parameter.schema) : undefined;
      if (given === undefined) continue;
      if (parameter.in === 'path') params[parameter.name] = String(given);
      if (parameter.in === 'query') query.set(parameter.name, String(given));
    }
    let body: JsonBody | undefined;
    if (operation.body) {
      body = { ...(minimal(document, operation.body.schema) as JsonBody), ...BODY_OVERRIDES[operation.operationId] };
      for (const idField of fields.filter((f) => f.location === 'body' && !f.name.includes('[]'))) {
        const given = valueFor(idField);
        if (given !== undefined) setAt(body, idField.name, given);
      }
      // An id inside a list of objects (`candidates[].id`): one element, the rest of it from the overrides.
      for (const idField of fields.filter((f) => f.location === 'body' && /^\w+\[\]\.\w+$/.test(f.name))) {
        const given = valueFor(idField);
        if (given === undefined) continue;
        const [list, key] = idField.name.split('[].') as [string, string];
        const first = (Array.isArray(body[list]) ? (body[list] as JsonBody[])[0] : undefined) ?? {};
        body[list] = [{ ...first, [key]: given }];
      }
    }
    const search = query.size > 0 ? `?${query}` : '';
    const response = await e2e.request(`${fillPath(operation.path, params)}${search}`, {
      method: operation.method.toUpperCase(),
      apiKey,
      ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
    });
    return readAnswer(response);
  }

  beforeAll(async () => {
    await e2e.start({ sourcing: { SOURCING_PROVIDER: 'directory' }, webhooks: { WEBHOOKS_DEVELOPMENT: 'true' } });
    document = await fetchOpenApi(e2e);
    operations = operationsOf(document);
    const [v, a] = [await e2e.createWorkspace('victim'), await e2e.createWorkspace('attacker')];
    for (const ws of [v, a]) await e2e.billing.grantTokens({ workspaceId: ws.workspaceId, amount: 100_000, expiresInSeconds: 0, idempotencyKey: randomUUID() });
    victim = { ...v, ids: await populate(v.apiKey, 'software engineer') };
    attacker = { ...a, ids: await populate(a.apiKey, 'HR business partner') };
  }, 240_000);
  afterAll(() => e2e.stop(), 60_000);
  afterEach((context) => {
    if (context.task.result?.state === 'fail') console.log(e2e.logs.slice(-120).join('\n'));
  });

  it('knows what kind of object every id of the document names (a new id-taking route fails here until mapped)', () => {
    const unmapped = operations.flatMap((operation) =>
      idFieldsOf(document, operation)
        .filter((field) => kindsOf(operation, field) === undefined)
        .map((field) => `${label(operation)} ${field.location}:${field.name}`),
    );
    expect(unmapped).toEqual([]);
    // The walk does find the ids it must: a broken discovery would make the matrix below pass vacuously.
    const found = operations.flatMap((operation) => idFieldsOf(document, operation).map((field) => `${label(operation)} ${field.location}:${field.name}`));
    for (const route of ['PUT /cvs/{id} path:id', 'POST /jobs/status body:ids', 'POST /match body:jobId', 'POST /match body:candidatesIds', 'GET /match/{jobId} path:jobId', 'POST /sourcing/search body:session_id', 'GET /sourcing/sessions/{sessionId} path:sessionId', 'POST /sourcing/ingest body:selected_ids']) {
      expect(found).toContain(route);
    }
  });

  it('answers another workspace\'s ids exactly as unknown ids, and leaves that workspace untouched', async () => {
    // The victim's sourcing candidate must not be one the attacker bought, or ingesting it would be legitimate.
    const attackerSession = await call('GET', `/sourcing/sessions/${attacker.ids.sourcingSession}`, attacker.apiKey);
    expect((attackerSession.body.data.candidates as JsonBody[]).map((c) => c.id)).not.toContain(victim.ids.sourcingCandidate);

    const before = await snapshot(victim);
    const matrix = new Map<string, Map<string, string>>();
    let calls = 0;
    for (const operation of operations) {
      for (const field of idFieldsOf(document, operation)) {
        const row = `${label(operation)} ${field.location}:${field.name}`;
        const cells = new Map<string, string>();
        matrix.set(row, cells);
        const kinds = kindsOf(operation, field)!;
        if (kinds === PUBLIC) continue;

        // The request reaches the lookup: with the caller's own id it succeeds. Destructive operations get a
        // fresh object of the caller's, so later rows still find theirs.
        const own = { ...attacker.ids };
        if (operation.method === 'delete') {
          if (kinds[0] === 'cv') own.cv = await analyzed('cvs', `${CV_TEXT}\n${randomUUID()}`, attacker.apiKey);
          else if (kinds[0] === 'job') own.job = await analyzed('jobs', `${JOB_TEXT}\n${randomUUID()}`, attacker.apiKey);
          else if (kinds[0] === 'webhook') own.webhook = await webhook(attacker.apiKey);
          else throw new Error(`no disposable ${kinds[0]} for ${row}: add one`);
        }
        const control = await request(operation, field, own[kinds[0]!], attacker.apiKey, own);
        expect(control.status, `${row} with the caller's own id: ${JSON.stringify(control.body)}`).toBeLessThan(300);

        for (const kind of kinds) {
          const foreignId = victim.ids[kind];
          const unknownId = sameShape(foreignId);
          const foreign = await request(operation, field, foreignId, attacker.apiKey, attacker.ids);
          const unknown = await request(operation, field, unknownId, attacker.apiKey, attacker.ids);
          calls += 2;
          expect({ status: foreign.status, body: normalise(foreign.body, foreignId) }, `${row} with a foreign ${kind} vs an unknown one`).toEqual({
            status: unknown.status,
            body: normalise(unknown.body, unknownId),
          });
          cells.set(kind, String(foreign.status));
        }
      }
    }

    expect(await snapshot(victim)).toEqual(before);

    const header = ['route × id kind'.padEnd(58), ...KINDS.map((k) => k.padEnd(18))].join('');
    const lines = [...matrix].map(([row, cells]) =>
      cells.size === 0
        ? `${row.padEnd(58)}(${PUBLIC}: the same for every workspace)`
        : [row.padEnd(58), ...KINDS.map((kind) => (cells.has(kind) ? `${cells.get(kind)} = unknown` : '·').padEnd(18))].join(''),
    );
    console.log(`BOLA matrix (${calls} requests; cell = status of the foreign id, equal to an unknown id's in status and body):\n${header}\n${lines.join('\n')}`);
    expect(calls).toBeGreaterThan(0);
  });
});
