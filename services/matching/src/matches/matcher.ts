import {
  chargeWork,
  contextFields,
  DomainError,
  isUuid,
  refundWork,
  type ChargedWork,
  withContext,
  type AsyncClient,
  type Logger,
  type RequestContext,
} from '@talent/platform';
import type { billing, documents, skills } from '@talent/proto';
import { createHash, randomUUID } from 'node:crypto';
import { RecordCache } from '../peers/record-cache.js';
import { prepareJob, SCORER_VERSION, type MatchCandidate, type Weights } from '../scoring/index.js';
import { deterministicScorer, type CandidateScorer } from '../rescoring/index.js';
import type { MatchAnnouncer } from '../events/match-events.js';
import { BLIND_VERSION } from './blind.js';
import { withGuidance } from './guidance.js';
import type { ResultRepository, StoredResult } from './result-repository.js';
import { fetchAndScore } from './scored-inputs.js';
import { normaliseWeights } from './weights.js';

export interface MatchRequest {
  workspaceId: string;
  jobId: string;
  candidateIds: string[];
  topK: number;
  weights: Weights | undefined;
  cache: boolean;
  idempotencyKey: string;
  /** Extension: score the CVs as `blindCv` leaves them; the stored result says so in `versions_used.blind`. */
  blind?: boolean;
  /** Extension: each returned candidate carries `guidance` (guidance.ts). */
  guidance?: boolean;
  /** The request it came with: its ids go on the peers' calls and on log lines. */
  context?: RequestContext;
}

export interface MatchOutcome {
  candidates: MatchCandidate[];
  /** The stored version with `cache`, else 0. */
  version: number;
}

const ACTION = 'job_matching';

/**
 * POST /match (DESIGN §4, §6): the job's checks, a coverage check of one job_matching (read-only) while the
 * records arrive and are scored, the candidates' checks, then one job_matching charged (billing's Charge: one
 * durable transaction), re-scoring (optional), storing (cache). The spec's order of errors holds (400, 404, 422 before 402); any failure after the charge refunds it,
 * so errors charge nothing.
 */
export class Matcher {
  constructor(
    private readonly peers: {
      documents: AsyncClient<documents.DocumentsServiceClient>;
      skills: AsyncClient<skills.SkillsServiceClient>;
      billing: AsyncClient<billing.BillingServiceClient>;
    },
    private readonly results: ResultRepository,
    private readonly logger: Logger,
    private readonly scorer: CandidateScorer = deterministicScorer,
    /** Parsed records of earlier matches (documents still checks each one); off unless given. */
    private readonly records: RecordCache = new RecordCache(0),
    /** Told of every charged match (matching announces it as `match.completed`); none: nothing is announced. */
    private readonly events?: MatchAnnouncer,
  ) {}

