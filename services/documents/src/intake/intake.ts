import { contextFields, DomainError, isDomainError, type Logger, type RequestContext } from '@talent/platform';
import { randomUUID } from 'node:crypto';
import { INTAKE_LIMITS } from '@talent/records';
import { detectDocumentType } from '../extraction/file-type.js';
import type { BillingCharges } from '../peers/billing-charges.js';
import { fileHash, normaliseText, sha256, textHash } from '../tasks/content-hash.js';
import { submissionAction, type Kind } from '../tasks/kinds.js';
import { IdempotencyRace, type NewTask, type TaskRepository } from '../tasks/task-repository.js';

export interface Submission {
  workspaceId: string;
  kind: Kind;
  cache: boolean;
  /** Empty when the client sent none. */
  idempotencyKey: string;
  /** Empty: the kind's own action; else an allowed override (see submissionAction). */
  chargeAction?: string;
  /** The request it came with: its ids go on billing's calls and on log lines. */
  context?: RequestContext;
}

export interface UploadedFile {
  filename: string;
  bytes: Uint8Array;
}

export interface Accepted {
  ids: string[];
  replayed: boolean;
}

type Unit = Omit<NewTask, 'id'>;

/**
 * Accepts analysis work (DESIGN §5): validates, deduplicates (`cache`), charges one unit per new task
 * (reserve, write tasks and work events in one transaction, commit), all or nothing.
 */
export class Intake {
  constructor(
    private readonly tasks: TaskRepository,
    private readonly charges: BillingCharges,
    private readonly logger: Logger,
  ) {}

  async analyzeTexts(submission: Submission, inputs: string[]): Promise<Accepted> {
    if (inputs.length === 0)
      throw new DomainError('INVALID_ARGUMENT', "'inputs' must be a non-empty array of strings.");
    if (inputs.length > INTAKE_LIMITS.maxInputs) {
      throw new DomainError(
        'INVALID_ARGUMENT',
        `'inputs' may hold at most ${INTAKE_LIMITS.maxInputs} texts per request.`,
      );
    }
    const units = inputs.map((input, index): Unit => {
      const text = normaliseText(input);
      if (!text)
        throw new DomainError(
          'INVALID_ARGUMENT',
          `'inputs[${index}]' is empty: each input must be a non-empty string.`,
        );
      if (text.length > INTAKE_LIMITS.maxInputChars) {
        throw new DomainError(
          'INVALID_ARGUMENT',
          `'inputs[${index}]' is longer than ${INTAKE_LIMITS.maxInputChars} characters.`,
        );
      }
      return { contentHash: textHash(text), sourceType: 'text', text };
    });
    return this.accept(submission, units);
  }

  async analyzeFiles(submission: Submission, files: UploadedFile[]): Promise<Accepted> {
    if (files.length === 0) throw new DomainError('INVALID_ARGUMENT', 'Missing required fields.');
    if (files.length > INTAKE_LIMITS.maxFiles) {
      throw new DomainError('INVALID_ARGUMENT', `At most ${INTAKE_LIMITS.maxFiles} files may be uploaded per request.`);
    }
    const units: Unit[] = [];
    for (const file of files) {
      const name = file.filename || 'the uploaded file';
      if (file.bytes.byteLength > INTAKE_LIMITS.maxFileBytes) {
        throw new DomainError('INVALID_ARGUMENT', `File ${name} is larger than 50 MB.`, { filename: file.filename });
      }
      const type = file.bytes.byteLength > 0 ? await detectDocumentType(file.bytes) : undefined;
      if (!type) {
        throw new DomainError(
          'UNSUPPORTED_FILE_TYPE',
          file.bytes.byteLength === 0
            ? `Invalid file format: ${name} is empty.`
            : `Invalid file format: ${name} is not a PDF, DOC or DOCX document.`,
          { filename: file.filename },
        );
      }
      units.push({ contentHash: fileHash(file.bytes), sourceType: type, filename: file.filename, file: file.bytes });
    }
    return this.accept(submission, units);
  }

