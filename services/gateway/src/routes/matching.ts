import { DomainError, isUuid } from '@talent/platform';
import type { matching } from '@talent/proto';
import type { z } from 'zod';
import type { ApiRouter } from '../http/api.js';
import { toTimestamp } from '../schemas/common.js';
import {
  JobIdParams,
  MATCH_LIMITS,
  MATCH_RESPONSES,
  MatchBody,
  MatchResponse,
  parseMatchBody,
  StoredMatchQuery,
  StoredMatchResponse,
  SUM_OF_WEIGHTS_MESSAGE,
} from '../schemas/matching.js';
import { FairnessBody, FairnessResponse } from '../schemas/fairness.js';
import type { Upstreams } from '../upstreams.js';

export interface MatchingRouteOptions {
  matching: Upstreams['matching'];
  /** gRPC deadline of Match: scoring up to 10,000 CVs takes longer than a lookup. */
  matchDeadlineMs: number;
}

/** The exact text of the matching service for unknown/foreign jobs and jobs without stored results. */
export const noStoredResults = (jobId: string) => new DomainError('NOT_FOUND', `No stored match results for job ${jobId}.`);

/** Candidates travel as the spec's JSON array; the gateway hands them on as they are. */
function parseCandidates(json: string): unknown[] {
  const candidates = JSON.parse(json || '[]') as unknown;
  if (!Array.isArray(candidates)) throw new Error('matching answered candidates that are not an array');
  return candidates;
}

