import { isDomainError } from '@talent/platform';
import { describe, expect, it } from 'vitest';
import { chargeActionOf, submissionAction } from './kinds.js';

describe('billable action of an analysis unit', () => {
  it('is the kind’s own unless a peer charges a sourced CV as sourcing_ingest', () => {
    expect(submissionAction('cv', '')).toBe('cv_processing');
    expect(submissionAction('job', '')).toBe('job_processing');
    expect(submissionAction('cv', 'sourcing_ingest')).toBe('sourcing_ingest');
  });

  it('refuses any other override, so no caller can analyze on a cheaper action', () => {
    for (const [kind, action] of [['job', 'sourcing_ingest'], ['cv', 'job_processing'], ['cv', 'sourcing_search_fast']] as const) {
      const error = (() => {
        try {
          return submissionAction(kind, action);
        } catch (e) {
          return e;
        }
      })();
      expect(isDomainError(error) && error.code).toBe('INVALID_ARGUMENT');
    }
  });

  it('refunds a task on the action it was charged on', () => {
    expect(chargeActionOf({ kind: 'cv', chargeAction: null })).toBe('cv_processing');
    expect(chargeActionOf({ kind: 'cv', chargeAction: 'sourcing_ingest' })).toBe('sourcing_ingest');
  });
});
