import { status as GrpcStatus } from '@grpc/grpc-js';
import { isDomainError, type DomainCode, type DomainError, type Logger } from '@talent/platform';
import type { ErrorRequestHandler } from 'express';

/**
 * A failure the HTTP layer itself detects (405, 429, malformed bodies) whose status or headers no domain
 * code expresses. Everything else is a DomainError and goes through DOMAIN_ERRORS below.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.error === 'string' ? body.error : `HTTP ${status}`);
    this.name = 'HttpError';
  }
}

export interface HttpFailure {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

const INTERNAL_MESSAGE = 'Internal server error.';
const UNAVAILABLE_MESSAGE = 'Service temporarily unavailable. Retry later.';

/** 5xx bodies carry the request id for support, never internals (DESIGN §9). */
const serverError = (status: number, error: string, requestId: string): HttpFailure => ({
  status,
  body: { error, request_id: requestId },
});

const detail = (error: DomainError, key: string): unknown => error.details[key];

/**
 * THE table: every domain code a peer may raise, mapped to the spec's status and body. `satisfies` makes a
 * new code in @talent/platform a compile error here until it is mapped.
 */
export const DOMAIN_ERRORS = {
  INVALID_ARGUMENT: (e) => ({ status: 400, body: { error: e.message } }),
  UNKNOWN_ACTION: (e) => ({ status: 400, body: { error: e.message } }),
  UNSUPPORTED_FILE_TYPE: (e) => ({ status: 400, body: { error: e.message } }),
  UPDATE_INVALID: (e) => ({ status: 400, body: { detail: { ...e.details, message: e.message } } }),
  UNAUTHENTICATED: (e) => ({ status: 401, body: { error: e.message } }),
  INSUFFICIENT_CREDITS: (e) => ({
    status: 402,
    body: {
      code: 'INSUFFICIENT_CREDITS',
      message: e.message,
      balance: Number(detail(e, 'balance') ?? 0),
      required: Number(detail(e, 'required') ?? 0),
    },
  }),
  NOT_FOUND: (e) => ({ status: 404, body: { error: e.message } }),
  VACANCY_NOT_FOUND: (e) => ({
    status: 404,
    body: { code: 'VACANCY_NOT_FOUND', message: e.message, vacancy_id: detail(e, 'vacancy_id') ?? null },
  }),
  // Spec rule 4: GET by id of an in-flight task is a 404 whose body says PENDING.
  TASK_PENDING: (e) => ({ status: 404, body: { message: e.message, status: 'PENDING' } }),
  ALREADY_EXISTS: (e) => ({ status: 409, body: { error: e.message } }),
  CANDIDATES_NOT_FOUND: (e) => ({
    status: 422,
    body: { code: 'CANDIDATES_NOT_FOUND', message: e.message, candidate_ids: detail(e, 'candidate_ids') ?? [] },
  }),
  VACANCY_HAS_NO_REQUIREMENTS: (e) => ({
    status: 422,
    body: { code: 'VACANCY_HAS_NO_REQUIREMENTS', message: e.message, vacancy_id: detail(e, 'vacancy_id') ?? null },
  }),
  UPDATE_SCHEMA_MISMATCH: (e) => ({
    status: 422,
    body: { detail: { message: e.message, schema: detail(e, 'schema'), errors: detail(e, 'errors') ?? [] } },
  }),
  IDEMPOTENCY_KEY_REUSED: (e) => ({ status: 422, body: { error: e.message, code: 'IDEMPOTENCY_KEY_REUSED' } }),
  // Internal to the billing protocol: reaching a REST client means a bug, so it is an opaque 500.
  RESERVATION_NOT_PENDING: (_e, requestId) => serverError(500, INTERNAL_MESSAGE, requestId),
  INTERNAL: (_e, requestId) => serverError(500, INTERNAL_MESSAGE, requestId),
  UPSTREAM_FAILED: (e, requestId) => serverError(502, e.message, requestId),
  NOT_CONFIGURED: (e, requestId) => serverError(503, e.message, requestId),
  // A backend's own peer was down: the request may succeed shortly, as when the gateway's peer is down.
  PEER_UNAVAILABLE: (_e, requestId) => ({ ...serverError(503, UNAVAILABLE_MESSAGE, requestId), headers: { 'Retry-After': '1' } }),
} satisfies Record<DomainCode, (error: DomainError, requestId: string) => HttpFailure>;

/** Transport failures of a peer (down, restarting, too slow): the request may succeed later. */
const RETRYABLE_GRPC = new Set<number>([GrpcStatus.UNAVAILABLE, GrpcStatus.DEADLINE_EXCEEDED, GrpcStatus.RESOURCE_EXHAUSTED]);

function grpcStatusOf(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  const isServiceError = typeof code === 'number' && typeof (error as { metadata?: unknown }).metadata === 'object';
  return isServiceError ? code : undefined;
}

/** body-parser marks its errors with `type`; these are client mistakes, not failures. */
function bodyParserFailure(error: unknown): HttpFailure | undefined {
  switch ((error as { type?: unknown } | null)?.type) {
    case 'entity.parse.failed':
      return { status: 400, body: { error: 'Malformed JSON body.' } };
    case 'entity.too.large':
      return { status: 413, body: { error: 'Request body too large.' } };
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return { status: 415, body: { error: 'Unsupported request body encoding.' } };
    default: {
      // Any other client error raised while reading the body carries a 4xx status and no type: e.g. a body
      // declared `Content-Encoding: gzip` that does not inflate.
      const { status, expose } = (error ?? {}) as { status?: unknown; expose?: unknown };
      if (expose === true && status === 400) return { status: 400, body: { error: 'Malformed request body: it does not decode with its Content-Encoding.' } };
      return undefined;
    }
  }
}

/** Maps any thrown value to the status and body a client sees. */
export function toHttpFailure(error: unknown, requestId: string): HttpFailure & { headers?: Record<string, string> } {
  if (error instanceof HttpError) return { status: error.status, body: error.body, headers: error.headers };
  if (isDomainError(error)) {
    const map = DOMAIN_ERRORS[error.code] as (e: DomainError, id: string) => HttpFailure;
    return map(error, requestId);
  }
  const parseFailure = bodyParserFailure(error);
  if (parseFailure) return parseFailure;
  // The router could not percent-decode a path parameter (`/cvs/%zz`): the client's URL is malformed.
  if (error instanceof URIError) return { status: 400, body: { error: 'Malformed URL: a path segment is not valid percent-encoding.' } };
  const grpcStatus = grpcStatusOf(error);
  if (grpcStatus !== undefined && RETRYABLE_GRPC.has(grpcStatus)) {
    return { ...serverError(503, UNAVAILABLE_MESSAGE, requestId), headers: { 'Retry-After': '1' } };
  }
  return serverError(500, INTERNAL_MESSAGE, requestId);
}

/** The one error middleware of the gateway. */
export function errorMiddleware(logger: Logger): ErrorRequestHandler {
  return (error: unknown, _req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const requestId = String(res.locals.requestId ?? '');
    const failure = toHttpFailure(error, requestId);
    if (failure.status >= 500) {
      // Logged with the full error here because the client only sees the request id.
      logger.error({ err: error, request_id: requestId, workspace_id: res.locals.workspaceId as unknown, status: failure.status }, 'request failed');
    }
    if (failure.headers) res.set(failure.headers);
    res.status(failure.status).json(failure.body);
  };
}
