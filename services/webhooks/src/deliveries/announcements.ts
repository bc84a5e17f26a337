import type { MatchCompletedEvent, TaskEvent } from '@talent/events';

/** The event types an endpoint can subscribe to. */
export const WEBHOOK_EVENTS = ['cv.completed', 'cv.failed', 'job.completed', 'job.failed', 'match.completed'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Finished work to announce to a workspace's endpoints, with workspace-safe fields only. */
export interface Announcement {
  /** The platform event's id: a redelivered event is announced once per endpoint. */
  eventId: string;
  workspaceId: string;
  type: WebhookEvent;
  /** Deliveries of one record reach an endpoint in order. */
  recordId: string;
  occurredAt: Date;
  data: Record<string, unknown>;
}

/** A CV or job analysis task ended: the record (its id is the task's) is readable, or the task FAILED. */
export function taskAnnouncement(event: TaskEvent): Announcement {
  const completed = event.type === 'task.completed';
  return {
    eventId: event.id,
    workspaceId: event.workspace_id,
    type: `${event.kind}.${completed ? 'completed' : 'failed'}`,
    recordId: event.task_id,
    occurredAt: new Date(event.occurred_at),
    data: { id: event.task_id, status: completed ? 'COMPLETED' : 'FAILED' },
  };
}

/** A match result was produced; ordered per job, so an endpoint sees a job's matches in the order they ran. */
export function matchAnnouncement(event: MatchCompletedEvent): Announcement {
  return {
    eventId: event.id,
    workspaceId: event.workspace_id,
    type: 'match.completed',
    recordId: event.job_id,
    occurredAt: new Date(event.occurred_at),
    data: { id: event.match_id, job_id: event.job_id, version: event.version, candidates: event.candidates },
  };
}

/** The JSON body of a delivery, fixed when it is created so every attempt sends (and signs) the same bytes. */
export function deliveryBody(deliveryId: string, announcement: Announcement): string {
  return JSON.stringify({
    id: deliveryId,
    event_id: announcement.eventId,
    type: announcement.type,
    created_at: announcement.occurredAt.toISOString(),
    data: announcement.data,
  });
}
