import type { ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { z } from './zod.js';

export const ErrorBody = z
  .object({ error: z.string().openapi({ example: 'Invalid API Key.' }) })
  .openapi('Error', { description: 'The standard error body of the spec.' });

export const ServerErrorBody = z
  .object({
    error: z.string().openapi({ example: 'Internal server error.' }),
    request_id: z.string().openapi({ description: 'Echo of the X-Request-Id header; quote it when reporting a problem.' }),
  })
  .openapi('ServerError', { description: '5xx body: a message and the request id, never internal details.' });

export const RateLimitedBody = z
  .object({
    error: z.string(),
    code: z.literal('RATE_LIMITED'),
  })
  .openapi('RateLimited');

export const InsufficientCreditsBody = z
  .object({
    code: z.literal('INSUFFICIENT_CREDITS'),
    message: z.string().openapi({ example: 'Insufficient credits: 5 tokens required, 3 available.' }),
    balance: z.int().openapi({ description: 'Tokens available to this request (balance minus tokens held by requests in progress).', example: 3 }),
    required: z.int().openapi({ description: 'Tokens the whole request needs (for a sourcing search: its worst case).', example: 5 }),
  })
  .openapi('InsufficientCredits', { description: 'Token shortage: nothing was charged and no work was done.' });

const json = (schema: z.ZodType) => ({ 'application/json': { schema } });

const rateLimitHeaders = z.object({
  'Retry-After': z.string().openapi({ description: 'Seconds until the window resets.' }),
  RateLimit: z.string().openapi({ description: 'IETF draft-8 RateLimit header: remaining quota (`r`) and seconds to reset (`t`).' }),
  'RateLimit-Policy': z.string().openapi({ description: 'IETF draft-8 policy: quota (`q`) per window (`w`, seconds).' }),
});

export const ERROR_RESPONSES = {
  400: {
    description: 'Invalid request: the message names the offending parameter or field.',
    content: json(ErrorBody),
  },
  401: {
    description:
      'Missing `x-api-key` header (a message saying so) or invalid/revoked key (`Invalid API Key.`). Counts against the client IP\'s budget of unauthenticated requests, reported in the `RateLimit` headers.',
    headers: rateLimitHeaders.omit({ 'Retry-After': true }),
    content: json(ErrorBody),
  },
  402: {
    description:
      'The available token balance does not cover the whole request; nothing is charged. A billing condition, not a transient one: retrying without added tokens fails again.',
    content: json(InsufficientCreditsBody),
  },
  429: {
    description:
      'Rate limit exceeded. Limits apply per workspace (authenticated paths) or per client IP (public paths) over a one-minute window; requests without a valid API key also draw on a smaller per-client-IP budget of unauthenticated requests, checked before the key is looked up.',
    headers: rateLimitHeaders,
    content: json(RateLimitedBody),
  },
  431: {
    description:
      'The request line (URL) and headers together exceed 16 KB; answered before the request is read, with `{error, request_id}` and `Connection: close`.',
    content: json(ServerErrorBody),
  },
  500: { description: 'Unexpected failure; nothing internal is disclosed.', content: json(ServerErrorBody) },
  503: {
    description:
      'A backing service, or its database, is unavailable or too slow (a service waits at most 10 s for a database connection); retry later (see `Retry-After`).',
    content: json(ServerErrorBody),
  },
} satisfies Record<number, ResponseConfig>;

export type DocumentedError = keyof typeof ERROR_RESPONSES;
