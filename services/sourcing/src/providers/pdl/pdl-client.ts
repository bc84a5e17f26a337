import type { Logger } from '@talent/platform';
import { setTimeout as delay } from 'node:timers/promises';
import { ProviderError } from '../provider.js';
import { remainingCalls, resetAt, retryAfterMs } from './rate-limit.js';

/** What PDL's Person Search answers (`data` records are mapped by pdl-record.ts). */
export interface PdlSearchResponse {
  total: number;
  data: unknown[];
}

export interface PdlClientOptions {
  baseUrl: string;
  apiKey: string;
  /** One HTTP call, response body included. Also the longest wait for a rate limit before giving up. */
  timeoutMs: number;
  /** Retries after the first attempt, on 429, 5xx, timeouts and network errors. */
  maxRetries: number;
  logger: Pick<Logger, 'warn'>;
  /** Waits between attempts (tests record them). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}

/** First retry after about 250 ms, doubling, at most 8 s (before jitter). */
const BACKOFF_BASE_MS = 250;
const BACKOFF_CAP_MS = 8_000;

const PROVIDER = 'pdl';

type Attempt =
  | { ok: true; response: PdlSearchResponse }
  | { ok: false; error: ProviderError; retryable: boolean; waitMs: number | null };
const final = (error: ProviderError): Attempt => ({ ok: false, error, retryable: false, waitMs: null });
/** `waitMs`: what PDL asked for (Retry-After), null to back off. */
const retry = (error: ProviderError, waitMs: number | null = null): Attempt => ({
  ok: false,
  error,
  retryable: true,
  waitMs,
});

/**
 * POST /v5/person/search with the key in `X-Api-Key`. Retries 429, 5xx, timeouts and network failures with
 * exponential backoff and equal jitter (Retry-After when PDL sends it), at most `maxRetries` times; waits when
 * `x-ratelimit-remaining` reached 0 until `x-ratelimit-reset`. A wait longer than `timeoutMs` is not worth
 * holding a client request for: it fails at once. Every failure is a ProviderError.
 */
export class PdlClient {
  private readonly endpoint: string;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly random: () => number;
  /** PDL said no calls remain before this instant (ms since epoch). */
  private pausedUntil = 0;

  constructor(private readonly options: PdlClientOptions) {
    this.endpoint = new URL(
      'v5/person/search',
      options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`,
    ).toString();
    this.sleep = options.sleep ?? ((ms, signal) => delay(ms, undefined, signal ? { signal } : {}));
    this.random = options.random ?? Math.random;
  }

  async search(body: Record<string, unknown>, signal?: AbortSignal): Promise<PdlSearchResponse> {
    for (let attempt = 0; ; attempt++) {
      await this.waitForRateLimit(signal);
      const outcome = await this.attempt(body, signal);
      if (outcome.ok) return outcome.response;
      if (!outcome.retryable) throw outcome.error;
      if (attempt >= this.options.maxRetries) {
        throw new ProviderError(`${outcome.error.message} (${attempt + 1} attempt${attempt ? 's' : ''})`, PROVIDER, {
          cause: outcome.error.cause,
        });
      }
      // Our own backoff is short; a wait PDL asks for (Retry-After) may not be worth holding a client request.
      if (outcome.waitMs !== null && outcome.waitMs > this.options.timeoutMs) {
        throw new ProviderError(
          `${outcome.error.message}; PDL asks to wait ${Math.ceil(outcome.waitMs / 1000)} s, longer than SOURCING_PDL_TIMEOUT_MS`,
          PROVIDER,
        );
      }
      const waitMs = outcome.waitMs ?? this.backoff(attempt);
      this.options.logger.warn(
        { provider: PROVIDER, attempt: attempt + 1, wait_ms: Math.round(waitMs), reason: outcome.error.message },
        'pdl: retrying',
      );
      await this.pause(waitMs, signal);
    }
  }

  private async attempt(body: Record<string, unknown>, signal?: AbortSignal): Promise<Attempt> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    let response: Response;
    let answerText: string;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'x-api-key': this.options.apiKey },
        body: JSON.stringify(body),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      this.noteRateLimit(response.headers);
      // Read inside the timeout: a body that stalls is a timeout like a late answer.
      answerText = await response.text();
    } catch (error) {
      if (signal?.aborted) return final(new ProviderError('PDL search cancelled', PROVIDER, { cause: error }));
      const message = timeout.aborted
        ? `PDL did not answer within ${this.options.timeoutMs} ms`
        : `PDL unreachable: ${(error as Error).message}`;
      return retry(new ProviderError(message, PROVIDER, { cause: error }));
    }

    const status = response.status;
    const payload = parseJson(answerText);
    const detail = errorDetail(payload);
    if (status === 200) {
      const answer = payload as { total?: unknown; data?: unknown } | undefined;
      if (!answer || !Array.isArray(answer.data) || typeof answer.total !== 'number') {
        return final(new ProviderError('PDL answered 200 without `data` and `total`', PROVIDER));
      }
      return { ok: true, response: { total: answer.total, data: answer.data } };
    }
    // PDL answers 404 when nothing matches.
    if (status === 404) return { ok: true, response: { total: 0, data: [] } };
    if (status === 401 || status === 403) {
      return final(
        new ProviderError(`PDL rejected the API key (${status}${detail}): check SOURCING_PDL_API_KEY`, PROVIDER),
      );
    }
    if (status === 402)
      return final(new ProviderError(`PDL account has no search credits left (402${detail})`, PROVIDER));
    const error = new ProviderError(`PDL answered ${status}${detail}`, PROVIDER);
    if (status === 429 || status >= 500)
      return retry(error, retryAfterMs(response.headers.get('retry-after'), Date.now()));
    return final(error);
  }

  private noteRateLimit(headers: Headers): void {
    if (remainingCalls(headers.get('x-ratelimit-remaining')) !== 0) return;
    const reset = resetAt(headers.get('x-ratelimit-reset'), Date.now());
    if (reset !== null) this.pausedUntil = Math.max(this.pausedUntil, reset);
  }

  private async waitForRateLimit(signal?: AbortSignal): Promise<void> {
    const waitMs = this.pausedUntil - Date.now();
    if (waitMs <= 0) return;
    if (waitMs > this.options.timeoutMs) {
      throw new ProviderError(`PDL rate limit used up until ${new Date(this.pausedUntil).toISOString()}`, PROVIDER);
    }
    await this.pause(waitMs, signal);
  }

  private async pause(ms: number, signal?: AbortSignal): Promise<void> {
    try {
      await this.sleep(ms, signal);
    } catch (error) {
      throw new ProviderError('PDL search cancelled', PROVIDER, { cause: error });
    }
  }

  /** Exponential backoff with equal jitter: half of the step fixed, half random, so retries of many calls spread. */
  private backoff(attempt: number): number {
    const step = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt);
    return step / 2 + this.random() * (step / 2);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `: <message>` from PDL's error body `{status, error: {type, message}}`, or nothing. */
function errorDetail(payload: unknown): string {
  const error = (payload as { error?: { message?: unknown; type?: unknown } } | undefined)?.error;
  const message =
    typeof error?.message === 'string' ? error.message : typeof error?.type === 'string' ? error.type : null;
  return message ? `: ${message}` : '';
}
