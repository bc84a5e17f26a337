import { embedTexts, LlmCallFailed, type EmbeddingsModel, type Logger } from '@talent/platform';
import type { SkillIndex } from '../search/skill-index.js';
import { DEFAULT_LANGUAGE } from '../taxonomy/model.js';
import type { RankedSentence, RankedSkill } from './linker-types.js';

export interface RerankOptions {
  /** Lexical candidates of a sentence re-ranked (at least the `limit` asked for). */
  candidates: number;
  /** Share of the cosine similarity in the blend, 0–1 (the rest is the lexical score). */
  weight: number;
  /** Skill embeddings kept in memory (least recently used dropped first). */
  cacheSize: number;
  /** Texts per embeddings request. */
  batchSize: number;
}

/** Texts longer than this are lexical only: their embeddings would cost a request per few sentences. */
export const MAX_RERANKED_SENTENCES = 200;
/** After a failed call, calls within this time are lexical at once rather than each waiting for a dead endpoint. */
export const COOL_DOWN_MS = 30_000;
/** Characters of a sentence or a skill's text sent: enough for any sentence or description's gist. */
const MAX_TEXT_CHARS = 1000;

export type RerankOutcome = { reranked: true; requests: number; embedded: number } | { reranked: false; reason: string };

/**
 * Re-ranks each sentence's best lexical candidates by a blend of their lexical score and the cosine similarity of the
 * sentence's embedding to the skill's (the skill's English preferred label and description), both min-max normalised
 * over the sentence's candidates — the convex combination of Bruch et al. (2023, "An analysis of fusion functions for
 * hybrid retrieval"), which needs no knowledge of the model's cosine range. Skill embeddings are cached; the
 * sentences and the uncached skills of a call go in batches. Any failure leaves the ranking lexical.
 */
export class EmbeddingReranker {
  /** By skill id (the index's own strings). */
  private readonly cache = new Map<string, Float32Array>();
  private failedAt = -Infinity;

  constructor(
    readonly model: EmbeddingsModel,
    private readonly index: SkillIndex,
    readonly options: RerankOptions,
    private readonly logger: Pick<Logger, 'warn' | 'debug'>,
  ) {}

  /** How many lexical candidates to ask for when `limit` skills per sentence are wanted. */
  poolFor(limit: number): number {
    return Math.max(limit, this.options.candidates);
  }

