import type { Logger } from '@talent/platform';
import type { Ledger } from './ledger.js';

const BATCH = 100;

/**
 * The timer behind "reservations left unresolved expire; grants expire": every tick settles the accounts with
 * something due, in batches, and forgets old idempotency keys. Every ledger call also settles its own account
 * first, so this only matters for accounts nobody touches.
 */
export class ExpiryTimer {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(
    private readonly ledger: Ledger,
    private readonly intervalMs: number,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** One full pass; the tests call it to avoid waiting for the timer. */
  async tick(): Promise<number> {
    let settled = 0;
    for (;;) {
      const batch = await this.ledger.sweep(BATCH);
      settled += batch;
      if (batch < BATCH || this.stopped) break;
    }
    await this.ledger.forgetIdempotencyKeys();
    if (settled > 0) this.logger.info({ accounts: settled }, 'settled due reservations and grant expiries');
    return settled;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick()
        .then(() => undefined)
        .catch((error: unknown) => this.logger.warn({ err: error }, 'expiry pass failed; will retry'))
        .finally(() => {
          this.running = undefined;
          this.schedule();
        });
    }, this.intervalMs);
    this.timer.unref?.();
  }
}
