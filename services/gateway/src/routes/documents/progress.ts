import { contextFields, type Logger } from '@talent/platform';
import type { Response } from 'express';
import { RESPONDED } from '../../http/api.js';
import { DOCUMENT_LIMITS } from '../../schemas/documents.js';
import type { TaskEvents } from '../../tasks/task-events.js';
import { batchStatus, watchTasks, type StatusLookup, type TaskStatusItem } from '../../tasks/watch.js';
import { counted, type KindInfo } from './kinds.js';

export interface ProgressOptions {
  events: TaskEvents;
  /** `block: true` waits at most this long (ANALYZE_BLOCK_TIMEOUT_MS). */
  blockTimeoutMs: number;
  /** An event stream lasts at most this long (ANALYZE_STREAM_TIMEOUT_MS). */
  streamTimeoutMs: number;
  /** Fallback status polls while waiting (TASK_POLL_INTERVAL_MS). */
  pollMs: number;
  heartbeatMs?: number;
  logger?: Logger;
}

export interface AcceptedAnalysis {
  info: KindInfo;
  res: Response;
  workspaceId: string;
  ids: string[];
  replayed: boolean;
  stream: boolean;
  block: boolean;
  lookup: StatusLookup;
}

type FinalData = { ids: string[]; status: 'PENDING' | 'COMPLETED' | 'FAILED'; statuses: TaskStatusItem[] };

function summary(info: KindInfo, data: FinalData, waitedMs: number): string {
  const n = data.ids.length;
  if (data.status === 'COMPLETED') return `Analysis of ${counted(info, n)} completed.`;
  if (data.status === 'PENDING') {
    return `Analysis of ${counted(info, n)} still in progress after ${Math.round(waitedMs / 1000)} s: poll POST /${info.collection}/status.`;
  }
  const failed = data.statuses.filter((item) => item.status !== 'COMPLETED').length;
  return `Analysis of ${counted(info, n)} finished: ${failed} failed (tokens refunded automatically; resubmit them).`;
}

/** Ends the wait when the client goes away before the answer is written. */
function clientGone(res: Response): AbortSignal {
  const controller = new AbortController();
  // Gone already (during the analyze call): nobody would read the answer.
  if (!res.socket || res.socket.destroyed) controller.abort();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

/**
 * The answer to an accepted analysis: at once (`PENDING`), after waiting (`block`), or as an event stream
 * (`stream`, which wins over `block`).
 */
export async function answerAnalysis(accepted: AcceptedAnalysis, options: ProgressOptions): Promise<unknown> {
  const { info, ids, replayed } = accepted;
  if (accepted.stream) return streamProgress(accepted, options);
  if (!accepted.block) {
    const replay = replayed ? ' (replay of the first response to this Idempotency-Key)' : '';
    return { message: `${counted(info, ids.length)} accepted for analysis${replay}.`, data: { ids, status: 'PENDING' as const } };
  }
  const started = Date.now();
  const result = await watchTasks({
    events: options.events,
    workspaceId: accepted.workspaceId,
    ids,
    lookup: accepted.lookup,
    timeoutMs: options.blockTimeoutMs,
    pollMs: options.pollMs,
    signal: clientGone(accepted.res),
    ...(options.logger ? { logger: requestLogger(options.logger, accepted) } : {}),
  });
  const data: FinalData = { ids, status: batchStatus(result.statuses), statuses: result.statuses };
  return { message: summary(info, data, Date.now() - started), data };
}

/** Lines written while waiting carry the request's ids, as every line written on its behalf. */
const requestLogger = (logger: Logger, { res, workspaceId }: AcceptedAnalysis): Logger =>
  logger.child(contextFields({ requestId: String(res.locals.requestId ?? ''), workspaceId }));

async function streamProgress(accepted: AcceptedAnalysis, options: ProgressOptions): Promise<typeof RESPONDED> {
  const { res, ids, info } = accepted;
  const signal = clientGone(res);
  const started = Date.now();
  res.status(200).set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    // nginx and similar proxies would otherwise buffer the events.
    'X-Accel-Buffering': 'no',
  });
  res.flushHeaders();
  const send = (event: string, data: unknown) => {
    if (!res.writableEnded && !signal.aborted) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  send('accepted', { ids });
  const heartbeat = setInterval(() => {
    if (!res.writableEnded && !signal.aborted) res.write(': heartbeat\n\n');
  }, options.heartbeatMs ?? DOCUMENT_LIMITS.heartbeatMs);
  try {
    const result = await watchTasks({
      events: options.events,
      workspaceId: accepted.workspaceId,
      ids,
      lookup: accepted.lookup,
      timeoutMs: options.streamTimeoutMs,
      pollMs: options.pollMs,
      signal,
      onChange: (item) => send('status', item),
      ...(options.logger ? { logger: requestLogger(options.logger, accepted) } : {}),
    });
    const data: FinalData = { ids, status: batchStatus(result.statuses), statuses: result.statuses };
    send('done', { message: summary(info, data, Date.now() - started), ...data });
  } finally {
    clearInterval(heartbeat);
    if (!res.writableEnded) res.end();
  }
  return RESPONDED;
}
