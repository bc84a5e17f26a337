import type { AsyncClient } from '@talent/platform';
import { documents } from '@talent/proto';
import { cachedRecord, parseCached, type CachedRecord, type RecordCache } from './record-cache.js';

/** Records a chunk may bring as JSON (about 10 KB each): keeps a message well below the gRPC limit. */
const CHUNK = 500;
/**
 * Ids of the first chunk of candidates: matching scores a chunk as it arrives, so nothing overlaps the wait for
 * the first one; a small one comes sooner. Each next chunk may be twice as long (up to CHUNK records sent and
 * CHUNK_IDS ids): a short chunk is scored while the longer next one is read and sent, so the chunks after the
 * first seldom keep matching waiting, and a large match still needs few requests.
 */
const FIRST_CHUNK = 100;
/**
 * Ids per chunk at most: records held in the cache come back as a status and version only, so more fit. Held
 * records that all changed meanwhile still come back with their JSON: twice CHUNK keeps that message at a few
 * tens of MB even for large records (the gRPC limit is 64 MB).
 */
const CHUNK_IDS = 1000;
/** Chunks in flight at once, ahead of the one being worked on: documents reads one while another travels. */
const PARALLEL = 2;
/**
 * HTTP/2 flow-control window (bytes, per stream and per connection) of matching's connection to documents: with
 * the default 64 KB, documents sends a chunk's next 64 KB only after matching has read the last ones, so the
 * chunks needed next barely move while matching scores; this lets documents send whole chunks (a chunk of
 * CHUNK_IDS records that all changed is about 10 MB) into matching's socket meanwhile.
 */
export const MATCH_INPUTS_WINDOW = 16 * 1024 * 1024;

/** Matching's connection settings for documents (createGrpcClient's `channelOptions`). */
export const MATCH_INPUTS_CHANNEL = { 'grpc-node.flow_control_window': MATCH_INPUTS_WINDOW } as const;

/**
 * A record as documents answered it; `record` is its JSON parsed, for a COMPLETED one. For a record taken from the
 * cache, `record` is parsed anew each time it is read and `titles` are its experience titles (a CV's): a match
 * parses such a record just before scoring it, so it dies young instead of waiting, parsed, in its chunk.
 */
export type FetchedInput = documents.MatchInput & { record?: unknown; titles?: readonly string[] };

export interface MatchInputs {
  job: FetchedInput;
  candidates: FetchedInput[];
}

/** One chunk's answer: the job with the first chunk only. */
export interface MatchInputChunk {
  job?: FetchedInput;
  candidates: FetchedInput[];
}

/**
 * The job and candidate records from the documents service, in chunks so no message grows past the gRPC limit.
 * With a `cache`, each chunk names the versions matching holds of its records; documents answers those still at
 * that version `unchanged` (no JSON), and they are taken from the cache. Documents checks status and workspace
 * every time.
 */
export async function fetchMatchInputs(
  client: AsyncClient<documents.DocumentsServiceClient>,
  request: { workspaceId: string; jobId: string; candidateIds: string[] },
  cache?: RecordCache,
): Promise<MatchInputs> {
  let job: FetchedInput | undefined;
  const candidates: FetchedInput[] = [];
  for await (const chunk of matchInputChunks(client, request, cache)) {
    job ??= chunk.job;
    candidates.push(...chunk.candidates);
  }
  return { job: job!, candidates };
}

/**
 * `fetchMatchInputs` chunk by chunk, in request order, each chunk's records parsed when it is taken: PARALLEL
 * requests stay in flight ahead of the chunk the caller works on, so documents reads and sends the next chunks
 * meanwhile, and at most PARALLEL answers wait (memory stays bounded however slow the caller is). The job comes
 * first, alone (NOT_FOUND when documents has none): its own small request, sent with the first chunks, so the
 * caller can prepare the job while documents reads the candidates. A caller that stops early leaves the requests
 * in flight to end on their own.
 */
