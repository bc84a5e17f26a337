import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SkillCatalog, type RerankerConfig } from '../src/catalog.js';
import { shippedSeedDir } from '../src/env.js';
import { COOL_DOWN_MS } from '../src/linking/embedding-reranker.js';
import { readTaxonomy } from '../src/taxonomy/taxonomy-loader.js';
import type { TaxonomySkill, TaxonomyVersionInfo } from '../src/taxonomy/model.js';
import { startFakeEmbeddings, type FakeEmbeddings, type FakeEmbeddingsAnswer } from './fake-embeddings.js';

// The shipped seed (1,888 skills): enough lexical candidates per sentence for a re-ordering to show.
let skills: TaxonomySkill[];
let version: TaxonomyVersionInfo;
let lexicalCatalog: SkillCatalog;
const SENTENCE = 'We build data pipelines and web services in Python and manage cloud infrastructure.';
const TEXT = `${SENTENCE}\nSome teamwork.`;

beforeAll(() => {
  const taxonomy = readTaxonomy({ seedDir: shippedSeedDir });
  skills = taxonomy.skills;
  version = { ...taxonomy, checksum: '', languages: [], skillCount: skills.length, labelCount: 0, importedAt: new Date() };
  lexicalCatalog = new SkillCatalog(skills, version);
});

let fake: FakeEmbeddings | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

interface Logged {
  level: 'warn' | 'debug';
  fields: Record<string, unknown>;
  message: string;
}

/** A catalog whose re-ranker calls the fake; `logs` receives its log lines. */
function rerankingCatalog(server: FakeEmbeddings, overrides: Partial<RerankerConfig['options']> & { timeoutMs?: number; maxAttempts?: number; provider?: 'openai' | 'ollama' } = {}) {
  const logs: Logged[] = [];
  const { timeoutMs = 5000, maxAttempts = 3, provider = 'openai', ...options } = overrides;
  const baseUrl = provider === 'ollama' ? server.baseUrl.replace(/\/v1$/, '') : server.baseUrl;
  const catalog = new SkillCatalog(skills, version, {}, {
    settings: { provider, baseUrl, model: 'fake-embed', apiKey: 'sk-test', timeoutMs, maxAttempts },
    options: { weight: 0.5, candidates: 30, cacheSize: 5000, batchSize: 128, ...options },
    logger: {
      warn: (fields: Record<string, unknown>, message: string) => logs.push({ level: 'warn', fields, message }),
      debug: (fields: Record<string, unknown>, message: string) => logs.push({ level: 'debug', fields, message }),
    } as unknown as RerankerConfig['logger'],
  });
  return { catalog, logs };
}

const ids = (sentence: { skills: { skill: { id: string } }[] }) => sentence.skills.map((s) => s.skill.id);
const lexical = (limit?: number) => lexicalCatalog.rank(TEXT, 'en', limit);

/**
 * Vectors that make `target` the only skill like the sentence: the sentence and the target's text get one direction,
 * every other text an orthogonal one (so cosine 1 for the target, 0 for the others).
 */
function vectorsFavouring(targetName: string) {
  return (text: string) => (text === SENTENCE || text.startsWith(`${targetName}:`) || text === targetName ? [1, 0, 0] : [0, 1, 0]);
}

async function fakeFavouringSeventh(plan?: (n: number) => FakeEmbeddingsAnswer) {
  const ranked = lexical().sentences[0]!;
  const target = ranked.skills[6]!;
  fake = await startFakeEmbeddings(vectorsFavouring(target.skill.name), plan);
  return { ranked, target };
}

