import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { natsNames } from './names.js';
import { taskEvent, taskFailedEvent } from './payloads.js';
import { deadLetterTarget, streamDefinitions } from './streams.js';

describe('event contract', () => {
  it('keeps namespaced stacks apart: subjects and streams never collide', () => {
    const a = natsNames('run1');
    const b = natsNames('run2');
    expect(a.subjects.taskFailed).toBe('run1.talent.documents.task.failed');
    expect(a.streams.documents).toBe('RUN1_TALENT_DOCUMENTS');
    expect(a.subjects.taskFailed).not.toBe(b.subjects.taskFailed);
    expect(natsNames().subjects.taskFailed).toBe('talent.documents.task.failed');
  });

  it('defines each stream over subjects of its own domain only', () => {
    const names = natsNames('ns');
    const streams = streamDefinitions(names);
    expect(streams.documentsWork.retention).toBe('workqueue');
    // A work-queue stream must not overlap the events stream, or JetStream refuses to create it.
    expect(streams.documents.subjects[0]).toBe('ns.talent.documents.>');
    expect(streams.documentsWork.subjects[0]).toBe('ns.work.documents.>');
    expect(names.subjects.analyzeRequested.startsWith('ns.work.documents.')).toBe(true);
  });

  it('requires a failed task to name what must be refunded', () => {
    const base = {
      id: randomUUID(),
      occurred_at: new Date().toISOString(),
      workspace_id: randomUUID(),
      type: 'task.failed' as const,
      task_id: randomUUID(),
      kind: 'cv' as const,
      reason: 'unreadable PDF',
    };
    expect(taskFailedEvent.safeParse({ ...base, charges: [] }).success).toBe(false);
    const parsed = taskEvent.parse({ ...base, charges: [{ action: 'cv_processing', ref: base.task_id }] });
    expect(parsed.type).toBe('task.failed');
  });

  it('keeps the max-deliveries advisories of every durable consumer, so none is dead-lettered unseen', () => {
    const names = natsNames('ns');
    const consumers: [string, string][] = [
      [names.streams.documentsWork, names.consumers.documentsAnalyze],
      [names.streams.documents, names.consumers.billingRefunds],
      [names.streams.documents, names.consumers.matchingRecordDeletions],
      [names.streams.documents, names.consumers.webhooksTasks],
      [names.streams.matching, names.consumers.webhooksMatches],
    ];
    expect(consumers).toHaveLength(Object.keys(names.consumers).length);
    for (const [stream, consumer] of consumers) {
      const target = deadLetterTarget(names, stream, consumer);
      expect(target.advisories.subjects).toContain(target.advisorySubject);
      expect(target.subject).toBe(`ns.deadletter.${consumer}`);
    }
    expect(deadLetterTarget(names, names.streams.documents, names.consumers.billingRefunds).advisorySubject).toBe(
      '$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.NS_TALENT_DOCUMENTS.billing-refunds',
    );
  });
});
