import { deadLetterTarget, recordDeletedEvent, streamDefinitions, type NatsNames, type RecordDeletedEvent } from '@talent/events';
import { DurableConsumer, type Logger, type Metrics, type NatsConnection } from '@talent/platform';
import type { RecordCache } from '../peers/record-cache.js';
import type { ResultRepository } from './result-repository.js';

const BACKOFF_S = [1, 5, 15, 60];
const MAX_DELIVER = 50;

/**
 * Deleting a job or a CV (documents' `record.deleted`) removes what matching stored about it: a job's result
 * versions, a CV's entries in any result set, its parsed record in the record cache (memory only: documents answers
 * a deleted record NOT_FOUND whether it is cached or not). A durable consumer, so deletions made while matching is down wait;
 * one still failing after MAX_DELIVER attempts is dead-lettered for a replay.
 */
export class RecordDeletions {
  private readonly consumer: DurableConsumer<RecordDeletedEvent>;

  constructor(
    nats: NatsConnection,
    names: NatsNames,
    private readonly results: ResultRepository,
    private readonly logger: Logger,
    registry?: Metrics['registry'],
    private readonly cache?: RecordCache,
  ) {
    const stream = names.streams.documents;
    const durable = names.consumers.matchingRecordDeletions;
    this.consumer = new DurableConsumer({
      nats,
      logger,
      ...(registry ? { registry } : {}),
      // Documents owns this stream; creating it here too (same definition) lets matching start first.
      streams: [streamDefinitions(names).documents],
      stream,
      durable,
      filterSubject: names.subjects.recordDeleted,
      describes: 'record.deleted event',
      schema: recordDeletedEvent,
      maxDeliver: MAX_DELIVER,
      backoffSeconds: BACKOFF_S,
      prefetch: 32,
      deadLetters: { target: deadLetterTarget(names, stream, durable) },
      logContext: (event) => ({ event_id: event.id, kind: event.kind, record_id: event.record_id }),
      handle: (event) => this.forget(event),
    });
  }

  start(): Promise<void> {
    return this.consumer.start();
  }

  stop(): Promise<void> {
    return this.consumer.stop();
  }

  private async forget(event: RecordDeletedEvent): Promise<'done'> {
    this.cache?.delete(event.workspace_id, event.record_id);
    const removed =
      event.kind === 'job'
        ? await this.results.forgetJob(event.workspace_id, event.record_id)
        : await this.results.forgetCandidate(event.workspace_id, event.record_id);
    if (removed > 0)
      this.logger.info({ kind: event.kind, record_id: event.record_id, removed }, 'forgot match results of a deleted record');
    return 'done';
  }
}
