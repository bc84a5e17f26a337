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

/** An outbox row: what the relay publishes to NATS. */
export interface OutboxRow {
  id: string;
  subject: string;
  payload: MatchCompletedEvent;
}

/** How the matcher announces what it produced (`MatchEvents` in the service). */
export interface MatchAnnouncer {
  /** The row announcing `match`, for the transaction that stores its result. */
  row(match: ProducedMatch): OutboxRow;
  /** Rows were written with a stored result: publish them soon. */
  written(): void;
  /** Announces a match whose result is not stored. */
  produced(match: ProducedMatch): Promise<void>;
}

/**
 * Announces produced matches as `match.completed` through matching's outbox (webhooks deliver them). A stored
 * result writes its row in the transaction that stores it (`row`), so a stored version is never left unannounced;
 * an unstored match writes it after the charge (`produced`), and a failure to write is logged, not returned: the
 * client has its (charged) result.
 */
export class MatchEvents implements MatchAnnouncer {
  constructor(
    private readonly prisma: Db,
    private readonly names: NatsNames,
    private readonly outbox: OutboxRelay,
    private readonly logger: Logger,
  ) {}

  row(match: ProducedMatch): OutboxRow {
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
    return { id, subject: this.names.subjects.matchCompleted, payload };
  }

  written(): void {
    this.outbox.kick();
  }

  async produced(match: ProducedMatch): Promise<void> {
    const row = this.row(match);
    try {
      await this.prisma.outbox.createMany({ data: [row], skipDuplicates: true });
      this.outbox.kick();
    } catch (error) {
      this.logger.error(
        { err: error, job_id: match.jobId, event_id: row.id },
        'match.completed could not be written to the outbox',
      );
    }
  }
}
