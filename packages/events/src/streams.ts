import type { NatsNames } from './names.js';

const NANOS_PER_SECOND = 1_000_000_000;
const DAY_NS = 24 * 3600 * NANOS_PER_SECOND;

/**
 * Stream definitions, created by the owning service at boot (`ensureStream`). Plain objects in the
 * JetStream API's shape so this package needs no NATS client. Retention values are JetStream's strings.
 */
export function streamDefinitions(names: NatsNames) {
  return {
    /** Owned by documents: task lifecycle events; kept a week for late consumers and replays. */
    documents: {
      name: names.streams.documents,
      subjects: [names.subjects.documentsEvents],
      retention: 'limits',
      storage: 'file',
      max_age: 7 * DAY_NS,
      duplicate_window: 2 * 60 * NANOS_PER_SECOND,
    },
    /** Owned by documents: analysis work queue; a message leaves once acknowledged. */
    documentsWork: {
      name: names.streams.documentsWork,
      subjects: [names.subjects.documentsWork],
      retention: 'workqueue',
      storage: 'file',
      duplicate_window: 2 * 60 * NANOS_PER_SECOND,
    },
    /** Owned by matching: match results produced (webhooks announce them); kept a week like the documents events. */
    matching: {
      name: names.streams.matching,
      subjects: [names.subjects.matchingEvents],
      retention: 'limits',
      storage: 'file',
      max_age: 7 * DAY_NS,
      duplicate_window: 2 * 60 * NANOS_PER_SECOND,
    },
    /** Owned by billing: ledger events (grants, expiries) for anyone who wants to observe them. */
    billing: {
      name: names.streams.billing,
      subjects: [names.subjects.billingEvents],
      retention: 'limits',
      storage: 'file',
      max_age: 7 * DAY_NS,
      duplicate_window: 2 * 60 * NANOS_PER_SECOND,
    },
    /**
     * Shared by every consumer: messages that exhausted their deliveries, copied with the original payload and the
     * reason (`DeadLetterWatch` in @talent/platform), kept until replayed (`talentctl dead-letters replay`) or 30 days.
     */
    /**
     * The max-deliveries advisories of every durable consumer above, kept so that one sent while no replica of the
     * consumer's service listened is still dead-lettered when one comes back (a core subscription would miss it).
     */
    deadLetterAdvisories: {
      name: names.streams.deadLetterAdvisories,
      subjects: [
        names.maxDeliveriesAdvisory(names.streams.documentsWork, names.consumers.documentsAnalyze),
        names.maxDeliveriesAdvisory(names.streams.documents, names.consumers.billingRefunds),
        names.maxDeliveriesAdvisory(names.streams.documents, names.consumers.matchingRecordDeletions),
        names.maxDeliveriesAdvisory(names.streams.documents, names.consumers.webhooksTasks),
        names.maxDeliveriesAdvisory(names.streams.matching, names.consumers.webhooksMatches),
      ],
      retention: 'limits',
      storage: 'file',
      max_age: 30 * DAY_NS,
    },
    deadLetters: {
      name: names.streams.deadLetters,
      subjects: [names.subjects.deadLetters],
      retention: 'limits',
      storage: 'file',
      max_age: 30 * DAY_NS,
      duplicate_window: 2 * 60 * NANOS_PER_SECOND,
    },
  } as const;
}

/**
 * Where the dead letters of `consumer` (a durable consumer of `stream`) go and where its max-deliveries advisories
 * are kept: what `DeadLetterWatch` in @talent/platform takes.
 */
export function deadLetterTarget(names: NatsNames, stream: string, consumer: string) {
  const definitions = streamDefinitions(names);
  return {
    stream: definitions.deadLetters,
    subject: names.deadLetterSubject(consumer),
    advisories: definitions.deadLetterAdvisories,
    advisorySubject: names.maxDeliveriesAdvisory(stream, consumer),
  };
}
