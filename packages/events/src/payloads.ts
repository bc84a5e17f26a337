import { z } from 'zod';

/** Fields every event carries; `id` doubles as the JetStream `Nats-Msg-Id`. */
const envelope = z.object({
  id: z.uuid(),
  occurred_at: z.iso.datetime({ offset: true }),
  workspace_id: z.uuid(),
});

/** A charge that the event's outcome concerns: billing refunds these when a task fails. */
export const chargeRef = z.object({ action: z.string().min(1), ref: z.string().min(1) });

export const taskKind = z.enum(['cv', 'job']);

export const taskCompletedEvent = envelope.extend({
  type: z.literal('task.completed'),
  task_id: z.uuid(),
  kind: taskKind,
});

export const taskFailedEvent = envelope.extend({
  type: z.literal('task.failed'),
  task_id: z.uuid(),
  kind: taskKind,
  reason: z.string(),
  /** Every charge made for this task (e.g. cv_processing, and sourcing_ingest for an ingested profile). */
  charges: z.array(chargeRef).min(1),
});

export const taskEvent = z.discriminatedUnion('type', [taskCompletedEvent, taskFailedEvent]);

export const recordUpdatedEvent = envelope.extend({
  type: z.literal('record.updated'),
  record_id: z.uuid(),
  kind: taskKind,
});

export const recordDeletedEvent = envelope.extend({
  type: z.literal('record.deleted'),
  record_id: z.uuid(),
  kind: taskKind,
});

/** Matching produced a result (POST /match succeeded); `version` is set when the result was stored (`cache`). */
export const matchCompletedEvent = envelope.extend({
  type: z.literal('match.completed'),
  /** One per match operation: the id a webhook's payload names. */
  match_id: z.uuid(),
  job_id: z.uuid(),
  version: z.int().min(1).nullable(),
  candidates: z.int().min(0),
});

/** Work item for the analysis queue. */
export const analyzeRequested = z.object({
  id: z.uuid(),
  task_id: z.uuid(),
  workspace_id: z.uuid(),
  kind: taskKind,
});

export type ChargeRef = z.infer<typeof chargeRef>;
export type TaskCompletedEvent = z.infer<typeof taskCompletedEvent>;
export type TaskFailedEvent = z.infer<typeof taskFailedEvent>;
export type TaskEvent = z.infer<typeof taskEvent>;
export type AnalyzeRequested = z.infer<typeof analyzeRequested>;
export type RecordUpdatedEvent = z.infer<typeof recordUpdatedEvent>;
export type MatchCompletedEvent = z.infer<typeof matchCompletedEvent>;
export type RecordDeletedEvent = z.infer<typeof recordDeletedEvent>;
