import { natsNames } from '@talent/events';
import { connectNats, jetStreamClient, type NatsConnection } from '@talent/platform';
import { testNatsUrl } from '@talent/testkit';
import { randomUUID } from 'node:crypto';

/** Publishes the platform events webhooks consume, as documents and matching publish them. */
export class EventSource {
  private constructor(
    private readonly nats: NatsConnection,
    private readonly names: ReturnType<typeof natsNames>,
  ) {}

  static async connect(namespace: string): Promise<EventSource> {
    return new EventSource(await connectNats(testNatsUrl(), 'webhooks-test'), natsNames(namespace));
  }

  async taskCompleted(workspaceId: string, kind: 'cv' | 'job', taskId = randomUUID()): Promise<{ eventId: string; taskId: string; payload: object }> {
    const id = randomUUID();
    const payload = { id, occurred_at: new Date().toISOString(), workspace_id: workspaceId, type: 'task.completed', task_id: taskId, kind };
    await this.publish(this.names.subjects.taskCompleted, id, payload);
    return { eventId: id, taskId, payload };
  }

  async taskFailed(workspaceId: string, kind: 'cv' | 'job', taskId = randomUUID()): Promise<{ eventId: string; taskId: string }> {
    const id = randomUUID();
    await this.publish(this.names.subjects.taskFailed, id, {
      id,
      occurred_at: new Date().toISOString(),
      workspace_id: workspaceId,
      type: 'task.failed',
      task_id: taskId,
      kind,
      reason: 'unreadable PDF',
      charges: [{ action: `${kind}_processing`, ref: taskId }],
    });
    return { eventId: id, taskId };
  }

  async matchCompleted(workspaceId: string, jobId: string, version: number | null): Promise<{ eventId: string; matchId: string }> {
    const id = randomUUID();
    const matchId = randomUUID();
    await this.publish(this.names.subjects.matchCompleted, id, {
      id,
      occurred_at: new Date().toISOString(),
      workspace_id: workspaceId,
      type: 'match.completed',
      match_id: matchId,
      job_id: jobId,
      version,
      candidates: 3,
    });
    return { eventId: id, matchId };
  }

  /** Publishes an event again without its Nats-Msg-Id, as a dead-letter replay would: JetStream keeps both copies. */
  async republish(subject: 'taskCompleted', payload: object): Promise<void> {
    await jetStreamClient(this.nats).publish(this.names.subjects[subject], JSON.stringify(payload));
  }

  private async publish(subject: string, id: string, payload: object): Promise<void> {
    await jetStreamClient(this.nats).publish(subject, JSON.stringify(payload), { msgID: id });
  }

  close(): Promise<void> {
    return this.nats.close();
  }
}
