import { natsNames } from '@talent/events';
import { connectNats, createLogger, type NatsConnection } from '@talent/platform';
import { readServerSentEvents, testNatsUrl, uniqueName } from '@talent/testkit';
import express from 'express';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RESPONDED } from '../src/http/api.js';
import { KINDS } from '../src/routes/documents/kinds.js';
import { answerAnalysis, type ProgressOptions } from '../src/routes/documents/progress.js';
import { TaskEvents } from '../src/tasks/task-events.js';
import { batchStatus, watchTasks, type StatusLookup, type TaskStatus, type TaskStatusItem } from '../src/tasks/watch.js';
import { startTestGateway, waitFor } from './harness.js';

const logger = createLogger('gateway-test', 'silent');
const UNREACHABLE_NATS = 'nats://127.0.0.1:1';

/**
 * The statuses the documents service would report: a table the test changes as "processing" goes on, read
 * through the same lookup function the routes give the waiters (documents' GetStatuses in production).
 */
class StatusTable {
  readonly statuses = new Map<string, TaskStatus>();
  lookups = 0;
  failuresLeft = 0;
  /** Called after each look-up, e.g. to publish an event once the waiter is registered. */
  afterLookup: (() => void) | undefined;

  set(id: string, status: TaskStatus): void {
    this.statuses.set(id, status);
  }

  readonly lookup: StatusLookup = async (ids) => {
    this.lookups += 1;
    if (this.failuresLeft > 0) {
      this.failuresLeft -= 1;
      throw new Error('documents unavailable');
    }
    const items = ids.map((id): TaskStatusItem => {
      const status = this.statuses.get(id) ?? 'NOT_FOUND';
      return { id, status, original_id: null, failure_reason: status === 'FAILED' ? 'The PDF is encrypted.' : null };
    });
    queueMicrotask(() => this.afterLookup?.());
    return items;
  };
}

