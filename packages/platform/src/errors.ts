import { Metadata, status as GrpcStatus, type ServiceError } from '@grpc/grpc-js';
import { isDatabaseUnavailable } from './database.js';

/**
 * Stable domain error codes. Clients of the REST API switch on the ones the spec names; the gateway holds
 * the single table mapping them to HTTP. Add a code here, then map it in the gateway's error table.
 */
export const DomainCodes = {
  INVALID_ARGUMENT: GrpcStatus.INVALID_ARGUMENT,
  NOT_FOUND: GrpcStatus.NOT_FOUND,
  ALREADY_EXISTS: GrpcStatus.ALREADY_EXISTS,
  UNAUTHENTICATED: GrpcStatus.UNAUTHENTICATED,
  INSUFFICIENT_CREDITS: GrpcStatus.FAILED_PRECONDITION,
  IDEMPOTENCY_KEY_REUSED: GrpcStatus.FAILED_PRECONDITION,
  RESERVATION_NOT_PENDING: GrpcStatus.FAILED_PRECONDITION,
  UNKNOWN_ACTION: GrpcStatus.INVALID_ARGUMENT,
  VACANCY_NOT_FOUND: GrpcStatus.NOT_FOUND,
  CANDIDATES_NOT_FOUND: GrpcStatus.FAILED_PRECONDITION,
  VACANCY_HAS_NO_REQUIREMENTS: GrpcStatus.FAILED_PRECONDITION,
  TASK_PENDING: GrpcStatus.FAILED_PRECONDITION,
  UPDATE_INVALID: GrpcStatus.INVALID_ARGUMENT,
  UPDATE_SCHEMA_MISMATCH: GrpcStatus.INVALID_ARGUMENT,
  UNSUPPORTED_FILE_TYPE: GrpcStatus.INVALID_ARGUMENT,
  // Not UNAVAILABLE: grpc-js clients retry that transparently, and a vendor that failed after its own retries
  // must not be called again (and a billable request repeated) by every hop in front of it.
  UPSTREAM_FAILED: GrpcStatus.ABORTED,
  NOT_CONFIGURED: GrpcStatus.UNIMPLEMENTED,
  // A peer of the answering service was down or too slow (its own calls failed in transport). ABORTED, not
  // UNAVAILABLE, for the same reason as UPSTREAM_FAILED: the caller's client must not repeat the request silently.
  PEER_UNAVAILABLE: GrpcStatus.ABORTED,
  INTERNAL: GrpcStatus.INTERNAL,
} as const satisfies Record<string, GrpcStatus>;

export type DomainCode = keyof typeof DomainCodes;

export type ErrorDetails = Record<string, unknown>;

/** An expected failure of domain logic: a stable code, a human message and structured details. */
export class DomainError extends Error {
  constructor(
    readonly code: DomainCode,
    message: string,
    readonly details: ErrorDetails = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}

const CODE_KEY = 'talent-error-code';
const DETAILS_KEY = 'talent-error-details';

/**
 * JSON in printable ASCII: metadata values allow nothing else, and grpc-js throws on any other character (a
 * filename or id echoed in the details would crash the server's error path). `\uXXXX` escapes parse back to
 * the same string.
 */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Largest details JSON sent in trailers. HTTP/2 refuses a header block over 64 KB (Node's
 * maxSendHeaderBlockLength): the stream is destroyed and the client waits for its deadline, so a 422 listing
 * 10,000 unusable ids became a 60 s hang and a 503.
 */
export const MAX_ERROR_DETAILS_BYTES = 32 * 1024;

/** Details that fit the budget: the longest list halved until they do (the message keeps the full count). */
export function boundedDetails(details: ErrorDetails, budget = MAX_ERROR_DETAILS_BYTES): string {
  let json = asciiJson(details);
  const bounded = { ...details };
  while (json.length > budget) {
    const longest = Object.entries(bounded)
      .filter((entry): entry is [string, unknown[]] => Array.isArray(entry[1]) && entry[1].length > 0)
      .sort(([, a], [, b]) => b.length - a.length)[0];
    if (!longest) return asciiJson({});
    bounded[longest[0]] = longest[1].slice(0, Math.floor(longest[1].length / 2));
    json = asciiJson(bounded);
  }
  return json;
}

/**
 * Longest error message sent in trailers (grpc-message, percent-encoded: up to 9 bytes per character). With the
 * details budget it keeps the header block under HTTP/2's 64 KB: a message echoing a 120,000-character session id
 * destroyed the stream, the gateway waited for its deadline, and later error answers on that connection hung too.
 */
export const MAX_ERROR_MESSAGE_CHARS = 1_000;

/** `text` cut to `max` characters, ending in an ellipsis when cut: for input echoed in a message. */
export function clipped(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1))}…`;
}

/** A transport failure of a call to a peer (down, restarting, too slow), as grpc-js reports it. */
function isPeerUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const fromGrpc = typeof (error as { metadata?: unknown } | null)?.metadata === 'object';
  return fromGrpc && (code === GrpcStatus.UNAVAILABLE || code === GrpcStatus.DEADLINE_EXCEEDED);
}

/**
 * Server side: a thrown value becomes a gRPC error carrying the domain code and details in trailers. A peer's
 * transport failure, or the service's database out of reach, becomes PEER_UNAVAILABLE (503 at the edge: retry
 * later), anything else INTERNAL.
 */
export function toGrpcError(thrown: unknown): Partial<ServiceError> {
  const metadata = new Metadata();
  const error = isPeerUnavailable(thrown) || isDatabaseUnavailable(thrown)
    ? new DomainError('PEER_UNAVAILABLE', 'A service this request needs is unavailable or too slow; retry later.')
    : thrown;
  if (isDomainError(error)) {
    metadata.set(CODE_KEY, error.code);
    metadata.set(DETAILS_KEY, boundedDetails(error.details));
    return { code: DomainCodes[error.code], details: clipped(error.message, MAX_ERROR_MESSAGE_CHARS), metadata };
  }
  metadata.set(CODE_KEY, 'INTERNAL');
  return { code: GrpcStatus.INTERNAL, details: 'Internal error', metadata };
}

/** Client side: a gRPC error becomes the DomainError the peer threw; transport failures keep their status. */
export function fromGrpcError(error: ServiceError): DomainError | ServiceError {
  const code = error.metadata?.get(CODE_KEY)[0];
  if (typeof code === 'string' && code in DomainCodes) {
    const raw = error.metadata.get(DETAILS_KEY)[0];
    let details: ErrorDetails = {};
    if (typeof raw === 'string') {
      try {
        details = JSON.parse(raw) as ErrorDetails;
      } catch {
        details = {};
      }
    }
    return new DomainError(code as DomainCode, error.details, details);
  }
  return error;
}
