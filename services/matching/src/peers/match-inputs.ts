import type { AsyncClient } from '@talent/platform';
import { documents } from '@talent/proto';

const CHUNK = 500;

export interface MatchInputs {
  job: documents.MatchInput;
  candidates: documents.MatchInput[];
}

/** The job and candidate records from the documents service, in chunks so no message grows past the gRPC limit. */
export async function fetchMatchInputs(
  client: AsyncClient<documents.DocumentsServiceClient>,
  request: { workspaceId: string; jobId: string; candidateIds: string[] },
): Promise<MatchInputs> {
  const ids = [...new Set(request.candidateIds.map((id) => id.toLowerCase()))];
  const candidates: documents.MatchInput[] = [];
  let job: documents.MatchInput | undefined;
  for (let start = 0; start < Math.max(ids.length, 1); start += CHUNK) {
    const response = await client.getMatchInputs(
      { workspaceId: request.workspaceId, jobId: request.jobId, candidateIds: ids.slice(start, start + CHUNK) },
      { deadlineMs: 30_000 },
    );
    job ??= response.job;
    candidates.push(...response.candidates);
  }
  return {
    job: job ?? {
      id: request.jobId,
      status: documents.TaskStatus.TASK_STATUS_NOT_FOUND,
      json: '',
      analyzerVersion: '',
    },
    candidates,
  };
}

export const isCompleted = (input: documents.MatchInput): boolean =>
  input.status === documents.TaskStatus.TASK_STATUS_COMPLETED;
