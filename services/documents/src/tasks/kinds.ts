import { BILLING_ACTIONS, DomainError } from '@talent/platform';
import { common } from '@talent/proto';
import { KIND_TITLES, recordNotFoundMessage } from '@talent/records';

export type Kind = 'cv' | 'job';

/** Billable action of one analysis unit (spec: Token rules). */
export const PROCESSING_ACTION: Record<Kind, string> = { cv: BILLING_ACTIONS.cvProcessing, job: BILLING_ACTIONS.jobProcessing };

/** Actions a peer may charge a unit on instead of the kind's own: CVs created from sourced profiles (ingest). */
const OVERRIDE_ACTIONS: Record<Kind, readonly string[]> = { cv: [BILLING_ACTIONS.sourcingIngest], job: [] };

/** The action a submission charges each unit on: the kind's own, or an allowed override (INVALID_ARGUMENT otherwise). */
export function submissionAction(kind: Kind, override: string): string {
  if (!override) return PROCESSING_ACTION[kind];
  if (!OVERRIDE_ACTIONS[kind].includes(override))
    throw new DomainError('INVALID_ARGUMENT', `charge_action ${override} is not allowed for ${kind} analysis.`);
  return override;
}

/** The action a task was charged on, so its refund lands on the same action. */
export const chargeActionOf = (task: { kind: Kind; chargeAction: string | null }): string =>
  task.chargeAction ?? PROCESSING_ACTION[task.kind];

export function kindOf(kind: common.DocumentKind): Kind {
  if (kind === common.DocumentKind.DOCUMENT_KIND_CV) return 'cv';
  if (kind === common.DocumentKind.DOCUMENT_KIND_JOB) return 'job';
  throw new DomainError('INVALID_ARGUMENT', 'kind must be CV or JOB.');
}

export function protoKind(kind: Kind): common.DocumentKind {
  return kind === 'cv' ? common.DocumentKind.DOCUMENT_KIND_CV : common.DocumentKind.DOCUMENT_KIND_JOB;
}

/** Spec rule 4: a COMPLETED task passes; PENDING → TASK_PENDING (404 with status); anything else → NOT_FOUND. */
export function requireCompleted<T extends { status: string }>(task: T | undefined, kind: Kind, id: string): T {
  if (task?.status === 'PENDING')
    throw new DomainError('TASK_PENDING', `${KIND_TITLES[kind]} ${id} is still being analyzed.`, { id });
  if (!task || task.status !== 'COMPLETED') throw notFound(kind, id);
  return task;
}

/** The one "does not exist" answer, for unknown, foreign, deleted, FAILED and malformed ids alike. */
export function notFound(kind: Kind, id: string): DomainError {
  return new DomainError('NOT_FOUND', recordNotFoundMessage(kind, id), { id });
}
