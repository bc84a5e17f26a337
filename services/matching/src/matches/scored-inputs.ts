import { DomainError, isUuid, type AsyncClient } from '@talent/platform';
import { documents, type skills } from '@talent/proto';
import { isCompleted, matchInputChunks, type FetchedInput } from '../peers/match-inputs.js';
import { cachedRecord, parseCached, type RecordCache } from '../peers/record-cache.js';
import { BestCandidates } from './best-candidates.js';
import { blindCv } from './blind.js';
import { loadSkillRelations, TitleOccupations } from '../peers/skill-graph.js';
import {
  hasRequirements,
  occupationQueries,
  prepareJob,
  type CvRecord,
  type JobRecord,
  type MatchCandidate,
  type SkillGraph,
  type Weights,
} from '../scoring/index.js';

export interface ScoredInputs {
  job: JobRecord;
  /** The records of the candidates in `ranked`, in request order (as scored: blind copies when blind). */
  cvs: CvRecord[];
  /**
   * The first `keep` of the deterministic ranking of every CV (what `scoreCandidates(job, allCvs, weights, graph)`
   * gives, cut there).
   */
  ranked: MatchCandidate[];
  /** CVs scored (every usable candidate, duplicates once). */
  scored: number;
  graph: SkillGraph;
  taxonomyVersion: string;
  analyzers: { job_analyzer: string; cv_analyzers: string[] };
}

const ignore = () => undefined;
/**
 * Longest stretch (ms) of scoring without a break: the next chunks arrive only while the event loop reads them
 * (HTTP/2 flow control holds documents back until matching has read what it sent, and the socket's buffer is
 * finite), so a chunk scored in one go would leave the next one to be read, and the one after it to be sent,
 * only once it is done.
 */
const TURN_MS = 10;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The records of a match from documents, scored chunk by chunk as they arrive: while matching scores one chunk,
 * documents reads and sends the next ones (a chunk waits only for skills to map its new titles). A CV's score
 * depends on the job, the weights and that CV alone, so the ranking is exactly the one of scoring all CVs at once.
 *
 * The workspace checks of the spec, in its order (nothing is charged when one fails): the job is checked with the
 * first chunk; unusable candidates are all listed once every chunk is in (scoring stops at the first one); a job
 * with nothing to match is never scored. A skills failure or a refused hold (402) meanwhile is reported only after
 * those checks.
 */
