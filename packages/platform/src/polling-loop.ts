import type { Logger } from './logger.js';

export interface PollingLoopOptions {
  /** Names the loop in its log lines, e.g. `outbox relay`. */
  name: string;
  /** Pause between the end of one tick and the start of the next. */
  intervalMs: number;
  /** One pass of the work; a failure is logged and the pass retried after `intervalMs`. */
  tick: () => Promise<unknown>;
  logger: Logger;
}

/**
 * Runs `tick` every `intervalMs`, one tick at a time, for work that polls: the outbox relay, timers that
 * settle what fell due. The timer is unref'd (a loop never keeps a process alive), `wake()` runs a tick now
 * instead of at the next interval, and `stop()` resolves once the tick in progress has finished, so the
 * caller may close the connections the tick uses.
 */
export class PollingLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private wakeRequested = false;

  constructor(private readonly options: PollingLoopOptions) {}

  /** True before `start()` and from `stop()` on: a long tick may check it to end early. */
  get stopping(): boolean {
    return this.stopped;
  }

  /** The first tick runs after `intervalMs`; call `wake()` as well to run one at once. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(this.options.intervalMs);
  }

  /** Runs a tick now; during a tick, runs another right after it (the work that woke us may have missed it). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wakeRequested = true;
      return;
    }
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.options
        .tick()
        .then(() => undefined)
        .catch((error: unknown) => this.options.logger.warn({ err: error }, `${this.options.name} failed; will retry`))
        .finally(() => {
          this.running = undefined;
          const again = this.wakeRequested;
          this.wakeRequested = false;
          this.schedule(again ? 0 : this.options.intervalMs);
        });
    }, delayMs);
    this.timer.unref();
  }
}
