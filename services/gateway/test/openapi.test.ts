import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './harness.js';

const run = promisify(execFile);
const redocly = fileURLToPath(new URL('../../../node_modules/.bin/redocly', import.meta.url));

describe('gateway: OpenAPI document and documentation page', () => {
  // No peer is needed: the document and the docs page are served by the gateway alone.
  let gateway: TestGateway;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the parsed document is walked freely
  let document: any;
  const dir = mkdtempSync(join(tmpdir(), 'gateway-openapi-'));

  beforeAll(async () => {
    gateway = await startTestGateway({});
    const response = await gateway.get('/api/v1/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    document = response.body;
  });
  afterAll(async () => {
    await gateway?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('passes redocly lint with no errors', async () => {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const result = await run(redocly, ['lint', file, '--format=json'], { maxBuffer: 16 * 1024 * 1024 }).then(
      (ok) => ({ code: 0, stdout: ok.stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    );
    const problems = (JSON.parse(result.stdout) as { problems: { severity: string; message: string }[] }).problems;
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(result.code).toBe(0);
  }, 60_000);

  it('is OpenAPI 3.1, version 1.0.0, served under /api/v1 with the x-api-key scheme', () => {
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document.info.version).toBe('1.0.0');
    expect(document.servers).toEqual([expect.objectContaining({ url: '/api/v1' })]);
    expect(document.components.securitySchemes.ApiKeyAuth).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-api-key' });
    expect(document.security).toEqual([{ ApiKeyAuth: [] }]);
  });

  it('documents every implemented route with its errors; the skills routes need no key', () => {
    const ops = Object.entries(document.paths as Record<string, Record<string, { responses: object; security?: unknown }>>).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, op })),
    );
    expect(ops.map((o) => o.route).sort()).toEqual(
      [
        'GET /credits/balance',
        'GET /credits/costs',
        'GET /credits/history',
        'POST /credits/quote',
        'GET /skills/languages',
        'GET /skills/search',
        'POST /match',
        'POST /match/fairness',
        'GET /match/{jobId}',
        'POST /sourcing/search',
        'GET /sourcing/sessions/{sessionId}',
        'POST /sourcing/ingest',
        'POST /webhooks',
        'GET /webhooks',
        'DELETE /webhooks/{id}',
        'GET /webhooks/{id}/deliveries',
        ...['cvs', 'jobs'].flatMap((r) => [
          `POST /${r}/analyze`,
          `POST /${r}/analyze/files`,
          `POST /${r}/status`,
          `GET /${r}`,
          `GET /${r}/{id}`,
          `PUT /${r}/{id}`,
          `DELETE /${r}/{id}`,
        ]),
      ].sort(),
    );
    for (const { route, op } of ops) {
      const statuses = Object.keys(op.responses);
      expect(statuses, route).toEqual(expect.arrayContaining(['200', '429', '500', '503']));
      if (route.includes('/skills/')) {
        expect(op.security, route).toEqual([]);
        expect(statuses, route).not.toContain('401');
      } else {
        expect(op.security, route).toBeUndefined();
        expect(statuses, route).toContain('401');
      }
    }
    expect(document.paths['/skills/search'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['q', 'type', 'limit', 'offset', 'accept-language']),
    );
  });

  it('documents what the HTTP layer answers before a handler: 400/413/415 for JSON bodies, 400 for undecodable path parameters', () => {
    for (const [path, methods] of Object.entries(document.paths as Record<string, Record<string, { requestBody?: { content: object }; parameters?: { in: string }[]; responses: object }>>)) {
      for (const [method, op] of Object.entries(methods)) {
        const statuses = Object.keys(op.responses);
        if (op.requestBody && 'application/json' in op.requestBody.content) expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(['400', '413', '415']));
        if (op.parameters?.some((p) => p.in === 'path')) expect(statuses, `${method} ${path}`).toContain('400');
      }
    }
  });

  it('publishes only patterns a JSON Schema validator can apply (no regex flags), and UUID patterns accept UUIDs', () => {
    const patterns: { at: string; pattern: string; format?: string }[] = [];
    const walk = (node: unknown, at: string) => {
      if (Array.isArray(node)) node.forEach((child, i) => walk(child, `${at}/${i}`));
      else if (node && typeof node === 'object') {
        const schema = node as { pattern?: unknown; format?: string };
        if (typeof schema.pattern === 'string') patterns.push({ at, pattern: schema.pattern, ...(schema.format ? { format: schema.format } : {}) });
        for (const [key, child] of Object.entries(node)) walk(child, `${at}/${key}`);
      }
    };
    walk(document, '');
    expect(patterns.length).toBeGreaterThan(0);
    for (const { at, pattern, format } of patterns) {
      expect(pattern, at).not.toMatch(/\/[dgimsuy]+$/);
      if (format === 'uuid') expect(new RegExp(pattern).test('3F1C9A52-7d4e-4b8a-9c61-0e2f5a7b8d93'), at).toBe(true);
    }
  });

  it('documents the sourcing operations: billing rules, sessions, 502/503 and the candidate fields', () => {
    const search = document.paths['/sourcing/search'].post;
    expect(search.tags).toEqual(['Sourcing']);
    expect(Object.keys(search.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '402', '404', '502', '503']));
    expect(search.description).toContain('worst case');
    expect(search.parameters.map((p: { name: string }) => p.name)).toContain('idempotency-key');
    const request = document.components.schemas.SourcingSearchRequest;
    expect(Object.keys(request.properties).sort()).toEqual(['filters', 'limit', 'offset', 'options', 'query', 'session_id']);
    expect(request.properties.limit).toMatchObject({ minimum: 1, maximum: 100, default: 10 });
    expect(Object.keys(document.components.schemas.SourcingSearchOptions.properties).sort()).toEqual(
      ['high_freshness', 'insights', 'reveal_emails', 'reveal_phones', 'search_type'],
    );
    expect(document.components.schemas.SourcedCandidate.required).toEqual(
      expect.arrayContaining(['id', 'full_name', 'emails', 'phones', 'has_email', 'has_phone', 'insights', 'source', 'updated_at']),
    );
    const ingest = document.paths['/sourcing/ingest'].post;
    expect(document.components.schemas.SourcingIngestRequest.required).toEqual(['session_id', 'selected_ids']);
    expect(Object.keys(ingest.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '402', '404']));
    expect(document.paths['/sourcing/sessions/{sessionId}'].get.responses['404']).toBeDefined();
  });

  it('documents both matching operations with their request, responses and decisions', () => {
    const post = document.paths['/match'].post;
    expect(post.tags).toEqual(['Matching']);
    expect(post.requestBody.required).toBe(true);
    expect(post.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/MatchRequest' });
    const request = document.components.schemas.MatchRequest;
    expect(request.required).toEqual(expect.arrayContaining(['jobId', 'candidatesIds', 'topK']));
    expect(request.required).not.toContain('weights');
    expect(request.additionalProperties).toBe(false);
    expect(request.properties.candidatesIds.maxItems).toBe(10_000);
    expect(request.properties.cache.default).toBe(false);
    expect(post.parameters.map((p: { name: string }) => p.name)).toContain('idempotency-key');
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '402', '404', '422']));
    expect(post.responses['404'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/VacancyNotFound' });
    const unprocessable = JSON.stringify(post.responses['422'].content['application/json'].schema);
    expect(unprocessable).toContain('CandidatesNotFound');
    expect(unprocessable).toContain('VacancyHasNoRequirements');
    expect(document.components.schemas.VacancyNotFound.required).toEqual(['code', 'message', 'vacancy_id']);
    expect(document.components.schemas.CandidatesNotFound.properties.candidate_ids.type).toBe('array');
    expect(post.description).toMatch(/PENDING[^.]*404 `VACANCY_NOT_FOUND`/);
    expect(post.description).toMatch(/one `job_matching`.*nothing on any error/);
    expect(post.description).toMatch(/`message` names the version/);
    expect(post.description).toMatch(/Sum of weights cannot be greater than 1/);
    const candidate = document.components.schemas.MatchCandidate;
    // The spec's six fields, plus `guidance`: an optional extension, absent unless asked for.
    expect(Object.keys(candidate.properties).sort()).toEqual(['final_score', 'guidance', 'job_id', 'person_id', 'score_dict', 'score_meta', 'summary_score']);
    expect(candidate.required).not.toContain('guidance');
    expect(candidate.properties.guidance.description).toMatch(/Extension beyond the spec/);
    expect(document.components.schemas.ScoreDetail.properties.score).toMatchObject({ type: 'integer', minimum: 0, maximum: 10 });
    expect(document.components.schemas.ScoreDetail.required).toEqual(['score', 'criteria', 'explanation']);

    const get = document.paths['/match/{jobId}'].get;
    expect(get.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`).sort()).toEqual(['path:jobId', 'query:version']);
    expect(Object.keys(get.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '404']));
    expect(get.description).toMatch(/Free of charge/);
    const stored = document.components.schemas.StoredMatchResponse.properties.data;
    expect(Object.keys(stored.properties).sort()).toEqual(['candidates', 'created_at', 'job_id', 'top_k', 'version', 'versions_used', 'weights']);
    expect(document.tags.map((t: { name: string }) => t.name)).toContain('Matching');
  });

  it('documents the extensions beyond the spec as such, with schemas and examples for a generated client', () => {
    const quote = document.paths['/credits/quote'].post;
    const fairness = document.paths['/match/fairness'].post;
    for (const operation of [quote, fairness]) expect(operation.description).toMatch(/^\*\*Extension beyond the spec\.\*\*/);
    expect(quote.operationId).toBe('quoteCredits');
    expect(fairness.operationId).toBe('matchFairness');
    expect(quote.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/QuoteRequest' });
    expect(fairness.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/FairnessRequest' });
    expect(Object.keys(fairness.responses)).toEqual(expect.arrayContaining(['200', '400', '402', '404', '422']));
    expect(fairness.description).toMatch(/priced as a match.*one `job_matching`/is);
    const schemas = document.components.schemas;
    expect(schemas.QuoteRequest.properties.operation.enum).toEqual(expect.arrayContaining(['analyzeCvs', 'matchCandidates', 'matchFairness', 'searchSourcing']));
    expect(schemas.QuoteRequest.properties.body.example).toBeDefined();
    expect(schemas.FairnessRequest.properties.candidates.example).toHaveLength(2);
    expect(schemas.FairnessReport.properties.four_fifths_rule.properties.groups_below.example).toEqual(['women']);
    expect(schemas.MatchRequest.properties.blind).toMatchObject({ type: 'boolean', default: false, example: true });
    expect(schemas.MatchRequest.properties.guidance.description).toMatch(/^\*\*Extension beyond the spec\.\*\*/);
    expect(schemas.MatchRequest.required).not.toContain('blind');
  });

  it('writes the decisions the spec leaves open into the document', () => {
    expect(document.info.description).toMatch(/RATE_LIMITED/);
    expect(document.info.description).toMatch(/Retry-After/);
    expect(document.info.description).toMatch(/Idempotency-Key/);
    expect(document.info.description).toMatch(/request_id/);
    expect(document.paths['/skills/search'].get.description).toMatch(/`relationship` is always `satisfies`/);
    expect(document.components.schemas.LedgerEntry.properties.kind.enum).toEqual(['charge', 'refund', 'grant', 'expiry']);
  });

  it('serves a docs page whose script and spec come from the gateway itself', async () => {
    const page = await gateway.get('/api/v1/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = String(page.body);
    // Nothing is fetched from another origin: no absolute URLs in the page at all.
    expect(html).not.toMatch(/https?:\/\//);
    const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const script = await fetch(new URL(src!, `${gateway.url}/api/v1/docs`));
      expect(script.status, src).toBe(200);
      expect(script.headers.get('content-type')).toMatch(/javascript/);
      const body = await script.text();
      expect(body.length).toBeGreaterThan(100_000);
      expect(body).toContain('Redoc');
    }
    const specUrl = /spec-url="([^"]+)"/.exec(html)?.[1];
    const spec = await fetch(new URL(specUrl!, `${gateway.url}/api/v1/docs`));
    expect(((await spec.json()) as { info: { title: string } }).info.title).toBe(document.info.title);
    // The page's CSP forbids other origins, so even a stray reference could not load.
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'(;|$)/);
  });
});
