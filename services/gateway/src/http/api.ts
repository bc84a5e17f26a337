import type { OpenAPIRegistry, ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { DomainError } from '@talent/platform';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { z } from '../openapi/zod.js';
import { ERROR_RESPONSES, type DocumentedError } from '../openapi/errors.js';
import { HttpError } from './errors.js';
import { IdempotencyKeyHeader, idempotencyKeyOf } from './idempotency.js';

type Method = 'get' | 'post' | 'put' | 'delete';
type QuerySchema = z.ZodObject;

export interface Operation<Q extends QuerySchema | undefined> {
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
  headers?: z.ZodObject;
  response: { description: string; schema: z.ZodType };
  /** Error statuses besides the ones every operation can return (401 unless public, 429, 500, 503). */
  errors?: DocumentedError[];
}

export interface HandlerContext<Q> {
  req: Request;
  res: Response;
  query: Q;
  /** Empty on public operations. */
  workspaceId: string;
  /** The validated `Idempotency-Key` header of a billable operation; empty when absent or not billable. */
  idempotencyKey: string;
}

type Handler<Q extends QuerySchema | undefined> = (
  context: HandlerContext<Q extends QuerySchema ? z.output<Q> : undefined>,
) => Promise<unknown>;

/** The first zod issue's message: our schemas word them to name the query parameter. */
function queryError(error: z.ZodError): DomainError {
  const issue = error.issues[0];
  const name = issue?.path.join('.') ?? '';
  const message =
    issue?.message && issue.message.includes(`'${name}'`) ? issue.message : `Invalid query parameter '${name}': ${issue?.message ?? 'invalid value'}.`;
  return new DomainError('INVALID_ARGUMENT', message);
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

  add<Q extends QuerySchema | undefined = undefined>(operation: Operation<Q>, handler: Handler<Q>): void {
    const expressPath = operation.path.replace(/\{(\w+)\}/g, ':$1');
    const route = `/api/v1${operation.path}`;
    const entry = this.paths.get(expressPath) ?? { methods: new Set<string>(), public: Boolean(operation.public) };
    entry.methods.add(operation.method.toUpperCase());
    this.paths.set(expressPath, entry);

    const label: RequestHandler = (_req, res, next) => {
      res.locals.route = route;
      next();
    };
    const chain = operation.public ? [label, this.guards.rateLimit] : [label, this.guards.authenticate, this.guards.rateLimit];
    const querySchema = operation.query;
    this.router[operation.method](expressPath, ...chain, async (req, res) => {
      let query: unknown = undefined;
      if (querySchema) {
        const parsed = querySchema.safeParse(req.query);
        if (!parsed.success) throw queryError(parsed.error);
        query = parsed.data;
      }
      const body = await handler({
        req,
        res,
        query: query as never,
        workspaceId: typeof res.locals.workspaceId === 'string' ? res.locals.workspaceId : '',
        idempotencyKey: operation.billable ? idempotencyKeyOf(req) : '',
      });
      res.json(body);
    });
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

  private document(operation: Operation<QuerySchema | undefined>): void {
    const statuses: DocumentedError[] = [
      ...(operation.errors ?? []),
      ...(operation.public ? [] : [401 as const]),
      429,
      500,
      503,
    ];
    const responses: Record<string, ResponseConfig> = {
      200: { description: operation.response.description, content: { 'application/json': { schema: operation.response.schema } } },
    };
    for (const status of [...new Set(statuses)].sort()) responses[status] = ERROR_RESPONSES[status];
    this.registry.registerPath({
      method: operation.method,
      path: operation.path,
      operationId: operation.operationId,
      tags: [operation.tag],
      summary: operation.summary,
      description: operation.description,
      ...(operation.public ? { security: [] } : {}),
      request: {
        ...(operation.query ? { query: operation.query } : {}),
        ...(operation.headers || operation.billable
          ? { headers: (operation.headers ?? z.object({})).extend(operation.billable ? IdempotencyKeyHeader.shape : {}) }
          : {}),
      },
      responses,
    });
  }
}
