import type { Logger } from '@talent/platform';
import type { Request, RequestHandler, Response } from 'express';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { HttpError } from './errors.js';

/** A quota per fixed window, named in the IETF draft-8 headers. */
export interface RateLimitPolicy {
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface LimitOutcome {
  allowed: boolean;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

/**
 * The one place the rate-limit answer is shaped (DESIGN §9): draft-8 `RateLimit`/`RateLimit-Policy` on every
 * limited response, and above the limit 429 `{error, code: RATE_LIMITED}` with `Retry-After`.
 */
export function applyLimitHeaders(res: Response, policy: RateLimitPolicy, outcome: LimitOutcome): void {
  if (res.headersSent) return;
  res.setHeader('RateLimit', `"${policy.name}"; r=${outcome.remaining}; t=${outcome.resetSeconds}`);
  res.setHeader('RateLimit-Policy', `"${policy.name}"; q=${policy.limit}; w=${policy.windowSeconds}`);
}

export function rateLimitedError(policy: RateLimitPolicy, outcome: LimitOutcome, what: string): HttpError {
  return new HttpError(
    429,
    {
      error: `Rate limit exceeded: at most ${policy.limit} ${what} per ${policy.windowSeconds} seconds. Retry after the time in Retry-After.`,
      code: 'RATE_LIMITED',
    },
    { 'Retry-After': String(Math.max(1, outcome.resetSeconds)) },
  );
}

/**
 * The client a request comes from, as rate limits key it: its IP (`trust proxy` decides which hop), IPv4-mapped
 * IPv6 written as IPv4, and an IPv6 address reduced to its /64, since one customer holds at least that many.
 */
export function clientKey(ip: string | undefined): string {
  const address = (ip ?? '').split('%', 1)[0]!.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group || '0', 16).toString(16))
    .join(':')}::/64`;
}

/** Requests counted against one policy, per key, in the store every replica shares (or in memory). */
export class RequestLimiter {
  constructor(
    readonly policy: RateLimitPolicy,
    private readonly store: RateLimiterAbstract,
  ) {}

  /** Counts one request under `key`. A store failure lets the request through: limits never cause outages. */
  async take(key: string): Promise<LimitOutcome> {
    try {
      return this.outcome(await this.store.consume(key), true);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return this.outcome(rejection, false);
      return { allowed: true, remaining: this.policy.limit, resetSeconds: this.policy.windowSeconds };
    }
  }

  /** Gives back what `take` counted (the request turned out not to belong to this policy). */
  async giveBack(key: string): Promise<void> {
    await this.store.reward(key, 1).catch(() => undefined);
  }

  /** Express middleware: one request of the key `keyOf` names, headers set, 429 above the limit. */
  middleware(keyOf: (req: Request, res: Response) => string, what: string): RequestHandler {
    return (req, res, next) => {
      this.take(keyOf(req, res)).then((outcome) => {
        applyLimitHeaders(res, this.policy, outcome);
        next(outcome.allowed ? undefined : rateLimitedError(this.policy, outcome, what));
      }, next);
    };
  }

  private outcome(result: RateLimiterRes, allowed: boolean): LimitOutcome {
    return {
      allowed,
      remaining: Math.max(0, this.policy.limit - result.consumedPoints),
      resetSeconds: Math.ceil(result.msBeforeNext / 1000),
    };
  }
}

/**
 * Where limits are counted: Redis when `redisUrl` is set, so that every gateway replica draws on the same budget
 * (each replica falls back to its own memory while Redis is unreachable, and says so once); memory otherwise,
 * right for a single replica.
 */
export class RateLimitStore {
  private readonly redis: Redis | undefined;

  constructor(options: { redisUrl: string; keyPrefix: string; logger: Logger }) {
    this.keyPrefix = options.keyPrefix;
    if (!options.redisUrl) return;
    const redis = new Redis(options.redisUrl, {
      // Commands fail at once while disconnected (the memory fallback answers) instead of queueing up.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      lazyConnect: false,
    });
    let reported = false;
    redis.on('error', (error: Error) => {
      if (reported) return;
      reported = true;
      options.logger.warn({ err: error }, 'rate limits: Redis unreachable, counting in this replica’s memory until it is back');
    });
    redis.on('ready', () => {
      if (reported) options.logger.info('rate limits: Redis reachable again');
      reported = false;
    });
    this.redis = redis;
  }

  private readonly keyPrefix: string;

  get shared(): boolean {
    return this.redis !== undefined;
  }

  limiter(policy: RateLimitPolicy): RequestLimiter {
    const options = { keyPrefix: `${this.keyPrefix}rl:${policy.name}`, points: policy.limit, duration: policy.windowSeconds };
    const memory = new RateLimiterMemory(options);
    if (!this.redis) return new RequestLimiter(policy, memory);
    const shared = new RateLimiterRedis({
      ...options,
      storeClient: this.redis,
      rejectIfRedisNotReady: true,
      insuranceLimiter: memory,
      // A key over its limit is refused from memory for the rest of its window: a flood costs no Redis calls.
      inMemoryBlockOnConsumed: policy.limit + 1,
    });
    return new RequestLimiter(policy, shared);
  }

  async close(): Promise<void> {
    await this.redis?.quit().catch(() => this.redis?.disconnect());
  }
}
