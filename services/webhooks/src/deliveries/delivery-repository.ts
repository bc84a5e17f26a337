import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { deliveryBody, type Announcement } from './announcements.js';

export type DeliveryStatus = 'pending' | 'delivered' | 'dead';

export interface AttemptRow {
  number: number;
  statusCode: number | null;
  error: string | null;
  startedAt: Date;
  durationMs: number;
}

/** Attempts listed with each delivery. */
const RECENT_ATTEMPTS = 5;

export interface DeliveryRow {
  id: string;
  eventId: string;
  eventType: string;
  recordId: string;
  status: DeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: Date;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date;
  deliveredAt: Date | null;
  /** Newest first, at most RECENT_ATTEMPTS. */
  recentAttempts: AttemptRow[];
}

/** A delivery claimed for one attempt. */
export interface ClaimedDelivery {
  id: string;
  endpointId: string;
  url: string;
  sealedSecret: string;
  body: string;
  /** This attempt's number: its outcome is recorded only if no later attempt has been claimed since. */
  attempt: number;
}

export type AttemptOutcome = { ok: true; statusCode: number } | { ok: false; statusCode: number | null; error: string };

/** When an attempt started and how long it took, for the attempt log. */
export interface AttemptTiming {
  startedAt: Date;
  durationMs: number;
}

/**
 * Deliveries as rows of the webhooks schema: written when the event is consumed, claimed for an attempt under a
 * lease (a sender that dies mid-attempt leaves the row to be claimed again once the lease ends), settled after it.
 */
export class DeliveryRepository {
  constructor(
    private readonly pool: pg.Pool,
    private readonly schema: string,
  ) {}

  private get table(): string {
    return `"${this.schema}"."deliveries"`;
  }

  /** One delivery per endpoint; an event already recorded for an endpoint adds nothing. Returns how many were new. */
  async enqueue(announcement: Announcement, endpointIds: string[]): Promise<number> {
    if (endpointIds.length === 0) return 0;
    const ids = endpointIds.map(() => randomUUID());
    const bodies = ids.map((id) => deliveryBody(id, announcement));
    const { rowCount } = await this.pool.query(
      `INSERT INTO ${this.table} (id, endpoint_id, event_id, event_type, record_id, body, occurred_at)
       SELECT id, endpoint_id, $3, $4, $5, body, $6 FROM unnest($1::uuid[], $2::uuid[], $7::text[]) AS t(id, endpoint_id, body)
       ON CONFLICT (endpoint_id, event_id) DO NOTHING`,
      [ids, endpointIds, announcement.eventId, announcement.type, announcement.recordId, announcement.occurredAt, bodies],
    );
    return rowCount ?? 0;
  }

  /**
   * Claims up to `limit` due deliveries, each the oldest unsettled one of its (endpoint, record), so a record's
   * deliveries go one at a time and in order. The claim moves `next_attempt_at` to the end of the lease.
   * It walks the pending deliveries in due order (`deliveries_due_idx`) and stops at `limit`: a backlog of
   * deliveries retried later (a dead endpoint's day of retries) is not read on every claim.
   */
  async claim(limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
    const { rows } = await this.pool.query<ClaimedDelivery>(
      `WITH due AS (
         SELECT d.id FROM ${this.table} d
          WHERE d.status = 'pending' AND d.next_attempt_at <= now()
            AND NOT EXISTS (SELECT 1 FROM ${this.table} p
                             WHERE p.endpoint_id = d.endpoint_id AND p.record_id = d.record_id
                               AND p.status = 'pending' AND p.seq < d.seq)
          ORDER BY d.next_attempt_at
          LIMIT $1
          FOR UPDATE OF d SKIP LOCKED
       )
       UPDATE ${this.table} d
          SET attempts = d.attempts + 1, last_attempt_at = now(), next_attempt_at = now() + make_interval(secs => $2::double precision / 1000)
         FROM due, "${this.schema}"."endpoints" e
        WHERE d.id = due.id AND e.id = d.endpoint_id
       RETURNING d.id, d.endpoint_id AS "endpointId", e.url, e.secret AS "sealedSecret", d.body, d.attempts AS attempt`,
      [limit, leaseMs],
    );
    return rows;
  }

