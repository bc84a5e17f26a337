/**
 * Polls `check` until it returns true or `timeoutMs` passes (tests synchronise on conditions, never on sleeps);
 * returns the elapsed milliseconds or throws.
 */
export async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs: number, everyMs = 50): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
