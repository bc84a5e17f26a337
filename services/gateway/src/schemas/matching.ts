import type { ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { FINAL_SCORE_FORMULA, SUM_OF_WEIGHTS_MESSAGE, WEIGHT_SUM_TOLERANCE } from '@talent/records';

export { SUM_OF_WEIGHTS_MESSAGE };
import { DomainError, UUID_PATTERN } from '@talent/platform';
import { MISSING_FIELDS_MESSAGE } from '../http/api.js';
import { ErrorBody } from '../openapi/errors.js';
import { z } from '../openapi/zod.js';
import { Timestamp } from './common.js';
import { IdempotencyKeyReusedBody } from './documents.js';

/** Limits of the matching endpoints the spec leaves open; written into the OpenAPI document. */
export const MATCH_LIMITS = {
  /** Ids per `POST /match` (10,000 UUIDs are ~390 KB of JSON, within the 1 MB body limit). */
  maxCandidates: 10_000,
  /** `topK` and `version` travel as int32. */
  maxInt32: 2_147_483_647,
  /** Rounding slack of the weight sum (0.1 + 0.2 + 0.3 + 0.4 is 1.0000000000000002 in binary floating point). */
  sumTolerance: WEIGHT_SUM_TOLERANCE,
} as const;


const Uuid = z.string().regex(UUID_PATTERN).openapi({ format: 'uuid', example: '3f1c9a52-7d4e-4b8a-9c61-0e2f5a7b8d93' });

export const WEIGHT_NAMES = ['experience', 'hardSkills', 'softSkills', 'education'] as const;
const MATCH_FIELDS = ['jobId', 'candidatesIds', 'topK', 'weights', 'cache', 'blind', 'guidance'] as const;
const REQUIRED_FIELDS = ['jobId', 'candidatesIds', 'topK'] as const;

const quoted = (names: readonly string[]) => names.map((name) => `'${name}'`).join(', ');
const CANDIDATES_MESSAGE = "'candidatesIds' must be a non-empty array of UUIDs.";
const TOP_K_MESSAGE = `'topK' must be an integer between 1 and ${MATCH_LIMITS.maxInt32}.`;
const WEIGHTS_MESSAGE = `'weights' must be an object with optional numbers ${quoted(WEIGHT_NAMES)} between 0 and 1.`;

const weight = (name: (typeof WEIGHT_NAMES)[number], what: string) =>
  z
    .number({ error: `'weights.${name}' must be a number between 0 and 1.` })
    .min(0, { error: `'weights.${name}' must be a number between 0 and 1.` })
    .max(1, { error: `'weights.${name}' must be a number between 0 and 1.` })
    .optional()
    .openapi({ description: `Weight of ${what}, 0–1; 0 when absent (and \`weights\` is given).`, example: 0.25 });

export const MatchWeightsInput = z
  .strictObject(
    {
      experience: weight('experience', 'the experience dimension'),
      hardSkills: weight('hardSkills', 'the hard-skills dimension'),
      softSkills: weight('softSkills', 'the soft-skills dimension'),
      education: weight('education', 'the education dimension'),
    },
    {
      error: (issue: { code: string; keys?: string[] }) =>
        issue.code === 'unrecognized_keys'
          ? `Unknown field 'weights.${issue.keys?.[0] ?? ''}': the weights are ${quoted(WEIGHT_NAMES)}.`
          : WEIGHTS_MESSAGE,
    },
  )
  .openapi('MatchWeightsInput', {
    description:
      'Weights of the four dimensions in `summary_score`, each 0–1, summing to at most 1 (400 `Sum of weights cannot be greater than 1` above, with a tolerance of 1e-9). Each is optional: a missing one counts 0. At least one must be above 0. A sum below 1 is normalised (each weight divided by the sum), so only the proportions matter. Omit `weights` entirely for equal weights.',
  });

/** Each field on its own, so the handler can check them in the documented order (see parseMatchBody). */
const FIELD_SCHEMAS = {
  jobId: z
    .string({ error: "'jobId' must be a UUID." })
    .regex(UUID_PATTERN, { error: "'jobId' must be a UUID." })
    .openapi({ format: 'uuid', description: 'The job (vacancy) to match against; its analysis must be COMPLETED.', example: '3f1c9a52-7d4e-4b8a-9c61-0e2f5a7b8d93' }),
  candidatesIds: z
    .array(z.string({ error: "'{field}' must be a UUID." }).regex(UUID_PATTERN, { error: "'{field}' must be a UUID." }).openapi({ format: 'uuid' }), { error: CANDIDATES_MESSAGE })
    .min(1, { error: CANDIDATES_MESSAGE })
    .max(MATCH_LIMITS.maxCandidates, {
      error: `'candidatesIds' may hold at most ${MATCH_LIMITS.maxCandidates.toLocaleString('en')} ids per request.`,
    })
    .openapi({
      description: `The CVs to score, 1–${MATCH_LIMITS.maxCandidates.toLocaleString('en')} ids; every one must be a COMPLETED CV of this workspace (else 422 CANDIDATES_NOT_FOUND listing every unusable id). A repeated id is scored once.`,
    }),
  topK: z
    .int({ error: TOP_K_MESSAGE })
    .min(1, { error: TOP_K_MESSAGE })
    .max(MATCH_LIMITS.maxInt32, { error: TOP_K_MESSAGE })
    .openapi({ description: 'Maximum number of top-scoring candidates returned (at least 1; more than there are candidates returns them all).', example: 10 }),
  weights: MatchWeightsInput.optional(),
  cache: z
    .boolean({ error: "'cache' must be a boolean (true or false)." })
    .default(false)
    .openapi({
      description:
        'Default false. True stores the result as a new version of the job\'s match results (readable with GET /match/{jobId}); the response `message` names the version.',
    }),
  blind: z
    .boolean({ error: "'blind' must be a boolean (true or false)." })
    .default(false)
    .openapi({
      description:
        '**Extension beyond the spec.** Default false. True scores and explains records stripped, before scoring, of everything that identifies a person or stands for a protected attribute: names (also where the text repeats them), contacts, links, addresses, education dates (school-leaving years give away age), and every sentence stating a date of birth, age, gender, marital status or family, nationality or citizenship, or a photo; titles (Mr/Ms/Frau/Herr/Mme…) and gendered pronouns are removed. Experience dates stay (they are the months the job asks for). A stored blind result carries `versions_used.blind` (the redaction rules\' version).',
      example: true,
    }),
  guidance: z
    .boolean({ error: "'guidance' must be a boolean (true or false)." })
    .default(false)
    .openapi({
      description:
        '**Extension beyond the spec.** Default false. True gives each returned candidate `guidance`: up to three changes to the CV that would raise its score most (evidence of a job skill it lacks, a requirement line stated, the degree or the experience asked for), each with the exact `final_score` of re-scoring a changed copy of the record with the same scorer (the deterministic one), best gain first, deterministic. Computed for the returned `topK` candidates only.',
      example: true,
    }),
} as const;

/** The request body as documented; parseMatchBody applies it field by field in the documented order. */
export const MatchBody = z
  .strictObject({
    jobId: FIELD_SCHEMAS.jobId,
    candidatesIds: FIELD_SCHEMAS.candidatesIds,
    topK: FIELD_SCHEMAS.topK,
    weights: FIELD_SCHEMAS.weights,
    cache: FIELD_SCHEMAS.cache,
    blind: FIELD_SCHEMAS.blind,
    guidance: FIELD_SCHEMAS.guidance,
  })
  .openapi('MatchRequest');

export interface MatchInput {
  jobId: string;
  candidatesIds: string[];
  topK: number;
  /** Absent: equal weights upstream. Present: every weight, missing ones 0. */
  weights?: Record<(typeof WEIGHT_NAMES)[number], number>;
  cache: boolean;
  blind: boolean;
  guidance: boolean;
}

const invalid = (message: string) => new DomainError('INVALID_ARGUMENT', message);

/** `['weights'] + ['experience']` → `weights.experience`; `['candidatesIds'] + [3]` → `candidatesIds[3]`. */
function fieldName(field: string, path: readonly PropertyKey[]): string {
  return path.reduce<string>((name, key) => (typeof key === 'number' ? `${name}[${key}]` : `${name}.${String(key)}`), field);
}

function check<T extends z.ZodType>(field: string, schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw invalid((issue?.message ?? `Invalid field '${field}'.`).replaceAll('{field}', fieldName(field, issue?.path ?? [])));
}

/**
 * Validates a `POST /match` body in the documented order, before anything travels upstream: a missing required
 * field; an unknown field; each field's type (jobId, candidatesIds, topK, weights, cache); the weight sum.
 */
export function parseMatchBody(input: unknown): MatchInput {
  const body = input ?? {};
  if (typeof body !== 'object' || Array.isArray(body)) throw invalid('Request body must be a JSON object.');
  const fields = body as Record<string, unknown>;
  if (REQUIRED_FIELDS.some((name) => fields[name] === undefined)) throw invalid(MISSING_FIELDS_MESSAGE);
  const unknown = Object.keys(fields).find((name) => !(MATCH_FIELDS as readonly string[]).includes(name));
  if (unknown !== undefined) throw invalid(`Unknown field '${unknown}': the body accepts ${quoted(MATCH_FIELDS)}.`);

  const jobId = check('jobId', FIELD_SCHEMAS.jobId, fields.jobId);
  const candidatesIds = check('candidatesIds', FIELD_SCHEMAS.candidatesIds, fields.candidatesIds);
  const topK = check('topK', FIELD_SCHEMAS.topK, fields.topK);
  const given = fields.weights === undefined ? undefined : check('weights', MatchWeightsInput, fields.weights);
  const cache = check('cache', FIELD_SCHEMAS.cache, fields.cache);
  const blind = check('blind', FIELD_SCHEMAS.blind, fields.blind);
  const guidance = check('guidance', FIELD_SCHEMAS.guidance, fields.guidance);

  let weights: MatchInput['weights'];
  if (given) {
    weights = { experience: given.experience ?? 0, hardSkills: given.hardSkills ?? 0, softSkills: given.softSkills ?? 0, education: given.education ?? 0 };
    const sum = WEIGHT_NAMES.reduce((total, name) => total + weights![name], 0);
    if (sum > 1 + MATCH_LIMITS.sumTolerance) throw invalid(SUM_OF_WEIGHTS_MESSAGE);
    if (sum === 0) throw invalid("'weights' must give at least one weight above 0; omit 'weights' for equal weights.");
  }
  return { jobId, candidatesIds, topK, ...(weights ? { weights } : {}), cache, blind, guidance };
}

export const ScoreDetail = z
  .object({
    score: z.int().min(0).max(10).openapi({ example: 8 }),
    criteria: z.string().openapi({ description: 'The requirement or skill scored.', example: '5+ years of backend development' }),
    explanation: z.string().openapi({ description: 'Why this score, citing the CV evidence.', example: '7 years as backend engineer at Acme (Go, PostgreSQL).' }),
  })
  .openapi('ScoreDetail', { description: 'The score of one requirement or skill of the job against one CV.' });

const dimensionScore = (what: string) => z.number().min(0).max(10).openapi({ description: `Average score of ${what}, 0–10.` });
const dimensionDetails = (what: string) =>
  z.record(z.string(), ScoreDetail).openapi({ description: `Each ${what} of the job, by name, with its Score detail.` });

export const Guidance = z
  .object({
    change: z.string().openapi({ description: 'What to add to the CV.', example: 'evidence of Apache Kafka' }),
    final_score: z.number().min(0).max(10).openapi({ description: 'The exact `final_score` of the CV with this change, re-scored by the same scorer.', example: 7.9 }),
    gain: z.number().openapi({ description: '`final_score` minus the score without the change (> 0), two decimals.', example: 0.5 }),
  })
  .openapi('MatchGuidance', { description: 'Extension beyond the spec: one counterfactual change of a CV.' });

export const MatchCandidate = z
  .object({
    score_meta: z
      .object({
        education: dimensionScore('the education requirements'),
        hard_skills: dimensionScore('the hard skills'),
        soft_skills: dimensionScore('the soft skills'),
        experience: dimensionScore('the experience requirements'),
      })
      .openapi({ description: 'Average score per dimension, 0–10.' }),
    score_dict: z
      .object({
        education: dimensionDetails('education requirement'),
        hard_skills: dimensionDetails('hard skill'),
        soft_skills: dimensionDetails('soft skill'),
        experience: dimensionDetails('experience requirement'),
      })
      .openapi({ description: 'Every requirement and skill of the job with its Score detail, per dimension.' }),
    summary_score: z.number().min(0).max(10).openapi({ description: 'The dimension averages combined with the weights, 0–10.', example: 7.4 }),
    final_score: z.number().min(0).max(10).openapi({ description: `Final normalized score, 0–10; candidates are ranked by it, best first. ${FINAL_SCORE_FORMULA}`, example: 7.4 }),
    person_id: Uuid.openapi({ description: 'The matched CV.' }),
    job_id: Uuid.openapi({ description: 'The job matched against.' }),
    guidance: z
      .array(Guidance)
      .max(3)
      .optional()
      .openapi({ description: '**Extension beyond the spec**, only with `guidance: true`: up to three changes to the CV that raise its score most, best gain first.' }),
  })
  .openapi('MatchCandidate', { description: 'One scored candidate.' });

export const MatchResponse = z
  .object({
    message: z.string().openapi({ example: 'Matching completed: 3 candidates ranked; stored as version 2 of the results of job 3f1c9a52-7d4e-4b8a-9c61-0e2f5a7b8d93.' }),
    length: z.int().min(1).openapi({ description: 'Number of result sets in `data`: always 1 (one match operation per request).', example: 1 }),
    data: z
      .array(z.array(MatchCandidate))
      .openapi({ description: 'One array per match operation (always one), holding at most `topK` candidates ranked by `final_score`, best first.' }),
  })
  .openapi('MatchResponse');

export const MatchWeights = z
  .object({
    experience: z.number().min(0).max(1),
    hardSkills: z.number().min(0).max(1),
    softSkills: z.number().min(0).max(1),
    education: z.number().min(0).max(1),
  })
  .openapi('MatchWeights', { description: 'The weights the stored scores were computed with (equal weights when the request gave none).' });

export const StoredMatchResponse = z
  .object({
    message: z.string().openapi({ example: 'Match results retrieved successfully (version 2).' }),
    data: z.object({
      job_id: Uuid,
      version: z.int().min(1).openapi({ description: 'Version of the stored results (1, 2, … per job, one per `cache: true` match).', example: 2 }),
      created_at: Timestamp,
      weights: MatchWeights,
      top_k: z.int().min(1),
      candidates: z.array(MatchCandidate).openapi({ description: 'Ranked by `final_score`, best first.' }),
      versions_used: z
        .record(z.string(), z.unknown())
        .openapi({ description: 'What the scores were computed with: versions of the scorer, the taxonomy, the job analyzer and the CV analyzers (`rules-<n>`, or `llm-1:<model>` for records a model analyzed), and `requirement_rescorer`: the model that re-scored the requirement lines, when one did.' }),
    }),
  })
  .openapi('StoredMatchResponse');

export const JobIdParams = z.object({ jobId: Uuid.openapi({ description: 'The job whose stored match results to read.' }) });

export const StoredMatchQuery = z.object({
  version: z.coerce
    .number({ error: `Query parameter 'version' must be an integer between 1 and ${MATCH_LIMITS.maxInt32}.` })
    .int({ error: `Query parameter 'version' must be an integer between 1 and ${MATCH_LIMITS.maxInt32}.` })
    .min(1, { error: `Query parameter 'version' must be an integer between 1 and ${MATCH_LIMITS.maxInt32}.` })
    .max(MATCH_LIMITS.maxInt32, { error: `Query parameter 'version' must be an integer between 1 and ${MATCH_LIMITS.maxInt32}.` })
    .optional()
    .openapi({ type: 'integer', minimum: 1, description: 'Version of the stored results; the latest when omitted.' }),
});

export const VacancyNotFoundBody = z
  .object({
    code: z.literal('VACANCY_NOT_FOUND'),
    message: z.string().openapi({ example: 'Vacancy 3f1c9a52-7d4e-4b8a-9c61-0e2f5a7b8d93 not found.' }),
    vacancy_id: z.string().openapi({ description: 'The requested `jobId`.' }),
  })
  .openapi('VacancyNotFound');

export const CandidatesNotFoundBody = z
  .object({
    code: z.literal('CANDIDATES_NOT_FOUND'),
    message: z.string(),
    candidate_ids: z.array(z.string()).openapi({ description: 'Every unusable id of `candidatesIds` (unknown, another workspace\'s, deleted, FAILED or still PENDING).' }),
  })
  .openapi('CandidatesNotFound');

export const VacancyHasNoRequirementsBody = z
  .object({
    code: z.literal('VACANCY_HAS_NO_REQUIREMENTS'),
    message: z.string(),
    vacancy_id: z.string(),
  })
  .openapi('VacancyHasNoRequirements');

const json = (schema: z.ZodType) => ({ 'application/json': { schema } });

/** Responses of the matching operations that the shared error table does not describe. */
export const MATCH_RESPONSES = {
  vacancyNotFound: {
    description:
      '`VACANCY_NOT_FOUND`: the job does not exist in this workspace (unknown, another workspace\'s, deleted, FAILED) or its analysis is still PENDING (both the job and the CVs must be COMPLETED). Nothing is charged.',
    content: json(VacancyNotFoundBody),
  },
  unprocessable: {
    description:
      '`CANDIDATES_NOT_FOUND`: some candidate ids are not COMPLETED CVs of this workspace (all listed); `VACANCY_HAS_NO_REQUIREMENTS`: nothing to score the job by. Nothing is charged. Also `IDEMPOTENCY_KEY_REUSED`.',
    content: json(z.union([CandidatesNotFoundBody, VacancyHasNoRequirementsBody, IdempotencyKeyReusedBody])),
  },
  storedNotFound: {
    description: 'No stored results for this job (unknown, another workspace\'s, not a UUID, or never matched with `cache: true`), or no such version.',
    content: json(ErrorBody),
  },
} satisfies Record<string, ResponseConfig>;