  private async accept(submission: Submission, units: Unit[]): Promise<Accepted> {
    const { workspaceId, kind, cache, idempotencyKey, context } = submission;
    const action = submissionAction(kind, submission.chargeAction ?? '');
    const requestHash = sha256(
      JSON.stringify({ kind, cache, ...(submission.chargeAction ? { action } : {}), units: units.map((u) => [u.sourceType, u.contentHash]) }),
    );
    if (idempotencyKey) {
      const replay = await this.replay(workspaceId, idempotencyKey, requestHash);
      if (replay) return replay;
    }

    // One task per input; with `cache`, inputs of the same content share one.
    const byHash = new Map<string, NewTask>();
    const tasks: NewTask[] = [];
    const order = units.map((unit) => {
      const shared = cache ? byHash.get(unit.contentHash) : undefined;
      if (shared) return { contentHash: unit.contentHash, taskId: shared.id };
      const task = { ...unit, id: randomUUID() };
      byHash.set(unit.contentHash, task);
      tasks.push(task);
      return { contentHash: unit.contentHash, taskId: task.id };
    });
    const known = cache
      ? await this.tasks.findReusable(
          workspaceId,
          kind,
          tasks.map((t) => t.contentHash),
        )
      : new Map<string, string>();
    const fresh = tasks.filter((task) => !known.has(task.contentHash));

    const batchId = randomUUID();
    // 402 here leaves nothing behind: no task exists yet.
    const reservationId =
      fresh.length > 0
        ? await this.charges.reserve(
            workspaceId,
            batchId,
            fresh.map((t) => ({ action, ref: t.id })),
            context,
          )
        : undefined;

    let accepted;
    try {
      accepted = await this.tasks.acceptBatch({
        workspaceId,
        kind,
        batchId,
        reservationId,
        tasks: fresh,
        order,
        cache,
        ...(submission.chargeAction ? { chargeAction: action } : {}),
        ...(idempotencyKey ? { idempotency: { key: idempotencyKey, requestHash } } : {}),
      });
    } catch (error) {
      if (reservationId) await this.releaseQuietly(workspaceId, batchId, reservationId, context);
      if (error instanceof IdempotencyRace) {
        const replay = await this.replay(workspaceId, idempotencyKey, requestHash);
        if (replay) return replay;
      }
      throw error;
    }

    if (reservationId) {
      const created = [...accepted.created].sort();
      try {
        if (created.length > 0) {
          await this.charges.commit(
            workspaceId,
            batchId,
            reservationId,
            created.map((ref) => ({ action, ref })),
            context,
          );
          await this.tasks.markCharged(batchId);
        } else {
          // A concurrent request created every task first: nothing to pay for.
          await this.charges.release(workspaceId, batchId, reservationId, context);
        }
      } catch (error) {
        // The client gets a 5xx, so the work must not go on and nothing may stay charged: the tasks fail,
        // and their failure events refund whatever the commit may have charged.
        this.logger.error({ err: error, batch_id: batchId, ...contextFields(context) }, 'commit of an analyze batch failed; failing its tasks');
        await this.releaseQuietly(workspaceId, batchId, reservationId, context);
        for (const id of created)
          await this.tasks.fail(
            { id, workspaceId, kind },
            'Billing was unavailable; the request was not accepted.',
            action,
          );
        throw error;
      } finally {
        this.tasks.announce();
      }
    }
    return { ids: accepted.ids, replayed: false };
  }

  private async replay(workspaceId: string, key: string, requestHash: string): Promise<Accepted | undefined> {
    const stored = await this.tasks.findRequest(workspaceId, key);
    if (!stored) return undefined;
    if (stored.requestHash !== requestHash) {
      throw new DomainError(
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was already used with a different request.',
      );
    }
    return { ids: stored.taskIds, replayed: true };
  }

  private async releaseQuietly(workspaceId: string, batchId: string, reservationId: string, context?: RequestContext): Promise<void> {
    try {
      await this.charges.release(workspaceId, batchId, reservationId, context);
    } catch (error) {
      // The hold expires on its own (billing's timer); nothing is charged either way.
      if (!isDomainError(error))
        this.logger.warn({ err: error, batch_id: batchId, ...contextFields(context) }, 'release failed; the hold will expire');
    }
  }
}
