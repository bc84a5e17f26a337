import type { OpenAPIRegistry, ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { DomainError, storableJson, type RequestContext } from '@talent/platform';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { z } from '../openapi/zod.js';
import { ERROR_RESPONSES, ErrorBody, type DocumentedError } from '../openapi/errors.js';
import { HttpError } from './errors.js';
import { IdempotencyKeyHeader, idempotencyKeyOf } from './idempotency.js';

type Method = 'get' | 'post' | 'put' | 'delete';
type QuerySchema = z.ZodObject;
type BodySchema = z.ZodType;

/** The exact message of a body that lacks a required field (spec, Errors). */
export const MISSING_FIELDS_MESSAGE = 'Missing required fields.';

/** Default largest JSON body; an operation may raise it (`bodyLimit`). A bigger body gets 413. */
export const DEFAULT_JSON_BODY_LIMIT = '1mb';

const JSON_TYPES = ['application/json', 'application/*+json'];

/** What the JSON body parser itself answers (see bodyParserFailure in errors.ts). */
const BODY_REFUSALS: Record<number, ResponseConfig> = {
  413: { description: 'The JSON body is larger than the operation allows.', content: { 'application/json': { schema: ErrorBody } } },
  415: {
    description: 'The JSON body declares a charset that is not a UTF encoding, or an unsupported `Content-Encoding` (gzip, deflate, br and zstd are accepted).',
    content: { 'application/json': { schema: ErrorBody } },
  },
};

/** A handler returns this when it wrote the response itself (e.g. an event stream). */
export const RESPONDED: unique symbol = Symbol('responded');

/**
 * A request body the gateway does not validate itself, documented as given: JSON handed on to the peer that
 * validates it (`req.body`), or multipart/form-data parsed by `parse` (run after authentication).
 */
export type RawBody =
  | { mediaType: 'application/json'; schema: z.ZodType; description: string }
  | { mediaType: 'multipart/form-data'; schema: z.ZodType; description: string; parse: RequestHandler };

export interface Operation<Q extends QuerySchema | undefined, B extends BodySchema | undefined = undefined> {
  method: Method;
  /** OpenAPI path template relative to the base path, e.g. `/cvs/{id}`. */
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description: string;
  /** No `x-api-key` needed (spec: the skills endpoints). */
  public?: boolean;
  /** Charges tokens: accepts `Idempotency-Key`, handed to the handler for the upstream call. */
  billable?: boolean;
  query?: Q;
  /** Path parameters, for the document (handlers read `req.params` and decide what a malformed one means). */
  params?: z.ZodObject;
  headers?: z.ZodObject;
  /**
   * JSON request body, parsed after authentication (at most `bodyLimit`) and validated before the handler: the
   * first issue becomes a 400 `{error}` naming the field (`{field}` in a schema's message is replaced by its
   * path, e.g. `inputs[2]`); a missing required field gives exactly `Missing required fields.`. Documented as
   * the operation's request body.
   */
  body?: B;
  /** Largest JSON body (body-parser syntax, e.g. `32mb`); default 1 MB. */
  bodyLimit?: string;
  /** A body the gateway parses but does not validate (see RawBody); exclusive with `body`. */
  rawBody?: RawBody;
  response: {
    description: string;
    schema: z.ZodType;
    /** Also answers `text/event-stream` (the handler then writes the stream and returns RESPONDED). */
    eventStream?: z.ZodType;
  };
  /** Error statuses besides the ones every operation can return (401 unless public, 429, 431, 500, 503). */
  errors?: DocumentedError[];
  /** Further documented responses whose bodies the shared table does not describe (e.g. 404 PENDING, 422). */
  responses?: Record<number, ResponseConfig>;
}

export interface HandlerContext<Q, B = unknown> {
  req: Request;
  res: Response;
  query: Q;
  /** The validated body when the operation declares `body`; otherwise whatever was parsed (`req.body`). */
  body: B;
  /** Empty on public operations. */
  workspaceId: string;
  /** The validated `Idempotency-Key` header of a billable operation; empty when absent or not billable. */
  idempotencyKey: string;
  /** The request's ids: hand them to every upstream call (`{ context }`), so the services log under them too. */
  context: RequestContext;
}

type Handler<Q extends QuerySchema | undefined, B extends BodySchema | undefined> = (
  context: HandlerContext<Q extends QuerySchema ? z.output<Q> : undefined, B extends BodySchema ? z.output<B> : unknown>,
) => Promise<unknown>;

/** The first zod issue's message: our schemas word them to name the query parameter. */
function queryError(error: z.ZodError): DomainError {
  const issue = error.issues[0];
  const name = issue?.path.join('.') ?? '';
  const message =
    issue?.message && issue.message.includes(`'${name}'`) ? issue.message : `Invalid query parameter '${name}': ${issue?.message ?? 'invalid value'}.`;
  return new DomainError('INVALID_ARGUMENT', message);
}

/** `['inputs', 2, 'text']` → `inputs[2].text`. */
function fieldName(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (name, key) => (typeof key === 'number' ? `${name}[${key}]` : name ? `${name}.${String(key)}` : String(key)),
    '',
  );
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * The first zod issue of a body as a 400 message that names the field: `Missing required fields.` when a
 * required field is absent, else the schema's message (`{field}` replaced by the field's path).
 */
