import { isDomainError, type Logger } from '@talent/platform';
import { cvContent, jobContent } from '@talent/records';
import type { Analyzer } from '@talent/analysis';
import { ExtractionError } from '../extraction/errors.js';
import type { TextExtractor } from '../extraction/index.js';
import { usableEuropassText } from '../extraction/europass.js';
import type { BillingCharges } from '../peers/billing-charges.js';
import { chargeActionOf } from '../tasks/kinds.js';
import type { TaskRepository } from '../tasks/task-repository.js';

export interface Delivery {
  /** 1 for the first delivery of the work message. */
  attempt: number;
  maxAttempts: number;
}

/** `retry`: a transient failure, try again later (the task stays PENDING). */
export type Outcome = 'completed' | 'failed' | 'skipped' | 'retry';

/** A failure that will not go away by retrying: the task ends FAILED with `reason` at once. */
class PermanentFailure extends Error {}

/**
 * One analysis task, start to end: make sure it is paid for, extract its text, analyze, store the record.
 * Idempotent: a redelivered or duplicated work message for a finished task changes nothing.
 */
export class TaskProcessor {
  constructor(
    private readonly deps: {
      tasks: TaskRepository;
      charges: BillingCharges;
      extractor: TextExtractor;
      analyzer: Analyzer;
      logger: Logger;
    },
  ) {}

  async process(taskId: string, delivery: Delivery): Promise<Outcome> {
    const { tasks, logger } = this.deps;
    const task = await tasks.claimForProcessing(taskId);
    // Deleted meanwhile, or finished by an earlier delivery.
    if (!task) return 'skipped';
    const ref = { id: task.id, workspaceId: task.workspaceId, kind: task.kind };
    const action = chargeActionOf(task);
    try {
      await this.ensureCharged(task);
      const text = await this.textOf(task);
      let analyzedBy = this.deps.analyzer.version;
      const producedBy = (version: string) => (analyzedBy = version);
      const record =
        task.kind === 'cv'
          ? cvContent.parse(await this.deps.analyzer.analyzeCv(text, producedBy))
          : jobContent.parse(await this.deps.analyzer.analyzeJob(text, producedBy));
      return (await tasks.complete(ref, record, analyzedBy)) ? 'completed' : 'skipped';
    } catch (error) {
      const permanent = error instanceof PermanentFailure || (error instanceof ExtractionError && error.permanent);
      if (!permanent && delivery.attempt < delivery.maxAttempts) {
        logger.warn({ err: error, task_id: task.id, attempt: delivery.attempt }, 'analysis failed; will retry');
        return 'retry';
      }
      const reason =
        error instanceof ExtractionError && error.permanent
          ? error.reason
          : error instanceof PermanentFailure
            ? error.message
            : `Analysis failed after ${delivery.attempt} attempts: ${describe(error)}`;
      logger.warn({ err: error, task_id: task.id, reason }, 'analysis task failed');
      return (await tasks.fail(ref, reason, action)) ? 'failed' : 'skipped';
    }
  }

  /** Ends a task whose work message exhausted its deliveries without an answer (e.g. the worker kept crashing). */
  async abandon(taskId: string, deliveries: number): Promise<void> {
    const task = await this.deps.tasks.findById(taskId);
    if (!task || task.status !== 'PENDING') return;
    await this.deps.tasks.fail(
      { id: task.id, workspaceId: task.workspaceId, kind: task.kind },
      `Analysis did not finish after ${deliveries} attempts; the document may be too complex to process.`,
      chargeActionOf(task),
    );
  }

  /** The request that accepted the task may have died before committing its charge: commit it now (same key). */
  private async ensureCharged(task: {
    batchId: string;
    workspaceId: string;
    kind: 'cv' | 'job';
    chargeAction: string | null;
    reservationId: string | null;
    charged: boolean;
  }): Promise<void> {
    if (task.charged || !task.reservationId) return;
    const ids = await this.deps.tasks.batchTaskIds(task.batchId);
    const action = chargeActionOf(task);
    try {
      await this.deps.charges.commit(
        task.workspaceId,
        task.batchId,
        task.reservationId,
        ids.map((ref) => ({ action, ref })),
      );
    } catch (error) {
      // Expired or already resolved otherwise: the work was accepted, so it is done all the same.
      if (
        !isDomainError(error) ||
        !['RESERVATION_NOT_PENDING', 'IDEMPOTENCY_KEY_REUSED', 'NOT_FOUND'].includes(error.code)
      )
        throw error;
      this.deps.logger.warn(
        { code: error.code, batch_id: task.batchId },
        'could not commit the charge of an accepted batch',
      );
    }
    await this.deps.tasks.markCharged(task.batchId);
  }

  private async textOf(task: {
    id: string;
    sourceType: string;
    filename: string | null;
    text: string | null;
    file: Uint8Array | null;
  }): Promise<string> {
    if (task.sourceType === 'text') {
      if (!task.text) throw new PermanentFailure('The submitted text is empty.');
      return task.text;
    }
    if (!task.file) throw new PermanentFailure('The uploaded file is missing.');
    const extracted = await this.deps.extractor.extract({
      bytes: task.file,
      type: task.sourceType as 'pdf' | 'docx' | 'doc',
      filename: task.filename ?? '',
      transfer: true,
    });
    // A Europass PDF's own XML states every field separately: the analysis reads it instead of the laid-out pages.
    const text = usableEuropassText(extracted.europassXml) ?? extracted.text;
    await this.deps.tasks.saveExtractedText(task.id, text);
    return text;
  }
}

function describe(error: unknown): string {
  if (error instanceof ExtractionError) return error.reason;
  if (isDomainError(error)) return error.message;
  const code = (error as { code?: unknown }).code;
  // gRPC transport failures of a peer: say which kind without internals.
  if (typeof code === 'number') return 'a required service was unavailable.';
  return 'an internal error occurred.';
}
