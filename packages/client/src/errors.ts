/** The body of an error answer as the spec shapes it: `{error}`, `{error, code}`, or `{code, message, …}`. */
export interface ErrorBody {
  error?: string;
  message?: string;
  code?: string;
  request_id?: string;
  [field: string]: unknown;
}

/** Any non-2xx answer of the API: the status, the parsed body, and what a program switches on (`code`). */
export class TalentApiError extends Error {
  override name = 'TalentApiError';
  readonly status: number;
  readonly body: ErrorBody;
  /** The body's `code` when it has one (`INSUFFICIENT_CREDITS`, `RATE_LIMITED`, …). */
  readonly code: string | undefined;
  /** The `X-Request-Id` the gateway echoed: quote it when reporting a problem. */
  readonly requestId: string | undefined;

  constructor(status: number, body: ErrorBody, headers?: Headers) {
    super(body.error ?? body.message ?? `HTTP ${status}`);
    this.status = status;
    this.body = body;
    this.code = typeof body.code === 'string' ? body.code : undefined;
    this.requestId = body.request_id ?? headers?.get('x-request-id') ?? undefined;
  }
}

/** 400: the request is malformed; the message names the field. */
export class BadRequestError extends TalentApiError {
  override name = 'BadRequestError';
}

/** 401: the API key is missing, unknown or revoked. */
export class AuthenticationError extends TalentApiError {
  override name = 'AuthenticationError';
}

/** 402: the workspace lacks tokens; nothing was charged and no work was done. */
export class InsufficientCreditsError extends TalentApiError {
  override name = 'InsufficientCreditsError';
  /** Tokens available to the request. */
  readonly balance: number;
  /** Tokens the whole request needs. */
  readonly required: number;
  constructor(status: number, body: ErrorBody, headers?: Headers) {
    super(status, body, headers);
    this.balance = Number(body.balance);
    this.required = Number(body.required);
  }
}

/** 404: no such record in this workspace (another workspace's ids look exactly the same). */
export class NotFoundError extends TalentApiError {
  override name = 'NotFoundError';
}

/** 422: the request is well-formed but cannot be done as asked. */
export class UnprocessableError extends TalentApiError {
  override name = 'UnprocessableError';
}

/** 422 `CANDIDATES_NOT_FOUND`: every CV id of a match that is unknown, not COMPLETED, or not this workspace's. */
export class CandidatesNotFoundError extends UnprocessableError {
  override name = 'CandidatesNotFoundError';
  readonly candidateIds: string[];
  constructor(status: number, body: ErrorBody, headers?: Headers) {
    super(status, body, headers);
    this.candidateIds = Array.isArray(body.candidate_ids) ? body.candidate_ids.map(String) : [];
  }
}

/** 422 `IDEMPOTENCY_KEY_REUSED`: the same key was sent with a different body. */
export class IdempotencyKeyReusedError extends UnprocessableError {
  override name = 'IdempotencyKeyReusedError';
}

/** 429 after the client's retries ran out. */
export class RateLimitedError extends TalentApiError {
  override name = 'RateLimitedError';
  /** Seconds the server asked to wait (`Retry-After`), when it said. */
  readonly retryAfterSeconds: number | undefined;
  constructor(status: number, body: ErrorBody, headers?: Headers) {
    super(status, body, headers);
    const value = headers?.get('retry-after');
    this.retryAfterSeconds = value && /^\d+$/.test(value) ? Number(value) : undefined;
  }
}

/** 5xx (503 after the client's retries ran out): `{error, request_id}`, never internals. */
export class ServerError extends TalentApiError {
  override name = 'ServerError';
}

/** The typed error of an answer: by `code` first, then by status. */
export function errorFromResponse(status: number, body: unknown, headers?: Headers): TalentApiError {
  const errorBody: ErrorBody =
    body && typeof body === 'object' && !Array.isArray(body) ? (body as ErrorBody) : { error: typeof body === 'string' && body ? body : `HTTP ${status}` };
  switch (errorBody.code) {
    case 'INSUFFICIENT_CREDITS':
      return new InsufficientCreditsError(status, errorBody, headers);
    case 'CANDIDATES_NOT_FOUND':
      return new CandidatesNotFoundError(status, errorBody, headers);
    case 'IDEMPOTENCY_KEY_REUSED':
      return new IdempotencyKeyReusedError(status, errorBody, headers);
    case 'RATE_LIMITED':
      return new RateLimitedError(status, errorBody, headers);
  }
  if (status === 400) return new BadRequestError(status, errorBody, headers);
  if (status === 401) return new AuthenticationError(status, errorBody, headers);
  if (status === 402) return new InsufficientCreditsError(status, errorBody, headers);
  if (status === 404) return new NotFoundError(status, errorBody, headers);
  if (status === 422) return new UnprocessableError(status, errorBody, headers);
  if (status === 429) return new RateLimitedError(status, errorBody, headers);
  if (status >= 500) return new ServerError(status, errorBody, headers);
  return new TalentApiError(status, errorBody, headers);
}

/** A wait (analysis, polling) that reached its deadline: the ids still pending. */
export class WaitTimeoutError extends Error {
  override name = 'WaitTimeoutError';
  constructor(readonly pendingIds: string[], timeoutMs: number) {
    super(`${pendingIds.length} task(s) still PENDING after ${timeoutMs} ms.`);
  }
}
