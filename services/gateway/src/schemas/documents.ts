import type { ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { cvContent, cvUpdate, INTAKE_LIMITS, jobContent, jobUpdate, UPDATE_SCHEMA_NAMES } from '@talent/records';
import { UUID_PATTERN } from '@talent/platform';
import { ErrorBody } from '../openapi/errors.js';
import { z } from '../openapi/zod.js';
import { MAX_OFFSET, named, Pagination, queryInt, Timestamp } from './common.js';

/**
 * Limits of the REST surface: the intake limits shared with the documents service (@talent/records) plus the
 * gateway's own; checked here first so a bad request never travels upstream, and written into the OpenAPI document.
 */
export const DOCUMENT_LIMITS = {
  ...INTAKE_LIMITS,
  /**
   * JSON body of a text analysis: 100 inputs of 100,000 characters always fit when sent as UTF-8 (at most 3
   * bytes per UTF-16 code unit, so 30 MB of text); only `\uXXXX`-escaped non-ASCII text could exceed it.
   */
  analyzeJsonLimit: '32mb',
  analyzeJsonLimitLabel: '32 MB',
  /** Ids per `POST /{cvs|jobs}/status`. */
  maxStatusIds: 1_000,
  /** Heartbeat comment lines of an event stream. */
  heartbeatMs: 15_000,
} as const;

const Uuid = z.string().regex(UUID_PATTERN).openapi({ format: 'uuid', example: '3f1c9a52-7d4e-4b8a-9c61-0e2f5a7b8d93' });

const shown = (value: unknown): string => {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  return JSON.stringify(text.length > 64 ? `${text.slice(0, 64)}…` : text);
};

/** Reject unknown fields by name: a typo in `block` or `stream` must not silently change the behaviour. */
const objectError =
  (allowed: readonly string[]) =>
  (issue: { code: string; keys?: string[] }): string =>
    issue.code === 'unrecognized_keys'
      ? `Unknown field '${issue.keys?.[0] ?? ''}': the body accepts ${allowed.map((name) => `'${name}'`).join(', ')}.`
      : 'Request body must be a JSON object.';

const flag = (name: string, description: string) =>
  z.boolean({ error: `'${name}' must be a boolean (true or false).` }).openapi({ description });

const INPUTS_MESSAGE = "'inputs' must be a non-empty array of strings.";

export const CACHE_DESCRIPTION =
  'Default true: content already analyzed (or being analyzed) in this workspace is not analyzed again; its existing id is returned, free of charge, and its status then carries `original_id`. False always creates (and charges) a new task.';
export const BLOCK_DESCRIPTION =
  'Wait (bounded, see the operation description) until every task is COMPLETED or FAILED, and answer with their statuses.';
export const STREAM_DESCRIPTION = 'Answer with a Server-Sent Events stream of status changes (see the operation description). Wins over `block`.';

const ANALYZE_FIELDS = ['inputs', 'cache', 'stream', 'block'] as const;

export const AnalyzeBody = z
  .strictObject(
    {
      inputs: z
        .array(
          z
            .string({ error: INPUTS_MESSAGE })
            .refine((text) => text.trim().length > 0, { error: "'{field}' is empty: each input must be a non-empty string." })
            .refine((text) => text.trim().length <= DOCUMENT_LIMITS.maxInputChars, {
              error: `'{field}' is longer than ${DOCUMENT_LIMITS.maxInputChars.toLocaleString('en')} characters.`,
            }),
          { error: INPUTS_MESSAGE },
        )
        .min(1, { error: INPUTS_MESSAGE })
        .max(DOCUMENT_LIMITS.maxInputs, { error: `'inputs' may hold at most ${DOCUMENT_LIMITS.maxInputs} texts per request.` })
        .openapi({
          description: `The documents as plain text, one analysis task (and one charge) each: 1–${DOCUMENT_LIMITS.maxInputs} non-empty strings of at most ${DOCUMENT_LIMITS.maxInputChars.toLocaleString('en')} characters.`,
          example: ['Jane Doe — Senior backend engineer, Berlin. 8 years of Go and PostgreSQL…'],
        }),
      cache: flag('cache', CACHE_DESCRIPTION).default(true),
      stream: flag('stream', STREAM_DESCRIPTION).default(false),
      block: flag('block', BLOCK_DESCRIPTION).default(false),
    },
    { error: objectError(ANALYZE_FIELDS) },
  )
  .openapi('AnalyzeTextsRequest');

/** Multipart booleans arrive as text. */
const formFlag = (name: string, fallback: boolean, description: string) =>
  z
    .enum(['true', 'false', '1', '0'], { error: `Form field '${name}' must be true, false, 1 or 0.` })
    .optional()
    .transform((value) => (value === undefined ? fallback : value === 'true' || value === '1'))
    .openapi({ description: `${description} \`true\`/\`false\` or \`1\`/\`0\`; default ${String(fallback)}.` });

/** The text fields of an upload (the files themselves are parsed by the upload middleware). */
export const AnalyzeFilesFields = z.strictObject(
  {
    cache: formFlag('cache', true, CACHE_DESCRIPTION),
    stream: formFlag('stream', false, STREAM_DESCRIPTION),
    block: formFlag('block', false, BLOCK_DESCRIPTION),
  },
  {
    error: (issue: { code: string; keys?: string[] }) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown form field '${issue.keys?.[0] ?? ''}': the form accepts 'files' parts and the fields 'cache', 'stream' and 'block'.`
        : 'Invalid form fields.',
  },
);

const formFlagDoc = (description: string, fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .openapi({ description: `${description.replace(/^Default true: /, '')} Default ${String(fallback)}.` });

/** How the multipart body is documented (multer parses it; zod only checks the text fields). */
export const AnalyzeFilesForm = z
  .object({
    files: z
      .array(z.string().openapi({ format: 'binary' }))
      .min(1)
      .max(DOCUMENT_LIMITS.maxFiles)
      .openapi({
        description: `One part per document, each a PDF, DOC or DOCX file (decided from its bytes, not its name or declared type) of at most 50 MB; 1–${DOCUMENT_LIMITS.maxFiles} files, at most 60 MB in all.`,
      }),
    cache: formFlagDoc(CACHE_DESCRIPTION, true),
    stream: formFlagDoc(STREAM_DESCRIPTION, false),
    block: formFlagDoc(BLOCK_DESCRIPTION, false),
  })
  .openapi('AnalyzeFilesRequest');

export const STATUS_VALUES = ['PENDING', 'COMPLETED', 'FAILED', 'NOT_FOUND'] as const;

export const TaskStatusItem = z
  .object({
    id: Uuid.openapi({ description: 'The requested identifier.' }),
    status: z.enum(STATUS_VALUES).openapi({
      description:
        'PENDING (queued, in progress or being retried), COMPLETED (record ready), FAILED (tokens refunded automatically; resubmit the document), NOT_FOUND (no such id in this workspace and resource type).',
    }),
    original_id: Uuid.nullable().openapi({
      description: 'Set when this id answered a resubmission of content already analyzed (`cache`): the task holding the analysis. Null otherwise.',
    }),
    failure_reason: z.string().nullable().openapi({
      description:
        'FAILED only: why, in a sentence meant for the person who submitted the document (e.g. "The PDF is encrypted and cannot be read.", "Text extraction timed out after 30 s."). Null for every other status. An addition to the spec\'s status item; clients that do not know it can ignore it.',
      example: null,
    }),
  })
  .openapi('TaskStatusItem');

export const AnalyzeResponse = z
  .object({
    message: z.string(),
    data: z.object({
      ids: z.array(Uuid).openapi({ description: 'One task id per input, in input order (the same content twice in one request shares an id when `cache` is on).' }),
      status: z.enum(['PENDING', 'COMPLETED', 'FAILED']).openapi({
        description:
          'PENDING on acceptance. With `block`: COMPLETED when every task completed, FAILED when none is pending and at least one failed (or was deleted meanwhile), PENDING when the wait bound was reached (keep polling the status endpoint).',
      }),
      statuses: z.array(TaskStatusItem).optional().openapi({ description: 'With `block` only: one item per id, in `ids` order.' }),
    }),
  })
  .openapi('AnalyzeResponse');

/** The `text/event-stream` alternative of the analyze operations; `maxDuration` is the configured stream cap. */
export const analyzeEventStream = (maxDuration: string) =>
  z.string().openapi({
    description: [
      'With `stream: true` (Server-Sent Events, UTF-8). Each event is `event: <name>` then `data: <JSON>`:',
      '`accepted` `{ids}` first; then one `status` `{id, status, original_id}` per status change of a task (tasks already final when the stream opens get theirs at once; PENDING tasks get one when they finish); then `done` `{message, ids, status, statuses}` (the `message` and `data` of a blocking answer) and the stream ends.',
      `A comment line (\`: heartbeat\`) every ${DOCUMENT_LIMITS.heartbeatMs / 1000} seconds keeps proxies from closing it. A stream lasts at most ${maxDuration}; it then ends with \`done\` and status PENDING, and the client polls the status endpoint.`,
    ].join(' '),
    example:
      'event: accepted\ndata: {"ids":["3f1c9a52-7d4e-4b8a-9c61-0e2f5a7b8d93"]}\n\nevent: status\ndata: {"id":"3f1c9a52-7d4e-4b8a-9c61-0e2f5a7b8d93","status":"COMPLETED","original_id":null,"failure_reason":null}\n\nevent: done\ndata: {"ids":["3f1c9a52-7d4e-4b8a-9c61-0e2f5a7b8d93"],"status":"COMPLETED","statuses":[{"id":"3f1c9a52-7d4e-4b8a-9c61-0e2f5a7b8d93","status":"COMPLETED","original_id":null,"failure_reason":null}]}\n\n',
  });

const IDS_MESSAGE = "'ids' must be a non-empty array of UUID strings.";

export const StatusBody = z
  .strictObject(
    {
      ids: z
        .array(
          z.string({ error: IDS_MESSAGE }).regex(UUID_PATTERN, { error: (issue) => `'{field}' is not a UUID: ${shown(issue.input)}.` }),
          { error: IDS_MESSAGE },
        )
        .min(1, { error: IDS_MESSAGE })
        .max(DOCUMENT_LIMITS.maxStatusIds, { error: `'ids' may hold at most ${DOCUMENT_LIMITS.maxStatusIds} ids per request.` })
        .openapi({
          description: `1–${DOCUMENT_LIMITS.maxStatusIds.toLocaleString('en')} task ids (UUIDs) as returned by the analyze operations.`,
          items: { type: 'string', format: 'uuid' },
        }),
    },
    { error: objectError(['ids']) },
  )
  .openapi('StatusRequest');

export const StatusResponse = z
  .object({
    message: z.string(),
    length: z.int().min(0).openapi({ description: 'Number of items in `data`.' }),
    data: z.array(TaskStatusItem).openapi({ description: 'One item per requested id, in request order.' }),
  })
  .openapi('StatusResponse');

export const ListQuery = z.object({
  limit: queryInt('limit', 1, 100, 20, 'Records per page (1–100, default 20).'),
  offset: queryInt('offset', 0, MAX_OFFSET, 0, 'Records to skip from the newest (default 0).'),
});

export const IdParams = z.object({
  id: z.string().openapi({
    format: 'uuid',
    description: 'Record (task) id. An id that is not a UUID is answered exactly like an unknown one (404).',
  }),
});

export const RecordLanguageHeader = z.object({
  'accept-language': z
    .string()
    .optional()
    .openapi({
      description: 'Language of the skill names in the record, e.g. `fr` or `de-CH, de;q=0.9` (q-values honoured; codes from GET /skills/languages). Default English; other fields are returned as analyzed.',
      example: 'fr',
    }),
});

export const UpdateLanguageHeader = z.object({
  'accept-language': z
    .string()
    .optional()
    .openapi({
      description:
        'Language of the content when the body has no `content_language`: the primary subtag of the first entry (`fr-CH;q=0.9, en` → `fr`).',
      example: 'fr-CH',
    }),
});

const recordFields = {
  id: Uuid,
  created_at: Timestamp,
  updated_at: Timestamp,
};

export const CvRecord = named(cvContent.extend(recordFields), 'CvRecord', {
  description: 'An analyzed CV. `duration` in experience is in months; dates are `YYYY-MM` (empty when unknown).',
});

export const JobRecord = named(jobContent.extend(recordFields), 'JobRecord', {
  description: 'An analyzed job description. `experience_preference.duration` is in months (0 when the job states none).',
});

export const CvUpdate = named(cvUpdate, UPDATE_SCHEMA_NAMES.cv, {
  description:
    'PUT /cvs/{id}: at least one of `information`, `experience`, `education`, `hard_skills`, `soft_skills`; each dimension present replaces the stored one as a whole (`information` fields individually). Skills are identified by their taxonomy `id`; their names are taken from the taxonomy in `content_language`.',
});

export const JobUpdate = named(jobUpdate, UPDATE_SCHEMA_NAMES.job, {
  description:
    'PUT /jobs/{id}: at least one of `information`, `experience_preference`, `education_preference`, `hard_skills`, `soft_skills`; each dimension present replaces the stored one (its fields individually for objects). Skills are identified by their taxonomy `id`; their names are taken from the taxonomy in `content_language`.',
});

export const TaskPendingBody = z
  .object({
    message: z.string().openapi({ example: 'CV 3f1c9a52-7d4e-4b8a-9c61-0e2f5a7b8d93 is still being analyzed.' }),
    status: z.literal('PENDING'),
  })
  .openapi('TaskPending', { description: 'The id exists but its analysis is still in flight: poll the status endpoint.' });

export const UpdateInvalidBody = z
  .object({
    detail: z.object({
      message: z.string().openapi({ example: 'Unknown skill ids.' }),
      invalid_skills: z
        .array(z.object({ id: z.string(), field: z.string().openapi({ example: 'hard_skills' }), message: z.string() }))
        .optional(),
    }),
  })
  .openapi('UpdateInvalid', { description: 'The update is well-formed but cannot be applied (e.g. unknown skill ids, no dimension, no language).' });

export const UpdateSchemaMismatchBody = z
  .object({
    detail: z.object({
      message: z.string(),
      schema: z.string().openapi({ description: '`CvUpdate` or `JobUpdate`.', example: 'CvUpdate' }),
      errors: z.array(
        z.object({
          type: z.string().openapi({ example: 'invalid_type' }),
          loc: z.array(z.union([z.string(), z.int()])).openapi({ example: ['experience', 0, 'duration'] }),
          msg: z.string(),
        }),
      ),
    }),
  })
  .openapi('UpdateSchemaMismatch', { description: 'The update body does not match the update schema.' });

export const IdempotencyKeyReusedBody = z
  .object({ error: z.string(), code: z.literal('IDEMPOTENCY_KEY_REUSED') })
  .openapi('IdempotencyKeyReused');

export const DeletedResponse = z
  .object({
    message: z.string().openapi({ example: 'CV "Jane Doe" (3f1c9a52-7d4e-4b8a-9c61-0e2f5a7b8d93) deleted.' }),
    data: z.object({}).strict(),
  })
  .openapi('DeletedResponse');

const json = (schema: z.ZodType) => ({ 'application/json': { schema } });

/** Responses of the document operations that the shared error table does not describe. */
export const DOCUMENT_RESPONSES = {
  notFound: { description: 'No such id in this workspace (also for ids that are not UUIDs).', content: json(ErrorBody) },
  notFoundOrPending: {
    description: '`{error}`: no such id in this workspace (also for ids that are not UUIDs, and for FAILED tasks). `{message, status: "PENDING"}`: the analysis is still in flight.',
    content: json(z.union([ErrorBody, TaskPendingBody])),
  },
  updateInvalid: {
    description: 'Invalid request: a malformed JSON body or id, or an update that cannot be applied (`{detail: {message, invalid_skills?}}`).',
    content: json(z.union([ErrorBody, UpdateInvalidBody])),
  },
  schemaMismatch: { description: 'The body does not match the update schema.', content: json(UpdateSchemaMismatchBody) },
  idempotencyReused: {
    description: 'The `Idempotency-Key` was already used with a different request.',
    content: json(IdempotencyKeyReusedBody),
  },
  tooLarge: { description: 'The JSON body exceeds the size limit in the operation description.', content: json(ErrorBody) },
} satisfies Record<string, ResponseConfig>;

export function recordResponses(kind: 'cv' | 'job') {
  const Record = kind === 'cv' ? CvRecord : JobRecord;
  const name = kind === 'cv' ? 'Cv' : 'Job';
  return {
    Record,
    List: z
      .object({
        message: z.string(),
        length: z.int().min(0).openapi({ description: 'Number of records in `data`.' }),
        data: z.array(Record).openapi({ description: 'COMPLETED records only, newest first.' }),
        pagination: Pagination,
      })
      .openapi(`${name}ListResponse`),
    One: z.object({ message: z.string(), status: z.literal('COMPLETED'), data: Record }).openapi(`${name}Response`),
    Updated: z.object({ message: z.string(), data: Record }).openapi(`${name}UpdatedResponse`),
    Update: kind === 'cv' ? CvUpdate : JobUpdate,
  };
}
