import type { Logger } from '@talent/platform';
import type { TaskEvents } from './task-events.js';

export type TaskStatus = 'PENDING' | 'COMPLETED' | 'FAILED' | 'NOT_FOUND';

export interface TaskStatusItem {
  id: string;
  status: TaskStatus;
  original_id: string | null;
  /** Why a FAILED task failed (the documents service's reason); null otherwise. */
  failure_reason: string | null;
}

/** Looks the current statuses of some tasks up (the documents service's GetStatuses). */
export type StatusLookup = (ids: string[]) => Promise<TaskStatusItem[]>;

export interface WatchOptions {
  events: TaskEvents;
  workspaceId: string;
  ids: readonly string[];
  lookup: StatusLookup;
  /** Longest wait; 0 looks the statuses up once. */
  timeoutMs: number;
  /** Statuses are looked up again this often, in case an event was missed. */
  pollMs: number;
  /** Ends the wait early (client gone); the gateway's shutdown ends it too. */
  signal?: AbortSignal;
  /** Called once per status change of a task, including tasks already final at the first look-up. */
  onChange?: (item: TaskStatusItem) => void;
  logger?: Logger;
}

export interface WatchResult {
  /** One item per id, in the order given (duplicates repeated). */
  statuses: TaskStatusItem[];
  /** Every task is final (COMPLETED, FAILED, or gone: NOT_FOUND). */
  finished: boolean;
}

/** A task stops changing once COMPLETED or FAILED; NOT_FOUND (deleted meanwhile) will not change either. */
export const isFinal = (status: TaskStatus): boolean => status !== 'PENDING';

/** The `status` of a batch: COMPLETED when all completed, PENDING while any is pending, FAILED otherwise. */
export function batchStatus(items: readonly TaskStatusItem[]): 'PENDING' | 'COMPLETED' | 'FAILED' {
  if (items.some((item) => item.status === 'PENDING')) return 'PENDING';
  return items.every((item) => item.status === 'COMPLETED') ? 'COMPLETED' : 'FAILED';
}

/**
 * Waits until every task is final, the bound passes, or the signal aborts. Driven by the task events, with a
 * status look-up right after registering (so a task that finished before the registration is seen) and then
 * every `pollMs` (so a missed event costs at most one interval). Never throws: a failed look-up is retried at
 * the next interval and the result says what is known.
 */
export async function watchTasks(options: WatchOptions): Promise<WatchResult> {
  const { events, workspaceId, ids, lookup, pollMs, onChange, logger } = options;
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  const current = new Map<string, TaskStatusItem>(unique.map((id) => [id, { id, status: 'PENDING', original_id: null, failure_reason: null }]));
  // Listeners on both rather than AbortSignal.any, whose derived signals pile up on the long-lived shutdown signal.
  const signals = [events.shutdownSignal, ...(options.signal ? [options.signal] : [])];
  const aborted = () => signals.some((signal) => signal.aborted);
  const deadline = Date.now() + options.timeoutMs;

  let wake: () => void = () => {};
  let nextLookup = 0;
  const finished = () => [...current.values()].every((item) => isFinal(item.status));

  const apply = (item: TaskStatusItem) => {
    const id = item.id.toLowerCase();
    const previous = current.get(id);
    if (!previous || isFinal(previous.status)) return;
    const next = {
      id: previous.id,
      status: item.status,
      original_id: item.original_id ?? previous.original_id,
      failure_reason: item.failure_reason,
    };
    current.set(id, next);
    if (next.status !== previous.status) {
      onChange?.(next);
      wake();
    }
  };

  const refresh = async () => {
    try {
      for (const item of await lookup(unique)) apply(item);
    } catch (error) {
      logger?.warn({ err: error }, 'status look-up failed while waiting for tasks; retrying at the next interval');
    }
    nextLookup = Date.now() + pollMs;
  };

  const unlisten = events.listen(
    workspaceId,
    unique,
    (id, status, failureReason) => apply({ id, status, original_id: null, failure_reason: failureReason }),
    () => {
      nextLookup = 0;
      wake();
    },
  );
  const onAbort = () => wake();
  for (const signal of signals) signal.addEventListener('abort', onAbort);
  try {
    await refresh();
    for (;;) {
      if (finished() || aborted() || Date.now() >= deadline) break;
      if (Date.now() >= nextLookup) {
        await refresh();
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, Math.min(nextLookup, deadline) - Date.now()));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = () => {};
    }
  } finally {
    unlisten();
    for (const signal of signals) signal.removeEventListener('abort', onAbort);
  }
  return { statuses: ids.map((id) => ({ ...current.get(id.toLowerCase())!, id })), finished: finished() };
}
