import { dropNatsNamespace, testNatsUrl, uniqueName, waitFor } from '@talent/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DeadLetterTarget } from '../src/dead-letters.js';
import { DurableConsumer, type Delivery } from '../src/durable-consumer.js';
import { createLogger } from '../src/logger.js';
import { connectNats, jetStreamHandles, type JetStreamHandles, type NatsConnection } from '../src/nats.js';

/** Against real JetStream: the rules every service's consumer relies on (billing refunds, analysis, deletions). */
describe('platform: durable consumer', () => {
  const namespace = uniqueName('t');
  const prefix = namespace.toUpperCase();
  const work = { name: `${prefix}_WORK`, subjects: [`${namespace}.work.>`] };
  let nats: NatsConnection;
  let jetstream: JetStreamHandles;

  const targetOf = (consumer: string): DeadLetterTarget => ({
    stream: { name: `${prefix}_DEAD_LETTERS`, subjects: [`${namespace}.deadletter.>`], duplicate_window: 120 * 1e9 },
    subject: `${namespace}.deadletter.${consumer}`,
    advisories: {
      name: `${prefix}_ADVISORIES_${consumer.toUpperCase()}`,
      subjects: [`$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.${work.name}.${consumer}`],
    },
    advisorySubject: `$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.${work.name}.${consumer}`,
  });
  const consumerOf = (
    durable: string,
    handle: (event: { n: number }, delivery: Delivery) => Promise<'done' | 'retry'>,
    options: { concurrency?: number } = {},
  ) =>
    new DurableConsumer({
      nats,
      logger: createLogger('test', 'silent'),
      streams: [work],
      stream: work.name,
      durable,
      filterSubject: `${namespace}.work.${durable}`,
      describes: 'test event',
      schema: z.object({ n: z.number() }),
      maxDeliver: 3,
      backoffSeconds: [0.1],
      deadLetters: { target: targetOf(durable) },
      handle,
      ...options,
    });
  const publish = (durable: string, payload: unknown) =>
    jetstream.js.publish(`${namespace}.work.${durable}`, JSON.stringify(payload));

  beforeAll(async () => {
    nats = await connectNats(testNatsUrl(), 'durable-consumer-test');
    jetstream = await jetStreamHandles(nats);
  });
  afterAll(async () => {
    await nats?.close();
    await dropNatsNamespace(namespace);
  });

  it('handles at most `concurrency` messages at once, and stop() waits for the ones in hand', async () => {
    let running = 0;
    let peak = 0;
    const finished: number[] = [];
    const gates: Array<() => void> = [];
    let releaseAll = false;
    const consumer = consumerOf(
      'bounded',
      async (event) => {
        running++;
        peak = Math.max(peak, running);
        if (!releaseAll) await new Promise<void>((resolve) => gates.push(resolve));
        running--;
        finished.push(event.n);
        return 'done';
      },
      { concurrency: 2 },
    );
    await consumer.start();
    for (let n = 0; n < 6; n++) await publish('bounded', { n });
    await waitFor(() => gates.length === 2, 10_000);
    // Two are held; nobody else may start until one finishes.
    expect(running).toBe(2);
    gates.shift()!();
    await waitFor(() => gates.length === 2 && finished.length === 1, 10_000);
    const stopping = consumer.stop();
    // stop() waits for the two in hand.
    let stopped = false;
    void stopping.then(() => (stopped = true));
    expect(stopped).toBe(false);
    releaseAll = true;
    while (gates.length) gates.shift()!();
    await stopping;
    expect(peak).toBe(2);
    expect(finished.length).toBeGreaterThanOrEqual(3);
  });

  it('redelivers a retry with the attempt count, drops a malformed message, and acknowledges what is done', async () => {
    const attempts: number[] = [];
    const consumer = consumerOf('retries', async (event, delivery) => {
      attempts.push(delivery.attempt);
      expect(event.n).toBe(1);
      return delivery.attempt < 2 ? 'retry' : 'done';
    });
    await consumer.start();
    try {
      await publish('retries', { n: 'not a number' });
      await publish('retries', { n: 1 });
      await waitFor(() => attempts.length === 2, 10_000);
      expect(attempts).toEqual([1, 2]);
      await waitFor(
        async () => (await jetstream.jsm.consumers.info(work.name, 'retries')).num_ack_pending === 0,
        10_000,
      );
      const info = await jetstream.jsm.consumers.info(work.name, 'retries');
      // Both messages left the consumer: the malformed one terminated, the other acknowledged.
      expect(info.num_pending + info.num_ack_pending + info.num_redelivered).toBe(0);
      expect(attempts).toEqual([1, 2]);
    } finally {
      await consumer.stop();
    }
  });
});
