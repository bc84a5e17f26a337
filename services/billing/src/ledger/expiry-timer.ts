import { PollingLoop, type Logger } from '@talent/platform';
import type { Ledger } from './ledger.js';

const BATCH = 100;

/**
 * The timer behind "reservations left unresolved expire; grants expire": every tick settles the accounts with
 * something due, in batches, and forgets old idempotency keys. Every ledger call also settles its own account
 * first, so this only matters for accounts nobody touches.
 */
export class ExpiryTimer {
  private readonly loop: PollingLoop;

  constructor(
    private readonly ledger: Ledger,
    intervalMs: number,
    private readonly logger: Logger,
  ) {
    this.loop = new PollingLoop({ name: 'expiry pass', intervalMs, tick: () => this.tick(), logger });
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One full pass; the tests call it to avoid waiting for the timer. */
  async tick(): Promise<number> {
    let settled = 0;
    for (;;) {
      const batch = await this.ledger.sweep(BATCH);
      settled += batch;
      // A stop waits for this pass: leave the rest to the next start rather than hold up the shutdown.
      if (batch < BATCH || this.loop.stopping) break;
    }
    await this.ledger.forgetIdempotencyKeys();
    if (settled > 0) this.logger.info({ accounts: settled }, 'settled due reservations and grant expiries');
    return settled;
  }
}