function parseObject(json: string): Record<string, unknown> {
  const value = JSON.parse(json || '{}') as unknown;
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function registerMatchingRoutes(api: ApiRouter, { matching: upstream, matchDeadlineMs }: MatchingRouteOptions): void {
  api.add(
    {
      method: 'post',
      path: '/match',
      operationId: 'matchCandidates',
      tag: 'Matching',
      summary: 'Score CVs against a job',
      description: [
        'Scores every candidate CV against the job and answers the best `topK`, ranked by `final_score`. `data` holds one array per match operation: always exactly one (`length` 1).',
        `**Validation** (400 \`{error}\`, before any work, nothing charged), the first problem in this order: a missing \`jobId\`, \`candidatesIds\` or \`topK\` (\`Missing required fields.\`); an unknown field (named); \`jobId\` not a UUID; \`candidatesIds\` not an array of 1–${MATCH_LIMITS.maxCandidates.toLocaleString('en')} UUIDs; \`topK\` not an integer ≥ 1; \`weights\` not an object of numbers 0–1 (unknown weight names refused); \`cache\` not a boolean; weights summing above 1 (\`${SUM_OF_WEIGHTS_MESSAGE}\`, tolerance 1e-9) or all 0.`,
        '**Weights**: omitted → equal weights. Given → each missing weight counts 0, and a sum below 1 is normalised (only the proportions matter).',
        '**Candidates**: every id must be a COMPLETED CV of this workspace; otherwise 422 `CANDIDATES_NOT_FOUND` lists every unusable id (unknown, another workspace\'s, deleted, FAILED or still PENDING), all 10,000 if need be. A repeated id is scored once.',
        '**Job**: both the job and the CVs must be COMPLETED (spec rule 2): a job still PENDING, like an unknown, foreign, deleted or FAILED one, answers 404 `VACANCY_NOT_FOUND`. A job without extractable requirements answers 422 `VACANCY_HAS_NO_REQUIREMENTS`.',
        '**Tokens**: one `job_matching` (price: GET /credits/costs) per successful request, whatever the number of candidates; nothing on any error. 402 `INSUFFICIENT_CREDITS` when the balance cannot cover it, only after the checks above (a request that is also invalid, names an unusable job or candidate answers 400/404/422), and before any CV is scored. An `Idempotency-Key` makes a retry replay the first answer without charging again.',
        '**cache** (default false): true stores the result as a new version of the job\'s match results, readable with GET /match/{jobId}; the response `message` names the version.',
        '**Extensions beyond the spec** (optional; absent, the request and the answer are the spec\'s): `blind: true` scores records stripped of identity and protected attributes (see the field); `guidance: true` adds `guidance` to each returned candidate. Both are priced as any match.',
      ].join('\n\n'),
      billable: true,
      rawBody: { mediaType: 'application/json', schema: MatchBody, description: 'The job, the candidate CVs, `topK`, and optional `weights` and `cache`.' },
      errors: [400, 402],
      responses: { 404: MATCH_RESPONSES.vacancyNotFound, 422: MATCH_RESPONSES.unprocessable },
      response: { description: 'The ranked candidates of the one match operation.', schema: MatchResponse },
    },
    async ({ body, workspaceId, idempotencyKey, context }): Promise<z.output<typeof MatchResponse>> => {
      const input = parseMatchBody(body);
      const { candidatesJson, version, candidatesNotFound } = await upstream.match(
        {
          workspaceId,
          jobId: input.jobId,
          candidateIds: input.candidatesIds,
          topK: input.topK,
          ...(input.weights ? { weights: input.weights } : {}),
          cache: input.cache,
          blind: input.blind,
          guidance: input.guidance,
          idempotencyKey,
        },
        { deadlineMs: matchDeadlineMs, context },
      );
      if (candidatesNotFound)
        throw new DomainError('CANDIDATES_NOT_FOUND', candidatesNotFound.message, { candidate_ids: candidatesNotFound.candidateIds });
      const candidates = parseCandidates(candidatesJson);
      const ranked = `Matching completed: ${plural(candidates.length, 'candidate')} ranked`;
      const message = version > 0 ? `${ranked}; stored as version ${version} of the results of job ${input.jobId}.` : `${ranked}.`;
      return { message, length: 1, data: [candidates as z.output<typeof MatchResponse>['data'][number]] };
    },
  );

  api.add(
    {
      method: 'get',
      path: '/match/{jobId}',
      operationId: 'getStoredMatch',
      tag: 'Matching',
      summary: 'Read stored match results',
      description:
        'The match results stored for a job by `POST /match` with `cache: true`: the version asked for with `version`, else the latest. `data` is `{job_id, version, created_at, weights, top_k, candidates, versions_used}`: the weights applied (equal weights when the request gave none), the `topK` requested, the ranked candidates as they were answered, and what the scores were computed with. 404 `{error}` when the job has no stored results in this workspace (unknown, another workspace\'s, not a UUID, never cached) or no such version. Free of charge.',
      params: JobIdParams,
      query: StoredMatchQuery,
      errors: [400],
      responses: { 404: MATCH_RESPONSES.storedNotFound },
      response: { description: 'One stored version of the job\'s match results.', schema: StoredMatchResponse },
    },
    async ({ req, query, workspaceId, context }): Promise<z.output<typeof StoredMatchResponse>> => {
      const jobId = String(req.params.jobId ?? '');
      if (!isUuid(jobId)) throw noStoredResults(jobId);
      const stored: matching.GetStoredResultResponse = await upstream.getStoredResult({ workspaceId, jobId, version: query.version ?? 0 }, { context });
      const weights = stored.weights ?? { experience: 0, hardSkills: 0, softSkills: 0, education: 0 };
      return {
        message: `Match results retrieved successfully (version ${stored.version}).`,
        data: {
          job_id: stored.jobId || jobId,
          version: stored.version,
          created_at: toTimestamp(stored.createdAt ?? new Date(0)),
          weights: {
            experience: weights.experience,
            hardSkills: weights.hardSkills,
            softSkills: weights.softSkills,
            education: weights.education,
          },
          top_k: stored.topK,
          candidates: parseCandidates(stored.candidatesJson) as z.output<typeof StoredMatchResponse>['data']['candidates'],
          versions_used: parseObject(stored.versionsUsedJson),
        },
      };
    },
  );

  api.add(
    {
      method: 'post',
      path: '/match/fairness',
      operationId: 'matchFairness',
      tag: 'Matching',
      summary: 'Fairness report of a job\'s selection (extension)',
      description: [
        '**Extension beyond the spec.** Scores the CVs against the job as `POST /match` does (optionally `blind`), applies the selection rule (exactly one of `topK`: the best `topK` are selected; `threshold`: every candidate whose `final_score` is at least it), and answers per group label: candidates, selected, selection rate, impact ratio against the group with the highest rate, and mean score; and whether the four-fifths rule holds (every impact ratio ≥ 0.8), naming the groups below it.',
        '**Labels** are the client\'s own (e.g. self-declared gender or age band; any text of 1–100 characters). They are used for this answer only: never stored, never logged, and sent to no service other than matching. Nothing of the report is stored.',
        '**Errors** as `POST /match`: 400 for an invalid body (also: neither or both of `topK` and `threshold`; a CV given two labels), 404 `VACANCY_NOT_FOUND`, 422 `CANDIDATES_NOT_FOUND` for unknown, another workspace\'s or not COMPLETED CVs, 422 `VACANCY_HAS_NO_REQUIREMENTS`, 402 `INSUFFICIENT_CREDITS`.',
        '**Price** (decision): a report is priced as a match and charged as one, on the same action: one `job_matching` per successful request (GET /credits/costs says so), nothing on any error. An `Idempotency-Key` makes a retry replay the first answer without charging again.',
      ].join('\n\n'),
      billable: true,
      body: FairnessBody,
      errors: [400, 402],
      responses: { 404: MATCH_RESPONSES.vacancyNotFound, 422: MATCH_RESPONSES.unprocessable },
      response: { description: 'The report.', schema: FairnessResponse },
    },
    async ({ body, workspaceId, idempotencyKey, context }): Promise<z.output<typeof FairnessResponse>> => {
      if ((body.topK === undefined) === (body.threshold === undefined))
        throw new DomainError('INVALID_ARGUMENT', "Give exactly one selection rule: 'topK' or 'threshold'.");
      const { reportJson, candidatesNotFound } = await upstream.fairness(
        {
          workspaceId,
          jobId: body.jobId,
          candidateIds: body.candidates.map((candidate) => candidate.id),
          groupLabels: body.candidates.map((candidate) => candidate.group),
          selection: body.topK !== undefined ? { $case: 'topK', value: body.topK } : { $case: 'threshold', value: body.threshold! },
          blind: body.blind,
          idempotencyKey,
        },
        { deadlineMs: matchDeadlineMs, context },
      );
      if (candidatesNotFound)
        throw new DomainError('CANDIDATES_NOT_FOUND', candidatesNotFound.message, { candidate_ids: candidatesNotFound.candidateIds });
      const report = JSON.parse(reportJson) as z.output<typeof FairnessResponse>['data'];
      const rule = report.four_fifths_rule.holds ? 'holds' : `does not hold (${report.four_fifths_rule.groups_below.join(', ')})`;
      return {
        message: `Fairness report: ${plural(report.candidates, 'candidate')} in ${plural(report.groups.length, 'group')}, ${report.selected} selected; the four-fifths rule ${rule}.`,
        data: report,
      };
    },
  );
}
