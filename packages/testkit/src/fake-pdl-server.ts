import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for People Data Labs' Person Search (`POST /v5/person/search`) over a given list of PDL-shaped
 * person records, for tests of the sourcing provider and of the whole stack. It speaks the API's protocol: key in
 * `X-Api-Key` (wrong key → 401), Elasticsearch `query` (a subset: bool, match_all, term(s), match, match_phrase,
 * multi_match, range, exists; anything else → 400), `size` 1–100, `from` with at most 10,000 records reachable,
 * `{status, data, total, scroll_token}` answers, 404 when nothing matches, rate-limit headers, and on demand
 * latency, 429 with Retry-After, 5xx or dropped connections. Records are served in list order (no scoring).
 */
export type PdlRecord = Record<string, unknown>;

export interface FakePdlRequest {
  /** When it arrived (ms since epoch). */
  at: number;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
  /** What the server answered. */
  status: number;
}

/** A scripted answer for the next request(s): an HTTP status (with Retry-After seconds) or a dropped connection. */
export type FakePdlFailure = { status: number; retryAfterSeconds?: number; message?: string } | { drop: true };

export interface FakePdlOptions {
  apiKey: string;
  records: PdlRecord[];
  /** Delay before every answer. */
  latencyMs?: number;
  /** Fixed-window rate limit: at most `limit` calls per `windowMs`; beyond → 429 with Retry-After. */
  rateLimit?: { limit: number; windowMs: number };
}

export interface FakePdlServer {
  /** Base URL (SOURCING_PDL_BASE_URL). */
  url: string;
  /** Every request received, in order. */
  requests: FakePdlRequest[];
  /** The next requests get these answers, one each, before normal service resumes. */
  failNext(...failures: FakePdlFailure[]): void;
  setLatency(ms: number): void;
  /** Runs `action` before the next successful answer is sent (e.g. what another client does meanwhile). */
  beforeNextAnswer(action: () => Promise<void>): void;
  setRecords(records: PdlRecord[]): void;
  close(): Promise<void>;
}

const MAX_REACHABLE = 10_000;

export async function startFakePdlServer(options: FakePdlOptions): Promise<FakePdlServer> {
  let records = options.records;
  let latencyMs = options.latencyMs ?? 0;
  const failures: FakePdlFailure[] = [];
  const requests: FakePdlRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let window = { start: Date.now(), used: 0 };
  let beforeAnswer: (() => Promise<void>) | undefined;

  const answer = (
    response: ServerResponse,
    record: FakePdlRequest,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    record.status = status;
    const send = () => {
      if (response.destroyed) return;
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(body));
    };
    if (latencyMs <= 0) return send();
    const timer = setTimeout(() => {
      timers.delete(timer);
      send();
    }, latencyMs);
    timers.add(timer);
  };

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      } catch {
        // answered as a 400 below
      }
      const record: FakePdlRequest = { at: Date.now(), headers: request.headers, body, status: 0 };
      requests.push(record);
      const fail = (status: number, type: string, message: string, headers: Record<string, string> = {}) =>
        answer(response, record, status, { status, error: { type, message } }, headers);

      if (request.method !== 'POST' || request.url?.split('?')[0] !== '/v5/person/search')
        return fail(404, 'not_found', 'no such endpoint');
      const scripted = failures.shift();
      if (scripted && 'drop' in scripted) {
        record.status = -1;
        return request.socket.destroy();
      }
      if (scripted) {
        const headers: Record<string, string> =
          scripted.retryAfterSeconds !== undefined ? { 'retry-after': String(scripted.retryAfterSeconds) } : {};
        return fail(
          scripted.status,
          scripted.status === 429 ? 'rate_limit_error' : 'error',
          scripted.message ?? 'scripted failure',
          headers,
        );
      }
      if (request.headers['x-api-key'] !== options.apiKey) return fail(401, 'authentication_error', 'Invalid API key');

      const limitHeaders: Record<string, string> = {};
      if (options.rateLimit) {
        const now = Date.now();
        if (now - window.start >= options.rateLimit.windowMs) window = { start: now, used: 0 };
        const reset = window.start + options.rateLimit.windowMs;
        limitHeaders['x-ratelimit-reset'] = new Date(reset).toISOString();
        if (window.used >= options.rateLimit.limit) {
          limitHeaders['retry-after'] = String(Math.ceil((reset - now) / 1000));
          limitHeaders['x-ratelimit-remaining'] = JSON.stringify({ minute: 0 });
          return fail(429, 'rate_limit_error', 'rate limit reached', limitHeaders);
        }
        window.used++;
        limitHeaders['x-ratelimit-remaining'] = JSON.stringify({ minute: options.rateLimit.limit - window.used });
      }

      const size = body.size ?? 10;
      const from = body.from ?? 0;
      if (body.sql !== undefined) return fail(400, 'invalid_request_error', 'sql is not emulated by the fake server');
      if (!body.query || typeof body.query !== 'object')
        return fail(400, 'invalid_request_error', 'query or sql is required');
      if (typeof size !== 'number' || !Number.isInteger(size) || size < 1 || size > 100)
        return fail(400, 'invalid_request_error', 'size must be 1-100');
      if (typeof from !== 'number' || !Number.isInteger(from) || from < 0 || from + size > MAX_REACHABLE) {
        return fail(400, 'invalid_request_error', `from + size must stay within ${MAX_REACHABLE}`);
      }
      let matches: PdlRecord[];
      try {
        matches = records.filter((person) => evaluate(body.query as Clause, person));
      } catch (error) {
        return fail(400, 'invalid_request_error', (error as Error).message);
      }
      if (!matches.length) return fail(404, 'not_found', 'No records were found matching your search', limitHeaders);
      const page = { status: 200, data: matches.slice(from, from + size), total: matches.length, scroll_token: `${from + size}$fake` };
      const before = beforeAnswer;
      beforeAnswer = undefined;
      if (!before) return answer(response, record, 200, page, limitHeaders);
      void before().then(
        () => answer(response, record, 200, page, limitHeaders),
        (error: unknown) => fail(500, 'internal_error', String(error)),
      );
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext: (...next) => void failures.push(...next),
    setLatency: (ms) => void (latencyMs = ms),
    beforeNextAnswer: (action) => void (beforeAnswer = action),
    setRecords: (next) => void (records = next),
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

