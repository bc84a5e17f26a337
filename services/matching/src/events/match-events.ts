import type { MatchCompletedEvent, NatsNames } from '@talent/events';
import type { Logger, OutboxRelay } from '@talent/platform';
import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../db.js';

/** What the matcher reports once a match is charged: the result that was produced. */
export interface ProducedMatch {
  workspaceId: string;
  jobId: string;
  /** The stored version (`cache`), else 0. */
  version: number;
  candidates: number;
  /** The request's Idempotency-Key ref, when it had one: a replay announces the same event id again. */
  ref: string | undefined;
}

/** A UUID (v4 layout) derived from `seed`: the same match announced twice has one event id, which JetStream de-duplicates. */
function uuidFrom(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Announces produced matches as `match.completed` through matching's outbox (webhooks deliver them). Written after
 * the charge is committed; a failure to write is logged, not returned: the client has its (charged) result.
 */
export class MatchEvents {
  constructor(
    private readonly prisma: Db,
    private readonly names: NatsNames,
    private readonly outbox: OutboxRelay,
    private readonly logger: Logger,
  ) {}

  async produced(match: ProducedMatch): Promise<void> {
    const id = match.ref ? uuidFrom(`match.completed:${match.workspaceId}:${match.ref}`) : randomUUID();
    const payload: MatchCompletedEvent = {
      id,
      occurred_at: new Date().toISOString(),
      workspace_id: match.workspaceId,
      type: 'match.completed',
      match_id: id,
      job_id: match.jobId,
      version: match.version > 0 ? match.version : null,
      candidates: match.candidates,
    };
    try {
      await this.prisma.outbox.createMany({ data: [{ id, subject: this.names.subjects.matchCompleted, payload }], skipDuplicates: true });
      this.outbox.kick();
    } catch (error) {
      this.logger.error({ err: error, job_id: match.jobId, event_id: id }, 'match.completed could not be written to the outbox');
    }
  }
}
