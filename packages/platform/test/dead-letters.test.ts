import { dropNatsNamespace, testNatsUrl, uniqueName, waitFor } from '@talent/testkit';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger.js';
import {
  AckPolicy,
  connectNats,
  ensureConsumer,
  ensureStream,
  jetStreamHandles,
  type JetStreamHandles,
  type NatsConnection,
} from '../src/nats.js';
import { DeadLetterWatch, listDeadLetters, replayDeadLetter, type DeadLetterTarget } from '../src/dead-letters.js';

/**
 * Against real JetStream: a message that exhausts its deliveries while no replica of its service runs (the one
 * that pulled it crashed each time) is still dead-lettered once a replica starts, because the advisory is kept in
 * a stream rather than heard on a subscription.
 */
describe('platform: dead letters', () => {
  const namespace = uniqueName('t');
  const prefix = namespace.toUpperCase();
  const work = { name: `${prefix}_WORK`, subjects: [`${namespace}.work.>`] };
  const consumer = 'worker-test';
  const target: DeadLetterTarget = {
    stream: { name: `${prefix}_DEAD_LETTERS`, subjects: [`${namespace}.deadletter.>`], duplicate_window: 120 * 1e9 },
    subject: `${namespace}.deadletter.${consumer}`,
    advisories: { name: `${prefix}_DEAD_LETTER_ADVISORIES`, subjects: [`$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.${work.name}.${consumer}`] },
    advisorySubject: `$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.${work.name}.${consumer}`,
  };
  let nats: NatsConnection;
  let jetstream: JetStreamHandles;
  const watch = (registry?: Registry, seen: string[] = []) =>
    new DeadLetterWatch({
      nats,
      stream: work.name,
      consumer,
      maxDeliver: 2,
      target,
      logger: createLogger('test', 'silent'),
      ...(registry ? { registry } : {}),
      onDeadLetter: async (letter) => {
        seen.push(new TextDecoder().decode(letter.payload));
      },
    });

  beforeAll(async () => {
    nats = await connectNats(testNatsUrl(), 'dead-letters-test');
    jetstream = await jetStreamHandles(nats);
    await ensureStream(jetstream.jsm, work);
    await ensureConsumer(jetstream.jsm, work.name, { durable_name: consumer, ack_policy: AckPolicy.Explicit, max_deliver: 2 });
  });
  afterAll(async () => {
    await nats?.close();
    await dropNatsNamespace(namespace);
  });

  it('keeps a message exhausted while its service was down, counts it once it is back, and replays it', async () => {
    // The service ran once (its streams exist), then crashed.
    const first = watch();
    await first.start();
    await first.stop();

    await jetstream.js.publish(`${namespace}.work.job`, JSON.stringify({ job: 42 }), { msgID: 'job-42' });
    const pulled = await jetstream.js.consumers.get(work.name, consumer);
    for (let attempt = 0; attempt < 2; attempt++) (await pulled.next({ expires: 5_000 }))?.nak();
    // One more pull makes the server notice the exhausted message and send its advisory: nobody listens.
    expect(await pulled.next({ expires: 1_000 })).toBeNull();
    await waitFor(async () => (await jetstream.jsm.streams.info(target.advisories.name)).state.messages === 1, 10_000);

    const registry = new Registry();
    const seen: string[] = [];
    const second = watch(registry, seen);
    await second.start();
    try {
      await waitFor(async () => (await listDeadLetters(jetstream.jsm, target.stream.name)).length === 1, 10_000);
      const [letter] = await listDeadLetters(jetstream.jsm, target.stream.name);
      expect(letter).toMatchObject({ consumer, stream: work.name, subject: `${namespace}.work.job`, deliveries: 2 });
      expect(JSON.parse(new TextDecoder().decode(letter!.payload))).toEqual({ job: 42 });
      expect(seen).toEqual(['{"job":42}']);
      expect((await registry.getSingleMetricAsString('dead_letters_total')).split('\n').at(-1)).toMatch(/consumer="worker-test".* 1$/);

      const replayed = await replayDeadLetter(jetstream, target.stream.name, letter!.seq);
      expect(replayed?.letter.seq).toBe(letter!.seq);
      expect(await listDeadLetters(jetstream.jsm, target.stream.name)).toEqual([]);
      expect(JSON.parse(new TextDecoder().decode((await pulled.next({ expires: 5_000 }))!.data))).toEqual({ job: 42 });
    } finally {
      await second.stop();
    }
  });
});
