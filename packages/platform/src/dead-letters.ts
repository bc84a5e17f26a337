import { headers as natsHeaders, type MsgHdrs } from '@nats-io/transport-node';
import { Counter, type Registry } from 'prom-client';
import type { Logger } from './logger.js';
import {
  AckPolicy,
  DeliverPolicy,
  ensureConsumer,
  ensureStream,
  jetStreamHandles,
  type JetStreamClient,
  type JetStreamHandles,
  type JetStreamManager,
  type NatsConnection,
  type StreamDefinition,
} from './nats.js';

/** Headers a dead letter carries next to the original payload. */
export const DEAD_LETTER_HEADERS = {
  stream: 'Talent-Dead-Letter-Stream',
  streamSeq: 'Talent-Dead-Letter-Stream-Seq',
  subject: 'Talent-Dead-Letter-Subject',
  consumer: 'Talent-Dead-Letter-Consumer',
  deliveries: 'Talent-Dead-Letter-Deliveries',
  reason: 'Talent-Dead-Letter-Reason',
} as const;

/** Set on a message published again by `replayDeadLetter`: the dead letter's sequence it came from. */
export const REPLAY_OF_HEADER = 'Talent-Replay-Of';

/** A message kept after it exhausted its deliveries. */
export interface DeadLetter {
  /** Its sequence in the dead-letter stream: what `replayDeadLetter` takes. */
  seq: number;
  keptAt: Date;
  stream: string;
  streamSeq: number;
  subject: string;
  consumer: string;
  deliveries: number;
  reason: string;
  payload: Uint8Array;
}

/** `deadLetterTarget(names, stream, consumer)` of @talent/events. */
export interface DeadLetterTarget {
  /** The shared dead-letter stream, and this consumer's subject in it. */
  stream: StreamDefinition;
  subject: string;
  /** The stream that keeps max-deliveries advisories, and this consumer's advisory subject in it. */
  advisories: StreamDefinition;
  advisorySubject: string;
}

/**
 * Delay before the next delivery of a failed message: the backoff step for this attempt, but none on the last
 * attempt, so JetStream declares the message exhausted (and sends the max-deliveries advisory) at once instead
 * of after one more pause.
 */
export function retryDelayMs(deliveryCount: number, maxDeliver: number, backoffSeconds: readonly number[]): number {
  if (deliveryCount >= maxDeliver) return 0;
  return backoffSeconds[Math.min(deliveryCount, backoffSeconds.length) - 1]! * 1000;
}

/** The JetStream `backoff` for a consumer: the steps that fit `maxDeliver` (JetStream refuses more), in ns. */
export function consumerBackoff(backoffSeconds: readonly number[], maxDeliver: number): number[] {
  return backoffSeconds.slice(0, Math.max(1, maxDeliver - 1)).map((s) => s * 1_000_000_000);
}

const REASONS_KEPT = 1000;
const DEAD_LETTERS_METRIC = 'dead_letters_total';

function deadLetterCounter(registry: Registry): Counter<'stream' | 'consumer'> {
  const existing = registry.getSingleMetric(DEAD_LETTERS_METRIC);
  if (existing) return existing as Counter<'stream' | 'consumer'>;
  return new Counter({
    name: DEAD_LETTERS_METRIC,
    help: 'Messages that exhausted their deliveries and were kept in the dead-letter stream, by stream and consumer.',
    labelNames: ['stream', 'consumer'] as const,
    registers: [registry],
  });
}

/** The part of a JetStream message a consumer hands over when its handling failed. */
interface FailedMessage {
  seq: number;
  info: { deliveryCount: number };
  nak(millis?: number): void;
}

/**
 * Keeps what a durable consumer could not process (DESIGN §3: bounded `max_deliver`): on JetStream's
 * max-deliveries advisory it copies the original message, with the last failure's reason, into the shared
 * dead-letter stream, counts it (`dead_letters_total`), logs it, and lets the owner react (`onDeadLetter`,
 * e.g. fail the task). `talentctl dead-letters list|replay` reads and re-publishes them.
 *
 * The advisories are read from a stream (`target.advisories`) through a durable consumer shared by the replicas, so
 * one sent while no replica ran is handled when one starts, and each once; the copy's message id is the original's
 * stream sequence, so an advisory handled twice keeps it once.
 */