export async function* matchInputChunks(
  client: AsyncClient<documents.DocumentsServiceClient>,
  request: { workspaceId: string; jobId: string; candidateIds: string[] },
  cache?: RecordCache,
  /** Called with each chunk as soon as it has arrived and is parsed, maybe before earlier chunks are taken. */
  onArrival?: (chunk: MatchInputChunk) => void,
): AsyncGenerator<MatchInputChunk, void, undefined> {
  const ids = [...new Set(request.candidateIds.map((id) => id.toLowerCase()))];
  // What this request may take from the cache, held here: entries evicted meanwhile stay usable.
  const held = new Map<string, CachedRecord>();
  for (const id of [request.jobId.toLowerCase(), ...ids]) {
    const entry = cache?.get(request.workspaceId, id);
    if (entry) held.set(id, entry);
  }
  const chunks = chunked(ids, held);
  const resolve = (input: documents.MatchInput) => resolved(input, held, request.workspaceId, cache);
  const notFound = {
    id: request.jobId,
    status: documents.TaskStatus.TASK_STATUS_NOT_FOUND,
    json: '',
    analyzerVersion: '',
    version: '',
    unchanged: false,
  };
  // Request 0 asks for the job alone (none of the others names it: documents answers an empty job id as not
  // found, cheaply); with no candidate at all it is the only one.
  const requests = ids.length === 0 ? chunks : [[], ...chunks];
  const inFlight = new Map<number, Promise<MatchInputChunk>>();
  const send = (index: number) => {
    const jobId = index === 0 ? request.jobId : '';
    const chunk = requests[index]!;
    const known = (jobId ? [jobId.toLowerCase(), ...chunk] : chunk).flatMap((id) => {
      const entry = held.get(id);
      return entry ? [{ id, version: entry.version }] : [];
    });
    // Parsed on arrival, between the caller's turns, so its records are ready when the caller takes them.
    const answer = client
      .getMatchInputs(
        { workspaceId: request.workspaceId, jobId, candidateIds: chunk, knownVersions: known },
        { deadlineMs: 30_000 },
      )
      .then((response) => {
        const job = index > 0 ? undefined : response.job ? resolve(response.job) : notFound;
        const parsed = { ...(job ? { job } : {}), candidates: response.candidates.map(resolve) };
        onArrival?.(parsed);
        return parsed;
      });
    // Awaited below in order; a caller that stops early never awaits the rest.
    answer.catch(() => undefined);
    inFlight.set(index, answer);
  };
  // The job's request and PARALLEL chunks at once; then a chunk is sent as an earlier one of candidates is taken.
  for (let index = 0; index <= Math.min(PARALLEL, requests.length - 1); index++) send(index);
  for (let index = 0; index < requests.length; index++) {
    const chunk = await inFlight.get(index)!;
    inFlight.delete(index);
    if (index > 0 && index + PARALLEL < requests.length) send(index + PARALLEL);
    yield chunk;
  }
}

/**
 * Ids in request order, in chunks of at most CHUNK records not held (answered with JSON) and CHUNK_IDS ids; the
 * first chunk holds at most FIRST_CHUNK ids, held or not (a held record may have changed since, and then comes
 * with its JSON), so matching starts scoring after a short wait, and each next chunk at most twice as many.
 */
export function chunked(ids: string[], held: ReadonlyMap<string, unknown>): string[][] {
  const chunks: string[][] = [[]];
  let fresh = 0;
  let ramp = FIRST_CHUNK;
  for (const id of ids) {
    let chunk = chunks.at(-1)!;
    const isFresh = !held.has(id);
    if (chunk.length === Math.min(ramp, CHUNK_IDS) || (isFresh && fresh === Math.min(ramp, CHUNK))) {
      chunks.push((chunk = []));
      fresh = 0;
      ramp *= 2;
    }
    chunk.push(id);
    if (isFresh) fresh++;
  }
  return chunks;
}

/** The answered record parsed, or taken from the cache when documents says it is unchanged. */
function resolved(
  input: documents.MatchInput,
  held: Map<string, CachedRecord>,
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
    const lazy: FetchedInput = { ...input, ...(entry.titles ? { titles: entry.titles } : {}) };
    return Object.defineProperty(lazy, 'record', { get: () => parseCached(entry), enumerable: true });
  }
  if (!input.json) return input;
  // The stale copy this request held is no longer needed: let it go now rather than after the last chunk (a cold
  // match of records that all changed would otherwise hold both copies of every record until it ends).
  held.delete(id);
  const record = JSON.parse(input.json) as unknown;
  // A documents without versions (older build) answers none: nothing is cached then.
  if (input.version) cache?.set(workspaceId, id, cachedRecord(input.version, input.json, experienceTitles(record)));
  // The text is dropped once parsed: 10,000 records would otherwise be held twice.
  return { ...input, json: '', record };
}

/** A CV record's experience titles (undefined for anything else, e.g. a job). */
function experienceTitles(record: unknown): string[] | undefined {
  const experience = (record as { experience?: unknown } | null)?.experience;
  if (!Array.isArray(experience)) return undefined;
  return experience.map((entry) => String((entry as { title?: unknown } | null)?.title ?? ''));
}

export const isCompleted = (input: documents.MatchInput): boolean =>
  input.status === documents.TaskStatus.TASK_STATUS_COMPLETED;
