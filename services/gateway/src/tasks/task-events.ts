import { natsNames, taskEvent } from '@talent/events';
import { connectNats, type Logger, type NatsConnection } from '@talent/platform';

export type FinishedStatus = 'COMPLETED' | 'FAILED';

/** Told when a watched task finishes; a FAILED one with why. */
export type TaskListener = (taskId: string, status: FinishedStatus, failureReason: string | null) => void;

interface Registration {
  keys: string[];
  onFinished: TaskListener;
  /** Events may have been missed (the connection was down): look the statuses up again. */
  onGap: () => void;
}

export interface TaskEventsOptions {
  url: string;
  namespace: string;
  logger: Logger;
  /** First delay between attempts to reach NATS while it is unreachable; doubles up to 10 s. */
  retryMs?: number;
}

const key = (workspaceId: string, taskId: string) => `${workspaceId}/${taskId.toLowerCase()}`;

/**
 * The gateway's one view of task completions: a single core subscription to the documents service's
 * `task.completed` and `task.failed` subjects, dispatched in memory to whoever waits for those tasks
 * (`block` and `stream` requests).
 *
 * Best effort by design: the waiters also poll the statuses, so the gateway boots and serves when NATS is
 * unreachable (it keeps trying in the background), and a reconnect makes every waiter look its statuses up
 * again in case events were published while the connection was down.
 */
export class TaskEvents {
  private connection: NatsConnection | undefined;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private wakeRetry: (() => void) | undefined;
  private readonly byTask = new Map<string, Set<Registration>>();
  private readonly registrations = new Set<Registration>();
  private readonly closing = new AbortController();
  private readonly names;

  constructor(private readonly options: TaskEventsOptions) {
    this.names = natsNames(options.namespace);
  }

  /** Aborted when the gateway stops: waits end at once with what they know. */
  get shutdownSignal(): AbortSignal {
    return this.closing.signal;
  }

  get connected(): boolean {
    return this.connection !== undefined && !this.connection.isClosed();
  }

  /** Connects in the background; never throws. */
  start(): void {
    void this.connectLoop();
  }

  /**
   * Registers interest in tasks of a workspace until the returned function is called. Register before
   * looking the statuses up, so a completion between the two is not lost.
   */
  listen(workspaceId: string, taskIds: readonly string[], onFinished: TaskListener, onGap: () => void = () => {}): () => void {
    const registration: Registration = { keys: [...new Set(taskIds.map((id) => key(workspaceId, id)))], onFinished, onGap };
    this.registrations.add(registration);
    for (const k of registration.keys) {
      let set = this.byTask.get(k);
      if (!set) this.byTask.set(k, (set = new Set()));
      set.add(registration);
    }
    return () => {
      this.registrations.delete(registration);
      for (const k of registration.keys) {
        const set = this.byTask.get(k);
        set?.delete(registration);
        if (set?.size === 0) this.byTask.delete(k);
      }
    };
  }

  /** Number of tasks somebody waits for (for tests and metrics). */
  get watchedTasks(): number {
    return this.byTask.size;
  }

  /** Ends every wait, stops reconnecting, closes the connection. Idempotent. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.closing.abort();
    clearTimeout(this.retryTimer);
    this.wakeRetry?.();
    const connection = this.connection;
    this.connection = undefined;
    if (connection && !connection.isClosed()) await connection.close().catch(() => undefined);
  }

  private async connectLoop(): Promise<void> {
    let delay = this.options.retryMs ?? 500;
    let warned = false;
    while (!this.stopped) {
      let connection: NatsConnection | undefined;
      try {
        connection = await connectNats(this.options.url, 'gateway-task-events', { timeoutMs: 5_000 });
        await this.attach(connection);
        if (this.stopped) {
          this.connection = undefined;
          await connection.close().catch(() => undefined);
          return;
        }
        if (warned) this.options.logger.info('connected to NATS: task events resumed');
        this.gap();
        return;
      } catch (error) {
        if (connection && !connection.isClosed()) await connection.close().catch(() => undefined);
        this.connection = undefined;
        if (!warned) {
          this.options.logger.warn({ err: error, nats_url: this.options.url }, 'NATS unreachable: block/stream requests poll statuses until it is back');
          warned = true;
        }
        await new Promise<void>((resolve) => {
          this.wakeRetry = resolve;
          this.retryTimer = setTimeout(resolve, delay);
          this.retryTimer.unref();
        });
        delay = Math.min(delay * 2, 10_000);
      }
    }
  }

  private async attach(connection: NatsConnection): Promise<void> {
    const { taskCompleted, taskFailed } = this.names.subjects;
    for (const subject of [taskCompleted, taskFailed]) {
      connection.subscribe(subject, {
        callback: (error, message) => {
          if (error) return;
          let payload: unknown;
          try {
            payload = message.json();
          } catch {
            return;
          }
          this.dispatch(payload);
        },
      });
    }
    // Connected once the server has the subscriptions: an event published from then on is delivered.
    await connection.flush();
    this.connection = connection;
    void (async () => {
      for await (const status of connection.status()) {
        if (status.type === 'reconnect') this.gap();
        if (status.type === 'disconnect') this.options.logger.warn('NATS connection lost: reconnecting; block/stream requests poll meanwhile');
      }
    })().catch(() => undefined);
  }

  private dispatch(payload: unknown): void {
    const parsed = taskEvent.safeParse(payload);
    if (!parsed.success) return;
    const event = parsed.data;
    const registrations = this.byTask.get(key(event.workspace_id, event.task_id));
    if (!registrations) return;
    const status: FinishedStatus = event.type === 'task.completed' ? 'COMPLETED' : 'FAILED';
    const reason = event.type === 'task.failed' ? event.reason : null;
    for (const registration of [...registrations]) registration.onFinished(event.task_id.toLowerCase(), status, reason);
  }

  private gap(): void {
    for (const registration of [...this.registrations]) registration.onGap();
  }
}
