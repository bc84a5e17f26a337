import { deadLetterTarget, streamDefinitions, taskFailedEvent, type NatsNames, type TaskFailedEvent } from '@talent/events';
import { DurableConsumer, isDomainError, type Logger, type Metrics, type NatsConnection } from '@talent/platform';
import type { Ledger } from '../ledger/ledger.js';

/** Redelivery delays (after an ack timeout or a failed refund); the last one repeats up to maxDeliver. */
const BACKOFF_S = [1, 5, 15, 60, 300];

/**
 * Refunds every charge of a task that ended FAILED (spec: "a task ending in FAILED is refunded automatically").
 * A durable pull consumer (`billing-refunds`) on the documents stream: events published while billing is down
 * wait for it. Refunds are at most once per charge, so a duplicated or redelivered event changes nothing.
 * An event still failing after `maxDeliver` attempts is dead-lettered, never dropped:
 * `talentctl dead-letters replay` hands it back once the cause is fixed.
 */
export class TaskFailureRefunds {
  private readonly consumer: DurableConsumer<TaskFailedEvent>;

  constructor(
    nats: NatsConnection,
    names: NatsNames,
    private readonly ledger: Ledger,
    private readonly logger: Logger,
    options: { maxDeliver: number; registry?: Metrics['registry'] },
  ) {
    const stream = names.streams.documents;
    const durable = names.consumers.billingRefunds;
    this.consumer = new DurableConsumer({
      nats,
      logger,
      ...(options.registry ? { registry: options.registry } : {}),
      // Documents owns this stream; creating it here too (same definition) lets billing start first.
      streams: [streamDefinitions(names).documents],
      stream,
      durable,
      filterSubject: names.subjects.taskFailed,
      describes: 'task.failed event',
      schema: taskFailedEvent,
      maxDeliver: options.maxDeliver,
      backoffSeconds: BACKOFF_S,
      prefetch: 64,
      deadLetters: { target: deadLetterTarget(names, stream, durable) },
      logContext: (event) => ({ event_id: event.id, task_id: event.task_id }),
      handle: async (event) => {
        for (const charge of event.charges) await this.refund(event, charge);
        return 'done';
      },
    });
  }

  start(): Promise<void> {
    return this.consumer.start();
  }

  stop(): Promise<void> {
    return this.consumer.stop();
  }

  private async refund(event: TaskFailedEvent, charge: { action: string; ref: string }): Promise<void> {
    const context = { event_id: event.id, task_id: event.task_id, workspace_id: event.workspace_id, ...charge };
    try {
      const refund = await this.ledger.refund({
        workspaceId: event.workspace_id,
        action: charge.action,
        ref: charge.ref,
        idempotencyKey: `task.failed:${event.id}:${charge.action}:${charge.ref}`,
      });
      if (!refund.alreadyRefunded && !refund.replayed)
        this.logger.info({ ...context, refunded: refund.refunded }, 'refunded failed task');
    } catch (error) {
      // Nothing was charged for this unit (e.g. it failed before its commit): nothing to refund.
      if (isDomainError(error) && ['NOT_FOUND', 'INVALID_ARGUMENT', 'UNKNOWN_ACTION'].includes(error.code)) {
        this.logger.warn({ ...context, code: error.code }, `no refund: ${error.message}`);
        return;
      }
      throw error;
    }
  }
}
