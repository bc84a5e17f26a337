import { createChatModel, createLogger, llmSettingsFrom } from '@talent/platform';
import { emptyCvInformation } from '@talent/records';
import { fakeAnswer, FakeLlm, type FakeLlmRequest } from '@talent/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadMatchingEnv } from '../src/env.js';
import { deterministicScorer, rescoringScorer } from '../src/rescoring/index.js';
import { LlmRequirementRescorer } from '../src/rescoring/llm-rescorer.js';
import { scoreCandidates, type CvRecord, type JobRecord, type SkillGraph, type Weights } from '../src/scoring/index.js';

/**
 * LLM re-scoring of requirement lines with the real LangChain client against a local fake OpenAI-compatible
 * server: the model's line scores replace the word-share rule for the best candidates, and on any failure the
 * deterministic result is returned unchanged.
 */
const MODEL = 'judge-model';
const graph: SkillGraph = { broader: () => [], narrower: () => [], name: () => undefined };
const equal: Weights = { experience: 0.25, hard_skills: 0.25, soft_skills: 0.25, education: 0.25 };

const LINES = ['Experience operating cold-chain warehouses', 'Able to lead a night shift team'];

const job: JobRecord = {
  id: '00000000-0000-4000-8000-00000000000a',
  information: {
    title: 'Warehouse Shift Lead',
    company: 'Kühlhaus Nord',
    description: '',
    activity_sector: 'Logistics',
    locations: [],
    job_type: '',
    contract_type: '',
  },
  experience_preference: { title: '', activity_sector: '', description: '', duration: 0 },
  education_preference: { degree: '', major: '', score: '' },
  job_requirements: LINES,
  source_language: 'en',
  hard_skills: [],
  soft_skills: [],
};

function cv(id: string, title: string, description: string): CvRecord {
  return {
    id,
    information: emptyCvInformation(),
    experience: [{ title, activity_sector: '', description, duration: 48, start_date: '2020-01', end_date: '2023-12' }],
    education: [],
    skill_descriptions: [],
    source_language: 'en',
    hard_skills: [],
    soft_skills: [],
  };
}

// Shares the lines' words but not their substance; the other says it in other words.
const wordy = cv(
  '00000000-0000-4000-8000-000000000001',
  'Sales assistant',
  'Sold warehouses and cold drinks; able to lead customers to the right shelf at night.',
);
const apt = cv(
  '00000000-0000-4000-8000-000000000002',
  'Frozen-goods depot supervisor',
  'Supervised eight pickers on the 22:00–06:00 rota in a −25 °C freezer depot.',
);

/** The fake model's judgement: the depot supervisor meets both lines, the sales assistant neither. */
function judge(request: FakeLlmRequest) {
  const prompt = JSON.stringify(request.body.messages);
  const fits = prompt.includes('freezer depot');
  return fakeAnswer.structured({
    scores: LINES.map((_, i) => ({
      line: i + 1,
      score: fits ? 9 : 1,
      evidence: fits ? 'Supervised eight pickers on the 22:00–06:00 rota in a −25 °C freezer depot.' : '',
      reason: fits ? 'Runs night shifts in a frozen-goods depot' : 'No warehouse operations or team lead role',
    })),
  });
}

