/** When and how long to retry: 429 and 503 answers, and requests that never got an answer. */
export interface RetryOptions {
  /** Attempts in all, the first included (default 5; 1 disables retries). */
  maxAttempts?: number;
  /** First backoff when the server does not say how long to wait (default 500 ms), doubled each attempt. */
  baseDelayMs?: number;
  /** Longest single wait, whatever the server asks (default 30 s). */
  maxDelayMs?: number;
  /** Statuses retried (default 429 and 503). */
  statuses?: number[];
}

const DEFAULTS = { maxAttempts: 5, baseDelayMs: 500, maxDelayMs: 30_000, statuses: [429, 503] };

/**
 * Seconds the server asks a client to wait: `Retry-After` (seconds or an HTTP date), else the reset (`t`) of the
 * IETF draft-8 `RateLimit` header when its remaining quota (`r`) is 0. Undefined when it says nothing usable.
 */
export function serverDelayMs(headers: Headers, now = Date.now()): number | undefined {
  const retryAfter = headers.get('retry-after')?.trim();
  if (retryAfter) {
    if (/^\d+$/.test(retryAfter)) return Number(retryAfter) * 1000;
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  const rateLimit = headers.get('ratelimit');
  if (rateLimit) {
    // `"talent-api";r=0;t=42` (one item per policy): wait for the latest reset among exhausted policies.
    let wait: number | undefined;
    for (const item of rateLimit.split(',')) {
      const params = new Map(
        item
          .split(';')
          .slice(1)
          .map((param) => param.trim().split('=') as [string, string]),
      );
      if (params.get('r') === '0' && /^\d+$/.test(params.get('t') ?? '')) wait = Math.max(wait ?? 0, Number(params.get('t')) * 1000);
    }
    if (wait !== undefined) return wait;
  }
  return undefined;
}

/** Exponential backoff with full jitter: attempt 1 waits up to base, attempt 2 up to 2×base, … */
export function backoffDelayMs(attempt: number, baseDelayMs: number, maxDelayMs: number, random = Math.random): number {
  return Math.min(maxDelayMs, Math.round(random() * baseDelayMs * 2 ** (attempt - 1)));
}

export function sleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * A fetch that retries. Every request this client sends may be repeated: reads are safe, and POSTs carry an
 * `Idempotency-Key` that stays the same across attempts, so a billable call is never charged twice.
 */
export function retryingFetch(
  baseFetch: (request: Request) => Promise<Response>,
  options: RetryOptions = {},
  onRetry?: (info: { attempt: number; delayMs: number; status?: number; error?: unknown }) => void,
): (request: Request) => Promise<Response> {
  const { maxAttempts, baseDelayMs, maxDelayMs, statuses } = { ...DEFAULTS, ...options };
  return async (request) => {
    for (let attempt = 1; ; attempt += 1) {
      const last = attempt >= maxAttempts;
      const sent = last ? request : request.clone();
      let response: Response;
      try {
        response = await baseFetch(sent);
      } catch (error) {
        // An abort is the caller's decision, not a failure to retry.
        if (last || request.signal.aborted) throw error;
        const delayMs = backoffDelayMs(attempt, baseDelayMs, maxDelayMs);
        onRetry?.({ attempt, delayMs, error });
        await sleep(delayMs, request.signal);
        continue;
      }
      if (last || !statuses.includes(response.status)) return response;
      const delayMs = Math.min(maxDelayMs, serverDelayMs(response.headers) ?? backoffDelayMs(attempt, baseDelayMs, maxDelayMs));
      // Free the connection before waiting.
      await response.body?.cancel().catch(() => undefined);
      onRetry?.({ attempt, delayMs, status: response.status });
      await sleep(delayMs, request.signal);
    }
  };
}
