import {
  contextFields,
  DomainError,
  isDomainError,
  isUuid,
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
import type { ProducedMatch } from '../events/match-events.js';
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
 * POST /match (DESIGN §4, §6): the job's checks, then one job_matching held while the records arrive and are
 * scored, the candidates' checks, re-scoring (optional), storing (cache), commit. The spec's order of errors holds
 * (400, 404, 422 before 402); any failure releases the hold, so errors charge nothing.
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
    /** Told of every charged match (matching announces it as `match.completed`). */
    private readonly onProduced: (match: ProducedMatch) => Promise<void> = async () => {},
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
    // With an Idempotency-Key the unit of work is named by it, so a retry reserves and commits the same charge.
    const ref = key ? `idem:${createHash('sha256').update(key).digest('hex').slice(0, 32)}` : randomUUID();
    const keyBase = `match:${ref}`;
    // The hold is asked for once the job has passed its checks, while skills and documents answer; no CV is scored
    // before it is held (a 402 does no work), and a refused candidate list still answers 422 first (and releases it).
    let hold: Promise<billing.ReserveResponse> | undefined;
    const admit = () =>
      (hold ??= peers.billing.reserve({
        workspaceId: request.workspaceId,
        lines: [{ action: ACTION, quantity: 1, ref }],
        idempotencyKey: `${keyBase}:reserve`,
        ttlSeconds: 0,
      }));
    let reservation: billing.ReserveResponse | undefined;
    try {
      const {
        job,
        cvs,
        ranked: deterministic,
        graph,
        taxonomyVersion,
        analyzers,
      } = await fetchAndScore(peers, request, weights, this.records, admit);
      reservation = await admit();
      const scored = await this.scorer.score(job, cvs, weights, graph, deterministic);
      const top = scored.ranked.slice(0, request.topK);
      const ranked = request.guidance ? withGuidance(job, cvs, top, prepareJob(job, weights, graph)) : top;
      let version = 0;
      if (request.cache) {
        version = await this.results.store({
          workspaceId: request.workspaceId,
          reservationId: reservation.reservationId,
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
        });
      }
      await this.commit(peers.billing, request.workspaceId, reservation, keyBase, ref);
      await this.onProduced({ workspaceId: request.workspaceId, jobId: job.id, version, candidates: ranked.length, ref: key ? ref : undefined });
      return { candidates: ranked, version };
    } catch (error) {
      reservation ??= await hold?.catch(() => undefined);
      if (reservation) await this.release(peers.billing, request.workspaceId, reservation, keyBase, context);
      throw error;
    }
  }

  private async release(
    billingClient: AsyncClient<billing.BillingServiceClient>,
    workspaceId: string,
    reservation: billing.ReserveResponse,
    keyBase: string,
    context: RequestContext | undefined,
  ): Promise<void> {
    await billingClient
      .release({ reservationId: reservation.reservationId, workspaceId, idempotencyKey: `${keyBase}:release` })
      .catch((releaseError: unknown) => {
        // A committed hold (a replay) or an unreachable billing: the hold expires on its own either way.
        if (!isDomainError(releaseError))
          this.logger.warn(
            { err: releaseError, ...contextFields(context) },
            'release of a match hold failed; it will expire',
          );
      });
  }

  /**
   * Charges the match's one unit. A retry with the same Idempotency-Key replays the first attempt's hold; when that
   * attempt failed, its hold was released (or has expired), so this attempt holds the unit afresh and commits that.
   * Billing charges a unit at most once: a retry racing another one that already paid is answered uncharged.
   */
  private async commit(
    billingClient: AsyncClient<billing.BillingServiceClient>,
    workspaceId: string,
    reservation: billing.ReserveResponse,
    keyBase: string,
    ref: string,
  ): Promise<void> {
    try {
      await billingClient.commit({
        reservationId: reservation.reservationId,
        workspaceId,
        lines: [],
        idempotencyKey: `${keyBase}:commit`,
      });
      return;
    } catch (error) {
      if (!reservation.replayed || !isDomainError(error) || error.code !== 'RESERVATION_NOT_PENDING') throw error;
    }
    const attempt = `${keyBase}:again:${randomUUID()}`;
    let fresh: billing.ReserveResponse;
    try {
      fresh = await billingClient.reserve({
        workspaceId,
        lines: [{ action: ACTION, quantity: 1, ref }],
        idempotencyKey: `${attempt}:reserve`,
        ttlSeconds: 0,
      });
    } catch (error) {
      if (isDomainError(error) && error.code === 'ALREADY_EXISTS') return;
      throw error;
    }
    await billingClient.commit({
      reservationId: fresh.reservationId,
      workspaceId,
      lines: [],
      idempotencyKey: `${attempt}:commit`,
    });
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