export class DeadLetterWatch {
  private readonly reasons = new Map<number, string>();
  private messages: { close(): Promise<void | Error> } | undefined;
  private loop: Promise<void> | undefined;
  private handles: JetStreamHandles | undefined;
  private readonly counter: Counter<'stream' | 'consumer'> | undefined;

  constructor(
    private readonly options: {
      nats: NatsConnection;
      /** The consumed stream and the durable consumer whose exhausted messages are kept. */
      stream: string;
      consumer: string;
      maxDeliver: number;
      target: DeadLetterTarget;
      logger: Logger;
      /** The service's registry (`createMetrics`); without it nothing is counted. */
      registry?: Registry;
      /** Work-queue streams: delete the original once kept, or it would sit in the queue for ever. */
      removeOriginal?: boolean;
      /** Runs after the copy is kept; when it throws, the original stays (and is retried on the next advisory). */
      onDeadLetter?: (letter: Omit<DeadLetter, 'seq' | 'keptAt'>) => Promise<void>;
    },
  ) {
    this.counter = options.registry ? deadLetterCounter(options.registry) : undefined;
  }

  /** Call before consuming, so the advisory stream exists before the first advisory is sent. */
  async start(): Promise<void> {
    const { target, consumer } = this.options;
    if (!target.advisories.subjects?.includes(target.advisorySubject)) {
      throw new Error(`${target.advisories.name} does not keep ${target.advisorySubject}: add the consumer to its subjects`);
    }
    this.handles = await jetStreamHandles(this.options.nats);
    const { js, jsm } = this.handles;
    await ensureStream(jsm, target.stream);
    await ensureStream(jsm, target.advisories);
    const durable = `dead-letters-${consumer}`;
    await ensureConsumer(jsm, target.advisories.name, {
      durable_name: durable,
      filter_subject: target.advisorySubject,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: 30 * 1_000_000_000,
    });
    const messages = await (await js.consumers.get(target.advisories.name, durable)).consume({ max_messages: 16 });
    this.messages = messages;
    this.loop = (async () => {
      for await (const message of messages) {
        const advisory = parseJson(() => message.json()) as { stream_seq?: number; deliveries?: number } | undefined;
        if (!advisory?.stream_seq || (await this.keep(advisory.stream_seq, advisory.deliveries ?? this.options.maxDeliver))) message.ack();
        else message.nak(5_000);
      }
    })();
  }

  async stop(): Promise<void> {
    await this.messages?.close();
    await this.loop;
    this.messages = undefined;
  }

  /**
   * A handler failed on `message`: remember why (the dead letter's reason, should this be the last attempt) and
   * ask for a redelivery after the backoff step (`retryDelayMs`).
   */
  retry(message: FailedMessage, error: unknown, backoffSeconds: readonly number[]): void {
    this.reasons.set(message.seq, describe(error));
    if (this.reasons.size > REASONS_KEPT) this.reasons.delete(this.reasons.keys().next().value!);
    message.nak(retryDelayMs(message.info.deliveryCount, this.options.maxDeliver, backoffSeconds));
  }

