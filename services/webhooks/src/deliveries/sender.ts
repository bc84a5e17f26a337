import { PollingLoop, type Logger } from '@talent/platform';
import type { SecretBox } from '../endpoints/secrets.js';
import { retryDelayMs, type RetrySchedule } from './backoff.js';
import type { ClaimedDelivery, DeliveryRepository } from './delivery-repository.js';
import type { WebhookPoster } from './http-post.js';
import { SIGNATURE_HEADER, signatureHeader } from './signature.js';

export interface SenderOptions {
  concurrency: number;
  /** Settled deliveries older than this are deleted (once a minute). */
  retentionMs: number;
  pollMs: number;
  timeoutMs: number;
  retry: RetrySchedule;
}

/** Time past the attempt's own time-out before a claimed delivery is presumed abandoned (its sender died). */
const LEASE_MARGIN_MS = 2_000;
const PRUNE_EVERY_MS = 60_000;

/**
 * Sends due deliveries, up to `concurrency` attempts at once: claims what fell due (new deliveries wake it at once),
 * signs, posts, settles. Attempts run beside the loop, so one slow endpoint does not hold back the others.
 */
export class DeliverySender {
  private readonly loop: PollingLoop;
  private readonly inFlight = new Set<Promise<void>>();
  private prunedAt = 0;

  constructor(
    private readonly deliveries: DeliveryRepository,
    private readonly poster: WebhookPoster,
    private readonly secrets: SecretBox,
    private readonly logger: Logger,
    private readonly options: SenderOptions,
    private readonly onSettled: (delivery: ClaimedDelivery, ok: boolean) => void = () => {},
  ) {
    this.loop = new PollingLoop({ name: 'webhook sender', intervalMs: options.pollMs, tick: () => this.dispatch(), logger });
  }

  start(): void {
    this.loop.start();
    this.loop.wake();
  }

  wake(): void {
    this.loop.wake();
  }

  /** Stops claiming and waits for the attempts in progress. */
  async stop(): Promise<void> {
    await this.loop.stop();
    await Promise.allSettled([...this.inFlight]);
  }

  private async dispatch(): Promise<void> {
    if (Date.now() - this.prunedAt > PRUNE_EVERY_MS) {
      this.prunedAt = Date.now();
      await this.deliveries.prune(this.options.retentionMs);
    }
    const free = this.options.concurrency - this.inFlight.size;
    if (free <= 0) return;
    const claimed = await this.deliveries.claim(free, this.options.timeoutMs + LEASE_MARGIN_MS);
    for (const delivery of claimed) {
      const attempt = this.attempt(delivery).finally(() => {
        this.inFlight.delete(attempt);
        this.loop.wake();
      });
      this.inFlight.add(attempt);
    }
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    try {
      const startedAt = new Date();
      const timestamp = Math.floor(startedAt.getTime() / 1000);
      const signature = signatureHeader(this.secrets.open(delivery.sealedSecret), delivery.body, timestamp);
      const outcome = await this.poster.post(delivery.url, delivery.body, {
        [SIGNATURE_HEADER]: signature,
        'Talent-Delivery-Id': delivery.id,
        'user-agent': 'talent-webhooks/1',
      });
      const retryInMs = retryDelayMs(this.options.retry, delivery.attempt);
      const timing = { startedAt, durationMs: Date.now() - startedAt.getTime() };
      await this.deliveries.settle(delivery, outcome, timing, retryInMs, this.options.retry.windowMs);
      if (!outcome.ok)
        this.logger.info({ delivery_id: delivery.id, attempt: delivery.attempt, error: outcome.error, retry_in_ms: retryInMs }, 'webhook attempt failed');
      this.onSettled(delivery, outcome.ok);
    } catch (error) {
      // Unsettled, the delivery is claimed again when its lease ends.
      this.logger.warn({ err: error, delivery_id: delivery.id }, 'webhook attempt could not be settled; will retry');
    }
  }
}