type Clause = Record<string, unknown>;

/** Every value at a dotted path, arrays flattened (`experience.title.name` → each job's title). */
function valuesAt(record: unknown, path: string): unknown[] {
  let current: unknown[] = [record];
  for (const key of path.split('.')) {
    current = current.flatMap((value) => {
      const next = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
      return Array.isArray(next) ? next : next === undefined || next === null ? [] : [next];
    });
  }
  return current;
}

/** The standard analyzer's view of a text: lower-case words. */
const tokens = (value: unknown) =>
  String(value)
    .toLowerCase()
    .split(/[^\p{L}\p{N}+#]+/u)
    .filter(Boolean);

const fieldTokens = (record: unknown, field: string) => valuesAt(record, field.split('^')[0]!).map(tokens);

function containsPhrase(haystack: string[], phrase: string[]): boolean {
  if (!phrase.length) return false;
  for (let i = 0; i + phrase.length <= haystack.length; i++)
    if (phrase.every((word, j) => haystack[i + j] === word)) return true;
  return false;
}

const queryText = (spec: unknown) => (spec && typeof spec === 'object' ? (spec as { query?: unknown }).query : spec);
const list = (value: unknown): Clause[] => (Array.isArray(value) ? value : value ? [value] : []) as Clause[];

function evaluate(clause: Clause, record: PdlRecord): boolean {
  const [kind, spec] = Object.entries(clause)[0] ?? [];
  const entry = (spec ?? {}) as Record<string, unknown>;
  const [field, argument] = Object.entries(entry)[0] ?? ['', undefined];
  switch (kind) {
    case 'match_all':
      return true;
    case 'bool': {
      const must = [...list(entry.must), ...list(entry.filter)];
      const should = list(entry.should);
      const minimum = (entry.minimum_should_match as number | undefined) ?? (must.length ? 0 : should.length ? 1 : 0);
      return (
        must.every((inner) => evaluate(inner, record)) &&
        !list(entry.must_not).some((inner) => evaluate(inner, record)) &&
        should.filter((inner) => evaluate(inner, record)).length >= minimum
      );
    }
    case 'term':
      return valuesAt(record, field).some((value) => String(value) === String(queryText(argument)));
    case 'terms':
      return valuesAt(record, field).some((value) => (argument as unknown[]).map(String).includes(String(value)));
    case 'exists':
      return valuesAt(record, String(entry.field)).length > 0;
    case 'match': {
      const words = tokens(queryText(argument));
      const operator = (argument as { operator?: string } | undefined)?.operator ?? 'or';
      const found = (word: string) => fieldTokens(record, field).some((values) => values.includes(word));
      return operator === 'and' ? words.every(found) : words.some(found);
    }
    case 'match_phrase':
      return fieldTokens(record, field).some((values) => containsPhrase(values, tokens(queryText(argument))));
    case 'multi_match': {
      const { query, fields, operator } = entry as { query: string; fields: string[]; operator?: string };
      const found = (word: string) =>
        fields.some((name) => fieldTokens(record, name).some((values) => values.includes(word)));
      return operator === 'and' ? tokens(query).every(found) : tokens(query).some(found);
    }
    case 'range': {
      const bounds = argument as {
        gte?: string | number;
        lte?: string | number;
        gt?: string | number;
        lt?: string | number;
      };
      return valuesAt(record, field).some(
        (value) =>
          (bounds.gte === undefined || String(value) >= String(bounds.gte)) &&
          (bounds.gt === undefined || String(value) > String(bounds.gt)) &&
          (bounds.lte === undefined || String(value) <= String(bounds.lte)) &&
          (bounds.lt === undefined || String(value) < String(bounds.lt)),
      );
    }
    default:
      throw new Error(`query clause ${String(kind)} is not emulated by the fake server`);
  }
}
