import { DomainError, isDomainError, type AsyncClient } from '@talent/platform';
import { documents, type skills } from '@talent/proto';
import { emptyCvInformation, type RecordSkill } from '@talent/records';
import { describe, expect, it } from 'vitest';
import { blindCv } from '../src/matches/blind.js';
import { fetchAndScore } from '../src/matches/scored-inputs.js';
import { RecordCache } from '../src/peers/record-cache.js';
import { loadSkillGraph } from '../src/peers/skill-graph.js';
import {
  occupationQueries,
  scoreCandidates,
  type CvRecord,
  type JobRecord,
  type Weights,
} from '../src/scoring/index.js';

// POST /match scores each chunk of records as it arrives; these check that this changes nothing a caller sees:
// the ranking is the one of scoring every CV at once, and the spec's errors keep their order.

const WORKSPACE = '90000000-0000-4000-8000-000000000001';
const JOB_ID = '10000000-0000-4000-8000-000000000001';
const SQL = '00000000-0000-4000-8000-000000000002';
const POSTGRES = '00000000-0000-4000-8000-000000000003';
const JAVA = '00000000-0000-4000-8000-000000000009';
const NAMES: Record<string, string> = { [SQL]: 'SQL', [POSTGRES]: 'PostgreSQL', [JAVA]: 'Java' };
const equal: Weights = { experience: 0.25, hard_skills: 0.25, soft_skills: 0.25, education: 0.25 };

const skill = (id: string, relationship: RecordSkill['relationship'], explanation = ''): RecordSkill => ({
  id,
  skill: NAMES[id]!,
  type: 'hard-skill',
  relationship,
  explanation,
});

const JOB: JobRecord = {
  id: JOB_ID,
  information: {
    title: 'Backend Engineer, Payments',
    company: 'Acme',
    description: 'Build our APIs.',
    activity_sector: 'Software',
    locations: [],
    job_type: 'full-time',
    contract_type: 'permanent',
  },
  experience_preference: { title: 'Backend Developer', activity_sector: '', description: '', duration: 36 },
  education_preference: { degree: "Master's degree", major: 'Computer Science', score: '' },
  job_requirements: ['3+ years of experience in Java development', 'Experience with SQL databases'],
  source_language: 'en',
  hard_skills: [skill(JAVA, 'required'), skill(SQL, 'required')],
  soft_skills: [],
};

const TITLES = ['Backend Engineer', 'Java Developer', 'Data analyst', 'Shop assistant', 'Software engineer'];
/** Many CVs with ties (same content under other ids), so the order of equal scores is checked too. */
function cvs(count: number): CvRecord[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `2000000a-0000-4000-8000-${String(i).padStart(12, '0')}`,
    information: { ...emptyCvInformation(), first_name: 'A', last_name: 'B' },
    experience: [
      {
        title: `${TITLES[i % TITLES.length]!}${i % 7 === 0 ? ` ${i % 11}` : ''}`,
        activity_sector: 'Software',
        description: `Worked with ${i % 3 ? 'PostgreSQL' : 'Java'} for ${i % 5} teams.`,
        duration: 6 + (i % 40),
        start_date: '2019-01',
        end_date: '2021-06',
      },
    ],
    education: [
      {
        degree: ['BSc', 'Master', 'PhD'][i % 3]!,
        major: 'Computer Science',
        score: '',
        institution_name: 'Uni',
        start_date: '',
        end_date: '',
      },
    ],
    skill_descriptions: [],
    source_language: 'en',
    hard_skills: i % 2 ? [skill(POSTGRES, 'satisfies', 'Worked with PostgreSQL.')] : [skill(JAVA, 'satisfies')],
    soft_skills: [],
  }));
}

type Stored = { status: documents.TaskStatus; record?: object };