describe('gateway: waiting for analysis tasks (NATS task events + status polls)', () => {
  const namespace = uniqueName('t_gw');
  const names = natsNames(namespace);
  const workspaceId = randomUUID();
  let publisher: NatsConnection;
  let events: TaskEvents;

  const publish = (type: 'task.completed' | 'task.failed', taskId: string, workspace = workspaceId) => {
    const base = { id: randomUUID(), occurred_at: new Date().toISOString(), workspace_id: workspace, task_id: taskId, kind: 'cv' };
    const payload = type === 'task.completed' ? { ...base, type } : { ...base, type, reason: 'unreadable', charges: [{ action: 'cv_processing', ref: taskId }] };
    publisher.publish(type === 'task.completed' ? names.subjects.taskCompleted : names.subjects.taskFailed, JSON.stringify(payload));
  };

  beforeAll(async () => {
    publisher = await connectNats(testNatsUrl(), 'gateway-progress-test');
    events = new TaskEvents({ url: testNatsUrl(), namespace, logger });
    events.start();
    await waitFor(() => events.connected, 10_000, 10);
  });
  afterAll(async () => {
    await events?.stop();
    await publisher?.close();
  });
  afterEach(() => {
    expect(events.watchedTasks).toBe(0);
  });

  it('a completion event ends the wait without another poll', async () => {
    const table = new StatusTable();
    const id = randomUUID();
    table.set(id, 'PENDING');
    table.afterLookup = () => publish('task.completed', id);
    const started = Date.now();
    const result = await watchTasks({ events, workspaceId, ids: [id], lookup: table.lookup, timeoutMs: 20_000, pollMs: 60_000 });
    expect(result).toEqual({ statuses: [{ id, status: 'COMPLETED', original_id: null, failure_reason: null }], finished: true });
    expect(table.lookups).toBe(1);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('a failure event ends the wait with FAILED and its reason; the batch is FAILED once nothing is pending', async () => {
    const table = new StatusTable();
    const [done, failing] = [randomUUID(), randomUUID()];
    table.set(done, 'COMPLETED');
    table.set(failing, 'PENDING');
    table.afterLookup = () => publish('task.failed', failing);
    const result = await watchTasks({ events, workspaceId, ids: [done, failing], lookup: table.lookup, timeoutMs: 20_000, pollMs: 60_000 });
    expect(result.statuses.map((item) => item.status)).toEqual(['COMPLETED', 'FAILED']);
    expect(result.statuses.map((item) => item.failure_reason)).toEqual([null, 'unreadable']);
    expect(batchStatus(result.statuses)).toBe('FAILED');
  });

  it('ignores events of other workspaces and other tasks, and answers PENDING at the bound', async () => {
    const table = new StatusTable();
    const id = randomUUID();
    table.set(id, 'PENDING');
    table.afterLookup = () => {
      publish('task.completed', id, randomUUID());
      publish('task.completed', randomUUID());
    };
    const result = await watchTasks({ events, workspaceId, ids: [id], lookup: table.lookup, timeoutMs: 300, pollMs: 60_000 });
    expect(result).toEqual({ statuses: [{ id, status: 'PENDING', original_id: null, failure_reason: null }], finished: false });
    expect(batchStatus(result.statuses)).toBe('PENDING');
  });

  it('reports tasks already final at the first look-up at once, and repeats duplicate ids in order', async () => {
    const table = new StatusTable();
    const [a, b] = [randomUUID(), randomUUID()];
    table.set(a, 'COMPLETED');
    table.set(b, 'FAILED');
    const changes: TaskStatusItem[] = [];
    const result = await watchTasks({ events, workspaceId, ids: [a, b, a], lookup: table.lookup, timeoutMs: 20_000, pollMs: 60_000, onChange: (item) => changes.push(item) });
    expect(changes.map((item) => [item.id, item.status])).toEqual([
      [a, 'COMPLETED'],
      [b, 'FAILED'],
    ]);
    expect(result.statuses.map((item) => item.id)).toEqual([a, b, a]);
    expect(result.statuses[1]!.failure_reason).toBe('The PDF is encrypted.');
    expect(table.lookups).toBe(1);
  });

  it('polls as a fallback: a completion whose event was missed is found at the next interval, and a failed look-up is retried', async () => {
    const table = new StatusTable();
    const id = randomUUID();
    table.set(id, 'PENDING');
    table.failuresLeft = 1;
    table.afterLookup = () => {
      if (table.lookups >= 3) table.set(id, 'COMPLETED');
    };
    const result = await watchTasks({ events, workspaceId, ids: [id], lookup: table.lookup, timeoutMs: 20_000, pollMs: 20 });
    expect(result.finished).toBe(true);
    expect(table.lookups).toBeGreaterThanOrEqual(4);
  });

  it('treats an id deleted meanwhile (NOT_FOUND) as final', async () => {
    const table = new StatusTable();
    const id = randomUUID();
    const result = await watchTasks({ events, workspaceId, ids: [id], lookup: table.lookup, timeoutMs: 20_000, pollMs: 60_000 });
    expect(result).toEqual({ statuses: [{ id, status: 'NOT_FOUND', original_id: null, failure_reason: null }], finished: true });
    expect(batchStatus(result.statuses)).toBe('FAILED');
  });

  it('ends the wait when the signal aborts', async () => {
    const table = new StatusTable();
    const id = randomUUID();
    table.set(id, 'PENDING');
    const controller = new AbortController();
    table.afterLookup = () => controller.abort();
    const result = await watchTasks({ events, workspaceId, ids: [id], lookup: table.lookup, timeoutMs: 20_000, pollMs: 60_000, signal: controller.signal });
    expect(result.finished).toBe(false);
  });

  describe('without NATS', () => {
    it('polls alone and stop() ends every wait at once', async () => {
      const offline = new TaskEvents({ url: UNREACHABLE_NATS, namespace, logger, retryMs: 50 });
      offline.start();
      const table = new StatusTable();
      const [soon, never] = [randomUUID(), randomUUID()];
      table.set(soon, 'PENDING');
      table.set(never, 'PENDING');
      table.afterLookup = () => {
        if (table.lookups === 2) table.set(soon, 'COMPLETED');
      };
      const first = await watchTasks({ events: offline, workspaceId, ids: [soon], lookup: table.lookup, timeoutMs: 20_000, pollMs: 20 });
      expect(first.finished).toBe(true);
      expect(offline.connected).toBe(false);

      const waiting = watchTasks({ events: offline, workspaceId, ids: [never], lookup: table.lookup, timeoutMs: 60_000, pollMs: 60_000 });
      await waitFor(() => offline.watchedTasks === 1, 5_000, 5);
      const stopped = Date.now();
      await offline.stop();
      expect((await waiting).finished).toBe(false);
      expect(Date.now() - stopped).toBeLessThan(2_000);
      expect(offline.watchedTasks).toBe(0);
    });

    it('the gateway boots and serves when NATS is unreachable, and stops promptly', async () => {
      const gateway = await startTestGateway({}, { NATS_URL: UNREACHABLE_NATS });
      try {
        expect((await gateway.get('/healthz')).status).toBe(200);
        expect((await gateway.get('/api/v1/openapi.json')).status).toBe(200);
        expect((await gateway.get('/api/v1/cvs')).status).toBe(401);
      } finally {
        const started = Date.now();
        await gateway.stop();
        expect(Date.now() - started).toBeLessThan(3_000);
      }
    });
  });

  describe('the analyze answers: block and stream', () => {
    let server: Server;
    let url: string;
    const current: { table: StatusTable; ids: string[]; stream: boolean; block: boolean; options: Partial<ProgressOptions> } = {
      table: new StatusTable(),
      ids: [],
      stream: false,
      block: false,
      options: {},
    };

    beforeAll(async () => {
      // The route's own answer function behind a real HTTP server, with the ids the documents service would return.
      const app = express();
      app.post('/analyze', async (_req, res) => {
        const result = await answerAnalysis(
          { info: KINDS.cv, res, workspaceId, ids: current.ids, replayed: false, stream: current.stream, block: current.block, lookup: current.table.lookup },
          { events, blockTimeoutMs: 20_000, streamTimeoutMs: 20_000, pollMs: 60_000, ...current.options },
        );
        if (result !== RESPONDED) res.json(result);
      });
      server = createServer(app);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/analyze`;
    });
    afterAll(async () => {
      await new Promise((resolve) => server?.close(resolve));
    });

    const setUp = (statuses: TaskStatus[], mode: { stream?: boolean; block?: boolean }, options: Partial<ProgressOptions> = {}) => {
      current.table = new StatusTable();
      current.ids = statuses.map(() => randomUUID());
      statuses.forEach((status, i) => current.table.set(current.ids[i]!, status));
      current.stream = Boolean(mode.stream);
      current.block = Boolean(mode.block);
      current.options = options;
      return current.ids;
    };

    /** Reads an event stream, calling `onEvent` per event (comments as `:`), until it ends. */
    async function readStream(signal: AbortSignal, onEvent: (name: string, data: unknown) => void) {
      const response = await fetch(url, { method: 'POST', signal });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(response.headers.get('cache-control')).toMatch(/no-cache/);
      await readServerSentEvents(response.body, onEvent);
    }

    it('without block or stream: answers PENDING at once', async () => {
      const ids = setUp(['PENDING'], {});
      const body = await (await fetch(url, { method: 'POST' })).json();
      expect(body).toEqual({ message: '1 CV accepted for analysis.', data: { ids, status: 'PENDING' } });
      expect(current.table.lookups).toBe(0);
    });

    it('block: answers with every status once the last task finishes', async () => {
      const ids = setUp(['COMPLETED', 'PENDING'], { block: true });
      current.table.afterLookup = () => publish('task.completed', ids[1]!);
      const body = await (await fetch(url, { method: 'POST' })).json();
      expect(body).toEqual({
        message: 'Analysis of 2 CVs completed.',
        data: { ids, status: 'COMPLETED', statuses: ids.map((id) => ({ id, status: 'COMPLETED', original_id: null, failure_reason: null })) },
      });
    });

    it('block: answers PENDING with the statuses known when the bound is reached', async () => {
      const ids = setUp(['PENDING', 'COMPLETED'], { block: true }, { blockTimeoutMs: 200 });
      const body = (await (await fetch(url, { method: 'POST' })).json()) as { message: string; data: unknown };
      expect(body.data).toEqual({ ids, status: 'PENDING', statuses: [expect.objectContaining({ status: 'PENDING' }), expect.objectContaining({ status: 'COMPLETED' })] });
      expect(body.message).toMatch(/still in progress .*poll POST \/cvs\/status/);
    });

    it('stream (which wins over block): accepted, a status per change, heartbeats, done; then the stream ends', async () => {
      const ids = setUp(['COMPLETED', 'PENDING'], { stream: true, block: true }, { heartbeatMs: 20 });
      const seen: [string, unknown][] = [];
      await readStream(new AbortController().signal, (name, data) => {
        seen.push([name, data]);
        // The pending task finishes once a heartbeat went by.
        if (name === ':' && seen.filter(([n]) => n === ':').length === 1) publish('task.completed', ids[1]!);
      });
      const named = seen.filter(([name]) => name !== ':');
      expect(named).toEqual([
        ['accepted', { ids }],
        ['status', { id: ids[0], status: 'COMPLETED', original_id: null, failure_reason: null }],
        ['status', { id: ids[1], status: 'COMPLETED', original_id: null, failure_reason: null }],
        ['done', { message: 'Analysis of 2 CVs completed.', ids, status: 'COMPLETED', statuses: ids.map((id) => ({ id, status: 'COMPLETED', original_id: null, failure_reason: null })) }],
      ]);
      expect(seen.some(([name, data]) => name === ':' && data === 'heartbeat')).toBe(true);
    });

    it('stream: ends with done and status PENDING at the duration cap', async () => {
      const ids = setUp(['PENDING'], { stream: true }, { streamTimeoutMs: 200 });
      const names: string[] = [];
      let done: unknown;
      await readStream(new AbortController().signal, (name, data) => {
        names.push(name);
        if (name === 'done') done = data;
      });
      expect(names.filter((name) => name !== ':')).toEqual(['accepted', 'done']);
      expect(done).toMatchObject({ ids, status: 'PENDING', statuses: [{ id: ids[0], status: 'PENDING', original_id: null, failure_reason: null }] });
    });

    it('stream: a client that goes away ends the wait', async () => {
      setUp(['PENDING'], { stream: true });
      const controller = new AbortController();
      await readStream(controller.signal, (name) => {
        if (name === 'accepted') controller.abort();
      }).catch((error: unknown) => {
        if ((error as Error).name !== 'AbortError') throw error;
      });
      await waitFor(() => events.watchedTasks === 0, 5_000, 10);
    });
  });
});
