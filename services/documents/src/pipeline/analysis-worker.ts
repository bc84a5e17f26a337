import { analyzeRequested, deadLetterTarget, streamDefinitions, type NatsNames } from '@talent/events';
import {
  AckPolicy,
  type ConsumerMessage,
  type ConsumerMessages,
  consumerBackoff,
  DeadLetterWatch,
  DeliverPolicy,
  ensureConsumer,
  ensureStream,
  jetStreamHandles,
  type Logger,
  type NatsConnection,
  type Metrics,
} from '@talent/platform';
import type { TaskProcessor } from './task-processor.js';

/** Redelivery delays after a transient failure or an ack timeout; the last one repeats. */
const BACKOFF_S = [2, 10, 30, 60];
/** Longer than one extraction's time limit plus analysis; extended (heartbeat) while a task runs. */
const ACK_WAIT_MS = 60_000;
/** Past this a task is presumed stuck: heartbeats stop, so its message is redelivered (processing is idempotent). */
const MAX_WORK_MS = 5 * 60_000;

/**
 * The analysis work queue's consumer (`documents-analyze`): bounded concurrency, transient failures retried with
 * backoff while the task stays PENDING, the last failure ends it FAILED. A message whose deliveries run out
 * without an answer (a worker that crashed on it each time) is dead-lettered (`DeadLetterWatch`: kept in the
 * dead-letter stream, counted, logged): its task is failed (and so refunded) and the message leaves the queue.
 */
export class AnalysisWorker {
  private messages: ConsumerMessages | undefined;
  private loop: Promise<void> | undefined;
  private readonly inFlight = new Set<Promise<void>>();
  private deadLetters: DeadLetterWatch | undefined;

  constructor(
    private readonly nats: NatsConnection,
    private readonly names: NatsNames,
    private readonly processor: TaskProcessor,
    private readonly logger: Logger,
    private readonly options: {
      concurrency: number;
      maxDeliver: number;
      ackWaitMs?: number;
      registry?: Metrics['registry'];
    },
  ) {}

  private get ackWaitMs(): number {
    return this.options.ackWaitMs ?? ACK_WAIT_MS;
  }

  async start(): Promise<void> {
    const { js, jsm } = await jetStreamHandles(this.nats);
    const streams = streamDefinitions(this.names);
    await ensureStream(jsm, streams.documents as never);
    await ensureStream(jsm, streams.documentsWork as never);
    await ensureConsumer(jsm, this.names.streams.documentsWork, {
      durable_name: this.names.consumers.documentsAnalyze,
      filter_subject: this.names.subjects.analyzeRequested,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: this.ackWaitMs * 1_000_000,
      max_deliver: this.options.maxDeliver,
      backoff: consumerBackoff(BACKOFF_S, this.options.maxDeliver),
      max_ack_pending: this.options.concurrency * 4,
    });
    this.deadLetters = new DeadLetterWatch({
      nats: this.nats,
      stream: this.names.streams.documentsWork,
      consumer: this.names.consumers.documentsAnalyze,
      maxDeliver: this.options.maxDeliver,
      target: deadLetterTarget(this.names, this.names.streams.documentsWork, this.names.consumers.documentsAnalyze),
      logger: this.logger,
      ...(this.options.registry ? { registry: this.options.registry } : {}),
      removeOriginal: true,
      onDeadLetter: (letter) => this.abandon(letter.payload, letter.deliveries),
    });
    await this.deadLetters.start();
    const consumer = await js.consumers.get(this.names.streams.documentsWork, this.names.consumers.documentsAnalyze);
    this.messages = await consumer.consume({ max_messages: this.options.concurrency });
    this.loop = this.run(this.messages);
  }

  /** Stops taking work and waits for the tasks in progress (their messages are redelivered if cut short). */
  async stop(): Promise<void> {
    await this.messages?.close();
    await this.loop;
    await Promise.allSettled([...this.inFlight]);
    await this.deadLetters?.stop();
  }

  private async run(messages: ConsumerMessages): Promise<void> {
    for await (const message of messages) {
      while (this.inFlight.size >= this.options.concurrency) await Promise.race(this.inFlight);
      const job = this.handle(message).finally(() => this.inFlight.delete(job));
      this.inFlight.add(job);
    }
  }

  private async handle(message: ConsumerMessage): Promise<void> {
    const parsed = analyzeRequested.safeParse(safeJson(message));
    if (!parsed.success) {
      this.logger.error({ subject: message.subject, seq: message.seq }, 'malformed analysis work message; dropped');
      // No reason argument: NATS 2.9 does not understand `+TERM <reason>`.
      message.term();
      return;
    }
    const started = Date.now();
    const heartbeat = setInterval(() => {
      if (Date.now() - started < MAX_WORK_MS) message.working();
    }, this.ackWaitMs / 3);
    try {
      const attempt = message.info.deliveryCount;
      const outcome = await this.processor.process(parsed.data.task_id, {
        attempt,
        maxAttempts: this.options.maxDeliver,
      });
      if (outcome === 'retry') message.nak(BACKOFF_S[Math.min(attempt, BACKOFF_S.length) - 1]! * 1000);
      else message.ack();
    } catch (error) {
      // The database itself failed: leave the message to be redelivered.
      this.logger.error({ err: error, task_id: parsed.data.task_id }, 'analysis work failed unexpectedly; will retry');
      this.deadLetters!.retry(message, error, BACKOFF_S.slice(0, 1));
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** The task of a dead-lettered message ends FAILED (and so refunded). */
  private async abandon(payload: Uint8Array, deliveries: number): Promise<void> {
    const parsed = analyzeRequested.safeParse(
      safeJson({ json: () => JSON.parse(new TextDecoder().decode(payload)) as unknown }),
    );
    if (!parsed.success) return;
    this.logger.error({ task_id: parsed.data.task_id, deliveries }, 'analysis message dead-lettered; failing its task');
    await this.processor.abandon(parsed.data.task_id, deliveries);
  }
}

function safeJson(message: { json(): unknown }): unknown {
  try {
    return message.json();
  } catch {
    return undefined;
  }
}