  /**
   * The sentences with their skills re-ranked (each list cut to `limit`), or unchanged but cut when the endpoint
   * cannot be used. Never throws.
   */
  async rerank(sentences: RankedSentence[], limit: number): Promise<{ sentences: RankedSentence[]; outcome: RerankOutcome }> {
    const lexical = () => sentences.map((s) => ({ ...s, skills: s.skills.slice(0, limit) }));
    // Every sentence with a skill, even one: scores of one call are all blends, on one scale.
    const work = sentences.filter((s) => s.skills.length > 0);
    if (work.length === 0) return { sentences: lexical(), outcome: { reranked: false, reason: 'nothing to re-rank' } };
    if (work.length > MAX_RERANKED_SENTENCES) return { sentences: lexical(), outcome: { reranked: false, reason: `more than ${MAX_RERANKED_SENTENCES} sentences` } };
    if (Date.now() - this.failedAt < COOL_DOWN_MS) return { sentences: lexical(), outcome: { reranked: false, reason: 'cooling down after a failure' } };

    // Cached vectors taken now: other calls may evict them while this one waits for the endpoint.
    const known = new Map<string, Float32Array>();
    const wanted = new Set<string>();
    for (const s of work)
      for (const { skill } of s.skills) {
        const cached = known.get(skill.id) ?? this.recall(skill.id);
        if (cached) known.set(skill.id, cached);
        else wanted.add(skill.id);
      }
    // A sentence written twice (a repeated bullet) is embedded once.
    const queries = [...new Set(work.map((s) => s.text.slice(0, MAX_TEXT_CHARS)))];
    const texts = [...queries, ...[...wanted].map((k) => this.skillText(k))];
    let vectors: Float32Array[];
    let requests = 0;
    try {
      vectors = [];
      for (let i = 0; i < texts.length; i += this.options.batchSize) {
        const batch = texts.slice(i, i + this.options.batchSize);
        const { vectors: got, attempts } = await embedTexts(this.model, batch, this.model.settings, (retry) =>
          this.logger.debug({ ...retry }, 'embeddings request retried'),
        );
        requests += attempts;
        vectors.push(...got);
      }
      if (vectors.some((v) => v.length !== vectors[0]!.length)) throw new LlmCallFailed('malformed_output', 'vectors of different dimensions across batches', requests, { input: 0, output: 0, total: 0 });
    } catch (error) {
      this.failedAt = Date.now();
      const failed = error instanceof LlmCallFailed ? { kind: error.kind, attempts: error.attempts } : {};
      this.logger.warn({ ...failed, err: (error as Error).message, model: this.model.settings.model, coolDownMs: COOL_DOWN_MS }, 'embeddings failed: the ranking stays lexical');
      return { sentences: lexical(), outcome: { reranked: false, reason: (error as Error).message } };
    }
    vectors.forEach(normalize);
    [...wanted].forEach((id, i) => {
      known.set(id, vectors[queries.length + i]!);
      this.remember(id, vectors[queries.length + i]!);
    });
    const queryVector = new Map(queries.map((text, i) => [text, vectors[i]!]));
    // Settings are fixed for the process, so cached vectors have this call's dimension; a mismatch counts as missing.
    const dims = vectors[0]!.length;

    const reranked = new Map<RankedSentence, RankedSkill[]>();
    work.forEach((sentence) => {
      const query = queryVector.get(sentence.text.slice(0, MAX_TEXT_CHARS))!;
      const cosines = sentence.skills.map((k) => {
        const v = known.get(k.skill.id);
        return v && v.length === dims ? dot(query, v) : undefined;
      });
      reranked.set(sentence, blend(sentence.skills, cosines, this.options.weight));
    });
    return {
      sentences: sentences.map((s) => ({ ...s, skills: (reranked.get(s) ?? s.skills).slice(0, limit) })),
      outcome: { reranked: true, requests, embedded: texts.length },
    };
  }

  /** What a skill's embedding is made of: its English preferred label and description. */
  skillText(id: string): string {
    const view = this.index.get(id, DEFAULT_LANGUAGE);
    if (!view) return id;
    return (view.description ? `${view.name}: ${view.description}` : view.name).slice(0, MAX_TEXT_CHARS);
  }

  private remember(skill: string, vector: Float32Array): void {
    this.cache.delete(skill);
    this.cache.set(skill, vector);
    if (this.cache.size > this.options.cacheSize) this.cache.delete(this.cache.keys().next().value!);
  }

  private recall(skill: string): Float32Array | undefined {
    const vector = this.cache.get(skill);
    if (vector) this.remember(skill, vector);
    return vector;
  }
}

/**
 * The skills ordered by (1 − weight) × lexical + weight × cosine, each min-max normalised over the sentence's
 * candidates (all equal, one candidate included: 1); `score` becomes that blend, rounded like the lexical scores. A skill without an
 * embedding keeps its lexical part only.
 */
export function blend(skills: readonly RankedSkill[], cosines: readonly (number | undefined)[], weight: number): RankedSkill[] {
  const scale = (values: readonly (number | undefined)[]) => {
    const known = values.filter((v): v is number => v !== undefined);
    const min = Math.min(...known);
    const span = Math.max(...known) - min;
    return values.map((v) => (v === undefined ? 0 : span > 0 ? (v - min) / span : 1));
  };
  const lexical = scale(skills.map((s) => s.score));
  const semantic = scale(cosines);
  return skills
    .map((s, i) => ({ skill: s, blended: (1 - weight) * lexical[i]! + weight * semantic[i]!, i }))
    .sort((a, b) => b.blended - a.blended || a.i - b.i)
    .map(({ skill, blended }) => ({ ...skill, score: Math.round(blended * 1e4) / 1e4 }));
}

function normalize(v: Float32Array): void {
  let norm = 0;
  for (const x of v) norm += x * x;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < v.length; i++) v[i]! /= norm;
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}
