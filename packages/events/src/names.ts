/**
 * NATS subjects, streams and durable consumer names: the event contract's addressing.
 * A namespace (env `NATS_NAMESPACE`) prefixes every subject and stream so test runs and stacks sharing one
 * NATS server never see each other's messages.
 */
export function natsNames(namespace = '') {
  const subject = (s: string) => (namespace ? `${namespace}.${s}` : s);
  const stream = (s: string) => (namespace ? `${namespace.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_${s}` : s);
  return {
    subjects: {
      /** Domain events of the documents service (CV/job analysis tasks). */
      documentsEvents: subject('talent.documents.>'),
      taskCompleted: subject('talent.documents.task.completed'),
      taskFailed: subject('talent.documents.task.failed'),
      /** A record was corrected (PUT) or erased (DELETE): services that derived data from it drop or refresh it. */
      recordUpdated: subject('talent.documents.record.updated'),
      recordDeleted: subject('talent.documents.record.deleted'),
      /** Work queue: one message per accepted analysis task. */
      documentsWork: subject('work.documents.>'),
      analyzeRequested: subject('work.documents.analyze'),
      /** Task completions and failures only (webhooks' filter: the record events are not finished work). */
      taskEvents: subject('talent.documents.task.>'),
      /** Domain events of matching: a match result was produced. */
      matchingEvents: subject('talent.matching.>'),
      matchCompleted: subject('talent.matching.match.completed'),
      /** Domain events of billing. */
      billingEvents: subject('talent.billing.>'),
      /** Copies of messages that exhausted their deliveries, one subject per consumer (`deadLetterSubject`). */
      deadLetters: subject('deadletter.>'),
    },
    streams: {
      documents: stream('TALENT_DOCUMENTS'),
      documentsWork: stream('DOCUMENTS_WORK'),
      matching: stream('TALENT_MATCHING'),
      billing: stream('TALENT_BILLING'),
      deadLetters: stream('DEAD_LETTERS'),
      deadLetterAdvisories: stream('DEAD_LETTER_ADVISORIES'),
    },
    consumers: {
      billingRefunds: 'billing-refunds',
      documentsAnalyze: 'documents-analyze',
      matchingRecordDeletions: 'matching-record-deletions',
      webhooksTasks: 'webhooks-tasks',
      webhooksMatches: 'webhooks-matches',
    },
    /** Where the dead letters of a durable consumer are kept (`deadletter.<consumer>`). */
    deadLetterSubject: (consumer: string) => subject(`deadletter.${consumer}`),
    /** JetStream's advisory when a message of `stream` reached `consumer`'s max_deliver without an ack. */
    maxDeliveriesAdvisory: (stream: string, consumer: string) => `$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.${stream}.${consumer}`,
  } as const;
}

export type NatsNames = ReturnType<typeof natsNames>;
