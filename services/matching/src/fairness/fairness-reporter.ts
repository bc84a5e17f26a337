import type { RequestContext } from '@talent/platform';
import type { Matcher } from '../matches/matcher.js';
import type { Weights } from '../scoring/index.js';
import { checkSelection, fairnessReport, labelsById, type FairnessReport, type SelectionRule } from './report.js';

export interface FairnessRequest {
  workspaceId: string;
  jobId: string;
  candidateIds: string[];
  /** One per candidate id. Used for the answer only: never stored, never logged, never passed on. */
  groupLabels: string[];
  selection: SelectionRule | undefined;
  weights: Weights | undefined;
  blind: boolean;
  idempotencyKey: string;
  context?: RequestContext;
}

/**
 * POST /match/fairness: every candidate scored by the match flow itself (its checks, errors and its one
 * `job_matching` charge; nothing stored), then selection rates per group. The labels stay in this function.
 */
export class FairnessReporter {
  constructor(private readonly matcher: Matcher) {}

  async report(request: FairnessRequest): Promise<FairnessReport> {
    const rule = checkSelection(request.selection);
    const labels = labelsById(request.candidateIds, request.groupLabels);
    const { candidates } = await this.matcher.match({
      workspaceId: request.workspaceId,
      jobId: request.jobId,
      candidateIds: request.candidateIds,
      topK: Math.max(1, labels.size),
      weights: request.weights,
      cache: false,
      blind: request.blind,
      // Its own unit of work: the same key on a POST /match names another one.
      idempotencyKey: request.idempotencyKey ? `fairness:${request.idempotencyKey}` : '',
      ...(request.context ? { context: request.context } : {}),
    });
    return fairnessReport(candidates, labels, rule);
  }
}
