import { bindService, type GrpcServiceBinding } from '@talent/platform';
import { documents } from '@talent/proto';
import type { Intake } from './intake/intake.js';
import { encodeMatchInputs, withOneWriter } from './records/wire.js';
import type { RecordView } from './records/record-view.js';
import type { MatchInput, Records, StatusItem } from './records/records.js';
import { kindOf, protoKind, type Kind } from './tasks/kinds.js';

export interface DocumentsDomain {
  intake: Intake;
  records: Records;
}

const STATUS: Record<StatusItem['status'], documents.TaskStatus> = {
  PENDING: documents.TaskStatus.TASK_STATUS_PENDING,
  COMPLETED: documents.TaskStatus.TASK_STATUS_COMPLETED,
  FAILED: documents.TaskStatus.TASK_STATUS_FAILED,
  NOT_FOUND: documents.TaskStatus.TASK_STATUS_NOT_FOUND,
};

const toRecord = (kind: Kind, view: RecordView): documents.Record => ({
  id: view.id,
  kind: protoKind(kind),
  json: view.json,
  createdAt: view.createdAt,
  updatedAt: view.updatedAt,
});

// Records are answered through withOneWriter, GetMatchInputs (megabytes of record JSON) through encodeMatchInputs:
// the same bytes, less CPU.
const service = documents.DocumentsServiceService;
const DEFINITION = {
  ...service,
  getRecord: { ...service.getRecord, responseSerialize: withOneWriter(documents.GetRecordResponse) },
  listRecords: { ...service.listRecords, responseSerialize: withOneWriter(documents.ListRecordsResponse) },
  getMatchInputs: { ...service.getMatchInputs, responseSerialize: encodeMatchInputs },
};

/** gRPC handlers: translate messages to domain calls and back, nothing more. */
export function documentsGrpcService({ intake, records }: DocumentsDomain): GrpcServiceBinding {
  return bindService<documents.DocumentsServiceServer>('talent.documents.v1.DocumentsService', DEFINITION, {
    analyzeTexts: (request, call) =>
      intake.analyzeTexts(
        {
          workspaceId: request.workspaceId,
          kind: kindOf(request.kind),
          cache: request.cache,
          idempotencyKey: request.idempotencyKey,
          chargeAction: request.chargeAction,
          context: call,
        },
        request.inputs,
      ),
    analyzeFiles: (request, call) =>
      intake.analyzeFiles(
        {
          workspaceId: request.workspaceId,
          kind: kindOf(request.kind),
          cache: request.cache,
          idempotencyKey: request.idempotencyKey,
          context: call,
        },
        request.files.map((file) => ({ filename: file.filename, bytes: file.content })),
      ),
    async getStatuses(request) {
      const items = await records.statuses(request.workspaceId, kindOf(request.kind), request.ids);
      return {
        items: items.map((item) => ({
          id: item.id,
          status: STATUS[item.status],
          originalId: item.originalId,
          reason: item.reason,
        })),
      };
    },
    async getRecord(request) {
      const kind = kindOf(request.kind);
      const view = await records.get(request.workspaceId, kind, request.id, request.acceptLanguage);
      return { status: documents.TaskStatus.TASK_STATUS_COMPLETED, record: toRecord(kind, view) };
    },
    async listRecords(request) {
      const kind = kindOf(request.kind);
      const limit = request.page?.limit || 20;
      const offset = request.page?.offset ?? 0;
      const { records: views, total } = await records.list(
        request.workspaceId,
        kind,
        { limit, offset },
        request.acceptLanguage,
      );
      return {
        records: views.map((view) => toRecord(kind, view)),
        page: { total, offset, limit, hasMore: offset + views.length < total },
      };
    },
    async updateRecord(request) {
      const kind = kindOf(request.kind);
      const view = await records.update(
        request.workspaceId,
        kind,
        request.id,
        request.patchJson,
        request.contentLanguage,
        request.contentLanguage,
      );
      return { record: toRecord(kind, view) };
    },
    async getMatchInputs(request) {
      const known = new Map(request.knownVersions.map(({ id, version }) => [id.toLowerCase(), version]));
      const { job, candidates } = await records.matchInputs(
        request.workspaceId,
        request.jobId,
        request.candidateIds,
        known,
      );
      const toInput = (input: MatchInput) => ({
        id: input.id,
        status: STATUS[input.status],
        json: input.json,
        analyzerVersion: input.analyzerVersion,
        version: input.version,
        unchanged: input.unchanged,
      });
      return { job: toInput(job), candidates: candidates.map(toInput) };
    },
    async deleteRecord(request) {
      return { name: await records.delete(request.workspaceId, kindOf(request.kind), request.id) };
    },
  });
}
