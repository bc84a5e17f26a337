import { natsNames } from '@talent/events';
import {
  connectNats,
  createLogger,
  jetStreamHandles,
  type JetStreamHandles,
  type NatsConnection,
} from '@talent/platform';
import { dropNatsNamespace, testNatsUrl, uniqueName, waitFor } from '@talent/testkit';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisWorker } from '../src/pipeline/analysis-worker.js';
import type { Delivery, Outcome, TaskProcessor } from '../src/pipeline/task-processor.js';

/**
 * The work queue's delivery rules against real JetStream: transient outcomes are redelivered, and a message
 * whose deliveries run out without an answer is dead-lettered (max-deliveries advisory): its task is abandoned
 * (FAILED, so refunded) and the message leaves the stream.
 */
describe('documents: analysis work queue', () => {
  const namespace = uniqueName('t');
  const names = natsNames(namespace);
  let nats: NatsConnection;
  let jetstream: JetStreamHandles;
  let worker: AnalysisWorker | undefined;

  beforeAll(async () => {
    nats = await connectNats(testNatsUrl(), 'documents-worker-test');
    jetstream = await jetStreamHandles(nats);
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
    await jetstream.jsm.consumers
      .delete(names.streams.documentsWork, names.consumers.documentsAnalyze)
      .catch(() => undefined);
  });
  afterAll(async () => {
    await nats.close();
    await dropNatsNamespace(namespace);
  });

  class ScriptedProcessor {
    readonly calls: { taskId: string; delivery: Delivery }[] = [];
    readonly abandoned: { taskId: string; deliveries: number }[] = [];
    constructor(private readonly script: (call: number) => Outcome | 'throw') {}
    async process(taskId: string, delivery: Delivery): Promise<Outcome> {
      this.calls.push({ taskId, delivery });
      const outcome = this.script(this.calls.length);
      if (outcome === 'throw') throw new Error('database unreachable');
      return outcome;
    }
    async abandon(taskId: string, deliveries: number): Promise<void> {
      this.abandoned.push({ taskId, deliveries });
    }
  }

  const start = async (processor: ScriptedProcessor, maxDeliver: number) => {
    worker = new AnalysisWorker(nats, names, processor as unknown as TaskProcessor, createLogger('test', 'silent'), {
      concurrency: 2,
      maxDeliver,
    });
    await worker.start();
  };
  const enqueue = async (payload: unknown) => {
    await jetstream.js.publish(names.subjects.analyzeRequested, JSON.stringify(payload), { msgID: randomUUID() });
  };
  const work = (taskId: string) => ({ id: randomUUID(), task_id: taskId, workspace_id: randomUUID(), kind: 'cv' });
  const queued = async () => (await jetstream.jsm.streams.info(names.streams.documentsWork)).state.messages;

  it('redelivers a transient failure with the attempt count, and removes the message once done', async () => {
    const processor = new ScriptedProcessor((call) => (call === 1 ? 'retry' : 'completed'));
    await start(processor, 5);
    const taskId = randomUUID();
    await enqueue(work(taskId));
    await waitFor(() => processor.calls.length === 2, 15_000);
    expect(processor.calls.map((c) => [c.taskId, c.delivery.attempt, c.delivery.maxAttempts])).toEqual([
      [taskId, 1, 5],
      [taskId, 2, 5],
    ]);
    await waitFor(async () => (await queued()) === 0, 15_000);
    expect(processor.abandoned).toEqual([]);
  });

  it('dead-letters a message that never gets an answer: the task is abandoned and the message removed', async () => {
    const processor = new ScriptedProcessor(() => 'throw');
    await start(processor, 2);
    const taskId = randomUUID();
    await enqueue(work(taskId));
    await waitFor(() => processor.abandoned.length === 1, 15_000);
    expect(processor.abandoned).toEqual([{ taskId, deliveries: 2 }]);
    expect(processor.calls).toHaveLength(2);
    await waitFor(async () => (await queued()) === 0, 15_000);
  });

  it('drops a malformed work message without processing it', async () => {
    const processor = new ScriptedProcessor(() => 'completed');
    await start(processor, 3);
    await enqueue({ nonsense: true });
    const taskId = randomUUID();
    await enqueue(work(taskId));
    await waitFor(() => processor.calls.length === 1, 15_000);
    await waitFor(async () => (await queued()) === 0, 15_000);
    expect(processor.calls.map((c) => c.taskId)).toEqual([taskId]);
  });
});