  /**
   * Settles an attempt: delivered, or failed and due again after `retryInMs`, or dead once that would fall past the
   * retry window. Ignored when the attempt is stale (its lease ended and another attempt was claimed).
   */
  async settle(delivery: ClaimedDelivery, outcome: AttemptOutcome, timing: AttemptTiming, retryInMs: number, windowMs: number): Promise<void> {
    // One round trip: the attempt is logged even when stale (it happened), selected from the delivery so one deleted
    // meanwhile logs nothing; the delivery changes only if this attempt is still its latest.
    await this.pool.query(
      `WITH logged AS (
         INSERT INTO "${this.schema}"."delivery_attempts" (delivery_id, attempt, status_code, error, started_at, duration_ms)
         SELECT id, $2, $3, $4, $5, $6 FROM ${this.table} WHERE id = $1
       ), retry AS (
         SELECT now() + make_interval(secs => $8::double precision / 1000) AS at
       )
       UPDATE ${this.table} d
          SET last_status_code = $3, last_error = $4,
              delivered_at = CASE WHEN $7 THEN now() END,
              next_attempt_at = CASE WHEN $7 THEN d.next_attempt_at ELSE retry.at END,
              status = CASE WHEN $7 THEN 'delivered'
                            WHEN retry.at > d.created_at + make_interval(secs => $9::double precision / 1000) THEN 'dead'
                            ELSE 'pending' END
         FROM retry
        WHERE d.id = $1 AND d.attempts = $2 AND d.status = 'pending'`,
      [
        delivery.id,
        delivery.attempt,
        outcome.statusCode,
        outcome.ok ? null : outcome.error.slice(0, 500),
        timing.startedAt,
        timing.durationMs,
        outcome.ok,
        retryInMs,
        windowMs,
      ],
    );
  }

  /** The endpoint's most recent deliveries, newest first. */
  async recent(endpointId: string, limit: number): Promise<DeliveryRow[]> {
    const { rows } = await this.pool.query<Omit<DeliveryRow, 'recentAttempts'>>(
      `SELECT id, event_id AS "eventId", event_type AS "eventType", record_id AS "recordId", status, attempts,
              last_status_code AS "lastStatusCode", last_error AS "lastError", created_at AS "createdAt",
              last_attempt_at AS "lastAttemptAt", next_attempt_at AS "nextAttemptAt", delivered_at AS "deliveredAt"
         FROM ${this.table} WHERE endpoint_id = $1 ORDER BY seq DESC LIMIT $2`,
      [endpointId, limit],
    );
    const { rows: attempts } = await this.pool.query<AttemptRow & { deliveryId: string }>(
      `SELECT delivery_id AS "deliveryId", attempt AS number, status_code AS "statusCode", error, started_at AS "startedAt", duration_ms AS "durationMs"
         FROM (SELECT *, row_number() OVER (PARTITION BY delivery_id ORDER BY attempt DESC, id DESC) AS rank
                 FROM "${this.schema}"."delivery_attempts" WHERE delivery_id = ANY($1::uuid[])) recent
        WHERE rank <= $2 ORDER BY delivery_id, attempt DESC, id DESC`,
      [rows.map((row) => row.id), RECENT_ATTEMPTS],
    );
    const byDelivery = new Map<string, AttemptRow[]>();
    for (const { deliveryId, ...attempt } of attempts) byDelivery.set(deliveryId, [...(byDelivery.get(deliveryId) ?? []), attempt]);
    return rows.map((row) => ({ ...row, recentAttempts: byDelivery.get(row.id) ?? [] }));
  }

  /** Deletes settled (delivered or dead) deliveries older than `retentionMs`; returns how many. */
  async prune(retentionMs: number): Promise<number> {
    const { rowCount } = await this.pool.query(
      `DELETE FROM ${this.table} WHERE status <> 'pending' AND created_at < now() - make_interval(secs => $1::double precision / 1000)`,
      [retentionMs],
    );
    return rowCount ?? 0;
  }
}
