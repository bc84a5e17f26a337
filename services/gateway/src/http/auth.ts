import { DomainError, isDomainError, isUuid } from '@talent/platform';
import type { NextFunction, RequestHandler, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { applyLimitHeaders, clientKey, rateLimitedError, type RequestLimiter } from './rate-limit.js';

export const MISSING_KEY_MESSAGE = 'Missing API key: send it in the x-api-key header.';
export const INVALID_KEY_MESSAGE = 'Invalid API Key.';

export interface Principal {
  workspaceId: string;
  keyId: string;
}

type Verdict = Principal | 'invalid';

export type Authenticate = (apiKey: string) => Promise<Principal>;

/**
 * Resolves API keys through billing with a short-lived bounded cache of both outcomes. A hit is a
 * synchronous map lookup; concurrent misses for one key share a single RPC.
 */
export class ApiKeyAuthenticator {
  private readonly cache: LRUCache<string, Verdict> | undefined;
  private readonly inFlight = new Map<string, Promise<Verdict>>();
  /**
   * Keys billing confirmed recently. Their next lookup (once the verdict cache expires) skips the unauthenticated
   * budget, so a client sharing an IP with someone trying keys is not locked out; billing still answers for them
   * (a revoked key is refused as before).
   */
  private readonly confirmed: LRUCache<string, true>;

  constructor(
    private readonly authenticate: Authenticate,
    options: { ttlMs: number; maxEntries?: number; confirmedTtlMs?: number },
  ) {
    this.cache = options.ttlMs > 0 ? new LRUCache({ max: options.maxEntries ?? 10_000, ttl: options.ttlMs }) : undefined;
    this.confirmed = new LRUCache({ max: options.maxEntries ?? 10_000, ttl: options.confirmedTtlMs ?? 10 * 60_000 });
  }

  /** The cached verdict, if any; never waits. */
  peek(apiKey: string): Verdict | undefined {
    return this.cache?.get(apiKey);
  }

  resolve(apiKey: string): Promise<Verdict> {
    const pending = this.inFlight.get(apiKey);
    if (pending) return pending;
    const lookup = this.authenticate(apiKey)
      .then(
        (principal): Verdict => principal,
        (error: unknown): Verdict => {
          // Only a definite "no" is cached; a billing outage must not lock keys out.
          if (isDomainError(error) && error.code === 'UNAUTHENTICATED') return 'invalid';
          throw error;
        },
      )
      .then((verdict) => {
        this.cache?.set(apiKey, verdict);
        if (verdict === 'invalid') this.confirmed.delete(apiKey);
        else this.confirmed.set(apiKey, true);
        return verdict;
      })
      .finally(() => this.inFlight.delete(apiKey));
    this.inFlight.set(apiKey, lookup);
    return lookup;
  }

  /**
   * Express middleware: 401 per spec, or the workspace in res.locals and the log context. A key known valid
   * (cached) passes at once; every other request (no key, a malformed, unknown or not yet cached key) first
   * spends one request of its client's `unauthenticated` budget, so a client trying keys is refused with 429
   * before it costs billing a lookup. A key billing confirms gives that request back, and its later lookups
   * (within 10 minutes) spend no budget.
   */
  middleware(unauthenticated: RequestLimiter): RequestHandler {
    const admit = (verdict: Principal, res: Response, next: NextFunction) => {
      res.locals.workspaceId = verdict.workspaceId;
      next();
    };
    return (req, res, next) => {
      const header = req.headers['x-api-key'];
      const apiKey = typeof header === 'string' ? header.trim().toLowerCase() : '';
      // API keys are UUIDs (spec, Authentication 1); anything else is rejected without a round trip.
      const wellFormed = isUuid(apiKey);
      const cached = wellFormed ? this.peek(apiKey) : undefined;
      if (cached && cached !== 'invalid') {
        admit(cached, res, next);
        return;
      }
      if (wellFormed && !cached && this.confirmed.has(apiKey)) {
        this.resolve(apiKey).then((verdict) => {
          if (verdict === 'invalid') return next(new DomainError('UNAUTHENTICATED', INVALID_KEY_MESSAGE));
          admit(verdict, res, next);
        }, next);
        return;
      }
      const client = clientKey(req.ip);
      unauthenticated.take(client).then((outcome) => {
        applyLimitHeaders(res, unauthenticated.policy, outcome);
        if (!outcome.allowed) return next(rateLimitedError(unauthenticated.policy, outcome, 'unauthenticated requests'));
        if (!apiKey) return next(new DomainError('UNAUTHENTICATED', MISSING_KEY_MESSAGE));
        if (!wellFormed || cached === 'invalid') return next(new DomainError('UNAUTHENTICATED', INVALID_KEY_MESSAGE));
        this.resolve(apiKey).then((verdict) => {
          if (verdict === 'invalid') return next(new DomainError('UNAUTHENTICATED', INVALID_KEY_MESSAGE));
          void unauthenticated.giveBack(client);
          admit(verdict, res, next);
        }, next);
      }, next);
    };
  }
}
