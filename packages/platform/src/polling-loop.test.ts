import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from './logger.js';
import { PollingLoop } from './polling-loop.js';

const logger = createLogger('test', 'silent');
// Fake timers: time moves only when the test says so, so a loaded machine cannot make a tick late.
const sleep = (ms: number) => vi.advanceTimersByTimeAsync(ms);

/** A tick the test completes by hand, to observe what happens while one is in progress. */
function manualTicks() {
  const releases: (() => void)[] = [];
  let count = 0;
  return {
    tick: () => {
      count++;
      return new Promise<void>((resolve) => releases.push(resolve));
    },
    get count() {
      return count;
    },
    releaseAll: () => releases.splice(0).forEach((release) => release()),
  };
}

/** A started loop with a long interval, woken into its first tick, which is still running. */
async function loopInATick() {
  const ticks = manualTicks();
  const loop = new PollingLoop({ name: 't', intervalMs: 10_000, tick: ticks.tick, logger });
  loop.start();
  loop.wake();
  await sleep(20);
  expect(ticks.count).toBe(1);
  return { ticks, loop };
}

describe('PollingLoop', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ticks every interval, one tick at a time, and not before start', async () => {
    let ticks = 0;
    const loop = new PollingLoop({ name: 't', intervalMs: 20, tick: async () => void ticks++, logger });
    await sleep(60);
    expect(ticks).toBe(0);
    loop.start();
    await sleep(150);
    await loop.stop();
    // One tick per 20 ms pause: 7 in 150 ms.
    expect(ticks).toBe(7);
    const after = ticks;
    await sleep(60);
    expect(ticks).toBe(after);
  });

  it('stop() waits for the tick in progress', async () => {
    const { ticks, loop } = await loopInATick();
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    expect(loop.stopping).toBe(true);
    await sleep(20);
    expect(stopped).toBe(false);
    ticks.releaseAll();
    await stopping;
    expect(stopped).toBe(true);
  });

  it('wake() runs a tick now, and once more right after a tick it interrupted', async () => {
    const { ticks, loop } = await loopInATick();
    loop.wake();
    loop.wake();
    ticks.releaseAll();
    await sleep(20);
    expect(ticks.count).toBe(2);
    ticks.releaseAll();
    await sleep(20);
    expect(ticks.count).toBe(2);
    await loop.stop();
    loop.wake();
    await sleep(20);
    expect(ticks.count).toBe(2);
  });

  it('logs a failed tick and retries it at the next interval', async () => {
    const warnings: string[] = [];
    const spy = createLogger('test', 'warn');
    spy.warn = ((_obj: unknown, message: string) => void warnings.push(message)) as typeof spy.warn;
    let calls = 0;
    const loop = new PollingLoop({
      name: 'flaky pass',
      intervalMs: 20,
      tick: async () => {
        if (++calls === 1) throw new Error('database away');
      },
      logger: spy,
    });
    loop.start();
    await sleep(100);
    await loop.stop();
    expect(warnings).toEqual(['flaky pass failed; will retry']);
    expect(calls).toBe(5);
  });

  it('never keeps the process alive', async () => {
    vi.useRealTimers();
    const { spawnSync } = await import('node:child_process');
    const source = new URL('./polling-loop.ts', import.meta.url).href;
    const script = `const { PollingLoop } = await import(${JSON.stringify(source)});
      new PollingLoop({ name: 't', intervalMs: 60_000, tick: async () => {}, logger: console }).start();`;
    const started = Date.now();
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 });
    expect(result.status, result.stderr).toBe(0);
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});
