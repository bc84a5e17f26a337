import { headers as natsHeaders } from '@nats-io/transport-node';
import type pg from 'pg';
import type { JetStreamClient } from './nats.js';
import type { Logger } from './logger.js';
import { PollingLoop } from './polling-loop.js';

const PRUNE_EVERY_MS = 60_000;

/**
 * The transactional outbox (DESIGN §3): a service writes its state change and the event announcing it in one
 * transaction, into its schema's `outbox` table:
 *
 *   id uuid primary key, subject text not null, payload jsonb not null,
 *   created_at timestamptz not null default now(), published_at timestamptz
 *
 * The relay publishes pending rows in order with `Nats-Msg-Id` = row id, so a crash between publish and
 * mark only yields a duplicate that JetStream's de-duplication window drops (and consumers are idempotent).
 */
export class OutboxRelay {
  private readonly loop: PollingLoop;
  private prunedAt = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly schema: string,
    private readonly js: JetStreamClient,
    logger: Logger,
    private readonly options: { pollMs?: number; batchSize?: number; retentionHours?: number } = {},
  ) {
    this.loop = new PollingLoop({ name: 'outbox relay', intervalMs: options.pollMs ?? 250, tick: () => this.flush(), logger });
  }

  /** Polls from now on; rows left by an earlier run (a crash, a stop) go out at once. */
  start(): void {
    this.loop.start();
    this.loop.wake();
  }

  /** Publish now instead of at the next poll (call after committing a transaction that wrote events). */
  kick(): void {
    this.loop.wake();
  }

  /** Resolves once a publish in progress has finished; call before closing the pool. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Publishes every pending row once; returns how many were published. */
  async flush(): Promise<number> {
    let total = 0;
    for (;;) {
      const published = await this.publishBatch();
      total += published;
      if (published < (this.options.batchSize ?? 100)) return total;
    }
  }

  private async publishBatch(): Promise<number> {
    const table = `"${this.schema}"."outbox"`;
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ id: string; subject: string; payload: unknown }>(
        `SELECT id, subject, payload FROM ${table} WHERE published_at IS NULL
         ORDER BY created_at, id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.options.batchSize ?? 100],
      );
      // Sent back to back on one connection, so JetStream stores them in this order; awaited together.
      await Promise.all(rows.map((row) => this.js.publish(row.subject, JSON.stringify(row.payload), { msgID: row.id, headers: natsHeaders() })));
      if (rows.length > 0) {
        await client.query(`UPDATE ${table} SET published_at = now() WHERE id = ANY($1::uuid[])`, [rows.map((r) => r.id)]);
      }
      // Pruning once a minute is plenty; on every batch it cost a statement per published event under load.
      if (Date.now() - this.prunedAt > PRUNE_EVERY_MS) {
        await client.query(`DELETE FROM ${table} WHERE published_at < now() - make_interval(hours => $1)`, [this.options.retentionHours ?? 24]);
        this.prunedAt = Date.now();
      }
      await client.query('COMMIT');
      return rows.length;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
}
