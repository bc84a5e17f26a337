import { BILLING_ACTIONS, DomainError, type AsyncClient, type CallOverrides, type RequestContext } from '@talent/platform';
import { common, documents } from '@talent/proto';
import { SOURCING_LIMITS } from '@talent/records';
import type { SessionRepository } from '../sessions/session-repository.js';
import { sessionNotFound } from '../search/searcher.js';
import { profileAsCvText } from './profile-text.js';

export interface IngestInput {
  workspaceId: string;
  sessionId: string;
  selectedIds: string[];
  idempotencyKey: string;
  /** The request it came with: its ids go on documents' calls. */
  context?: RequestContext;
  /** The caller's deadline: documents' calls may take as long as the caller waits (else the client's 5 s). */
  deadline?: Date;
}

export interface IngestOutcome {
  /** CV ids, one per distinct selected id, in request order. */
  taskIds: string[];
  /** Selected ids that were ingested before (same CV id, not charged again). */
  reusedIds: string[];
}

const INGEST_ACTION = BILLING_ACTIONS.sourcingIngest;
const LIVE = new Set([documents.TaskStatus.TASK_STATUS_PENDING, documents.TaskStatus.TASK_STATUS_COMPLETED]);

/**
 * POST /sourcing/ingest (DESIGN §4): each selected profile of the session becomes a CV task in the documents
 * service, charged one `sourcing_ingest` there (all or nothing, one ledger entry per profile; a task that ends
 * FAILED is refunded by the documents pipeline). A profile already ingested in the workspace answers its CV id again.
 */
/** Documents' calls carry the request's ids and end when the caller stops waiting. */
function callOverrides({ context, deadline }: IngestInput): CallOverrides {
  return { ...(context ? { context } : {}), ...(deadline ? { deadlineMs: Math.max(1, deadline.getTime() - Date.now()) } : {}) };
}

export class Ingester {
  constructor(
    private readonly deps: {
      sessions: SessionRepository;
      documents: AsyncClient<documents.DocumentsServiceClient>;
      now?: () => Date;
    },
  ) {}

  async ingest(input: IngestInput): Promise<IngestOutcome> {
    const ids = [...new Set(input.selectedIds.map((id) => id.trim()))];
    if (ids.length === 0 || ids.some((id) => !id))
      throw new DomainError('INVALID_ARGUMENT', "'selected_ids' must be a non-empty array of candidate ids.");
    if (ids.length > SOURCING_LIMITS.maxIngestIds)
      throw new DomainError('INVALID_ARGUMENT', `'selected_ids' may hold at most ${SOURCING_LIMITS.maxIngestIds} ids per request.`);
    const session = await this.deps.sessions.find(input.workspaceId, input.sessionId, (this.deps.now ?? (() => new Date()))());
    if (!session) throw sessionNotFound(input.sessionId);

    const candidates = await this.deps.sessions.candidatesByProfile(session.id, ids);
    const unknown = ids.filter((id) => !candidates.has(id));
    if (unknown.length > 0) {
      throw new DomainError('INVALID_ARGUMENT', `Not candidates of session ${session.id}: ${unknown.join(', ')}. Ingest ids returned by its searches.`, {
        candidate_ids: unknown,
      });
    }

    const keyOf = (id: string) => `${candidates.get(id)!.profile.source}:${id}`;
    const known = await this.deps.sessions.ingestedCvIds(input.workspaceId, ids.map(keyOf));
    const call = callOverrides(input);
    const live = await this.liveCvIds(input.workspaceId, [...known.values()], call);
    const cvIds = new Map<string, string>();
    for (const id of ids) {
      const cvId = known.get(keyOf(id));
      if (cvId && live.has(cvId)) cvIds.set(id, cvId);
    }
    const reusedIds = ids.filter((id) => cvIds.has(id));
    const fresh = ids.filter((id) => !cvIds.has(id));
    if (fresh.length > 0) {
      // `cache`: a retry after a crash finds the tasks of the same texts instead of charging again.
      const accepted = await this.deps.documents.analyzeTexts(
        {
          workspaceId: input.workspaceId,
          kind: common.DocumentKind.DOCUMENT_KIND_CV,
          inputs: fresh.map((id) => profileAsCvText(candidates.get(id)!)),
          cache: true,
          idempotencyKey: input.idempotencyKey ? `sourcing-ingest:${input.idempotencyKey}` : '',
          chargeAction: INGEST_ACTION,
        },
        call,
      );
      fresh.forEach((id, index) => cvIds.set(id, accepted.ids[index]!));
      await this.deps.sessions.saveIngestions(
        input.workspaceId,
        fresh.map((id) => ({ profileKey: keyOf(id), cvId: cvIds.get(id)! })),
      );
    }
    return { taskIds: ids.map((id) => cvIds.get(id)!), reusedIds };
  }

  /** CV ids still PENDING or COMPLETED (a deleted or FAILED CV is ingested again). */
  private async liveCvIds(workspaceId: string, ids: string[], call: CallOverrides): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const { items } = await this.deps.documents.getStatuses({ workspaceId, kind: common.DocumentKind.DOCUMENT_KIND_CV, ids }, call);
    return new Set(items.filter((item) => LIVE.has(item.status)).map((item) => item.id));
  }
}
