import { DomainError, enrichContext, isDomainError, isUuid } from '@talent/platform';
import type { RequestHandler } from 'express';
import { LRUCache } from 'lru-cache';

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

  constructor(
    private readonly authenticate: Authenticate,
    options: { ttlMs: number; maxEntries?: number },
  ) {
    this.cache = options.ttlMs > 0 ? new LRUCache({ max: options.maxEntries ?? 10_000, ttl: options.ttlMs }) : undefined;
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
        return verdict;
      })
      .finally(() => this.inFlight.delete(apiKey));
    this.inFlight.set(apiKey, lookup);
    return lookup;
  }

  /** Express middleware: 401 per spec, or the workspace in res.locals and the log context. */
  middleware(): RequestHandler {
    const admit: (verdict: Verdict, res: Parameters<RequestHandler>[1], next: Parameters<RequestHandler>[2]) => void = (
      verdict,
      res,
      next,
    ) => {
      if (verdict === 'invalid') {
        next(new DomainError('UNAUTHENTICATED', INVALID_KEY_MESSAGE));
        return;
      }
      res.locals.workspaceId = verdict.workspaceId;
      enrichContext({ workspaceId: verdict.workspaceId });
      next();
    };
    return (req, res, next) => {
      const header = req.headers['x-api-key'];
      const apiKey = typeof header === 'string' ? header.trim().toLowerCase() : '';
      if (!apiKey) {
        next(new DomainError('UNAUTHENTICATED', MISSING_KEY_MESSAGE));
        return;
      }
      // API keys are UUIDs (spec, Authentication 1); anything else is rejected without a round trip.
      if (!isUuid(apiKey)) {
        next(new DomainError('UNAUTHENTICATED', INVALID_KEY_MESSAGE));
        return;
      }
      const cached = this.peek(apiKey);
      if (cached) {
        admit(cached, res, next);
        return;
      }
      this.resolve(apiKey).then((verdict) => admit(verdict, res, next), next);
    };
  }
}
