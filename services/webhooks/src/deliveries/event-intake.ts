import { deadLetterTarget, matchCompletedEvent, streamDefinitions, taskEvent, type NatsNames } from '@talent/events';
import { DurableConsumer, type Logger, type Metrics, type NatsConnection } from '@talent/platform';
import type { EndpointRepository } from '../endpoints/endpoint-repository.js';
import { matchAnnouncement, taskAnnouncement, type Announcement } from './announcements.js';
import type { DeliveryRepository } from './delivery-repository.js';

/** Redelivery delays of an event whose deliveries could not be written (the database was away). */
const BACKOFF_S = [1, 5, 15, 60, 300];
const MAX_DELIVER = 100;
/**
 * A CV or job task ends once (one event per record), so task events may be written side by side; a job's matches
 * follow one another, so match events are written one at a time, in stream order.
 */
const TASK_CONCURRENCY = 16;

/**
 * Turns finished work into delivery rows: durable consumers of documents' task events (`webhooks-tasks`) and
 * matching's match events (`webhooks-matches`, one at a time so a job's deliveries are written in the order of its
 * matches). The event is acknowledged only once its rows are committed.
 */
export class EventIntake {
  private readonly consumers: DurableConsumer<unknown>[];

  constructor(
    nats: NatsConnection,
    names: NatsNames,
    private readonly endpoints: EndpointRepository,
    private readonly deliveries: DeliveryRepository,
    logger: Logger,
    registry: Metrics['registry'],
    private readonly onEnqueued: () => void,
  ) {
    const streams = streamDefinitions(names);
    const common = { nats, logger, registry, maxDeliver: MAX_DELIVER, backoffSeconds: BACKOFF_S, prefetch: 64 };
    const tasks = new DurableConsumer({
      ...common,
      concurrency: TASK_CONCURRENCY,
      // Documents and matching own these streams; creating them here too (same definitions) lets webhooks start first.
      streams: [streams.documents],
      stream: names.streams.documents,
      durable: names.consumers.webhooksTasks,
      filterSubject: names.subjects.taskEvents,
      describes: 'task event',
      schema: taskEvent,
      deadLetters: { target: deadLetterTarget(names, names.streams.documents, names.consumers.webhooksTasks) },
      logContext: (event) => ({ event_id: event.id, task_id: event.task_id }),
      handle: (event) => this.announce(taskAnnouncement(event)),
    });
    const matches = new DurableConsumer({
      ...common,
      streams: [streams.matching],
      stream: names.streams.matching,
      durable: names.consumers.webhooksMatches,
      filterSubject: names.subjects.matchCompleted,
      describes: 'match.completed event',
      schema: matchCompletedEvent,
      deadLetters: { target: deadLetterTarget(names, names.streams.matching, names.consumers.webhooksMatches) },
      logContext: (event) => ({ event_id: event.id, job_id: event.job_id }),
      handle: (event) => this.announce(matchAnnouncement(event)),
    });
    this.consumers = [tasks as DurableConsumer<unknown>, matches as DurableConsumer<unknown>];
  }

  async start(): Promise<void> {
    for (const consumer of this.consumers) await consumer.start();
  }

  async stop(): Promise<void> {
    for (const consumer of this.consumers) await consumer.stop();
  }

  private async announce(announcement: Announcement): Promise<'done'> {
    const subscribed = await this.endpoints.subscribed(announcement.workspaceId, announcement.type);
    const added = await this.deliveries.enqueue(
      announcement,
      subscribed.map((endpoint) => endpoint.id),
    );
    if (added > 0) this.onEnqueued();
    return 'done';
  }
}
