import { DomainError, isUuid, type Logger, type RequestContext } from '@talent/platform';
import { documents } from '@talent/proto';
import { UPDATE_SCHEMA_NAMES } from '@talent/records';
import type { Request } from 'express';
import type { z } from 'zod';
import { bodyError, JsonText, type ApiRouter } from '../http/api.js';
import {
  AnalyzeBody,
  AnalyzeFilesFields,
  AnalyzeFilesForm,
  AnalyzeResponse,
  analyzeEventStream,
  DeletedResponse,
  DOCUMENT_LIMITS,
  DOCUMENT_RESPONSES,
  IdParams,
  ListQuery,
  RecordLanguageHeader,
  recordResponses,
  StatusBody,
  StatusResponse,
  UpdateLanguageHeader,
} from '../schemas/documents.js';
import type { TaskEvents } from '../tasks/task-events.js';
import type { StatusLookup, TaskStatus, TaskStatusItem } from '../tasks/watch.js';
import type { Upstreams } from '../upstreams.js';
import { KINDS, notFound, type KindInfo } from './documents/kinds.js';
import { answerAnalysis, type ProgressOptions } from './documents/progress.js';
import { parseUpload, UPLOAD_FIELD } from './documents/upload.js';

export interface DocumentRouteOptions {
  documents: Upstreams['documents'];
  events: TaskEvents;
  /** gRPC deadline of AnalyzeTexts/AnalyzeFiles (ANALYZE_DEADLINE_MS). */
  analyzeDeadlineMs: number;
  blockTimeoutMs: number;
  streamTimeoutMs: number;
  pollMs: number;
  logger?: Logger;
}

const STATUS_NAMES: Record<documents.TaskStatus, TaskStatus> = {
  [documents.TaskStatus.TASK_STATUS_PENDING]: 'PENDING',
  [documents.TaskStatus.TASK_STATUS_COMPLETED]: 'COMPLETED',
  [documents.TaskStatus.TASK_STATUS_FAILED]: 'FAILED',
  [documents.TaskStatus.TASK_STATUS_NOT_FOUND]: 'NOT_FOUND',
  [documents.TaskStatus.TASK_STATUS_UNSPECIFIED]: 'NOT_FOUND',
  [documents.TaskStatus.UNRECOGNIZED]: 'NOT_FOUND',
};

export const toStatusItem = (item: documents.StatusItem): TaskStatusItem => ({
  id: item.id,
  status: STATUS_NAMES[item.status] ?? 'NOT_FOUND',
  original_id: item.originalId || null,
  failure_reason: item.status === documents.TaskStatus.TASK_STATUS_FAILED ? item.reason || null : null,
});

/** Records travel as the spec's JSON, ids and timestamps included; the gateway hands them on as they are. */
export function recordJson(record: documents.Record | undefined): JsonText {
  if (!record) throw new Error('documents answered without a record');
  return new JsonText(record.json);
}

/** `fr-CH;q=0.9, en` → `fr`: the primary subtag of the first entry, lowercase; '' when there is none. */
export function primaryLanguage(header: string | undefined): string {
  const first = header?.split(',', 1)[0]?.split(';', 1)[0]?.trim() ?? '';
  const primary = first.split('-', 1)[0]?.toLowerCase() ?? '';
  return /^[a-z]{2,3}$/.test(primary) ? primary : '';
}

/** The record id of a path, or the documents service's own 404 when it cannot be an id. */
function recordId(info: KindInfo, req: Request): string {
  const id = String(req.params.id ?? '');
  if (!isUuid(id)) throw notFound(info, id);
  return id;
}

/** 30000 → `30 s`, 600000 → `10 min`. */
const duration = (ms: number) => (ms >= 60_000 && ms % 60_000 === 0 ? `${ms / 60_000} min` : `${Math.round(ms / 100) / 10} s`);

export function registerDocumentRoutes(api: ApiRouter, options: DocumentRouteOptions): void {
  for (const info of [KINDS.cv, KINDS.job]) registerKind(api, info, options);
}