  async match(request: MatchRequest): Promise<MatchOutcome> {
    if (!Number.isInteger(request.topK) || request.topK < 1)
      throw new DomainError('INVALID_ARGUMENT', "'topK' must be an integer of at least 1.");
    if (request.candidateIds.length === 0)
      throw new DomainError('INVALID_ARGUMENT', "'candidatesIds' must hold at least one id.");
    const weights = normaliseWeights(request.weights);
    const { context } = request;
    const peers = {
      documents: withContext(this.peers.documents, context),
      skills: withContext(this.peers.skills, context),
      billing: withContext(this.peers.billing, context),
    };
    const key = request.idempotencyKey;
    // With an Idempotency-Key the unit of work is named by it, so a retry replays the same charge.
    const ref = key ? `idem:${createHash('sha256').update(key).digest('hex').slice(0, 32)}` : randomUUID();
    const keyBase = `match:${ref}`;
    // Once the job has passed its checks, a read-only coverage check (billing's Quote with the workspace) runs
    // while skills and documents answer: no CV is scored, and no CV title sent to skills, before it passes, so a
    // 402 does no work beyond the checks and still comes after them (an unusable candidate answers 422 though the
    // workspace cannot pay). Then one Charge once every record has arrived and passed its checks, so 404 and 422
    // leave nothing in the ledger; should another request have spent the balance in between, that Charge answers
    // the 402 and nothing is charged. Work that fails after the charge (re-scoring, storing) is refunded.
    let covered: Promise<unknown> | undefined;
    const admit = () =>
      (covered ??= peers.billing.quote({
        lines: [{ action: ACTION, quantity: 1, ref }],
        workspaceId: request.workspaceId,
      }));
    let charged: ChargedWork | undefined;
    try {
      const {
        job,
        cvs,
        ranked: deterministic,
        graph,
        taxonomyVersion,
        analyzers,
      } = await fetchAndScore(peers, request, weights, this.records, admit, this.scorer.candidatesNeeded(request.topK));
      await admit();
      charged = await chargeWork(peers.billing, {
        workspaceId: request.workspaceId,
        action: ACTION,
        quantity: 1,
        ref,
        idempotencyKey: `${keyBase}:charge`,
      });
      const scored = await this.scorer.score(job, cvs, weights, graph, deterministic);
      const top = scored.ranked.slice(0, request.topK);
      const ranked = request.guidance ? withGuidance(job, cvs, top, prepareJob(job, weights, graph)) : top;
      const produced = {
        workspaceId: request.workspaceId,
        jobId: job.id,
        candidates: ranked.length,
        ref: key ? ref : undefined,
      };
      let version = 0;
      if (request.cache) {
        version = await this.results.store(
          {
            workspaceId: request.workspaceId,
            // The charge entry names the stored version: a replayed charge gets its first version back.
            reservationId: charged.chargeId,
            jobId: job.id,
            weights: {
              experience: weights.experience,
              hardSkills: weights.hard_skills,
              softSkills: weights.soft_skills,
              education: weights.education,
            },
            topK: request.topK,
            candidates: ranked,
            versionsUsed: {
              scorer: SCORER_VERSION,
              ...(scored.rescoredBy ? { requirement_rescorer: scored.rescoredBy } : {}),
              taxonomy: taxonomyVersion,
              ...analyzers,
              ...(request.blind ? { blind: BLIND_VERSION } : {}),
            },
          },
          // Its match.completed is written in the same transaction.
          this.events && ((stored) => this.events!.row({ ...produced, version: stored })),
        );
        this.events?.written();
      } else await this.events?.produced({ ...produced, version: 0 });
      return { candidates: ranked, version };
    } catch (error) {
      if (charged) await this.refund(peers.billing, request.workspaceId, charged, keyBase, context);
      throw error;
    }
  }

  /** Work that failed after it paid is refunded (once per charge); errors charge nothing. */
  private async refund(
    billingClient: AsyncClient<billing.BillingServiceClient>,
    workspaceId: string,
    charged: ChargedWork,
    keyBase: string,
    context: RequestContext | undefined,
  ): Promise<void> {
    await refundWork(billingClient, {
      workspaceId,
      action: ACTION,
      charged,
      idempotencyKey: `${keyBase}:refund:${charged.ref}`,
    }).catch((refundError: unknown) =>
      // Billing unreachable: the charge stands until a retry with the same Idempotency-Key replays and uses it.
      this.logger.warn({ err: refundError, ...contextFields(context) }, 'refund of a failed match could not be made'),
    );
  }

  async stored(workspaceId: string, jobId: string, version: number): Promise<StoredResult> {
    const result = isUuid(jobId) ? await this.results.find(workspaceId, jobId.toLowerCase(), version) : undefined;
    if (!result) {
      throw new DomainError(
        'NOT_FOUND',
        version > 0 && isUuid(jobId) && (await this.results.find(workspaceId, jobId.toLowerCase(), 0))
          ? `Version ${version} of the match results of job ${jobId} does not exist.`
          : `No stored match results for job ${jobId}.`,
      );
    }
    return result;
  }
}
