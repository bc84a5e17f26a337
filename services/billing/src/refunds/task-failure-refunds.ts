import {
  deadLetterTarget,
  streamDefinitions,
  taskFailedEvent,
  type NatsNames,
  type TaskFailedEvent,
} from '@talent/events';
import {
  AckPolicy,
  type ConsumerMessage,
  type ConsumerMessages,
  NANOS_PER_SECOND,
  consumerBackoff,
  DeadLetterWatch,
  DeliverPolicy,
  ensureConsumer,
  ensureStream,
  isDomainError,
  jetStreamHandles,
  type Logger,
  type Metrics,
  type NatsConnection,
} from '@talent/platform';
import type { Ledger } from '../ledger/ledger.js';

/** Redelivery delays (after an ack timeout or a failed refund); the last one repeats up to maxDeliver. */
const BACKOFF_S = [1, 5, 15, 60, 300];

/**
 * Refunds every charge of a task that ended FAILED (spec: "a task ending in FAILED is refunded automatically").
 * A durable pull consumer (`billing-refunds`) on the documents stream: events published while billing is down
 * wait for it. Refunds are at most once per charge, so a duplicated or redelivered event changes nothing.
 * An event still failing after `maxDeliver` attempts is dead-lettered (`DeadLetterWatch`), never dropped:
 * `talentctl dead-letters replay` hands it back once the cause is fixed.
 */
export class TaskFailureRefunds {
  private messages: ConsumerMessages | undefined;
  private loop: Promise<void> | undefined;
  private readonly deadLetters: DeadLetterWatch;

  constructor(
    private readonly nats: NatsConnection,
    private readonly names: NatsNames,
    private readonly ledger: Ledger,
    private readonly logger: Logger,
    private readonly options: { maxDeliver: number; registry?: Metrics['registry'] },
  ) {
    this.deadLetters = new DeadLetterWatch({
      nats,
      stream: names.streams.documents,
      consumer: names.consumers.billingRefunds,
      maxDeliver: options.maxDeliver,
      target: deadLetterTarget(names, names.streams.documents, names.consumers.billingRefunds),
      logger,
      ...(options.registry ? { registry: options.registry } : {}),
    });
  }

  async start(): Promise<void> {
    const { js, jsm } = await jetStreamHandles(this.nats);
    // Documents owns this stream; creating it here too (same definition) lets billing start first.
    await ensureStream(jsm, streamDefinitions(this.names).documents);
    await this.deadLetters.start();
    await ensureConsumer(jsm, this.names.streams.documents, {
      durable_name: this.names.consumers.billingRefunds,
      filter_subject: this.names.subjects.taskFailed,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: 30 * NANOS_PER_SECOND,
      max_deliver: this.options.maxDeliver,
      backoff: consumerBackoff(BACKOFF_S, this.options.maxDeliver),
    });
    const consumer = await js.consumers.get(this.names.streams.documents, this.names.consumers.billingRefunds);
    this.messages = await consumer.consume({ max_messages: 64 });
    this.loop = this.run(this.messages);
  }

  async stop(): Promise<void> {
    await this.messages?.close();
    await this.loop;
    await this.deadLetters.stop();
  }

  private async run(messages: ConsumerMessages): Promise<void> {
    for await (const message of messages) {
      await this.handle(message);
    }
  }

  private async handle(message: ConsumerMessage): Promise<void> {
    let event: TaskFailedEvent;
    try {
      event = taskFailedEvent.parse(message.json());
    } catch (error) {
      this.logger.error(
        { err: error, subject: message.subject, seq: message.seq },
        'malformed task.failed event; dropped',
      );
      // No reason argument: NATS 2.9 does not understand `+TERM <reason>` and would redeliver.
      message.term();
      return;
    }
    try {
      for (const charge of event.charges) await this.refund(event, charge);
      message.ack();
    } catch (error) {
      // The database is unreachable or failing: try again later, with backoff.
      const deliveries = message.info.deliveryCount;
      this.logger.warn({ err: error, event_id: event.id, deliveries }, 'refund failed; will retry');
      this.deadLetters.retry(message, error, BACKOFF_S);
    }
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
