import type { AsyncClient } from '@talent/platform';
import { documents } from '@talent/proto';

const CHUNK = 500;
/** Chunks in flight at once: documents reads one while the previous one travels. */
const PARALLEL = 2;

/** A record as documents answered it; `record` is its JSON parsed, for a COMPLETED one. */
export type FetchedInput = documents.MatchInput & { record?: unknown };

export interface MatchInputs {
  job: FetchedInput;
  candidates: FetchedInput[];
}

/**
 * The job and candidate records from the documents service, in chunks so no message grows past the gRPC limit.
 * Each chunk's records are parsed as it arrives, while the next chunk is still on its way.
 */
export async function fetchMatchInputs(
  client: AsyncClient<documents.DocumentsServiceClient>,
  request: { workspaceId: string; jobId: string; candidateIds: string[] },
): Promise<MatchInputs> {
  const ids = [...new Set(request.candidateIds.map((id) => id.toLowerCase()))];
  const chunks: string[][] = [];
  for (let start = 0; start < Math.max(ids.length, 1); start += CHUNK) chunks.push(ids.slice(start, start + CHUNK));
  const answers: { job?: FetchedInput; candidates: FetchedInput[] }[] = new Array(chunks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL, chunks.length) }, async () => {
      while (next < chunks.length) {
        const index = next++;
        const answer = await client.getMatchInputs(
          // The job travels with the first chunk only (documents answers an empty job id as not found, cheaply).
          { workspaceId: request.workspaceId, jobId: index === 0 ? request.jobId : '', candidateIds: chunks[index]! },
          { deadlineMs: 30_000 },
        );
        answers[index] = {
          ...(answer.job && index === 0 ? { job: parsed(answer.job) } : {}),
          candidates: answer.candidates.map(parsed),
        };
      }
    }),
  );
  return {
    job: answers[0]?.job ?? {
      id: request.jobId,
      status: documents.TaskStatus.TASK_STATUS_NOT_FOUND,
      json: '',
      analyzerVersion: '',
    },
    // In request order: answers are kept by chunk index.
    candidates: answers.flatMap((answer) => answer.candidates),
  };
}

function parsed(input: documents.MatchInput): FetchedInput {
  if (!isCompleted(input) || !input.json) return input;
  // The text is dropped once parsed: 10,000 records would otherwise be held twice.
  return { ...input, json: '', record: JSON.parse(input.json) as unknown };
}

export const isCompleted = (input: documents.MatchInput): boolean =>
  input.status === documents.TaskStatus.TASK_STATUS_COMPLETED;