  /** Copies the original at `streamSeq` into the dead-letter stream; false when it should be tried again. */
  private async keep(streamSeq: number, deliveries: number): Promise<boolean> {
    const { stream, consumer, target, logger } = this.options;
    const { js, jsm } = this.handles!;
    const context = { stream, consumer, stream_seq: streamSeq, deliveries };
    try {
      const original = await jsm.streams.getMessage(stream, { seq: streamSeq });
      if (!original) {
        logger.error(context, 'a message exhausted its deliveries but is no longer in its stream; nothing to keep');
        return true;
      }
      const reason = this.reasons.get(streamSeq) ?? `no answer within ${deliveries} deliveries (the handler crashed or timed out)`;
      const headers = natsHeaders();
      headers.set(DEAD_LETTER_HEADERS.stream, stream);
      headers.set(DEAD_LETTER_HEADERS.streamSeq, String(streamSeq));
      headers.set(DEAD_LETTER_HEADERS.subject, original.subject);
      headers.set(DEAD_LETTER_HEADERS.consumer, consumer);
      headers.set(DEAD_LETTER_HEADERS.deliveries, String(deliveries));
      headers.set(DEAD_LETTER_HEADERS.reason, oneLine(reason));
      const kept = await js.publish(target.subject, original.data, { msgID: `${stream}:${streamSeq}`, headers });
      this.reasons.delete(streamSeq);
      if (!kept.duplicate) {
        this.counter?.inc({ stream, consumer });
        logger.error({ ...context, subject: original.subject, reason }, 'message exhausted its deliveries; dead-lettered');
      }
      await this.options.onDeadLetter?.({ stream, streamSeq, subject: original.subject, consumer, deliveries, reason, payload: original.data });
      if (this.options.removeOriginal) await jsm.streams.deleteMessage(stream, streamSeq);
      return true;
    } catch (error) {
      logger.warn({ ...context, err: error }, 'could not dead-letter a message; will try again');
      return false;
    }
  }
}

/** The dead letters kept in `stream` (oldest first), optionally of one consumer. */
export async function listDeadLetters(
  jsm: JetStreamManager,
  stream: string,
  options: { consumer?: string; limit?: number } = {},
): Promise<DeadLetter[]> {
  const info = await jsm.streams.info(stream).catch(() => undefined);
  if (!info || info.state.messages === 0) return [];
  const letters: DeadLetter[] = [];
  for (let seq = info.state.first_seq; seq <= info.state.last_seq && letters.length < (options.limit ?? 1000); seq++) {
    const letter = await getDeadLetter(jsm, stream, seq);
    if (letter && (!options.consumer || letter.consumer === options.consumer)) letters.push(letter);
  }
  return letters;
}

/** One dead letter by its sequence in the dead-letter stream; undefined when there is none (replayed, expired). */
export async function getDeadLetter(jsm: JetStreamManager, stream: string, seq: number): Promise<DeadLetter | undefined> {
  const stored = await jsm.streams.getMessage(stream, { seq }).catch((error: unknown) => {
    if (/no message found|not found/i.test(String(error))) return null;
    throw error;
  });
  if (!stored) return undefined;
  const header = (name: string) => stored.header?.get(name) ?? '';
  return {
    seq: stored.seq,
    keptAt: stored.time,
    stream: header(DEAD_LETTER_HEADERS.stream),
    streamSeq: Number(header(DEAD_LETTER_HEADERS.streamSeq)),
    subject: header(DEAD_LETTER_HEADERS.subject),
    consumer: header(DEAD_LETTER_HEADERS.consumer),
    deliveries: Number(header(DEAD_LETTER_HEADERS.deliveries)),
    reason: header(DEAD_LETTER_HEADERS.reason),
    payload: stored.data,
  };
}

/**
 * Publishes a dead letter's original payload again on its original subject (its consumers are idempotent, so
 * others on that subject see a duplicate they ignore) and removes it from the dead-letter stream. Should it fail
 * again, it comes back as a new dead letter.
 */
export async function replayDeadLetter(
  handles: { js: JetStreamClient; jsm: JetStreamManager },
  stream: string,
  seq: number,
): Promise<{ letter: DeadLetter; publishedSeq: number } | undefined> {
  const letter = await getDeadLetter(handles.jsm, stream, seq);
  if (!letter) return undefined;
  const headers: MsgHdrs = natsHeaders();
  headers.set(REPLAY_OF_HEADER, `${stream}:${seq}`);
  const ack = await handles.js.publish(letter.subject, letter.payload, { msgID: `replay:${stream}:${seq}`, headers });
  await handles.jsm.streams.deleteMessage(stream, seq);
  return { letter, publishedSeq: ack.seq };
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/** Header values cannot hold line breaks. */
function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').slice(0, 1000);
}

function parseJson(read: () => unknown): unknown {
  try {
    return read();
  } catch {
    return undefined;
  }
}