export async function fetchAndScore(
  peers: {
    documents: AsyncClient<documents.DocumentsServiceClient>;
    skills: AsyncClient<skills.SkillsServiceClient>;
  },
  /** `blind`: every CV is scored as `blindCv` leaves it. */
  request: { workspaceId: string; jobId: string; candidateIds: string[]; blind?: boolean },
  weights: Weights,
  records: RecordCache,
  /**
   * Called once the job has passed its checks (found, COMPLETED, something to match): the charge's hold. No CV is
   * scored until it resolves; its failure (402) stops the scoring and is reported after the candidates' checks.
   */
  admit: () => Promise<unknown> = async () => undefined,
  /**
   * How many of the best candidates the caller needs (returned, stored, re-scored): only these keep their
   * explanations and records past their scoring, so a large match holds a few candidates, not every one.
   */
  keep = Number.POSITIVE_INFINITY,
): Promise<ScoredInputs> {
  const vacancyNotFound = (message: string) =>
    new DomainError('VACANCY_NOT_FOUND', message, { vacancy_id: request.jobId });
  if (!isUuid(request.jobId)) throw vacancyNotFound(`Job ${request.jobId} not found in this workspace.`);
  const unusable = new Set(request.candidateIds.filter((id) => !isUuid(id)));

  let job: JobRecord | undefined;
  let jobAnalyzer = '';
  let scoring: ReturnType<typeof startScoring> | undefined;
  /** A failure of skills while scoring: reported after the workspace checks. */
  let failure: { error: unknown } | undefined;
  const cvAnalyzers = new Set<string>();
  const best = new BestCandidates<CvRecord>(keep);
  // Which arrival already worked out a record's blind copy: a chunk's records are asked about as it arrives and
  // taken again when it is scored.
  const blinded = new WeakMap<FetchedInput, CvRecord>();
  const recordOf = (input: FetchedInput): CvRecord => {
    const record = input.record as CvRecord;
    if (!request.blind) return record;
    let blind = blinded.get(input);
    if (!blind) {
      // The blind copy is cached beside the record at the same version, so a blind match of records matched
      // blind before does not redact them again (blindCv depends on the record alone).
      const held = input.version ? records.get(request.workspaceId, input.id, 'blind') : undefined;
      if (held && held.version === input.version) blind = parseCached(held) as CvRecord;
      else {
        blind = blindCv(record);
        if (input.version) records.set(request.workspaceId, input.id, cachedRecord(input.version, JSON.stringify(blind)), 'blind');
      }
      blinded.set(input, blind);
    }
    return blind;
  };

  /**
   * What a CV's title queries are worked out from: a held record's titles (no parsing) unless the match is blind (a
   * blind copy may drop titles), else the record.
   */
  const titlesOf = (input: FetchedInput): CvRecord =>
    input.titles && !request.blind
      ? ({ experience: input.titles.map((title) => ({ title })) } as unknown as CvRecord)
      : recordOf(input);
  /** Each chunk's title look-ups, asked for as it arrived (the queries are worked out once per chunk). */
  const titlesAsked = new WeakMap<object, Promise<void>>();
  const score = async (chunk: object, batch: FetchedInput[]) => {
    if (!scoring || failure || unusable.size > 0 || batch.length === 0) return;
    try {
      // Held first: a refused match asks for no CV's titles (later chunks' were asked for as they arrived).
      const scoreCv = await scoring.prepared;
      await (titlesAsked.get(chunk) ?? scoring.occupations.load(occupationQueries(job!, batch.map(titlesOf))));
      let turn = performance.now();
      for (const input of batch) {
        // Parsed here for a held record: it is garbage once scored unless it is among the best.
        const cv = recordOf(input);
        best.offer(scoreCv(cv), cv);
        if (performance.now() - turn >= TURN_MS) {
          await nextTurn();
          turn = performance.now();
        }
      }
    } catch (error) {
      failure = { error };
    }
  };

  // Each chunk is scored as soon as its titles are answered, while the next chunks are on their way.
  for await (const chunk of matchInputChunks(
    peers.documents,
    { workspaceId: request.workspaceId, jobId: request.jobId, candidateIds: request.candidateIds.filter(isUuid) },
    records,
    // Titles are asked for as their chunk arrives, so skills answers while earlier chunks are scored.
    (arrived) => {
      if (!scoring?.admitted || failure || unusable.size > 0) return;
      const arrivedCvs = arrived.candidates.filter(isCompleted).map(titlesOf);
      const asked = scoring.occupations.load(occupationQueries(job!, arrivedCvs));
      asked.catch(ignore);
      titlesAsked.set(arrived, asked);
    },
  )) {
    if (chunk.job) {
      if (!isCompleted(chunk.job)) {
        // Spec rule 2: a job still being analyzed cannot be matched yet; like GET /jobs/{id}, it is not found (yet).
        throw vacancyNotFound(
          chunk.job.status === documents.TaskStatus.TASK_STATUS_PENDING
            ? `Job ${request.jobId} is still being analyzed; match it once its status is COMPLETED.`
            : `Job ${request.jobId} not found in this workspace.`,
        );
      }
      job = chunk.job.record as JobRecord;
      jobAnalyzer = chunk.job.analyzerVersion;
      if (hasRequirements(job)) scoring = startScoring(peers.skills, job, weights, admit());
    }
    const batch: FetchedInput[] = [];
    for (const input of chunk.candidates) {
      if (!isCompleted(input)) unusable.add(input.id);
      else {
        batch.push(input);
        cvAnalyzers.add(input.analyzerVersion);
      }
    }
    await score(chunk, batch);
  }

  if (unusable.size > 0) {
    const ids = [...new Set(request.candidateIds.filter((id) => unusable.has(id) || unusable.has(id.toLowerCase())))];
    throw new DomainError(
      'CANDIDATES_NOT_FOUND',
      `${ids.length} candidate${ids.length === 1 ? ' is' : 's are'} not available for matching in this workspace (unknown, deleted or not COMPLETED).`,
      { candidate_ids: ids },
    );
  }
  if (!job || !scoring) {
    throw new DomainError(
      'VACANCY_HAS_NO_REQUIREMENTS',
      `Job ${request.jobId} has no requirements or skills to match against.`,
      { vacancy_id: request.jobId },
    );
  }
  if (failure) throw failure.error;
  await scoring.prepared;
  const { graph, taxonomyVersion } = await scoring.relations;
  return {
    job,
    cvs: best.items(),
    ranked: best.ranked(),
    scored: best.offered,
    graph,
    taxonomyVersion,
    analyzers: { job_analyzer: jobAnalyzer, cv_analyzers: [...cvAnalyzers].sort() },
  };
}

/**
 * The job's skill neighbourhood and its titles' occupations asked for while the charge is held, and the job prepared
 * once all three are in.
 */
function startScoring(
  client: AsyncClient<skills.SkillsServiceClient>,
  job: JobRecord,
  weights: Weights,
  admission: Promise<unknown>,
) {
  const occupations = new TitleOccupations(client);
  const jobSkillIds = [...job.hard_skills, ...job.soft_skills].map((skill) => skill.id);
  const relations = loadSkillRelations(client, jobSkillIds, occupations);
  const prepared = Promise.all([relations, occupations.load(occupationQueries(job, [])), admission]).then(
    ([{ graph }]) => prepareJob(job, weights, graph),
  );
  // Awaited when the first chunk is scored; a request refused before that never awaits them.
  relations.catch(ignore);
  prepared.catch(ignore);
  const state = { occupations, relations, prepared, admitted: false };
  // CV titles are asked for only once the charge is held: a refused match does no work beyond its checks.
  admission.then(() => void (state.admitted = true), ignore);
  return state;
}
