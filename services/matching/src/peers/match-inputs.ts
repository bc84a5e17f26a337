import type { AsyncClient } from '@talent/platform';
import { documents } from '@talent/proto';
import type { CachedRecord, RecordCache } from './record-cache.js';

/** Records a chunk may bring as JSON (about 10 KB each): keeps a message well below the gRPC limit. */
const CHUNK = 500;
/**
 * Ids per chunk at most: records held in the cache come back as a status and version only, so more fit. Held
 * records that all changed meanwhile still come back with their JSON: twice CHUNK keeps that message at a few
 * tens of MB even for large records (the gRPC limit is 64 MB).
 */
const CHUNK_IDS = 1000;
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
  // What this request may take from the cache, held here: entries evicted meanwhile stay usable.
  const held = new Map<string, CachedRecord>();
  for (const id of [request.jobId.toLowerCase(), ...ids]) {
    const entry = cache?.get(request.workspaceId, id);
    if (entry) held.set(id, entry);
  }
  const chunks = chunked(ids, held);
  const answers: { job?: FetchedInput; candidates: FetchedInput[] }[] = new Array(chunks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL, chunks.length) }, async () => {
      while (next < chunks.length) {
        const index = next++;
        // The job travels with the first chunk only (documents answers an empty job id as not found, cheaply).
        const jobId = index === 0 ? request.jobId : '';
        const chunk = chunks[index]!;
        const known = (jobId ? [jobId.toLowerCase(), ...chunk] : chunk).flatMap((id) => {
          const entry = held.get(id);
          return entry ? [{ id, version: entry.version }] : [];
        });
        const answer = await client.getMatchInputs(
          { workspaceId: request.workspaceId, jobId, candidateIds: chunk, knownVersions: known },
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

/** Ids in request order, in chunks of at most CHUNK records not held (answered with JSON) and CHUNK_IDS ids. */
export function chunked(ids: string[], held: ReadonlyMap<string, unknown>): string[][] {
  const chunks: string[][] = [[]];
  let fresh = 0;
  for (const id of ids) {
    let chunk = chunks.at(-1)!;
    const isFresh = !held.has(id);
    if (chunk.length === CHUNK_IDS || (isFresh && fresh === CHUNK)) {
      chunks.push((chunk = []));
      fresh = 0;
    }
    chunk.push(id);
    if (isFresh) fresh++;
  }
  return chunks;
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