let fake: FakeLlm;
beforeAll(async () => {
  fake = await FakeLlm.start();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

function scorer(options: { maxCandidates?: number; timeoutMs?: number; budgetMs?: number } = {}) {
  const logger = createLogger('matching-test', 'silent');
  const warn = vi.spyOn(logger, 'warn');
  const timeoutMs = options.timeoutMs ?? 2_000;
  const rescorer = new LlmRequirementRescorer({
    model: createChatModel({
      provider: 'openai',
      baseUrl: fake.openAiBaseUrl,
      model: MODEL,
      timeoutMs,
      maxAttempts: 3,
    }),
    modelName: MODEL,
    retry: { maxAttempts: 3, timeoutMs, backoffBaseMs: 5 },
  });
  const s = rescoringScorer({
    rescorer,
    maxCandidates: options.maxCandidates ?? 10,
    concurrency: 2,
    budgetMs: options.budgetMs ?? 10_000,
    logger,
  });
  return { s, warn };
}

const deterministic = () => scoreCandidates(job, [wordy, apt], equal, graph);

describe('LLM re-scoring of requirement lines', () => {
  it('ranks by the model’s line scores, with its reasons and the CV quote, and names the model', async () => {
    expect(deterministic()[0]!.person_id).toBe(wordy.id);
    fake.respond(judge);
    const { ranked, rescoredBy } = await scorer().s.score(job, [wordy, apt], equal, graph);
    expect(rescoredBy).toBe(MODEL);
    expect(ranked.map((c) => c.person_id)).toEqual([apt.id, wordy.id]);
    const detail = ranked[0]!.score_dict.hard_skills[LINES[1]!]!;
    expect(detail).toEqual({
      score: 9,
      criteria: `requirement line, re-scored by ${MODEL}`,
      explanation:
        'Runs night shifts in a frozen-goods depot. CV: "Supervised eight pickers on the 22:00–06:00 rota in a −25 °C freezer depot."',
    });
    expect(ranked[1]!.score_dict.hard_skills[LINES[0]!]!.explanation).toBe(
      'No warehouse operations or team lead role. Nothing in the CV supports it.',
    );
    expect(ranked[0]!.score_meta.hard_skills).toBe(9);
    // One request per CV, every line numbered in it, asked as a json_schema.
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[0]!.body.response_format?.json_schema?.name).toBe('requirement_scores');
    expect(JSON.stringify(fake.requests[0]!.body.messages)).toContain('2. Able to lead a night shift team');
  });

  it('re-scores only the best deterministic candidates', async () => {
    fake.respond(judge);
    const { ranked, rescoredBy } = await scorer({ maxCandidates: 1 }).s.score(job, [wordy, apt], equal, graph);
    expect(rescoredBy).toBe(MODEL);
    expect(fake.requests).toHaveLength(1);
    expect(JSON.stringify(fake.requests[0]!.body.messages)).toContain('Sales assistant');
    // The one not re-scored keeps the word-share rule.
    const other = ranked.find((c) => c.person_id === apt.id)!;
    expect(other).toEqual(deterministic().find((c) => c.person_id === apt.id));
  });

  it('gives the same first topK from the best candidatesNeeded(topK) deterministic candidates as from all', async () => {
    // Wordy CVs rank first by the rules and fall once re-scored; the CVs after them, not re-scored, move up.
    const many = [
      ...[1, 2, 3].map((n) => ({ ...wordy, id: `00000000-0000-4000-8000-00000000010${n}` })),
      ...[1, 2, 3, 4].map((n) =>
        cv(
          `00000000-0000-4000-8000-00000000020${n}`,
          'Frozen-goods depot supervisor',
          `${'Kept stock records. '.repeat(n)}Ran the night shift in a freezer depot.`,
        ),
      ),
    ];
    const topK = 2;
    const { s } = scorer({ maxCandidates: 3 });
    const full = scoreCandidates(job, many, equal, graph);
    const needed = full.slice(0, s.candidatesNeeded(topK));
    const kept = many.filter((one) => needed.some((c) => c.person_id === one.id));
    fake.respond(judge);
    const fromAll = await s.score(job, many, equal, graph, full);
    const fromKept = await s.score(job, kept, equal, graph, needed);
    expect(fromKept.rescoredBy).toBe(MODEL);
    const wordyIds = many.slice(0, 3).map((one) => one.id);
    expect(
      full
        .slice(0, 3)
        .map((c) => c.person_id)
        .sort(),
    ).toEqual(wordyIds);
    expect(fromAll.ranked.slice(0, topK).filter((c) => wordyIds.includes(c.person_id))).toEqual([]);
    expect(JSON.stringify(fromKept.ranked.slice(0, topK))).toBe(JSON.stringify(fromAll.ranked.slice(0, topK)));
    expect(deterministicScorer.candidatesNeeded(topK)).toBe(topK);
  });

  it('does not show a quote the CV does not hold', async () => {
    fake.respond(() =>
      fakeAnswer.structured({
        scores: LINES.map((_, i) => ({
          line: i + 1,
          score: 7,
          evidence: 'Ten years at Lineage Logistics',
          reason: 'Related',
        })),
      }),
    );
    const { ranked } = await scorer().s.score(job, [apt], equal, graph);
    expect(ranked[0]!.score_dict.hard_skills[LINES[0]!]!.explanation).toBe(
      "Related. (The model's quote is not in the CV.)",
    );
  });

  it('retries an answer that leaves out a line', async () => {
    fake.enqueue(fakeAnswer.structured({ scores: [{ line: 1, score: 9, evidence: '', reason: 'ok' }] }));
    fake.respond(judge);
    const { rescoredBy } = await scorer().s.score(job, [apt], equal, graph);
    expect(rescoredBy).toBe(MODEL);
    expect(fake.requests).toHaveLength(2);
  });

  it.each([
    ['invalid JSON', () => fakeAnswer.text('{"scores": [{"line": 1,'), 'malformed_output', {}],
    ['429 rate limits', () => fakeAnswer.status(429, 0), 'rate_limited', {}],
    ['a slow answer', () => fakeAnswer.slow(3_000, fakeAnswer.text('{}')), 'timeout', { timeoutMs: 200 }],
    ['an exhausted time budget', () => fakeAnswer.slow(3_000, fakeAnswer.text('{}')), 'budget', { budgetMs: 300 }],
  ] as const)('keeps the deterministic result after %s, and logs why', async (_, answer, reason, options) => {
    fake.respond(answer);
    const { s, warn } = scorer(options);
    const scored = await s.score(job, [wordy, apt], equal, graph);
    expect(scored.rescoredBy).toBeUndefined();
    expect(scored.ranked).toEqual(deterministic());
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatchObject({ model: MODEL, reason });
  });

  it('leaves a job without requirement lines to the rules, without asking the model', async () => {
    const skillsOnly = { ...job, job_requirements: ['   '] };
    const { rescoredBy } = await scorer().s.score(skillsOnly, [apt], equal, graph);
    expect(rescoredBy).toBeUndefined();
    expect(fake.requests).toHaveLength(0);
  });

  it('is off by default', async () => {
    const env = loadMatchingEnv({ DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/postgres' });
    expect(llmSettingsFrom(env, 'MATCH_LLM_')).toBeUndefined();
    expect((await deterministicScorer.score(job, [wordy, apt], equal, graph)).ranked).toEqual(deterministic());
  });
});
