/**
 * Readers of the rate-limit headers PDL sends. Their format changed over time, so both forms are read:
 * `x-ratelimit-remaining: 9` or `{"minute": 9, "day": None}`; `x-ratelimit-reset: 1516124358` (epoch seconds),
 * an ISO timestamp, or a small number of seconds; `Retry-After: <seconds>` or an HTTP date.
 */

/** The smallest remaining count the header states, or null when it states none. */
export function remainingCalls(header: string | null): number | null {
  const counts = (header ?? '').match(/-?\d+/g)?.map(Number) ?? [];
  return counts.length ? Math.min(...counts) : null;
}

/** When the window resets (ms since epoch), or null when unknown. */
export function resetAt(header: string | null, now: number): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value)) {
    const number = Number(value);
    // Epoch seconds are 10 digits; anything smaller is a delay in seconds.
    return number >= 1e9 ? number * 1000 : now + number * 1000;
  }
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : date;
}

/** How long Retry-After asks to wait (ms), or null without a usable header. */
export function retryAfterMs(header: string | null, now: number): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
