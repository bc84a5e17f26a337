import type { Registry } from 'prom-client';
import { consumerBackoff, DeadLetterWatch, type DeadLetter, type DeadLetterTarget } from './dead-letters.js';
import type { Logger } from './logger.js';
import {
  AckPolicy,
  DeliverPolicy,
  ensureConsumer,
  ensureStream,
  jetStreamHandles,
  type ConsumerMessage,
  type ConsumerMessages,
  type NatsConnection,
  type StreamDefinition,
} from './nats.js';

/** What a handler learns about the delivery it is handling. */
export interface Delivery {
  /** 1 on the first delivery. */
  attempt: number;
  maxDeliver: number;
}

/** `done` acknowledges the message; `retry` asks for a redelivery after the backoff step of this attempt. */
export type HandlerOutcome = 'done' | 'retry';

/** The part of a zod schema the consumer needs. */
export interface EventSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

export interface DurableConsumerOptions<T> {
  nats: NatsConnection;
  logger: Logger;
  /** The service's metrics registry: dead letters are counted there. */
  registry?: Registry;
  /** Streams to create or update before consuming (the consumed one, and any a peer owns but may not have made yet). */
  streams: readonly StreamDefinition[];
  /** The consumed stream, the durable consumer's name and its subject filter. */
  stream: string;
  durable: string;
  filterSubject: string;
  /** What the messages are, for logs ("task.failed event"). */
  describes: string;
  schema: EventSchema<T>;
  maxDeliver: number;
  /** Redelivery delays, in seconds, after an ack timeout or a `retry`; the last one repeats. */
  backoffSeconds: readonly number[];
  /** Delays after a handler threw (an infrastructure failure); `backoffSeconds` when absent. */
  errorBackoffSeconds?: readonly number[];
  /** Default 30 s. */
  ackWaitMs?: number;
  /** Messages handled at once; 1 (in order) by default. */
  concurrency?: number;
  /** Messages pulled ahead of handling; `concurrency` by default. */
  prefetch?: number;
  maxAckPending?: number;
  /** Long handlers: keep the message ours (heartbeats) for up to this long, then let JetStream redeliver it. */
  maxWorkMs?: number;
  deadLetters: {
    target: DeadLetterTarget;
    /** Work queues: delete the original once kept, or it would sit in the queue for ever. */
    removeOriginal?: boolean;
    /** Runs once a message is kept as a dead letter; `event` is undefined when its payload does not parse. */
    onDeadLetter?: (event: T | undefined, letter: Omit<DeadLetter, 'seq' | 'keptAt'>) => Promise<void>;
  };
  /** Fields that identify an event in the logs. */
  logContext?: (event: T) => Record<string, unknown>;
  handle: (event: T, delivery: Delivery) => Promise<HandlerOutcome>;
}

/**
 * A durable JetStream pull consumer with the house rules (DESIGN §3): explicit acks, bounded `max_deliver` with
 * backoff, malformed messages terminated (never retried), failures retried and, once their deliveries run out,
 * kept as dead letters (`DeadLetterWatch`). A service supplies the schema and the handler; `stop()` waits for
 * the messages in hand (the others are redelivered).
 */
export class DurableConsumer<T> {
  private messages: ConsumerMessages | undefined;
  private loop: Promise<void> | undefined;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly watch: DeadLetterWatch;

  constructor(private readonly options: DurableConsumerOptions<T>) {
    const { nats, stream, durable, maxDeliver, logger, registry, deadLetters } = options;
    const onDeadLetter = deadLetters.onDeadLetter;
    this.watch = new DeadLetterWatch({
      nats,
      stream,
      consumer: durable,
      maxDeliver,
      target: deadLetters.target,
      logger,
      ...(registry ? { registry } : {}),
      ...(deadLetters.removeOriginal ? { removeOriginal: true } : {}),
      ...(onDeadLetter
        ? { onDeadLetter: (letter) => onDeadLetter(this.parse(() => JSON.parse(new TextDecoder().decode(letter.payload))), letter) }
        : {}),
    });
  }

  private get concurrency(): number {
    return this.options.concurrency ?? 1;
  }

  async start(): Promise<void> {
    const { nats, streams, stream, durable, filterSubject, maxDeliver, backoffSeconds } = this.options;
    const { js, jsm } = await jetStreamHandles(nats);
    for (const definition of streams) await ensureStream(jsm, definition);
    // The advisory stream must exist before the first advisory is sent.
    await this.watch.start();
    await ensureConsumer(jsm, stream, {
      durable_name: durable,
      filter_subject: filterSubject,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: (this.options.ackWaitMs ?? 30_000) * 1_000_000,
      max_deliver: maxDeliver,
      backoff: consumerBackoff(backoffSeconds, maxDeliver),
      ...(this.options.maxAckPending ? { max_ack_pending: this.options.maxAckPending } : {}),
    });
    const consumer = await js.consumers.get(stream, durable);
    this.messages = await consumer.consume({ max_messages: this.options.prefetch ?? this.concurrency });
    this.loop = this.run(this.messages);
  }

  /** Stops taking messages and waits for those in hand (any cut short is redelivered). */
  async stop(): Promise<void> {
    await this.messages?.close();
    await this.loop;
    await Promise.allSettled([...this.inFlight]);
    await this.watch.stop();
  }

  private async run(messages: ConsumerMessages): Promise<void> {
    for await (const message of messages) {
      while (this.inFlight.size >= this.concurrency) await Promise.race(this.inFlight);
      const handling = this.handleMessage(message).finally(() => this.inFlight.delete(handling));
      this.inFlight.add(handling);
    }
  }

  private async handleMessage(message: ConsumerMessage): Promise<void> {
    const { logger, describes, maxDeliver } = this.options;
    const event = this.parse(() => message.json());
    if (event === undefined) {
      logger.error({ subject: message.subject, seq: message.seq }, `malformed ${describes}; dropped`);
      // No reason argument: NATS 2.9 does not understand `+TERM <reason>` and would redeliver.
      message.term();
      return;
    }
    const stopHeartbeat = this.heartbeat(message);
    const attempt = message.info.deliveryCount;
    try {
      const outcome = await this.options.handle(event, { attempt, maxDeliver });
      if (outcome === 'done') message.ack();
      else this.watch.retry(message, `the ${describes} handler asked for a retry`, this.options.backoffSeconds);
    } catch (error) {
      logger.warn({ err: error, ...this.options.logContext?.(event), deliveries: attempt }, `${describes} failed; will retry`);
      this.watch.retry(message, error, this.options.errorBackoffSeconds ?? this.options.backoffSeconds);
    } finally {
      stopHeartbeat();
    }
  }

  /** Tells JetStream a long handler is still working, until `maxWorkMs` (then the message is presumed stuck). */
  private heartbeat(message: ConsumerMessage): () => void {
    const { maxWorkMs } = this.options;
    if (!maxWorkMs) return () => {};
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started < maxWorkMs) message.working();
    }, (this.options.ackWaitMs ?? 30_000) / 3);
    return () => clearInterval(timer);
  }

  private parse(read: () => unknown): T | undefined {
    let payload: unknown;
    try {
      payload = read();
    } catch {
      return undefined;
    }
    const parsed = this.options.schema.safeParse(payload);
    return parsed.success ? parsed.data : undefined;
  }
}
