import { DomainError } from '@talent/platform';
import { common } from '@talent/proto';
import { KIND_TITLES, recordNotFoundMessage } from '@talent/records';

export type Kind = 'cv' | 'job';

/** Billable action of one analysis unit (spec: Token rules). */
export const PROCESSING_ACTION: Record<Kind, string> = { cv: 'cv_processing', job: 'job_processing' };

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
