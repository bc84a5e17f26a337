import { DomainError } from '@talent/platform';
import { KIND_TITLES } from '@talent/records';
import { notFound, requireCompleted, type Kind } from '../tasks/kinds.js';
import type { TaskRepository, TaskStatus } from '../tasks/task-repository.js';
import type { RecordUpdates } from './record-updates.js';
import type { RecordView, RecordViews } from './record-view.js';

export interface MatchInput {
  id: string;
  status: TaskStatus | 'NOT_FOUND';
  json: string;
  analyzerVersion: string;
  /** Changes whenever the stored record does; empty unless COMPLETED. */
  version: string;
  /** COMPLETED at the version the caller holds: `json` is empty. */
  unchanged: boolean;
}

export interface StatusItem {
  id: string;
  status: TaskStatus | 'NOT_FOUND';
  originalId: string;
  reason: string;
}

/** Reading, correcting and erasing records, always within one workspace. */
export class Records {
  constructor(
    private readonly tasks: TaskRepository,
    private readonly views: RecordViews,
    private readonly updates: RecordUpdates,
  ) {}

  /** One item per requested id, in request order; unknown, foreign and malformed ids are NOT_FOUND. */
  async statuses(workspaceId: string, kind: Kind, ids: string[]): Promise<StatusItem[]> {
    if (ids.length === 0) throw new DomainError('INVALID_ARGUMENT', "'ids' must hold at least one id.");
    const found = await this.tasks.statuses(workspaceId, kind, ids);
    return ids.map((id) => {
      const task = found.get(id.toLowerCase());
      if (!task) return { id, status: 'NOT_FOUND', originalId: '', reason: '' };
      return { id, status: task.status, originalId: task.dedupedAt ? task.id : '', reason: task.failureReason ?? '' };
    });
  }

  /** Spec rule 4, through requireCompleted. */
  async get(workspaceId: string, kind: Kind, id: string, acceptLanguage: string): Promise<RecordView> {
    const task = requireCompleted(await this.tasks.findRecord(workspaceId, kind, id), kind, id);
    const [view] = await this.views.render([task], acceptLanguage);
    return view!;
  }

  async list(workspaceId: string, kind: Kind, page: { limit: number; offset: number }, acceptLanguage: string) {
    const { rows, total } = await this.tasks.list(workspaceId, kind, page);
    return { records: await this.views.render(rows, acceptLanguage), total };
  }

  async update(
    workspaceId: string,
    kind: Kind,
    id: string,
    patchJson: string,
    contentLanguage: string,
    acceptLanguage: string,
  ): Promise<RecordView> {
    const task = requireCompleted(await this.tasks.find(workspaceId, kind, id), kind, id);
    const next = await this.updates.apply(
      kind,
      (task.record ?? {}) as Record<string, unknown>,
      patchJson,
      contentLanguage,
    );
    const updatedAt = await this.tasks.updateRecord({ id: task.id, workspaceId, kind }, next, task.updatedAt);
    if (!updatedAt)
      throw new DomainError(
        'ALREADY_EXISTS',
        `${KIND_TITLES[kind]} ${id} was changed or deleted meanwhile; read it again and retry.`,
      );
    const [view] = await this.views.render([{ ...task, record: next, updatedAt }], contentLanguage || acceptLanguage);
    return view!;
  }

  /**
   * What matching needs: the job and the candidates (each once, in request order) with their statuses and, when
   * COMPLETED, their records (skill names as analyzed), versions and the analyzer that produced them. Records
   * `known` names at their current version come back `unchanged`, without JSON: matching holds them parsed. Their
   * status and workspace are checked like any other's; only the JSON is saved.
   */
  async matchInputs(
    workspaceId: string,
    jobId: string,
    candidateIds: string[],
    known: ReadonlyMap<string, string> = new Map(),
  ): Promise<{ job: MatchInput; candidates: MatchInput[] }> {
    const unique = [...new Set(candidateIds.map((id) => id.toLowerCase()))];
    // Matching reads thousands of records: they travel as the database's JSON text (keys in storage order).
    const [[jobRow], cvRows] = await Promise.all([
      this.tasks.matchRecords(workspaceId, 'job', [jobId], known),
      this.tasks.matchRecords(workspaceId, 'cv', unique, known),
    ]);
    type Row = Awaited<ReturnType<TaskRepository['matchRecords']>>[number];
    const input = (id: string, row: Row | undefined): MatchInput => ({
      id,
      status: row?.status ?? 'NOT_FOUND',
      json: row?.json ?? '',
      analyzerVersion: row?.analyzer ?? '',
      version: row?.version ?? '',
      unchanged: row?.unchanged ?? false,
    });
    const byId = new Map(cvRows.map((row) => [row.id, row]));
    return { job: input(jobId, jobRow), candidates: unique.map((id) => input(id, byId.get(id))) };
  }

  /** Returns the record's display name (a CV's candidate, a job's title) for the confirmation message. */
  async delete(workspaceId: string, kind: Kind, id: string): Promise<string> {
    const task = await this.tasks.find(workspaceId, kind, id);
    if (!task || task.status === 'FAILED') throw notFound(kind, id);
    if (!(await this.tasks.delete({ id: task.id, workspaceId, kind }))) throw notFound(kind, id);
    return displayName(kind, task.record);
  }
}

function displayName(kind: Kind, record: unknown): string {
  const information = (record as { information?: Record<string, unknown> } | null)?.information ?? {};
  if (kind === 'job') return typeof information.title === 'string' ? information.title : '';
  return [information.first_name, information.last_name].filter((part) => typeof part === 'string' && part).join(' ');
}
