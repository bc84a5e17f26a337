import { BILLING_ACTIONS, DomainError } from '@talent/platform';
import { recordNotFoundMessage } from '@talent/records';
import { common } from '@talent/proto';

/** Everything that differs between the CV and the job endpoints. */
export interface KindInfo {
  kind: 'cv' | 'job';
  proto: common.DocumentKind;
  /** Path segment: `/cvs`, `/jobs`. */
  collection: 'cvs' | 'jobs';
  tag: 'CVs' | 'Jobs';
  /** At the start of a sentence. */
  title: 'CV' | 'Job';
  /** Inside a sentence. */
  noun: 'CV' | 'job';
  plural: 'CVs' | 'jobs';
  action: typeof BILLING_ACTIONS.cvProcessing | typeof BILLING_ACTIONS.jobProcessing;
  /** operationId parts: analyzeCvs, getCv… */
  opSingular: 'Cv' | 'Job';
  opPlural: 'Cvs' | 'Jobs';
}

export const KINDS: Record<'cv' | 'job', KindInfo> = {
  cv: {
    kind: 'cv',
    proto: common.DocumentKind.DOCUMENT_KIND_CV,
    collection: 'cvs',
    tag: 'CVs',
    title: 'CV',
    noun: 'CV',
    plural: 'CVs',
    action: BILLING_ACTIONS.cvProcessing,
    opSingular: 'Cv',
    opPlural: 'Cvs',
  },
  job: {
    kind: 'job',
    proto: common.DocumentKind.DOCUMENT_KIND_JOB,
    collection: 'jobs',
    tag: 'Jobs',
    title: 'Job',
    noun: 'job',
    plural: 'jobs',
    action: BILLING_ACTIONS.jobProcessing,
    opSingular: 'Job',
    opPlural: 'Jobs',
  },
};

/** `1 CV`, `3 jobs`. */
export const counted = (info: KindInfo, n: number): string => `${n} ${n === 1 ? info.noun : info.plural}`;

/**
 * The documents service's answer for an id it does not know (`CV <id> not found.`), produced by the gateway
 * for ids that are not even UUIDs so both look the same.
 */
export const notFound = (info: KindInfo, id: string): DomainError =>
  new DomainError('NOT_FOUND', recordNotFoundMessage(info.kind, id), { id });
