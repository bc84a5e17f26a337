import type { RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { HttpError } from './errors.js';

/**
 * Fixed one-minute window per workspace (after authentication) or per client IP (public paths), with the
 * IETF draft-8 `RateLimit`/`RateLimit-Policy` headers and `Retry-After` on 429 (DESIGN §9).
 */
export function createRateLimiter(perMinute: number): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit: perMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    identifier: 'talent-api',
    keyGenerator: (req, res) => {
      const workspaceId: unknown = res.locals.workspaceId;
      return typeof workspaceId === 'string' ? `ws:${workspaceId}` : `ip:${ipKeyGenerator(req.ip ?? '')}`;
    },
    handler: (_req, _res, next) => {
      next(
        new HttpError(429, {
          error: `Rate limit exceeded: at most ${perMinute} requests per minute. Retry after the time in Retry-After.`,
          code: 'RATE_LIMITED',
        }),
      );
    },
  });
}