/** documents' GetMatchInputs over a table of records; counts the requests in flight at once. */
function fakeDocuments(rows: Map<string, Stored>) {
  const seen = { inFlight: 0, maxInFlight: 0, requests: 0, unchanged: 0 };
  const input = (id: string, known: ReadonlyMap<string, string> = new Map()): documents.MatchInput => {
    const row = rows.get(id);
    const completed = row?.status === documents.TaskStatus.TASK_STATUS_COMPLETED;
    // Every row is at version 1: a record the request names at it is answered unchanged, without its JSON.
    if (completed && known.get(id) === '1') {
      seen.unchanged++;
      return { id, status: row.status, json: '', analyzerVersion: 'rules-5', version: '1', unchanged: true };
    }
    return {
      id,
      status: row?.status ?? documents.TaskStatus.TASK_STATUS_NOT_FOUND,
      json: completed ? JSON.stringify(row.record) : '',
      analyzerVersion: completed ? 'rules-5' : '',
      version: completed ? '1' : '',
      unchanged: false,
    };
  };
  const client = {
    async getMatchInputs(request: documents.GetMatchInputsRequest) {
      seen.requests++;
      const known = new Map(request.knownVersions.map((entry) => [entry.id, entry.version]));
      seen.maxInFlight = Math.max(seen.maxInFlight, ++seen.inFlight);
      await new Promise((resolve) => setImmediate(resolve));
      seen.inFlight--;
      return {
        ...(request.jobId ? { job: input(request.jobId, known) } : {}),
        candidates: request.candidateIds.map((id) => input(id, known)),
      };
    },
  } as unknown as AsyncClient<documents.DocumentsServiceClient>;
  return { client, seen };
}

/** skills' taxonomy: SQL > PostgreSQL; titles with engineer/developer map to one occupation. */
function fakeSkills(options: { failing?: boolean } = {}) {
  const asked: string[] = [];
  const client = {
    async getRelatedSkills(request: skills.GetRelatedSkillsRequest) {
      const parent: Record<string, string> = { [POSTGRES]: SQL };
      return {
        taxonomyVersion: 'esco-test',
        skills: request.ids
          .filter((id) => NAMES[id])
          .map((id) => ({
            id,
            name: NAMES[id]!,
            broaderIds: parent[id] ? [parent[id]] : [],
            narrowerIds: Object.keys(parent).filter((child) => parent[child] === id),
            related: [],
          })),
      };
    },
    async matchOccupations(request: skills.MatchOccupationsRequest) {
      if (options.failing) throw new Error('skills unavailable');
      asked.push(...request.titles);
      // Answers later than documents does: a chunk must not be scored before its titles are answered.
      for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
      return {
        taxonomyVersion: 'esco-test',
        results: request.titles.map((title) => ({
          title,
          occupations: /engineer|developer/.test(title)
            ? [{ id: 'occ-1', name: 'software developer', iscoGroup: '2512', score: title.length % 2 ? 0.9 : 0.7 }]
            : [],
        })),
      };
    },
  } as unknown as AsyncClient<skills.SkillsServiceClient>;
  return { client, asked };
}

const table = (candidates: CvRecord[], job: JobRecord = JOB) =>
  new Map<string, Stored>([
    [job.id, { status: documents.TaskStatus.TASK_STATUS_COMPLETED, record: job }],
    ...candidates.map((cv): [string, Stored] => [
      cv.id,
      { status: documents.TaskStatus.TASK_STATUS_COMPLETED, record: cv },
    ]),
  ]);

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );

