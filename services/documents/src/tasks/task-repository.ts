import { DomainError, isUuid } from '@talent/platform';
import type pg from 'pg';
import type { Db } from '../db.js';
import type { Prisma } from '../generated/prisma/client.js';
import type { Kind } from './kinds.js';
import type { DocumentEvents, OutboxRow } from './outbox-events.js';

export type TaskStatus = 'PENDING' | 'COMPLETED' | 'FAILED';

export interface NewTask {
  id: string;
  contentHash: string;
  sourceType: 'text' | 'pdf' | 'docx' | 'doc';
  filename?: string;
  text?: string;
  file?: Uint8Array;
}

export interface TaskRow {
  id: string;
  workspaceId: string;
  kind: Kind;
  status: TaskStatus;
  sourceType: string;
  filename: string | null;
  batchId: string;
  reservationId: string | null;
  charged: boolean;
  /** null: the kind's own action (see chargeActionOf). */
  chargeAction: string | null;
  dedupedAt: Date | null;
  failureReason: string | null;
  attempts: number;
  record: unknown;
  analyzer: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A task as reading its record sees it. */
export type StoredRecord = Pick<TaskRow, 'id' | 'kind' | 'status' | 'record' | 'createdAt' | 'updatedAt'>;

export interface AcceptedBatch {
  /** One task id per input, in request order (reused ones included). */
  ids: string[];
  /** The tasks this batch created (and must pay for). */
  created: string[];
}

/** The stored analyze request of an Idempotency-Key. */
export interface StoredRequest {
  requestHash: string;
  taskIds: string[];
}

type Tx = Prisma.TransactionClient;

const LIVE: TaskStatus[] = ['PENDING', 'COMPLETED'];

const FILE_SLICE_BYTES = 4 * 1024 * 1024;

/** A tasks row as PostgreSQL returns it. */
interface RawTask {
  id: string;
  workspace_id: string;
  kind: Kind;
  status: TaskStatus;
  source_type: string;
  filename: string | null;
  batch_id: string;
  reservation_id: string | null;
  charged: boolean;
  charge_action: string | null;
  deduped_at: Date | null;
  failure_reason: string | null;
  attempts: number;
  record: unknown;
  analyzer: string | null;
  created_at: Date;
  updated_at: Date;
}

const fromRaw = (row: RawTask): TaskRow => ({
  id: row.id,
  workspaceId: row.workspace_id,
  kind: row.kind,
  status: row.status,
  sourceType: row.source_type,
  filename: row.filename,
  batchId: row.batch_id,
  reservationId: row.reservation_id,
  charged: row.charged,
  chargeAction: row.charge_action,
  dedupedAt: row.deduped_at,
  failureReason: row.failure_reason,
  attempts: row.attempts,
  record: row.record,
  analyzer: row.analyzer,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** A timestamp column as epoch milliseconds (float8: the driver parses it to a number), microseconds cut. */
const EPOCH_MS = (column: string) => `floor(extract(epoch FROM ${column}) * 1000)::float8`;

/** Thrown inside acceptBatch when a concurrent request stored the same Idempotency-Key first. */
export class IdempotencyRace extends Error {}

/**
 * Persistence of analysis tasks and their records. Every read is scoped by workspace: another workspace's id
 * is simply not found, through the same query as an unknown one.
 */
export class TaskRepository {
  constructor(
    private readonly prisma: Db,
    private readonly pool: pg.Pool,
    private readonly events: DocumentEvents,
    /** Called after a transaction wrote events, so the outbox relay publishes them now rather than at its next poll. */
    private readonly outboxWritten: () => void = () => undefined,
  ) {}

  private async withEvents<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const result = await this.prisma.$transaction(work);
    this.outboxWritten();
    return result;
  }

  /** Live tasks (PENDING or COMPLETED) holding these contents, oldest first per hash. */
  async findReusable(workspaceId: string, kind: Kind, hashes: string[]): Promise<Map<string, string>> {
    return findReusable(this.prisma, workspaceId, kind, hashes);
  }

  async findRequest(workspaceId: string, idempotencyKey: string): Promise<StoredRequest | undefined> {
    const row = await this.prisma.analyzeRequest.findUnique({
      where: { workspaceId_idempotencyKey: { workspaceId, idempotencyKey } },
    });
    return row ? { requestHash: row.requestHash, taskIds: row.taskIds } : undefined;
  }

  /**
   * Writes a batch at once: new tasks with their content and work events, the dedupe marks of reused tasks,
   * and the Idempotency-Key record. Serialised per workspace and kind, so two requests with the same content
   * cannot both create a task for it.
   */
  async acceptBatch(input: {
    workspaceId: string;
    kind: Kind;
    batchId: string;
    reservationId: string | undefined;
    /** Tasks to create unless `cache` finds their content live already. */
    tasks: NewTask[];
    /** One entry per input, in request order: its content hash and the task it gets when nothing is reused. */
    order: { contentHash: string; taskId: string }[];
    cache: boolean;
    /** Stored when not the kind's own action. */
    chargeAction?: string;
    idempotency?: { key: string; requestHash: string };
  }): Promise<AcceptedBatch> {
    const { workspaceId, kind } = input;
    // Plain SQL on one pooled connection: file bytes go to PostgreSQL as a binary parameter, where Prisma would
    // serialise them (a 50 MB upload held several times over).
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`${workspaceId}:${kind}`]);
      const reused = new Map<string, string>();
      if (input.cache) {
        const { rows: live } = await client.query<{ id: string; content_hash: string }>(
          `SELECT id, content_hash FROM tasks WHERE workspace_id = $1 AND kind = $2::"DocumentKind" AND content_hash = ANY($3)
             AND status IN ('PENDING', 'COMPLETED') ORDER BY created_at, id`,
          [workspaceId, kind, [...new Set(input.order.map((entry) => entry.contentHash))]],
        );
        for (const row of live) if (!reused.has(row.content_hash)) reused.set(row.content_hash, row.id);
      }
      const rows = input.tasks.filter((task) => !reused.has(task.contentHash));
      const creatable = new Set(input.tasks.map((task) => task.id));
      if (input.order.some((entry) => !reused.has(entry.contentHash) && !creatable.has(entry.taskId))) {
        // The task the caller expected to reuse was deleted (or failed) in the meantime.
        throw new DomainError(
          'ALREADY_EXISTS',
          'A document of this request was deleted while the request was being accepted; send it again.',
        );
      }
      for (const task of rows) {
        await client.query(
          `INSERT INTO tasks (id, workspace_id, kind, content_hash, source_type, filename, batch_id, reservation_id, charge_action)
           VALUES ($1, $2, $3::"DocumentKind", $4, $5, $6, $7, $8, $9)`,
          [
            task.id,
            workspaceId,
            kind,
            task.contentHash,
            task.sourceType,
            task.filename ?? null,
            input.batchId,
            input.reservationId ?? null,
            input.chargeAction ?? null,
          ],
        );
        await client.query('INSERT INTO task_contents (task_id, text, file) VALUES ($1, $2, $3)', [
          task.id,
          task.text ?? null,
          task.file ?? null,
        ]);
        const event = this.events.analyzeRequested({ id: task.id, workspaceId, kind });
        await client.query('INSERT INTO outbox (id, subject, payload) VALUES ($1, $2, $3)', [
          event.id,
          event.subject,
          event.payload,
        ]);
      }
      if (reused.size > 0) {
        await client.query('UPDATE tasks SET deduped_at = now() WHERE id = ANY($1::uuid[]) AND deduped_at IS NULL', [
          [...reused.values()],
        ]);
      }
      const ids = input.order.map((entry) => reused.get(entry.contentHash) ?? entry.taskId);
      if (input.idempotency) {
        const stored = await client.query(
          `INSERT INTO analyze_requests (workspace_id, idempotency_key, request_hash, task_ids) VALUES ($1, $2, $3, $4::uuid[])
           ON CONFLICT DO NOTHING`,
          [workspaceId, input.idempotency.key, input.idempotency.requestHash, ids],
        );
        if (stored.rowCount === 0) throw new IdempotencyRace();
      }
      await client.query('COMMIT');
      // No kick here: the caller commits the batch's charge first (see announce), so workers rarely find it unpaid.
      return { ids, created: rows.map((task) => task.id) };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** Publishes the events written so far now rather than at the relay's next poll. */
  announce(): void {
    this.outboxWritten();
  }

  async markCharged(batchId: string): Promise<void> {
    await this.pool.query('UPDATE tasks SET charged = true WHERE batch_id = $1 AND NOT charged', [batchId]);
  }
  /** Ids of a batch's tasks, in the order its billing lines were committed. */
  async batchTaskIds(batchId: string): Promise<string[]> {
    const rows = await this.prisma.task.findMany({ where: { batchId }, select: { id: true }, orderBy: { id: 'asc' } });
    return rows.map((row) => row.id);
  }

  /** The hot read of clients that poll: one indexed query, no ORM. */
  async statuses(
    workspaceId: string,
    kind: Kind,
    ids: string[],
  ): Promise<Map<string, Pick<TaskRow, 'id' | 'status' | 'dedupedAt' | 'failureReason'>>> {
    const valid = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
    if (valid.length === 0) return new Map();
    const { rows } = await this.pool.query<{
      id: string;
      status: TaskStatus;
      deduped_at: Date | null;
      failure_reason: string | null;
    }>(
      `SELECT id, status, deduped_at, failure_reason FROM tasks WHERE workspace_id = $1 AND kind = $2::"DocumentKind" AND id = ANY($3::uuid[])`,
      [workspaceId, kind, valid],
    );
    return new Map(
      rows.map((row) => [
        row.id,
        { id: row.id, status: row.status, dedupedAt: row.deduped_at, failureReason: row.failure_reason },
      ]),
    );
  }
  /** The hot read of GET by id: one indexed query on the pool (Prisma's query building was its top cost). */
  async find(workspaceId: string, kind: Kind, id: string): Promise<TaskRow | undefined> {
    if (!isUuid(id)) return undefined;
    const { rows } = await this.pool.query<RawTask>(
      `SELECT * FROM tasks WHERE id = $1 AND workspace_id = $2 AND kind = $3::"DocumentKind"`,
      [id.toLowerCase(), workspaceId, kind],
    );
    return rows[0] ? fromRaw(rows[0]) : undefined;
  }

  /** What reading a record needs of its task, and no more (GET /cvs/{id} is the API's most frequent read). */
  async findRecord(workspaceId: string, kind: Kind, id: string): Promise<StoredRecord | undefined> {
    if (!isUuid(id)) return undefined;
    const { rows } = await this.pool.query<[string, TaskStatus, unknown, number, number]>({
      // Prepared once per connection: PostgreSQL skips parsing and planning on every later read.
      name: 'documents-find-record',
      // Timestamps as epoch milliseconds (cut as the driver's date parsing cuts microseconds): a number is parsed
      // in far less time than a timestamp's text. Rows as arrays: no object per row.
      text: `SELECT id, status, record, ${EPOCH_MS('created_at')}, ${EPOCH_MS('updated_at')}
             FROM tasks WHERE id = $1 AND workspace_id = $2 AND kind = $3::"DocumentKind"`,
      values: [id.toLowerCase(), workspaceId, kind],
      rowMode: 'array',
    });
    const row = rows[0];
    return row
      ? { id: row[0], kind, status: row[1], record: row[2], createdAt: new Date(row[3]), updatedAt: new Date(row[4]) }
      : undefined;
  }

  /** A task wherever it belongs (internal use: dead-lettering). */
  async findById(id: string): Promise<TaskRow | undefined> {
    const { rows } = await this.pool.query<RawTask>('SELECT * FROM tasks WHERE id = $1', [id]);
    return rows[0] ? fromRaw(rows[0]) : undefined;
  }

  /**
   * For the worker: takes a PENDING task (wherever it belongs) for one attempt — counting it and touching
   * `updated_at`, so the stale sweep leaves it alone — and returns it with what was submitted. Undefined when
   * the task is gone or already final.
   */
  async claimForProcessing(
    id: string,
  ): Promise<(TaskRow & { text: string | null; file: Uint8Array | null }) | undefined> {
    const { rows } = await this.pool.query<RawTask & { text: string | null }>(
      `WITH claimed AS (
         UPDATE tasks SET attempts = attempts + 1, updated_at = now() WHERE id = $1 AND status = 'PENDING' RETURNING *
       )
       SELECT claimed.*, c.text FROM claimed LEFT JOIN task_contents c ON c.task_id = claimed.id`,
      [id],
    );
    const row = rows[0];
    if (!row) return undefined;
    const task = fromRaw(row);
    return { ...task, text: row.text, file: task.sourceType === 'text' ? null : await this.readFile(id) };
  }
  /**
   * A stored file, read in slices into one buffer: a single 50 MB bytea result would pass through the driver's
   * growing read buffer several times over.
   */
  private async readFile(taskId: string): Promise<Uint8Array | null> {
    const { rows } = await this.pool.query<{ size: number | null }>(
      'SELECT octet_length(file) AS size FROM task_contents WHERE task_id = $1',
      [taskId],
    );
    const size = rows[0]?.size;
    if (size === null || size === undefined) return null;
    const file = Buffer.allocUnsafeSlow(size);
    for (let offset = 0; offset < size; offset += FILE_SLICE_BYTES) {
      // Base64 text per slice: small strings, where a bytea result would come back as hex of the whole slice.
      const slice = await this.pool.query<{ part: string | null }>(
        "SELECT encode(substring(file FROM $2 FOR $3), 'base64') AS part FROM task_contents WHERE task_id = $1",
        [taskId, offset + 1, FILE_SLICE_BYTES],
      );
      const encoded = slice.rows[0]?.part;
      if (encoded === null || encoded === undefined) return null;
      const part = Buffer.from(encoded, 'base64');
      part.copy(file, offset);
    }
    return file;
  }

  /**
   * The match read: status, analyzer and the record as PostgreSQL's JSON text of it, wrapped with the id and
   * timestamps as the record view has them, without parsing and re-serialising it here (matching parses it once).
   * `version` changes whenever the row is rewritten: the transaction that last wrote it (`xmin`) with `updated_at`
   * (PATCH, analysis; a repeated xmin after 2³² transactions would also need the same millisecond). A COMPLETED
   * record whose version is the one `known` names is not read at all (`unchanged`): the caller holds it already.
   */
  async matchRecords(
    workspaceId: string,
    kind: Kind,
    ids: string[],
    known: ReadonlyMap<string, string> = new Map(),
  ): Promise<
    { id: string; status: TaskStatus; analyzer: string | null; json: string; version: string; unchanged: boolean }[]
  > {
    const valid = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
    if (valid.length === 0) return [];
    const knownIds = valid.filter((id) => known.has(id));
    const { rows } = await this.pool.query<
      [string, TaskStatus, string | null, number, number, string, boolean, string | null]
    >({
      text: `SELECT t.id, t.status, t.analyzer, ${EPOCH_MS('t.created_at')}, ${EPOCH_MS('t.updated_at')}, v.version,
              t.status = 'COMPLETED' AND k.version IS NOT DISTINCT FROM v.version AS unchanged,
              CASE WHEN t.status = 'COMPLETED' AND k.version IS DISTINCT FROM v.version THEN t.record::text END AS record
       FROM tasks t
       CROSS JOIN LATERAL (SELECT t.xmin::text || '.' || (extract(epoch FROM t.updated_at) * 1000)::bigint AS version) v
       LEFT JOIN unnest($4::uuid[], $5::text[]) AS k(id, version) ON k.id = t.id
       WHERE t.workspace_id = $1 AND t.kind = $2::"DocumentKind" AND t.id = ANY($3::uuid[])`,
      values: [workspaceId, kind, valid, knownIds, knownIds.map((id) => known.get(id)!)],
      rowMode: 'array',
    });
    return rows.map(([id, status, analyzer, createdMs, updatedMs, version, unchanged, record]) => {
      // jsonb's text of an object is `{…}`: its members go between the id and the timestamps.
      const body = record?.startsWith('{') ? record.slice(1, -1).trim() : undefined;
      const json =
        body === undefined
          ? ''
          : `{"id":${JSON.stringify(id)},${body ? `${body},` : ''}"created_at":"${new Date(createdMs).toISOString()}","updated_at":"${new Date(updatedMs).toISOString()}"}`;
      const completed = status === 'COMPLETED';
      return { id, status, analyzer, json, version: completed ? version : '', unchanged: completed && unchanged };
    });
  }

  /** Tasks of one workspace and kind by id (malformed ids are simply not found). */
  async findMany(workspaceId: string, kind: Kind, ids: string[]): Promise<TaskRow[]> {
    const valid = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
    if (valid.length === 0) return [];
    const { rows } = await this.pool.query<RawTask>(
      `SELECT * FROM tasks WHERE workspace_id = $1 AND kind = $2::"DocumentKind" AND id = ANY($3::uuid[])`,
      [workspaceId, kind, valid],
    );
    return rows.map(fromRaw);
  }

  async list(
    workspaceId: string,
    kind: Kind,
    page: { limit: number; offset: number },
  ): Promise<{ rows: TaskRow[]; total: number }> {
    const where = { workspaceId, kind, status: 'COMPLETED' as const };
    const [rows, total] = await Promise.all([
      this.prisma.task.findMany({
        where,
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: page.limit,
        skip: page.offset,
      }),
      this.prisma.task.count({ where }),
    ]);
    return { rows: rows as TaskRow[], total };
  }

  async saveExtractedText(id: string, text: string): Promise<void> {
    await this.prisma.taskContent.updateMany({ where: { taskId: id }, data: { extractedText: text } });
  }

  /** PENDING → COMPLETED with its record and completion event, in one statement; false when gone or already final. */
  async complete(
    task: { id: string; workspaceId: string; kind: Kind },
    record: object,
    analyzer: string,
  ): Promise<boolean> {
    const event = this.events.taskCompleted(task);
    const { rowCount } = await this.pool.query(
      `WITH done AS (
         UPDATE tasks SET status = 'COMPLETED', record = $2::jsonb, analyzer = $6, completed_at = now(), updated_at = now()
         WHERE id = $1 AND status = 'PENDING' RETURNING id
       )
       INSERT INTO outbox (id, subject, payload) SELECT $3, $4, $5::jsonb FROM done`,
      [task.id, JSON.stringify(record), event.id, event.subject, JSON.stringify(event.payload), analyzer],
    );
    if (rowCount) this.outboxWritten();
    return Boolean(rowCount);
  }

  /** PENDING → FAILED with its reason and the event that makes billing refund, in one statement; false when already final or gone. */
  async fail(task: { id: string; workspaceId: string; kind: Kind }, reason: string, action: string): Promise<boolean> {
    const event = this.events.taskFailed(task, reason, action);
    const { rowCount } = await this.pool.query(
      `WITH failed AS (
         UPDATE tasks SET status = 'FAILED', failure_reason = $2, completed_at = now(), updated_at = now()
         WHERE id = $1 AND status = 'PENDING' RETURNING id
       )
       INSERT INTO outbox (id, subject, payload) SELECT $3, $4, $5::jsonb FROM failed`,
      [task.id, reason.slice(0, 1000), event.id, event.subject, JSON.stringify(event.payload)],
    );
    if (rowCount) this.outboxWritten();
    return Boolean(rowCount);
  }

  /** Replaces a COMPLETED record's content (PUT); false when it is no longer there. */
  async updateRecord(
    task: { id: string; workspaceId: string; kind: Kind },
    record: object,
    expectedUpdatedAt: Date,
  ): Promise<Date | undefined> {
    return this.withEvents(async (tx) => {
      const now = new Date();
      const updated = await tx.task.updateMany({
        where: { id: task.id, workspaceId: task.workspaceId, status: 'COMPLETED', updatedAt: expectedUpdatedAt },
        data: { record: record as Prisma.InputJsonValue, updatedAt: now },
      });
      if (updated.count === 0) return undefined;
      await insertOutbox(tx, this.events.recordUpdated(task));
      return now;
    });
  }

  /** Erases the task, its record, its file and text (cascade) and so its dedupe entry; announces it. */
  async delete(task: { id: string; workspaceId: string; kind: Kind }): Promise<boolean> {
    return this.withEvents(async (tx) => {
      const deleted = await tx.task.deleteMany({
        where: { id: task.id, workspaceId: task.workspaceId, kind: task.kind },
      });
      if (deleted.count === 0) return false;
      await tx.analyzeRequest.deleteMany({ where: { workspaceId: task.workspaceId, taskIds: { has: task.id } } });
      await insertOutbox(tx, this.events.recordDeleted(task));
      return true;
    });
  }

  /** PENDING tasks nobody touched for `olderThanMs`: their work message is handed out again. */
  async requeueStale(olderThanMs: number, limit = 100): Promise<number> {
    return this.withEvents(async (tx) => {
      const stale = await tx.task.findMany({
        where: { status: 'PENDING', updatedAt: { lt: new Date(Date.now() - olderThanMs) } },
        select: { id: true, workspaceId: true, kind: true },
        take: limit,
      });
      if (stale.length === 0) return 0;
      await tx.task.updateMany({ where: { id: { in: stale.map((t) => t.id) } }, data: { updatedAt: new Date() } });
      await tx.outbox.createMany({
        data: stale.map((task) => this.events.analyzeRequested(task)).map((row) => ({ ...row })),
      });
      return stale.length;
    });
  }

  /** Idempotency keys are kept 24 hours (DESIGN §9). */
  async forgetOldRequests(): Promise<void> {
    await this.prisma.analyzeRequest.deleteMany({ where: { createdAt: { lt: new Date(Date.now() - 24 * 3600_000) } } });
  }
}

async function findReusable(
  db: Db | Tx,
  workspaceId: string,
  kind: Kind,
  hashes: string[],
): Promise<Map<string, string>> {
  const unique = [...new Set(hashes)];
  if (unique.length === 0) return new Map();
  const rows = await db.task.findMany({
    where: { workspaceId, kind, contentHash: { in: unique }, status: { in: LIVE } },
    select: { id: true, contentHash: true },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  const found = new Map<string, string>();
  for (const row of rows) if (!found.has(row.contentHash)) found.set(row.contentHash, row.id);
  return found;
}

async function insertOutbox(tx: Tx, row: OutboxRow): Promise<void> {
  await tx.outbox.create({ data: { id: row.id, subject: row.subject, payload: row.payload } });
}