/** The seven operations of one kind; CVs and jobs differ only by what KindInfo says. */
function registerKind(api: ApiRouter, info: KindInfo, options: DocumentRouteOptions): void {
  const { documents: upstream } = options;
  const base = `/${info.collection}`;
  const schemas = recordResponses(info.kind);
  const updateSchemaName = UPDATE_SCHEMA_NAMES[info.kind];
  const progress: ProgressOptions = {
    events: options.events,
    blockTimeoutMs: options.blockTimeoutMs,
    streamTimeoutMs: options.streamTimeoutMs,
    pollMs: options.pollMs,
    ...(options.logger ? { logger: options.logger } : {}),
  };
  const lookupFor =
    (workspaceId: string, context: RequestContext): StatusLookup =>
    async (ids) =>
      (await upstream.getStatuses({ workspaceId, kind: info.proto, ids }, { context })).items.map(toStatusItem);

  const analyzeDecisions = [
    `Each accepted ${info.noun} is one analysis task, charged one \`${info.action}\` (price: GET /credits/costs) at acceptance; a batch the balance cannot cover in full is refused with 402 and nothing is charged. A task that ends FAILED is refunded automatically (a positive ledger entry on \`${info.action}\`).`,
    `**cache** (default true): content already analyzed or being analyzed in this workspace is not analyzed again — its existing id is returned, uncharged, and its status then carries \`original_id\`; the same content twice in one request shares one id. \`cache: false\` always creates and charges a new task.`,
    `**block**: the answer waits until every task is COMPLETED or FAILED, at most ${duration(options.blockTimeoutMs)} (ANALYZE_BLOCK_TIMEOUT_MS), and carries \`statuses\`; \`status\` is COMPLETED when all completed, FAILED when none is pending and at least one failed (or was deleted meanwhile), PENDING when the bound was reached (then poll POST ${base}/status every 2–3 s).`,
    `**stream**: the answer is a Server-Sent Events stream (\`text/event-stream\`) of at most ${duration(options.streamTimeoutMs)}: \`accepted\`, one \`status\` per change, \`done\` (see the 200 response). When both are set, \`stream\` wins. Closing the connection stops the stream, not the analysis.`,
    'Errors are answered before any stream starts. An `Idempotency-Key` makes a retry replay the first answer (the same ids) without charging again.',
  ];

  api.add(
    {
      method: 'post',
      path: `${base}/analyze`,
      operationId: `analyze${info.opPlural}`,
      tag: info.tag,
      summary: `Analyze ${info.plural} given as text`,
      description: [
        `Accepts 1–${DOCUMENT_LIMITS.maxInputs} texts (\`inputs\`), each non-empty and at most ${DOCUMENT_LIMITS.maxInputChars.toLocaleString('en')} characters after trimming, and analyzes them asynchronously into ${info.noun} records. The JSON body may be at most ${DOCUMENT_LIMITS.analyzeJsonLimitLabel} (413 above). Unknown body fields are refused (400) so a misspelt option cannot go unnoticed.`,
        ...analyzeDecisions,
      ].join('\n\n'),
      billable: true,
      body: AnalyzeBody,
      bodyLimit: DOCUMENT_LIMITS.analyzeJsonLimit,
      errors: [400, 402],
      responses: { 413: DOCUMENT_RESPONSES.tooLarge, 422: DOCUMENT_RESPONSES.idempotencyReused },
      response: {
        description: 'Accepted (`status` PENDING), or with `block` the final statuses; with `stream` an event stream.',
        schema: AnalyzeResponse,
        eventStream: analyzeEventStream(duration(options.streamTimeoutMs)),
      },
    },
    async ({ res, body, workspaceId, idempotencyKey, context }) => {
      const { ids, replayed } = await upstream.analyzeTexts(
        { workspaceId, kind: info.proto, inputs: body.inputs, cache: body.cache, idempotencyKey, chargeAction: '' },
        { deadlineMs: options.analyzeDeadlineMs, context },
      );
      return answerAnalysis(
        { info, res, workspaceId, ids, replayed, stream: body.stream, block: body.block, lookup: lookupFor(workspaceId, context) },
        progress,
      );
    },
  );

  api.add(
    {
      method: 'post',
      path: `${base}/analyze/files`,
      operationId: `analyze${info.opSingular}Files`,
      tag: info.tag,
      summary: `Analyze ${info.plural} given as PDF, DOC or DOCX files`,
      description: [
        `Accepts 1–${DOCUMENT_LIMITS.maxFiles} files as \`${UPLOAD_FIELD}\` parts of a multipart/form-data body, each at most 50 MB and at most 60 MB in all (the files travel to the analysis service in one message). A file crossing 50 MB, or a body crossing 60 MB, is answered 400 as soon as the limit is crossed, without storing the rest (what the client still sends is dropped for at most 10 s, then the connection is closed). The format is decided from the bytes: anything but PDF, DOC or DOCX (or an empty file) is refused with 400 "Invalid file format" and nothing is charged. Other file or form field names are refused (400).`,
        '`cache`, `stream` and `block` are text fields: `true`/`false` or `1`/`0`. With `cache`, identical files (same bytes) are recognised.',
        ...analyzeDecisions,
      ].join('\n\n'),
      billable: true,
      rawBody: {
        mediaType: 'multipart/form-data',
        schema: AnalyzeFilesForm,
        description: `One or more \`${UPLOAD_FIELD}\` parts and optional \`cache\`, \`stream\`, \`block\` fields.`,
        parse: parseUpload,
      },
      errors: [400, 402],
      responses: { 422: DOCUMENT_RESPONSES.idempotencyReused },
      response: {
        description: 'Accepted (`status` PENDING), or with `block` the final statuses; with `stream` an event stream.',
        schema: AnalyzeResponse,
        eventStream: analyzeEventStream(duration(options.streamTimeoutMs)),
      },
    },
    async ({ req, res, workspaceId, idempotencyKey, context }) => {
      const files = (req.files as Express.Multer.File[] | undefined) ?? [];
      const fields = AnalyzeFilesFields.safeParse({ ...(req.body as object | undefined) });
      if (!fields.success) throw bodyError(fields.error, req.body);
      if (files.length === 0) throw new DomainError('INVALID_ARGUMENT', 'Missing required fields.');
      const { ids, replayed } = await upstream.analyzeFiles(
        {
          workspaceId,
          kind: info.proto,
          files: files.map((file) => ({ filename: file.originalname, contentType: file.mimetype, content: file.buffer })),
          cache: fields.data.cache,
          idempotencyKey,
        },
        { deadlineMs: options.analyzeDeadlineMs, context },
      );
      return answerAnalysis(
        { info, res, workspaceId, ids, replayed, stream: fields.data.stream, block: fields.data.block, lookup: lookupFor(workspaceId, context) },
        progress,
      );
    },
  );

  api.add(
    {
      method: 'post',
      path: `${base}/status`,
      operationId: `get${info.opSingular}Statuses`,
      tag: info.tag,
      summary: `Processing status of ${info.plural}`,
      description: `Statuses of 1–${DOCUMENT_LIMITS.maxStatusIds.toLocaleString('en')} ${info.noun} task ids, one item per requested id in request order (a repeated id is repeated). An id that does not exist in this workspace as a ${info.noun} (unknown, another workspace's, deleted, or a ${info.kind === 'cv' ? 'job' : 'CV'} id) is NOT_FOUND. FAILED tasks were refunded automatically and must be resubmitted. Poll every 2–3 s while PENDING, or use \`block\`/\`stream\` when submitting. Free of charge.`,
      body: StatusBody,
      errors: [400],
      response: { description: 'One status per requested id.', schema: StatusResponse },
    },
    async ({ body, workspaceId, context }): Promise<z.output<typeof StatusResponse>> => {
      const unique = [...new Set(body.ids.map((id) => id.toLowerCase()))];
      const { items } = await upstream.getStatuses({ workspaceId, kind: info.proto, ids: unique }, { context });
      const byId = new Map(items.map((item) => [item.id.toLowerCase(), toStatusItem(item)]));
      const data = body.ids.map((id) => {
        const item = byId.get(id.toLowerCase());
        return item ? { ...item, id } : { id, status: 'NOT_FOUND' as const, original_id: null, failure_reason: null };
      });
      return { message: 'Statuses retrieved successfully.', length: data.length, data };
    },
  );

  api.add(
    {
      method: 'get',
      path: base,
      operationId: `list${info.opPlural}`,
      tag: info.tag,
      summary: `List ${info.plural}`,
      description: `The workspace's analyzed ${info.plural}: COMPLETED records only (pending and failed tasks are not listed), newest first, paginated with \`limit\` (1–100, default 20) and \`offset\`. Skill names follow \`Accept-Language\`. Free of charge.`,
      query: ListQuery,
      headers: RecordLanguageHeader,
      errors: [400],
      response: { description: `One page of ${info.noun} records.`, schema: schemas.List },
    },
    async ({ req, query, workspaceId, context }) => {
      const { records, page } = await upstream.listRecords(
        {
          workspaceId,
          kind: info.proto,
          page: { limit: query.limit, offset: query.offset },
          acceptLanguage: req.get('accept-language') ?? '',
        },
        { context },
      );
      const data = records.map(recordJson);
      const total = page?.total ?? query.offset + data.length;
      return {
        message: `${info.plural[0]!.toUpperCase()}${info.plural.slice(1)} retrieved successfully.`,
        length: data.length,
        data,
        pagination: { total, offset: query.offset, limit: query.limit, has_more: query.offset + data.length < total },
      };
    },
  );

  api.add(
    {
      method: 'get',
      path: `${base}/{id}`,
      operationId: `get${info.opSingular}`,
      tag: info.tag,
      summary: `Get a ${info.noun}`,
      description: `The ${info.noun} record once its analysis is COMPLETED. While the analysis is in flight: 404 \`{message, status: "PENDING"}\`. An id that does not exist in this workspace (unknown, another workspace's, deleted, FAILED, or not a UUID): 404 \`{error: "${info.title} <id> not found."}\`. Skill names follow \`Accept-Language\`. Free of charge.`,
      params: IdParams,
      headers: RecordLanguageHeader,
      responses: { 404: DOCUMENT_RESPONSES.notFoundOrPending },
      response: { description: `The ${info.noun} record.`, schema: schemas.One },
    },
    async ({ req, workspaceId, context }) => {
      const id = recordId(info, req);
      const { status, record } = await upstream.getRecord(
        {
          workspaceId,
          kind: info.proto,
          id,
          acceptLanguage: req.get('accept-language') ?? '',
        },
        { context },
      );
      if (status === documents.TaskStatus.TASK_STATUS_PENDING) {
        throw new DomainError('TASK_PENDING', `${info.title} ${id} is still being analyzed.`, { id });
      }
      if (!record) throw notFound(info, id);
      return { message: `${info.title} retrieved successfully.`, status: 'COMPLETED' as const, data: recordJson(record) };
    },
  );

  api.add(
    {
      method: 'put',
      path: `${base}/{id}`,
      operationId: `update${info.opSingular}`,
      tag: info.tag,
      summary: `Correct a ${info.noun}`,
      description: [
        `Replaces the dimensions present in the body (${info.kind === 'cv' ? '`information`, `experience`, `education`' : '`information`, `experience_preference`, `education_preference`'}, \`hard_skills\`, \`soft_skills\`; at least one) and returns the updated record. Skills are given by taxonomy \`id\` with a lowercase \`relationship\`; their names come from the taxonomy in the content language.`,
        'The content language is the body\'s `content_language` (ISO 639-1) or else the primary subtag of the first `Accept-Language` entry (`fr-CH;q=0.9` → `fr`).',
        `A body that cannot be applied gives 400 \`{detail: {message, invalid_skills?}}\`; one that does not match \`${updateSchemaName}\` gives 422 \`{detail: {message, schema, errors}}\`. An id without a record in this workspace (unknown, foreign, FAILED, or not a UUID) gives 404 \`{error}\`; one still being analyzed 404 \`{message, status: "PENDING"}\`. The JSON body may be at most 1 MB. Free of charge.`,
      ].join('\n\n'),
      params: IdParams,
      headers: UpdateLanguageHeader,
      rawBody: { mediaType: 'application/json', schema: schemas.Update, description: `The dimensions to replace.` },
      responses: {
        400: DOCUMENT_RESPONSES.updateInvalid,
        404: DOCUMENT_RESPONSES.notFoundOrPending,
        413: DOCUMENT_RESPONSES.tooLarge,
        422: DOCUMENT_RESPONSES.schemaMismatch,
      },
      response: { description: `The updated ${info.noun} record.`, schema: schemas.Updated },
    },
    async ({ req, workspaceId, context }) => {
      const id = recordId(info, req);
      const body: unknown = req.body;
      const declared = (body as { content_language?: unknown } | null | undefined)?.content_language;
      const { record } = await upstream.updateRecord(
        {
          workspaceId,
          kind: info.proto,
          id,
          contentLanguage: typeof declared === 'string' ? declared : primaryLanguage(req.get('accept-language')),
          // The documents service validates the update (400/422 detail); the gateway only hands it on.
          patchJson: JSON.stringify(body ?? {}),
        },
        { context },
      );
      return { message: `${info.title} updated successfully.`, data: recordJson(record) };
    },
  );

  api.add(
    {
      method: 'delete',
      path: `${base}/{id}`,
      operationId: `delete${info.opSingular}`,
      tag: info.tag,
      summary: `Delete a ${info.noun}`,
      description: `Permanently deletes the ${info.noun}: its record, the submitted text or file, and its \`cache\` entry (submitting the same content again creates, and charges, a new task). The tokens it cost are not refunded. Unknown, foreign or malformed ids give 404 \`{error}\`. Free of charge.`,
      params: IdParams,
      responses: { 404: DOCUMENT_RESPONSES.notFound },
      response: { description: `Deleted; the message names the ${info.noun} and its id.`, schema: DeletedResponse },
    },
    async ({ req, workspaceId, context }): Promise<z.output<typeof DeletedResponse>> => {
      const id = recordId(info, req);
      const { name } = await upstream.deleteRecord({ workspaceId, kind: info.proto, id }, { context });
      return { message: name ? `${info.title} "${name}" (${id}) deleted.` : `${info.title} ${id} deleted.`, data: {} };
    },
  );
}
