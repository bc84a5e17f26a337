import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
  type ConsumerConfig,
  type JetStreamClient,
  type JetStreamManager,
  type StreamConfig,
} from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';

export { AckPolicy, DeliverPolicy, RetentionPolicy, StorageType };
export type { ConsumerConfig, JetStreamClient, JetStreamManager, NatsConnection, StreamConfig };

/** Reconnects forever once connected; `timeoutMs` bounds the first connection attempt. */
export async function connectNats(
  url: string,
  name: string,
  options: { timeoutMs?: number } = {},
): Promise<NatsConnection> {
  return connect({
    servers: url.split(','),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    ...(options.timeoutMs ? { timeout: options.timeoutMs } : {}),
  });
}

export interface JetStreamHandles {
  js: JetStreamClient;
  jsm: JetStreamManager;
}

/** Publishing needs only this; unlike the manager it costs no round trip to the server. */
export function jetStreamClient(nc: NatsConnection): JetStreamClient {
  return jetstream(nc);
}

export async function jetStreamHandles(nc: NatsConnection): Promise<JetStreamHandles> {
  return { js: jetStreamClient(nc), jsm: await jetstreamManager(nc) };
}

/** A stream's config as @talent/events defines it (`streamDefinitions`, readonly `as const` objects). */
export type StreamDefinition = Omit<Partial<StreamConfig>, 'subjects'> & { name: string; subjects?: readonly string[] };

/** Creates the stream, or updates it when it exists; safe to call from every replica at every boot. */
export async function ensureStream(jsm: JetStreamManager, definition: StreamDefinition): Promise<void> {
  const config = {
    ...definition,
    ...(definition.subjects ? { subjects: [...definition.subjects] } : {}),
  } as Partial<StreamConfig> & { name: string };
  try {
    await jsm.streams.info(config.name);
    await jsm.streams.update(config.name, config);
  } catch (error) {
    if (!isNotFound(error)) throw error;
    try {
      await jsm.streams.add(config);
    } catch (addError) {
      // Another replica created it between our look-up and our add.
      if (!String(addError).includes('already in use')) throw addError;
    }
  }
}

/** Creates a durable consumer, or updates it to the given config. */
export async function ensureConsumer(
  jsm: JetStreamManager,
  stream: string,
  config: Partial<ConsumerConfig> & { durable_name: string },
): Promise<void> {
  try {
    await jsm.consumers.info(stream, config.durable_name);
    await jsm.consumers.update(stream, config.durable_name, config);
  } catch (error) {
    if (!isNotFound(error)) throw error;
    await jsm.consumers.add(stream, { ack_policy: AckPolicy.Explicit, ...config });
  }
}

function isNotFound(error: unknown): boolean {
  const text = String((error as { message?: string })?.message ?? error);
  return /not found/i.test(text);
}

/** What a JetStream pull consumer's `consume()` yields, and one message of it (the client does not name them). */
export type ConsumerMessages = Awaited<
  ReturnType<Awaited<ReturnType<JetStreamHandles['js']['consumers']['get']>>['consume']>
>;
export type ConsumerMessage = ConsumerMessages extends AsyncIterable<infer M> ? M : never;

/** JetStream durations (ack_wait, backoff) are nanoseconds. */
export const NANOS_PER_SECOND = 1_000_000_000;
