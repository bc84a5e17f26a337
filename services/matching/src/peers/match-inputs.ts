import type { AsyncClient } from '@talent/platform';
import { documents } from '@talent/proto';
import type { CachedRecord, RecordCache } from './record-cache.js';

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
 * Each chunk's records are parsed as it arrives, while the next chunk is still on its way. With a `cache`, each
 * chunk names the versions matching holds of its records; documents answers those still at that version
 * `unchanged` (no JSON), and they are taken from the cache. Documents checks status and workspace every time.
 */
export async function fetchMatchInputs(
  client: AsyncClient<documents.DocumentsServiceClient>,
  request: { workspaceId: string; jobId: string; candidateIds: string[] },
  cache?: RecordCache,
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
        // The job travels with the first chunk only (documents answers an empty job id as not found, cheaply).
        const jobId = index === 0 ? request.jobId : '';
        // What this chunk may take from the cache, held here: entries evicted meanwhile stay usable.
        const held = new Map<string, CachedRecord>();
        for (const id of jobId ? [jobId.toLowerCase(), ...chunks[index]!] : chunks[index]!) {
          const entry = cache?.get(request.workspaceId, id);
          if (entry) held.set(id, entry);
        }
        const answer = await client.getMatchInputs(
          {
            workspaceId: request.workspaceId,
            jobId,
            candidateIds: chunks[index]!,
            knownVersions: [...held].map(([id, { version }]) => ({ id, version })),
          },
          { deadlineMs: 30_000 },
        );
        const resolve = (input: documents.MatchInput) => resolved(input, held, request.workspaceId, cache);
        answers[index] = {
          ...(answer.job && index === 0 ? { job: resolve(answer.job) } : {}),
          candidates: answer.candidates.map(resolve),
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
      version: '',
      unchanged: false,
    },
    // In request order: answers are kept by chunk index.
    candidates: answers.flatMap((answer) => answer.candidates),
  };
}

/** The answered record parsed, or taken from the cache when documents says it is unchanged. */
function resolved(
  input: documents.MatchInput,
  held: ReadonlyMap<string, CachedRecord>,
  workspaceId: string,
  cache: RecordCache | undefined,
): FetchedInput {
  const id = input.id.toLowerCase();
  if (!isCompleted(input)) {
    cache?.delete(workspaceId, id);
    return input;
  }
  if (input.unchanged) {
    const entry = held.get(id);
    // Documents only says so for a version this request named; anything else is a broken peer, not a stale score.
    if (!entry || entry.version !== input.version)
      throw new Error(`documents answered record ${input.id} unchanged at a version matching does not hold`);
    return { ...input, record: entry.record };
  }
  if (!input.json) return input;
  const record = JSON.parse(input.json) as unknown;
  // A documents without versions (older build) answers none: nothing is cached then.
  if (input.version) cache?.set(workspaceId, id, { version: input.version, record }, input.json.length);
  // The text is dropped once parsed: 10,000 records would otherwise be held twice.
  return { ...input, json: '', record };
}

export const isCompleted = (input: documents.MatchInput): boolean =>
  input.status === documents.TaskStatus.TASK_STATUS_COMPLETED;
