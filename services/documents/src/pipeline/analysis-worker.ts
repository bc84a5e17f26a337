import { analyzeRequested, deadLetterTarget, streamDefinitions, type AnalyzeRequested, type NatsNames } from '@talent/events';
import { DurableConsumer, type Logger, type Metrics, type NatsConnection } from '@talent/platform';
import type { TaskProcessor } from './task-processor.js';

/** Redelivery delays after a transient failure or an ack timeout; the last one repeats. */
const BACKOFF_S = [2, 10, 30, 60];
/** After the database itself failed: try again soon, it is usually back within seconds. */
const ERROR_BACKOFF_S = [2];
/** Longer than one extraction's time limit plus analysis; extended (heartbeat) while a task runs. */
const ACK_WAIT_MS = 60_000;
/** Past this a task is presumed stuck: heartbeats stop, so its message is redelivered (processing is idempotent). */
const MAX_WORK_MS = 5 * 60_000;

/**
 * The analysis work queue's consumer (`documents-analyze`): bounded concurrency, transient failures retried with
 * backoff while the task stays PENDING, the last failure ends it FAILED. A message whose deliveries run out
 * without an answer (a worker that crashed on it each time) is dead-lettered (kept in the dead-letter stream,
 * counted, logged): its task is failed (and so refunded) and the message leaves the queue.
 */
export class AnalysisWorker {
  private readonly consumer: DurableConsumer<AnalyzeRequested>;

  constructor(
    nats: NatsConnection,
    names: NatsNames,
    private readonly processor: TaskProcessor,
    private readonly logger: Logger,
    options: {
      concurrency: number;
      maxDeliver: number;
      ackWaitMs?: number;
      registry?: Metrics['registry'];
    },
  ) {
    const streams = streamDefinitions(names);
    const stream = names.streams.documentsWork;
    const durable = names.consumers.documentsAnalyze;
    this.consumer = new DurableConsumer({
      nats,
      logger,
      ...(options.registry ? { registry: options.registry } : {}),
      streams: [streams.documents, streams.documentsWork],
      stream,
      durable,
      filterSubject: names.subjects.analyzeRequested,
      describes: 'analysis work message',
      schema: analyzeRequested,
      maxDeliver: options.maxDeliver,
      backoffSeconds: BACKOFF_S,
      errorBackoffSeconds: ERROR_BACKOFF_S,
      ackWaitMs: options.ackWaitMs ?? ACK_WAIT_MS,
      maxWorkMs: MAX_WORK_MS,
      concurrency: options.concurrency,
      maxAckPending: options.concurrency * 4,
      deadLetters: {
        target: deadLetterTarget(names, stream, durable),
        removeOriginal: true,
        onDeadLetter: (work, letter) => this.abandon(work, letter.deliveries),
      },
      logContext: (work) => ({ task_id: work.task_id }),
      handle: async (work, delivery) => {
        const outcome = await this.processor.process(work.task_id, {
          attempt: delivery.attempt,
          maxAttempts: delivery.maxDeliver,
        });
        return outcome === 'retry' ? 'retry' : 'done';
      },
    });
  }

  start(): Promise<void> {
    return this.consumer.start();
  }

  /** Stops taking work and waits for the tasks in progress (their messages are redelivered if cut short). */
  stop(): Promise<void> {
    return this.consumer.stop();
  }

  /** The task of a dead-lettered message ends FAILED (and so refunded). */
  private async abandon(work: AnalyzeRequested | undefined, deliveries: number): Promise<void> {
    if (!work) return;
    this.logger.error({ task_id: work.task_id, deliveries }, 'analysis message dead-lettered; failing its task');
    await this.processor.abandon(work.task_id, deliveries);
  }
}
