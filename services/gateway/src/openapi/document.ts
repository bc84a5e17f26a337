import { OpenApiGeneratorV31, type OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { WEBHOOKS_GUIDE } from '../schemas/webhooks.js';

export const SECURITY_SCHEME = 'ApiKeyAuth';

/** Decisions the spec leaves open ("not shown"), stated once for every reader of the document. */
const DESCRIPTION = `
Talent-matching API: CV and job analysis, matching, sourcing, a skills taxonomy, and token metering.

## Authentication
Every operation needs the \`x-api-key\` header (a UUID API key; keys belong to one workspace) except the
skills endpoints and this document. A missing key gives 401 \`{"error": "Missing API key: …"}\`; an unknown,
malformed or revoked key gives 401 \`{"error": "Invalid API Key."}\`. A revoked key stops working within
10 seconds. Requests to unknown paths are authenticated first, so without a key they get 401, with one 404.

## Errors
Most errors are \`{"error": string}\`. Clients switch on \`code\` where one is present, not on \`message\`.
5xx bodies are \`{"error", "request_id"}\` and never disclose internals. A known path called with another
method gives 405 \`{"error"}\` with an \`Allow\` header. A malformed JSON body gives 400 \`{"error"}\`.
A message that quotes a value of the request back (an id, a name) is cut to 1,000 characters, ending in "…";
an unknown sourcing session's id is quoted up to 100 characters.
NUL characters (U+0000) are removed from every string of a JSON body, and a lone UTF-16 surrogate is replaced by
U+FFFD: neither means anything in text, and neither can be stored.
A URL and headers together over 16 KB give 431 \`{"error", "request_id"}\` (the connection is then closed).

## Request ids
Send \`X-Request-Id\` (1–128 characters of letters, digits, \`_ . : -\`) to choose the id; otherwise one is
generated. It is echoed on every response and appears in 5xx bodies.

## Rate limits
Each workspace (or, on public paths, each client IP) may make a configured number of requests per
one-minute window (policy \`talent-api\`). Requests that no valid API key vouches for (no key, a malformed or
unknown one) draw on a smaller per-client-IP budget (policy \`talent-api-unauthenticated\`), checked before
the key is looked up; a key that proves valid gives its request back. Responses carry the IETF draft-8
\`RateLimit\` and \`RateLimit-Policy\` headers of the policy that applied; above a limit the answer is 429
\`{"error", "code": "RATE_LIMITED"}\` with \`Retry-After\` (seconds).

## Idempotency
Billable POSTs accept an \`Idempotency-Key\` header (1–255 visible ASCII characters). A retry with the same key
within 24 hours replays the first result without charging again; the same key with a different body gives
422 \`{"error", "code": "IDEMPOTENCY_KEY_REUSED"}\`.

## Conventions
Timestamps are ISO 8601 UTC with milliseconds. Lists use \`limit\`/\`offset\` query parameters and return
\`{message, length, data, pagination: {total, offset, limit, has_more}}\`. JSON bodies are sent with
\`Content-Type: application/json\` and may be at most 1 MB unless an operation says otherwise (413 above) and nest at most 32 levels (400 deeper); a
missing required field gives 400 \`{"error": "Missing required fields."}\`, any other invalid field a 400 whose
message names it.

## CVs and jobs
Analysis is asynchronous: the analyze operations answer with one task id per document (status PENDING); a
task ends COMPLETED (its record is readable and matchable) or FAILED (its tokens are refunded automatically;
resubmit the document). Poll \`POST /cvs/status\` or \`POST /jobs/status\` every 2–3 s, or ask the analyze
operation to wait (\`block\`, bounded: 30 s by default) or to stream status changes as Server-Sent Events
(\`stream\`, at most 10 minutes by default; \`stream\` wins when both are set). Both report the same statuses as
polling does, so a missed notification never leaves a client waiting longer than the bound.

- **Limits**: 1–100 texts per request, each at most 100,000 characters (a JSON body of at most 32 MB); 1–20
  files per upload, each a PDF, DOC or DOCX of at most 50 MB and at most 60 MB in all (an upload crossing a
  limit is refused with 400 as soon as it does, without reading the rest); 1–1,000 ids per status request;
  \`limit\` 1–100 (default 20) on lists.
- **cache** (default true): the same content (normalised text, or identical file bytes) in the same workspace is
  analyzed once; resubmitting it returns the existing id, free of charge, and its status then carries
  \`original_id\`. With \`cache: false\` every submission is a new, charged task.
- **Lists** contain COMPLETED records only, newest first. Pending tasks answer \`GET /{cvs|jobs}/{id}\` with
  404 \`{"message", "status": "PENDING"}\`; unknown, foreign, deleted and FAILED ids (and ids that are not
  UUIDs) with 404 \`{"error": "CV <id> not found."}\` (\`Job <id> not found.\`).
- **Languages**: skill names in records follow \`Accept-Language\`; an update's content language is its
  \`content_language\` field, else the first \`Accept-Language\` entry's primary subtag.
- **Deleting** a record erases its submitted content and its cache entry; tokens are not refunded.

## Matching
\`POST /match\` scores 1–10,000 CVs against one job and charges one \`job_matching\` per successful request
(nothing on any error). Both the job and every CV must be COMPLETED: a PENDING job answers 404
\`VACANCY_NOT_FOUND\`, unusable CVs 422 \`CANDIDATES_NOT_FOUND\` listing every one of them. Omitted \`weights\` mean
equal weights; given weights may omit some (0), must sum to at most 1 and are normalised when they sum below 1.
\`cache\` defaults to false; \`cache: true\` stores the result as a new version, read back (free) with
\`GET /match/{jobId}?version=\` (latest when omitted) as \`{job_id, version, created_at, weights, top_k,
candidates, versions_used}\`.

## Sourcing
\`POST /sourcing/search\` searches external profiles (the configured provider: \`directory\`, a local file and the
offline default of \`npm start\`, or \`pdl\`, a People Data Labs-compatible API) and answers a window
(\`offset\`, \`limit\` 1–100) of the ranked results in a session. The worst case (base fee plus every requested
premium for every position) must be covered before the provider is called (else 402 with \`required\` = that
worst case, nothing charged); then the base fee is charged once per provider call and each premium per candidate
new to the session (contacts only when actually returned), in one charge once the provider has answered. Should
another request spend the balance between that check and the charge, the answer is 402 with \`required\` = the
actual amount, nothing is charged and nothing is kept. Windows bought before are free (\`cached: true\`). \`GET /sourcing/sessions/{sessionId}\`
reads a session and its candidates for free; sessions expire 7 days after their last purchase.
\`POST /sourcing/ingest\` turns selected candidates into CVs (one \`sourcing_ingest\` each; the same profile
twice in a workspace gives the same CV, uncharged). 502 when the provider fails (nothing charged); 503 when no
provider is configured (the message names the setting).
`.trim();

export function generateOpenApiDocument(registry: OpenAPIRegistry): object {
  registry.registerComponent('securitySchemes', SECURITY_SCHEME, {
    type: 'apiKey',
    in: 'header',
    name: 'x-api-key',
    description: 'API key of a workspace, a UUID. Keys are issued and revoked in the management console.',
  });
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Talent Matching API',
      version: '1.0.0',
      description: DESCRIPTION,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/api/v1', description: 'This gateway.' }],
    security: [{ [SECURITY_SCHEME]: [] }],
    tags: [
      { name: 'CVs', description: 'Analyze CVs (text or PDF/DOC/DOCX), follow their processing, and read, correct and delete the CV records.' },
      { name: 'Jobs', description: 'Analyze job descriptions (text or PDF/DOC/DOCX), follow their processing, and read, correct and delete the job records.' },
      {
        name: 'Matching',
        description:
          'Score COMPLETED CVs against a COMPLETED job (explainable: every requirement and skill gets a score 0–10 with criteria and explanation), and read the versioned results stored with `cache: true`.',
      },
      {
        name: 'Sourcing',
        description: 'Search external candidate profiles in sessions (pay per search and per premium, bought windows free again), read a session, and ingest selected candidates as CVs.',
      },
      { name: 'Skills', description: 'The public skills taxonomy (no API key).' },
      { name: 'Tokens', description: 'Token balance, ledger history and price list of the workspace (free).' },
      { name: 'Webhooks', description: WEBHOOKS_GUIDE },
    ],
  });
}