describe('POST /match scoring records as they arrive', () => {
  it('ranks 1,234 CVs read in four chunks exactly as scoring them all at once, the job alone first, two chunks in flight', async () => {
    const all = cvs(1_234);
    const docs = fakeDocuments(table(all));
    const taxonomy = fakeSkills();
    const ids = all.map((cv) => cv.id);
    // Duplicates are scored once, in the order of their first mention.
    const request = { workspaceId: WORKSPACE, jobId: JOB_ID, candidateIds: [...ids, ids[3]!.toUpperCase()] };
    const scored = await fetchAndScore(
      { documents: docs.client, skills: taxonomy.client },
      request,
      equal,
      new RecordCache(0),
    );

    const { graph } = await loadSkillGraph(fakeSkills().client, [JAVA, SQL], occupationQueries(JOB, all));
    const expected = scoreCandidates(JOB, all, equal, graph);
    expect(scored.ranked.map((c) => c.person_id)).toEqual(expected.map((c) => c.person_id));
    // Byte-identical, explanations included (a boolean, so a miss does not print 1,234 candidates twice).
    expect(JSON.stringify(scored.ranked) === JSON.stringify(expected)).toBe(true);
    expect(scored.cvs.map((cv) => cv.id)).toEqual(ids);
    expect(scored.taxonomyVersion).toBe('esco-test');
    expect(scored.analyzers).toEqual({ job_analyzer: 'rules-5', cv_analyzers: ['rules-5'] });
    // The job's own request, then chunks of 100, 200, 400, 500 and 34 candidates; two chunks in flight besides
    // the job's request at the start.
    expect(docs.seen.requests).toBe(6);
    expect(docs.seen.maxInFlight).toBe(3);
    // Every title mapped once, though it recurs in every chunk.
    expect(taxonomy.asked.length).toBe(new Set(taxonomy.asked).size);
    expect(new Set(taxonomy.asked)).toEqual(new Set(occupationQueries(JOB, all)));
  });

  it('keeps only the best candidates asked for, byte-identical to the first of the full ranking, with their records', async () => {
    const all = cvs(1_234);
    const request = { workspaceId: WORKSPACE, jobId: JOB_ID, candidateIds: all.map((cv) => cv.id) };
    const { graph } = await loadSkillGraph(fakeSkills().client, [JAVA, SQL], occupationQueries(JOB, all));
    const expected = scoreCandidates(JOB, all, equal, graph);
    for (const keep of [1, 10, 333]) {
      const scored = await fetchAndScore(
        { documents: fakeDocuments(table(all)).client, skills: fakeSkills().client },
        request,
        equal,
        new RecordCache(0),
        undefined,
        keep,
      );
      expect(scored.scored).toBe(all.length);
      expect(JSON.stringify(scored.ranked) === JSON.stringify(expected.slice(0, keep))).toBe(true);
      // Their records, in request order (what re-scoring and guidance read).
      const kept = new Set(scored.ranked.map((c) => c.person_id));
      expect(scored.cvs.map((cv) => cv.id)).toEqual(all.filter((cv) => kept.has(cv.id)).map((cv) => cv.id));
    }
  });

  it('scores held records, parsed one by one as they are scored, exactly as the records it was sent', async () => {
    const all = cvs(1_234);
    const request = { workspaceId: WORKSPACE, jobId: JOB_ID, candidateIds: all.map((cv) => cv.id) };
    const { graph } = await loadSkillGraph(fakeSkills().client, [JAVA, SQL], occupationQueries(JOB, all));
    const expected = JSON.stringify(scoreCandidates(JOB, all, equal, graph).slice(0, 25));
    const cache = new RecordCache(64 * 1024 * 1024);
    const docs = fakeDocuments(table(all));
    for (const round of ['sent', 'held']) {
      const taxonomy = fakeSkills();
      const scored = await fetchAndScore({ documents: docs.client, skills: taxonomy.client }, request, equal, cache, undefined, 25);
      expect(JSON.stringify(scored.ranked) === expected, round).toBe(true);
      // The same titles asked for, whether read from the records or from the cache.
      expect(new Set(taxonomy.asked), round).toEqual(new Set(occupationQueries(JOB, all)));
    }
    expect(docs.seen.unchanged).toBe(all.length + 1);
  });

  it('scores a blind match from the blind copies it cached, as it scored the records it redacted', async () => {
    const all = cvs(150);
    const request = { workspaceId: WORKSPACE, jobId: JOB_ID, candidateIds: all.map((cv) => cv.id), blind: true };
    const { graph } = await loadSkillGraph(fakeSkills().client, [JAVA, SQL], occupationQueries(JOB, all));
    const expected = JSON.stringify(scoreCandidates(JOB, all.map(blindCv), equal, graph));
    const cache = new RecordCache(64 * 1024 * 1024);
    for (const round of ['redacted', 'cached']) {
      const scored = await fetchAndScore({ documents: fakeDocuments(table(all)).client, skills: fakeSkills().client }, request, equal, cache);
      expect(JSON.stringify(scored.ranked) === expected, round).toBe(true);
      expect(cache.get(WORKSPACE, all[7]!.id, 'blind')?.version).toBe('1');
    }
  });

  it('reports the workspace errors in the spec order, before a failure of skills', async () => {
    const all = cvs(1_100);
    const peers = (rows: Map<string, Stored>) => ({
      documents: fakeDocuments(rows).client,
      skills: fakeSkills({ failing: true }).client,
    });
    const request = { workspaceId: WORKSPACE, jobId: JOB_ID, candidateIds: all.map((cv) => cv.id) };

    // A candidate still being analyzed in the last chunk: every unusable id is listed, skills' failure unseen.
    const rows = table(all);
    rows.set(all[1_050]!.id, { status: documents.TaskStatus.TASK_STATUS_PENDING });
    const pending = await failureOf(fetchAndScore(peers(rows), request, equal, new RecordCache(0)));
    expect(isDomainError(pending) && pending.code).toBe('CANDIDATES_NOT_FOUND');
    expect(isDomainError(pending) && pending.details.candidate_ids).toEqual([all[1_050]!.id]);

    // A job with nothing to match against is refused as such (skills is never needed).
    const bare = { ...JOB, hard_skills: [], job_requirements: [] };
    const empty = await failureOf(fetchAndScore(peers(table(all, bare)), request, equal, new RecordCache(0)));
    expect(isDomainError(empty) && empty.code).toBe('VACANCY_HAS_NO_REQUIREMENTS');

    // A job still being analyzed comes first of all.
    const jobPending = table(all);
    jobPending.set(JOB_ID, { status: documents.TaskStatus.TASK_STATUS_PENDING });
    const job = await failureOf(fetchAndScore(peers(jobPending), request, equal, new RecordCache(0)));
    expect(isDomainError(job) && job.code).toBe('VACANCY_NOT_FOUND');

    // Only then skills' own failure.
    const down = await failureOf(fetchAndScore(peers(table(all)), request, equal, new RecordCache(0)));
    expect((down as Error).message).toBe('skills unavailable');
  });

  it('holds the charge only after the job checks, scores nothing when it is refused, and still answers 422 first', async () => {
    const all = cvs(700);
    const request = { workspaceId: WORKSPACE, jobId: JOB_ID, candidateIds: all.map((cv) => cv.id) };
    const refused = new DomainError('INSUFFICIENT_CREDITS', 'Not enough tokens.', { balance: 0, required: 1 });
    const billing = (answer: 'hold' | 'refuse') => {
      const calls = { count: 0 };
      const admit = async () => {
        calls.count++;
        await new Promise((resolve) => setImmediate(resolve));
        if (answer === 'refuse') throw refused;
      };
      return { admit, calls };
    };

    // Refused: the 402 itself, and skills never asked about a CV (only the job's own titles).
    const poor = billing('refuse');
    const taxonomy = fakeSkills();
    const error = await failureOf(
      fetchAndScore(
        { documents: fakeDocuments(table(all)).client, skills: taxonomy.client },
        request,
        equal,
        new RecordCache(0),
        poor.admit,
      ),
    );
    expect(error).toBe(refused);
    expect(poor.calls.count).toBe(1);
    expect(new Set(taxonomy.asked)).toEqual(new Set(occupationQueries(JOB, [])));

    // Refused, but a candidate is unusable: the candidates' 422 comes first.
    const rows = table(all);
    rows.set(all[650]!.id, { status: documents.TaskStatus.TASK_STATUS_FAILED });
    const unusable = await failureOf(
      fetchAndScore(
        { documents: fakeDocuments(rows).client, skills: fakeSkills().client },
        request,
        equal,
        new RecordCache(0),
        billing('refuse').admit,
      ),
    );
    expect(isDomainError(unusable) && unusable.code).toBe('CANDIDATES_NOT_FOUND');

    // A job that fails its own checks is never held.
    const pendingJob = table(all);
    pendingJob.set(JOB_ID, { status: documents.TaskStatus.TASK_STATUS_PENDING });
    const bare = table(all, { ...JOB, hard_skills: [], job_requirements: [] });
    for (const rowsOfJob of [pendingJob, bare]) {
      const unheld = billing('hold');
      await failureOf(
        fetchAndScore(
          { documents: fakeDocuments(rowsOfJob).client, skills: fakeSkills().client },
          request,
          equal,
          new RecordCache(0),
          unheld.admit,
        ),
      );
      expect(unheld.calls.count).toBe(0);
    }

    // Held: the same ranking as without a hold.
    const held = billing('hold');
    const scored = await fetchAndScore(
      { documents: fakeDocuments(table(all)).client, skills: fakeSkills().client },
      request,
      equal,
      new RecordCache(0),
      held.admit,
    );
    const { graph } = await loadSkillGraph(fakeSkills().client, [JAVA, SQL], occupationQueries(JOB, all));
    expect(JSON.stringify(scored.ranked) === JSON.stringify(scoreCandidates(JOB, all, equal, graph))).toBe(true);
    expect(held.calls.count).toBe(1);
  });
});