describe('embedding re-ranker of RankSkills (OpenAI-compatible endpoint over real HTTP)', () => {
  it('moves the skill whose embedding is like the sentence first and keeps the lexical order of the rest', async () => {
    const { ranked, target } = await fakeFavouringSeventh();
    const { catalog } = rerankingCatalog(fake!);
    const result = await catalog.rankSkills(TEXT, 'en', 10);
    expect(result.rerank).toMatchObject({ reranked: true, requests: 1 });
    const [first, second] = result.sentences;
    // Lexical order with the seventh skill taken out and put first; the call's limit still holds.
    const expected = [target.skill.id, ...ids(ranked).filter((id) => id !== target.skill.id)].slice(0, 10);
    expect(ids(first!)).toEqual(expected);
    expect(first!.skills[0]!.score).toBeGreaterThan(first!.skills[1]!.score);
    for (const s of result.sentences) {
      const scores = s.skills.map((k) => k.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      for (const score of scores) {
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(1);
      }
    }
    // The lexical evidence is still reported as it was.
    const lexicalTarget = ranked.skills[6]!;
    expect(first!.skills[0]).toMatchObject({ phraseConfidence: lexicalTarget.phraseConfidence, relevance: lexicalTarget.relevance, coverage: lexicalTarget.coverage });
    expect(second!.text).toBe('Some teamwork.');

    // One request: both sentences and each candidate skill's text (label: description), the floats asked for.
    const [request] = fake!.requests;
    expect(request).toMatchObject({ path: '/v1/embeddings', model: 'fake-embed', authorization: 'Bearer sk-test', encodingFormat: 'float' });
    expect(request!.input.slice(0, 2)).toEqual([SENTENCE, 'Some teamwork.']);
    expect(request!.input.some((t) => t.startsWith(`${target.skill.name}: `))).toBe(true);
    // Candidates: max(limit, 30) per sentence, each skill once.
    expect(new Set(request!.input.slice(2)).size).toBe(request!.input.length - 2);
    expect(request!.input.length - 2).toBeGreaterThanOrEqual(30);

    // Skill embeddings are cached: the same call again sends the sentences only.
    const again = await catalog.rankSkills(TEXT, 'en', 10);
    expect(ids(again.sentences[0]!)).toEqual(expected);
    expect(fake!.requests[1]!.input).toEqual([SENTENCE, 'Some teamwork.']);
  });

  it("re-ranks the same way through Ollama's own /api/embed", async () => {
    const { ranked, target } = await fakeFavouringSeventh();
    const { catalog } = rerankingCatalog(fake!, { provider: 'ollama' });
    const result = await catalog.rankSkills(TEXT, 'en', 10);
    expect(ids(result.sentences[0]!)).toEqual([target.skill.id, ...ids(ranked).filter((id) => id !== target.skill.id)].slice(0, 10));
    expect(fake!.requests[0]).toMatchObject({ path: '/api/embed', model: 'fake-embed', authorization: 'Bearer sk-test' });
  });

  it('keeps at most CACHE_SIZE skill vectors, and embeds a repeated sentence once', async () => {
    const { ranked, target } = await fakeFavouringSeventh();
    const { catalog } = rerankingCatalog(fake!, { cacheSize: 5 });
    const text = `${SENTENCE}\n${SENTENCE}`;
    const first = await catalog.rankSkills(text, 'en', 10);
    const skillTexts = fake!.requests[0]!.input.length - 1;
    expect(fake!.requests[0]!.input.filter((t) => t === SENTENCE)).toHaveLength(1);
    expect(skillTexts).toBeGreaterThan(5);
    // Five vectors were kept; the others are asked for again, and the answer is the same.
    const second = await catalog.rankSkills(text, 'en', 10);
    expect(fake!.requests[1]!.input).toHaveLength(1 + skillTexts - 5);
    const expected = [target.skill.id, ...ids(ranked).filter((id) => id !== target.skill.id)].slice(0, 10);
    for (const result of [first, second]) expect(result.sentences.map(ids)).toEqual([expected, expected]);
  });

  it('keeps the lexical order at weight 0 and batches requests by the batch size', async () => {
    await fakeFavouringSeventh();
    const { catalog } = rerankingCatalog(fake!, { weight: 0, batchSize: 16 });
    const result = await catalog.rankSkills(TEXT, 'en', 0);
    expect(result.sentences.map(ids)).toEqual(lexical().sentences.map(ids));
    expect(fake!.requests.length).toBeGreaterThan(1);
    for (const r of fake!.requests) expect(r.input.length).toBeLessThanOrEqual(16);
  });

  it('waits for Retry-After after a 429 and then re-ranks', async () => {
    const { target } = await fakeFavouringSeventh((n) => (n === 0 ? { kind: 'status', status: 429, retryAfter: '1' } : { kind: 'vectors' }));
    const { catalog, logs } = rerankingCatalog(fake!);
    const started = Date.now();
    const result = await catalog.rankSkills(TEXT, 'en', 5);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(result.rerank).toMatchObject({ reranked: true, requests: 2 });
    expect(ids(result.sentences[0]!)[0]).toBe(target.skill.id);
    expect(fake!.requests).toHaveLength(2);
    expect(logs.filter((l) => l.level === 'warn')).toEqual([]);
    expect(logs.find((l) => l.level === 'debug')?.fields).toMatchObject({ kind: 'rate_limited' });
  });

  it('answers the lexical ranking, with a warning, when the endpoint sends invalid JSON every time', async () => {
    await fakeFavouringSeventh(() => ({ kind: 'raw', body: '{"object": "list", "data": [' }));
    const { catalog, logs } = rerankingCatalog(fake!, { maxAttempts: 2 });
    const result = await catalog.rankSkills(TEXT, 'en', 5);
    expect(result.rerank).toMatchObject({ reranked: false });
    expect(result.sentences).toEqual(lexical(5).sentences);
    expect(fake!.requests).toHaveLength(2);
    const warnings = logs.filter((l) => l.level === 'warn');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.fields).toMatchObject({ kind: 'malformed_output', attempts: 2 });
  });

  it('answers the lexical ranking when the vectors do not fit the texts (a JSON answer of another shape)', async () => {
    await fakeFavouringSeventh(() => ({ kind: 'raw', body: JSON.stringify({ object: 'list', data: [{ embedding: [1, 0] }] }) }));
    const { catalog, logs } = rerankingCatalog(fake!, { maxAttempts: 1 });
    const result = await catalog.rankSkills(TEXT, 'en', 5);
    expect(result.sentences).toEqual(lexical(5).sentences);
    expect(logs.find((l) => l.level === 'warn')?.fields).toMatchObject({ kind: 'malformed_output' });
  });

  it('gives up on an answer slower than the time limit, answers lexically, and skips the endpoint while cooling down', async () => {
    await fakeFavouringSeventh(() => ({ kind: 'slow', delayMs: 5000 }));
    const { catalog, logs } = rerankingCatalog(fake!, { timeoutMs: 300, maxAttempts: 2 });
    const started = Date.now();
    const result = await catalog.rankSkills(TEXT, 'en', 5);
    const elapsed = Date.now() - started;
    // Two attempts of 300 ms and one backoff (at most 500 ms), far below the server's 5 s.
    expect(elapsed).toBeLessThan(2500);
    expect(result.sentences).toEqual(lexical(5).sentences);
    expect(fake!.requests).toHaveLength(2);
    expect(logs.find((l) => l.level === 'warn')?.fields).toMatchObject({ kind: 'timeout', attempts: 2, coolDownMs: COOL_DOWN_MS });
    // Within the cool-down the next call does not wait for the endpoint again.
    const next = await catalog.rankSkills(TEXT, 'en', 5);
    expect(next.rerank).toEqual({ reranked: false, reason: 'cooling down after a failure' });
    expect(next.sentences).toEqual(lexical(5).sentences);
    expect(fake!.requests).toHaveLength(2);
  });

  it('answers lexically at once when the endpoint refuses the request (401: configuration, not retried)', async () => {
    await fakeFavouringSeventh(() => ({ kind: 'status', status: 401 }));
    const { catalog, logs } = rerankingCatalog(fake!);
    const result = await catalog.rankSkills(TEXT, 'en', 5);
    expect(result.sentences).toEqual(lexical(5).sentences);
    expect(fake!.requests).toHaveLength(1);
    expect(logs.find((l) => l.level === 'warn')?.fields).toMatchObject({ kind: 'refused', attempts: 1 });
  });

  it('is off without a model: rankSkills is rank', async () => {
    for (const limit of [0, 3, 100]) expect(await lexicalCatalog.rankSkills(TEXT, 'en', limit)).toEqual(lexicalCatalog.rank(TEXT, 'en', limit));
    expect(lexicalCatalog.reranker).toBeUndefined();
  });
});
