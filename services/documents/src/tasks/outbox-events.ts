import type { NatsNames } from '@talent/events';
import { randomUUID } from 'node:crypto';
import type { Kind } from './kinds.js';

/** An outbox row: written in the transaction of the state change it announces, relayed by OutboxRelay. */
export interface OutboxRow {
  id: string;
  subject: string;
  payload: object;
}

/** Builds the events of the documents domain (payload schemas: @talent/events). */
export class DocumentEvents {
  constructor(private readonly names: NatsNames) {}

  analyzeRequested(task: { id: string; workspaceId: string; kind: Kind }): OutboxRow {
    const id = randomUUID();
    return {
      id,
      subject: this.names.subjects.analyzeRequested,
      payload: { id, task_id: task.id, workspace_id: task.workspaceId, kind: task.kind },
    };
  }

  taskCompleted(task: { id: string; workspaceId: string; kind: Kind }): OutboxRow {
    return this.envelope(this.names.subjects.taskCompleted, task.workspaceId, {
      type: 'task.completed',
      task_id: task.id,
      kind: task.kind,
    });
  }

  /** `charges` tell billing what to refund; a unit that was never charged is skipped by billing. */
  taskFailed(task: { id: string; workspaceId: string; kind: Kind }, reason: string, action: string): OutboxRow {
    return this.envelope(this.names.subjects.taskFailed, task.workspaceId, {
      type: 'task.failed',
      task_id: task.id,
      kind: task.kind,
      reason,
      charges: [{ action, ref: task.id }],
    });
  }

  recordUpdated(record: { id: string; workspaceId: string; kind: Kind }): OutboxRow {
    return this.envelope(this.names.subjects.recordUpdated, record.workspaceId, {
      type: 'record.updated',
      record_id: record.id,
      kind: record.kind,
    });
  }

  recordDeleted(record: { id: string; workspaceId: string; kind: Kind }): OutboxRow {
    return this.envelope(this.names.subjects.recordDeleted, record.workspaceId, {
      type: 'record.deleted',
      record_id: record.id,
      kind: record.kind,
    });
  }

  private envelope(subject: string, workspaceId: string, body: object): OutboxRow {
    const id = randomUUID();
    return { id, subject, payload: { id, occurred_at: new Date().toISOString(), workspace_id: workspaceId, ...body } };
  }
}