export function bodyError(error: z.ZodError, input: unknown): DomainError {
  const issue = error.issues[0];
  if (!issue) return new DomainError('INVALID_ARGUMENT', 'Invalid request body.');
  if (issue.code === 'invalid_type' && issue.path.length > 0 && valueAt(input, issue.path) === undefined) {
    return new DomainError('INVALID_ARGUMENT', MISSING_FIELDS_MESSAGE);
  }
  const name = fieldName(issue.path);
  let message = issue.message.replaceAll('{field}', name);
  if (name && !message.includes(`'${name}'`) && !message.includes(`'${String(issue.path[0])}'`)) {
    message = `Invalid field '${name}': ${message.replace(/\.$/, '')}.`;
  }
  return new DomainError('INVALID_ARGUMENT', message);
}

/** Deepest JSON body accepted; the records nest 4 levels. Deeper values overflow recursive code (JSON.stringify). */
export const MAX_JSON_DEPTH = 32;

/** How deep a parsed JSON value nests, counted without recursion (the value may be nested 100,000 deep). */
export function jsonDepth(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    deepest = Math.max(deepest, depth);
    if (deepest > limit) return deepest;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/**
 * JSON writes NUL and lone surrogates only as escapes (`\u0000`, `\ud83d`): marks the bodies that hold one, so
 * only those are walked.
 */
const NEEDS_CLEANING = Symbol('json body holds U+0000 or a surrogate escape');
const UNSTORABLE_ESCAPE = /\\u(?:0000|d[89a-f])/i;
const noticeUnstorable = (req: Request, _res: unknown, raw: Buffer) => {
  if (raw.includes('\\u') && UNSTORABLE_ESCAPE.test(raw.toString('latin1')))
    (req as Request & { [NEEDS_CLEANING]?: boolean })[NEEDS_CLEANING] = true;
};

const limitDepth: RequestHandler = (req, _res, next) => {
  if (jsonDepth(req.body, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    next(new DomainError('INVALID_ARGUMENT', `JSON body nested deeper than ${MAX_JSON_DEPTH} levels.`));
    return;
  }
  // PostgreSQL cannot store U+0000 (nor lone surrogates in jsonb): every string of the body is made storable
  // (documented in the OpenAPI document).
  if ((req as Request & { [NEEDS_CLEANING]?: boolean })[NEEDS_CLEANING]) req.body = storableJson(req.body);
  next();
};

/** A body sent with another media type would be silently ignored by the JSON parser: say so instead. */
const requireJson: RequestHandler = (req, _res, next) => {
  const empty = req.headers['content-length'] === '0';
  if (!empty && req.is(JSON_TYPES) === false) {
    next(new DomainError('INVALID_ARGUMENT', 'Request body must be JSON: send it with Content-Type: application/json.'));
    return;
  }
  next();
};

/**
 * The steps of an operation as one Express handler: `res.locals.route` set, then each middleware in turn (an
 * error, thrown or passed to its `next`, goes to the error middleware), then `last`. Does what Express' route
 * dispatch did with them as separate handlers, without a router layer and `next` round trip per step.
 */
function inSequence(route: string, steps: readonly RequestHandler[], last: (req: Request, res: Response) => Promise<void>): RequestHandler {
  return (req, res, next) => {
    res.locals.route = route;
    let index = 0;
    const step = (error?: unknown): void => {
      if (error) {
        next(error);
        return;
      }
      const middleware = steps[index++];
      if (!middleware) {
        last(req, res).catch(next);
        return;
      }
      try {
        // Express 5 also routes the rejection of a middleware's promise to the error middleware.
        const returned: unknown = middleware(req, res, step);
        if (returned instanceof Promise) returned.catch((rejection: unknown) => next(rejection ?? new Error('Rejected promise')));
      } catch (thrown) {
        next(thrown);
      }
    };
    step();
  };
}

/** `res.json` without Express' send machinery (content-type lookup, freshness check): the same bytes and headers. */
/**
 * JSON a peer already wrote (documents' records): spliced into the answer as it is rather than parsed and written
 * again, the largest cost of `GET /cvs/{id}`. Anything else that serialises it (`toJSON`) gets the parsed value.
 */
export class JsonText {
  constructor(readonly text: string) {
    if (!text) throw new Error('JsonText needs JSON text');
  }

  toJSON(): unknown {
    return JSON.parse(this.text) as unknown;
  }
}

// Arrays of records are all JsonText or none (`records.map(recordJson)`): the first item says which, so plain
// answers pay no extra pass over their arrays.
const holdsJsonText = (value: unknown): boolean =>
  value instanceof JsonText || (Array.isArray(value) && value[0] instanceof JsonText);

/** `JSON.stringify`, splicing `JsonText` found as a value, an array item, or either one level down. */
export function serialise(value: unknown): string {
  if (value instanceof JsonText) return value.text;
  if (Array.isArray(value)) {
    if (!holdsJsonText(value)) return JSON.stringify(value);
    return `[${value.map((item) => (item === undefined ? 'null' : serialise(item))).join(',')}]`;
  }
  if (value !== null && typeof value === 'object' && Object.values(value).some(holdsJsonText)) {
    const members = Object.entries(value).filter(([, member]) => member !== undefined);
    return `{${members.map(([key, member]) => `${JSON.stringify(key)}:${serialise(member)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? '';
}

function sendJson(res: Response, value: unknown): void {
  const body = serialise(value);
  if (!res.hasHeader('Content-Type')) res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}

/**
 * Registers each operation once for both Express and the OpenAPI document, so the served routes and the
 * published contract cannot drift. Also answers 405 (with `Allow`) on known paths and 404 elsewhere.
 */
export class ApiRouter {
  readonly router: Router = Router();
  private readonly paths = new Map<string, { methods: Set<string>; public: boolean }>();

  constructor(
    private readonly registry: OpenAPIRegistry,
    private readonly guards: { authenticate: RequestHandler; rateLimit: RequestHandler },
  ) {}

  add<Q extends QuerySchema | undefined = undefined, B extends BodySchema | undefined = undefined>(
    operation: Operation<Q, B>,
    handler: Handler<Q, B>,
  ): void {
    const expressPath = operation.path.replace(/\{(\w+)\}/g, ':$1');
    const route = `/api/v1${operation.path}`;
    const entry = this.paths.get(expressPath) ?? { methods: new Set<string>(), public: Boolean(operation.public) };
    entry.methods.add(operation.method.toUpperCase());
    this.paths.set(expressPath, entry);

    // One Express handler per operation: the guards, the body parser and the handler run in sequence inside it
    // (see `inSequence`), so a request walks one router layer instead of one per step.
    const steps = operation.public ? [this.guards.rateLimit] : [this.guards.authenticate, this.guards.rateLimit];
    // Bodies are read only once the caller is known, so an anonymous client cannot make the gateway parse them.
    if (operation.body || operation.rawBody?.mediaType === 'application/json') {
      steps.push(requireJson, express.json({ limit: operation.bodyLimit ?? DEFAULT_JSON_BODY_LIMIT, type: JSON_TYPES, verify: noticeUnstorable }), limitDepth);
    } else if (operation.rawBody?.mediaType === 'multipart/form-data') {
      steps.push(operation.rawBody.parse);
    }
    const querySchema = operation.query;
    const bodySchema = operation.body;
    const respond = async (req: Request, res: Response): Promise<void> => {
      let query: unknown = undefined;
      if (querySchema) {
        const parsed = querySchema.safeParse(req.query);
        if (!parsed.success) throw queryError(parsed.error);
        query = parsed.data;
      }
      let body: unknown = req.body as unknown;
      if (bodySchema) {
        const input = body ?? {};
        const parsed = bodySchema.safeParse(input);
        if (!parsed.success) throw bodyError(parsed.error, input);
        body = parsed.data;
      }
      const workspaceId = typeof res.locals.workspaceId === 'string' ? res.locals.workspaceId : '';
      const result = await handler({
        req,
        res,
        query: query as never,
        body: body as never,
        workspaceId,
        idempotencyKey: operation.billable ? idempotencyKeyOf(req) : '',
        context: { requestId: res.locals.requestId as string, ...(workspaceId ? { workspaceId } : {}) },
      });
      if (result !== RESPONDED) sendJson(res, result);
    };
    this.router[operation.method](expressPath, inSequence(route, steps, respond));
    this.document(operation);
  }

  /** Call after the last `add`: 405 for known paths, then the 404 fallback (behind auth, to not map the API). */
  finish(): Router {
    for (const [path, entry] of this.paths) {
      const allow = [...entry.methods, ...(entry.methods.has('GET') ? ['HEAD'] : [])].join(', ');
      const refuse: RequestHandler = (req, _res, next) => {
        next(new HttpError(405, { error: `Method ${req.method} is not allowed on this path. Allowed: ${allow}.` }, { Allow: allow }));
      };
      this.router.all(path, ...(entry.public ? [refuse] : [this.guards.authenticate, refuse]));
    }
    this.router.use(this.guards.authenticate, (req, _res, next) => {
      next(new DomainError('NOT_FOUND', `No such endpoint: ${req.method} ${req.originalUrl.split('?', 1)[0]}.`));
    });
    return this.router;
  }

  private document(operation: Operation<QuerySchema | undefined, BodySchema | undefined>): void {
    const statuses: DocumentedError[] = [
      ...(operation.errors ?? []),
      ...(operation.public ? [] : [401 as const]),
      429,
      431,
      500,
      503,
    ];
    const { eventStream } = operation.response;
    const responses: Record<string, ResponseConfig> = {
      200: {
        description: operation.response.description,
        content: {
          'application/json': { schema: operation.response.schema },
          ...(eventStream ? { 'text/event-stream': { schema: eventStream } } : {}),
        },
      },
    };
    // A JSON body can be invalid, too large or in an unsupported charset/encoding; a path parameter can be
    // undecodable (`%zz`). The shared table documents those answers unless the operation describes its own.
    const json = Boolean(operation.body || operation.rawBody?.mediaType === 'application/json');
    if ((json || operation.params) && !statuses.includes(400)) statuses.push(400);
    for (const status of [...new Set(statuses)].sort()) responses[status] = ERROR_RESPONSES[status];
    if (json) Object.assign(responses, BODY_REFUSALS);
    // Integer keys keep ascending order in the document.
    for (const [status, response] of Object.entries(operation.responses ?? {})) responses[status] = response;
    const requestBody = operation.body
      ? { required: true, content: { 'application/json': { schema: operation.body } } }
      : operation.rawBody
        ? { required: true, description: operation.rawBody.description, content: { [operation.rawBody.mediaType]: { schema: operation.rawBody.schema } } }
        : undefined;
    this.registry.registerPath({
      method: operation.method,
      path: operation.path,
      operationId: operation.operationId,
      tags: [operation.tag],
      summary: operation.summary,
      description: operation.description,
      ...(operation.public ? { security: [] } : {}),
      request: {
        ...(operation.params ? { params: operation.params } : {}),
        ...(operation.query ? { query: operation.query } : {}),
        ...(operation.headers || operation.billable
          ? { headers: (operation.headers ?? z.object({})).extend(operation.billable ? IdempotencyKeyHeader.shape : {}) }
          : {}),
        ...(requestBody ? { body: requestBody } : {}),
      },
      responses,
    });
  }
}
