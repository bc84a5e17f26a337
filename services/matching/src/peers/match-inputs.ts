import type { AsyncClient } from '@talent/platform';
import { documents } from '@talent/proto';

const CHUNK = 500;
/** Chunks in flight at once: documents reads one while the previous one travels. */
const PARALLEL = 2;

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
  const chunks: string[][] = [];
  for (let start = 0; start < Math.max(ids.length, 1); start += CHUNK) chunks.push(ids.slice(start, start + CHUNK));
  const answers: documents.GetMatchInputsResponse[] = new Array(chunks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL, chunks.length) }, async () => {
      while (next < chunks.length) {
        const index = next++;
        answers[index] = await client.getMatchInputs(
          { workspaceId: request.workspaceId, jobId: request.jobId, candidateIds: chunks[index]! },
          { deadlineMs: 30_000 },
        );
      }
    }),
  );
  return {
    job: answers[0]?.job ?? { id: request.jobId, status: documents.TaskStatus.TASK_STATUS_NOT_FOUND, json: '', analyzerVersion: '' },
    // In request order: answers are kept by chunk index.
    candidates: answers.flatMap((answer) => answer.candidates),
  };
}

export const isCompleted = (input: documents.MatchInput): boolean => input.status === documents.TaskStatus.TASK_STATUS_COMPLETED;
