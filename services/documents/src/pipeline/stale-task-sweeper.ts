import { PollingLoop, type Logger } from '@talent/platform';
import type { TaskRepository } from '../tasks/task-repository.js';

const INTERVAL_MS = 60_000;

/**
 * The safety net behind "no accepted work is lost": a PENDING task that nobody touched for a while (its work
 * message lost or dead-lettered unseen) is handed to the work queue again. Processing is idempotent, so a
 * duplicate costs one look-up. Also forgets Idempotency-Keys older than 24 h.
 */
export class StaleTaskSweeper {
  private readonly loop: PollingLoop;

  constructor(
    private readonly tasks: TaskRepository,
    private readonly staleAfterMs: number,
    private readonly logger: Logger,
  ) {
    this.loop = new PollingLoop({
      name: 'stale-task sweep',
      intervalMs: Math.min(INTERVAL_MS, staleAfterMs),
      tick: () => this.tick(),
      logger,
    });
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  async tick(): Promise<void> {
    const requeued = await this.tasks.requeueStale(this.staleAfterMs);
    if (requeued > 0) this.logger.warn({ requeued }, 're-queued stale analysis tasks');
    await this.tasks.forgetOldRequests();
  }
}
