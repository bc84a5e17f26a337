import { recordDeletedEvent, type NatsNames } from '@talent/events';
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
  jetStreamHandles,
  type Logger,
  type Metrics,
  type NatsConnection,
} from '@talent/platform';
import { deadLetterTarget, streamDefinitions } from '@talent/events';
import type { ResultRepository } from './result-repository.js';

const BACKOFF_S = [1, 5, 15, 60];
const MAX_DELIVER = 50;

/**
 * Deleting a job or a CV (documents' `record.deleted`) removes what matching stored about it: a job's result
 * versions, a CV's entries in any result set. A durable consumer, so deletions made while matching is down wait;
 * one still failing after MAX_DELIVER attempts is dead-lettered (`DeadLetterWatch`) for a replay.
 */
export class RecordDeletions {
  private messages: ConsumerMessages | undefined;
  private loop: Promise<void> | undefined;
  private readonly deadLetters: DeadLetterWatch;

  constructor(
    private readonly nats: NatsConnection,
    private readonly names: NatsNames,
    private readonly results: ResultRepository,
    private readonly logger: Logger,
    registry?: Metrics['registry'],
  ) {
    this.deadLetters = new DeadLetterWatch({
      nats,
      stream: names.streams.documents,
      consumer: names.consumers.matchingRecordDeletions,
      maxDeliver: MAX_DELIVER,
      target: deadLetterTarget(names, names.streams.documents, names.consumers.matchingRecordDeletions),
      logger,
      ...(registry ? { registry } : {}),
    });
  }

  async start(): Promise<void> {
    const { js, jsm } = await jetStreamHandles(this.nats);
    // Documents owns this stream; creating it here too (same definition) lets matching start first.
    await ensureStream(jsm, streamDefinitions(this.names).documents);
    await this.deadLetters.start();
    await ensureConsumer(jsm, this.names.streams.documents, {
      durable_name: this.names.consumers.matchingRecordDeletions,
      filter_subject: this.names.subjects.recordDeleted,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: 30 * NANOS_PER_SECOND,
      max_deliver: MAX_DELIVER,
      backoff: consumerBackoff(BACKOFF_S, MAX_DELIVER),
    });
    const consumer = await js.consumers.get(this.names.streams.documents, this.names.consumers.matchingRecordDeletions);
    this.messages = await consumer.consume({ max_messages: 32 });
    this.loop = this.run(this.messages);
  }

  async stop(): Promise<void> {
    await this.messages?.close();
    await this.loop;
    await this.deadLetters.stop();
  }

  private async run(messages: ConsumerMessages): Promise<void> {
    for await (const message of messages) await this.handle(message);
  }

  private async handle(message: ConsumerMessage): Promise<void> {
    let payload: unknown;
    try {
      payload = message.json();
    } catch {
      payload = undefined;
    }
    const parsed = recordDeletedEvent.safeParse(payload);
    if (!parsed.success) {
      this.logger.error({ subject: message.subject, seq: message.seq }, 'malformed record.deleted event; dropped');
      message.term();
      return;
    }
    const event = parsed.data;
    try {
      const removed =
        event.kind === 'job'
          ? await this.results.forgetJob(event.workspace_id, event.record_id)
          : await this.results.forgetCandidate(event.workspace_id, event.record_id);
      if (removed > 0)
        this.logger.info(
          { kind: event.kind, record_id: event.record_id, removed },
          'forgot match results of a deleted record',
        );
      message.ack();
    } catch (error) {
      const deliveries = message.info.deliveryCount;
      this.logger.warn({ err: error, event_id: event.id, deliveries }, 'could not apply a record deletion; will retry');
      this.deadLetters.retry(message, error, BACKOFF_S);
    }
  }
}
