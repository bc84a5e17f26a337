import { DomainError, isUuid } from '@talent/platform';
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
  dedupedAt: Date | null;
  failureReason: string | null;
  attempts: number;
  record: unknown;
  createdAt: Date;
  updatedAt: Date;
}

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

/** Thrown inside acceptBatch when a concurrent request stored the same Idempotency-Key first. */
export class IdempotencyRace extends Error {}

/**
 * Persistence of analysis tasks and their records. Every read is scoped by workspace: another workspace's id
 * is simply not found, through the same query as an unknown one.
 */
export class TaskRepository {
  constructor(
    private readonly prisma: Db,
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
    const row = await this.prisma.analyzeRequest.findUnique({ where: { workspaceId_idempotencyKey: { workspaceId, idempotencyKey } } });
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
    idempotency?: { key: string; requestHash: string };
  }): Promise<AcceptedBatch> {
    const { workspaceId, kind } = input;
    return this.withEvents(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`${workspaceId}:${kind}`}, 0))`;
      const reused = input.cache ? await findReusable(tx, workspaceId, kind, input.order.map((entry) => entry.contentHash)) : new Map<string, string>();
      const rows = input.tasks.filter((task) => !reused.has(task.contentHash));
      const creatable = new Set(input.tasks.map((task) => task.id));
      if (input.order.some((entry) => !reused.has(entry.contentHash) && !creatable.has(entry.taskId))) {
        // The task the caller expected to reuse was deleted (or failed) in the meantime.
        throw new DomainError('ALREADY_EXISTS', 'A document of this request was deleted while the request was being accepted; send it again.');
      }
      if (rows.length > 0) {
        await tx.task.createMany({
          data: rows.map((task) => ({
            id: task.id,
            workspaceId,
            kind,
            contentHash: task.contentHash,
            sourceType: task.sourceType,
            filename: task.filename ?? null,
            batchId: input.batchId,
            reservationId: input.reservationId ?? null,
          })),
        });
        await tx.taskContent.createMany({
          data: rows.map((task) => ({ taskId: task.id, text: task.text ?? null, file: task.file ? Buffer.from(task.file) : null })),
        });
        const outbox = rows.map((task) => this.events.analyzeRequested({ id: task.id, workspaceId, kind }));
        await tx.outbox.createMany({ data: outbox.map((row) => ({ id: row.id, subject: row.subject, payload: row.payload })) });
      }
      if (reused.size > 0) {
        await tx.task.updateMany({ where: { id: { in: [...reused.values()] }, dedupedAt: null }, data: { dedupedAt: new Date() } });
      }
      const ids = input.order.map((entry) => reused.get(entry.contentHash) ?? entry.taskId);
      if (input.idempotency) {
        const stored = await tx.analyzeRequest.createMany({
          data: [{ workspaceId, idempotencyKey: input.idempotency.key, requestHash: input.idempotency.requestHash, taskIds: ids }],
          skipDuplicates: true,
        });
        if (stored.count === 0) throw new IdempotencyRace();
      }
      return { ids, created: rows.map((task) => task.id) };
    });
  }

  async markCharged(batchId: string): Promise<void> {
    await this.prisma.task.updateMany({ where: { batchId, charged: false }, data: { charged: true } });
  }

  /** Ids of a batch's tasks, in the order its billing lines were committed. */
  async batchTaskIds(batchId: string): Promise<string[]> {
    const rows = await this.prisma.task.findMany({ where: { batchId }, select: { id: true }, orderBy: { id: 'asc' } });
    return rows.map((row) => row.id);
  }

  async statuses(workspaceId: string, kind: Kind, ids: string[]): Promise<Map<string, Pick<TaskRow, 'id' | 'status' | 'dedupedAt' | 'failureReason'>>> {
    const valid = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
    if (valid.length === 0) return new Map();
    const rows = await this.prisma.task.findMany({
      where: { workspaceId, kind, id: { in: valid } },
      select: { id: true, status: true, dedupedAt: true, failureReason: true },
    });
    return new Map(rows.map((row) => [row.id, row]));
  }

  async find(workspaceId: string, kind: Kind, id: string): Promise<TaskRow | undefined> {
    if (!isUuid(id)) return undefined;
    const row = await this.prisma.task.findFirst({ where: { id: id.toLowerCase(), workspaceId, kind } });
    return (row as TaskRow | null) ?? undefined;
  }

  /** For the worker: the task wherever it belongs, with what was submitted. */
  async loadForProcessing(id: string): Promise<(TaskRow & { text: string | null; file: Uint8Array | null }) | undefined> {
    const row = await this.prisma.task.findUnique({ where: { id }, include: { content: true } });
    if (!row) return undefined;
    const { content, ...task } = row;
    return { ...(task as TaskRow), text: content?.text ?? null, file: content?.file ?? null };
  }

  async list(workspaceId: string, kind: Kind, page: { limit: number; offset: number }): Promise<{ rows: TaskRow[]; total: number }> {
    const where = { workspaceId, kind, status: 'COMPLETED' as const };
    const [rows, total] = await Promise.all([
      this.prisma.task.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: page.limit, skip: page.offset }),
      this.prisma.task.count({ where }),
    ]);
    return { rows: rows as TaskRow[], total };
  }

  async countAttempt(id: string): Promise<void> {
    await this.prisma.task.update({ where: { id }, data: { attempts: { increment: 1 }, updatedAt: new Date() } });
  }

  async saveExtractedText(id: string, text: string): Promise<void> {
    await this.prisma.taskContent.updateMany({ where: { taskId: id }, data: { extractedText: text } });
  }

  /** PENDING → COMPLETED with its record and completion event; false when the task is gone or already final. */
  async complete(task: { id: string; workspaceId: string; kind: Kind }, record: object): Promise<boolean> {
    return this.withEvents(async (tx) => {
      const now = new Date();
      const updated = await tx.task.updateMany({
        where: { id: task.id, status: 'PENDING' },
        data: { status: 'COMPLETED', record: record as Prisma.InputJsonValue, completedAt: now, updatedAt: now },
      });
      if (updated.count === 0) return false;
      await insertOutbox(tx, this.events.taskCompleted(task));
      return true;
    });
  }

  /** PENDING → FAILED with its reason and the event that makes billing refund; false when already final or gone. */
  async fail(task: { id: string; workspaceId: string; kind: Kind }, reason: string, action: string): Promise<boolean> {
    return this.withEvents(async (tx) => {
      const now = new Date();
      const updated = await tx.task.updateMany({
        where: { id: task.id, status: 'PENDING' },
        data: { status: 'FAILED', failureReason: reason.slice(0, 1000), completedAt: now, updatedAt: now },
      });
      if (updated.count === 0) return false;
      await insertOutbox(tx, this.events.taskFailed(task, reason, action));
      return true;
    });
  }

  /** Replaces a COMPLETED record's content (PUT); false when it is no longer there. */
  async updateRecord(task: { id: string; workspaceId: string; kind: Kind }, record: object, expectedUpdatedAt: Date): Promise<Date | undefined> {
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
      const deleted = await tx.task.deleteMany({ where: { id: task.id, workspaceId: task.workspaceId, kind: task.kind } });
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
      await tx.outbox.createMany({ data: stale.map((task) => this.events.analyzeRequested(task)).map((row) => ({ ...row })) });
      return stale.length;
    });
  }

  /** Idempotency keys are kept 24 hours (DESIGN §9). */
  async forgetOldRequests(): Promise<void> {
    await this.prisma.analyzeRequest.deleteMany({ where: { createdAt: { lt: new Date(Date.now() - 24 * 3600_000) } } });
  }
}

async function findReusable(db: Db | Tx, workspaceId: string, kind: Kind, hashes: string[]): Promise<Map<string, string>> {
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
