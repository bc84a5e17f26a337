/**
 * Text embeddings through LangChain, for optional re-rankers (skills' RankSkills): an OpenAI-compatible
 * `/v1/embeddings` server (OpenAI, vLLM, llama.cpp, LM Studio, Ollama's /v1…) through OpenAIEmbeddings, or Ollama's
 * own `/api/embed` through OllamaEmbeddings. Same settings, lazy loading and retries as the chat models (llm.ts):
 * LangChain's and the SDKs' own retries are off, ours retry 429/5xx/timeouts/malformed answers with backoff, and the
 * caller falls back to its lexical path when the endpoint cannot be used.
 */
import type { Embeddings } from '@langchain/core/embeddings';
import { LlmAttemptFailed, LlmCallFailed, llmEnv, loadOnce, llmSettingsFrom, withLlmRetries, type LlmSettings, type RetryPolicy, type StructuredCall } from './llm.js';

export type EmbeddingsSettings = LlmSettings;

/**
 * The env variables of one embeddings client, named with `prefix` (`SKILLS_EMBEDDINGS_` in skills): PROVIDER,
 * BASE_URL, MODEL (unset: off), API_KEY, TIMEOUT_MS (default 10 s: a ranking call waits for it), MAX_ATTEMPTS (3).
 */
export const embeddingsEnv = <P extends string>(prefix: P) => llmEnv(prefix, { timeoutMs: 10_000, maxAttempts: 3 });

/** The settings named by `prefix` in a loaded env, or undefined when no model is configured (the feature is off). */
export const embeddingsSettingsFrom = (env: Record<string, unknown>, prefix: string): EmbeddingsSettings | undefined => llmSettingsFrom(env, prefix);

/** An embeddings model for some settings: LangChain is imported on first use (see ChatModel in llm.ts for why). */
export interface EmbeddingsModel {
  readonly settings: EmbeddingsSettings;
  langChain(): Promise<Embeddings>;
}

export function createEmbeddingsModel(settings: EmbeddingsSettings): EmbeddingsModel {
  return { settings, langChain: loadOnce(() => loadEmbeddings(settings)) };
}

async function loadEmbeddings(settings: EmbeddingsSettings): Promise<Embeddings> {
  if (settings.provider === 'ollama') {
    const { OllamaEmbeddings } = await import('@langchain/ollama');
    return new OllamaEmbeddings({
      model: settings.model,
      maxRetries: 0,
      // Longer texts than the model's context are cut rather than refused (Ollama's default refuses them).
      truncate: true,
      ...(settings.baseUrl ? { baseUrl: settings.baseUrl } : {}),
      ...(settings.apiKey ? { headers: { Authorization: `Bearer ${settings.apiKey}` } } : {}),
      // The Ollama client has no time limit of its own: the request is aborted at ours.
      fetch: (input: Parameters<typeof fetch>[0], init?: RequestInit) => fetch(input, { ...init, signal: AbortSignal.timeout(settings.timeoutMs) }),
    });
  }
  const { OpenAIEmbeddings } = await import('@langchain/openai');
  return new OpenAIEmbeddings({
    model: settings.model,
    maxRetries: 0,
    timeout: settings.timeoutMs,
    // The SDK asks for base64 unless told; not every OpenAI-compatible server can answer that.
    encodingFormat: 'float',
    // The caller batches: one request per call.
    batchSize: 2048,
    apiKey: settings.apiKey ?? 'not-needed',
    configuration: settings.baseUrl ? { baseURL: settings.baseUrl } : {},
  });
}

/**
 * The embeddings of `texts` (one request; the caller keeps batches within the server's limits), in order. A
 * retried attempt: 429 (Retry-After), 5xx, timeouts, unreachable, and answers that are no vectors, not one per text,
 * or not all of one dimension. Throws LlmCallFailed.
 */
export async function embedTexts(
  model: EmbeddingsModel,
  texts: readonly string[],
  policy: RetryPolicy,
  onRetry?: StructuredCall['onRetry'],
): Promise<{ vectors: Float32Array[]; attempts: number }> {
  const usage = { input: 0, output: 0, total: 0 };
  if (texts.length === 0) return { vectors: [], attempts: 0 };
  let embeddings: Embeddings;
  try {
    embeddings = await model.langChain();
  } catch (error) {
    throw new LlmCallFailed('refused', `LangChain could not be loaded: ${(error as Error).message}`, 0, usage);
  }
  const { value, attempts } = await withLlmRetries(
    async () => {
      let answer: unknown;
      try {
        answer = await embeddings.embedDocuments([...texts]);
      } catch (error) {
        // LangChain reads `data[j].embedding` without checking: a JSON answer of another shape fails there.
        if (error instanceof TypeError && /undefined|null|not iterable/.test(error.message)) throw new LlmAttemptFailed('malformed_output', `malformed output: ${error.message}`);
        throw error;
      }
      return vectorsOf(answer, texts.length);
    },
    policy,
    onRetry,
    usage,
  );
  return { vectors: value, attempts };
}

function vectorsOf(answer: unknown, count: number): Float32Array[] {
  const bad = (why: string) => new LlmAttemptFailed('malformed_output', `malformed output: ${why}`);
  if (!Array.isArray(answer)) throw bad('no list of vectors');
  if (answer.length !== count) throw bad(`${answer.length} vectors for ${count} texts`);
  const vectors = answer.map((v: unknown) => {
    if (!(Array.isArray(v) || v instanceof Float32Array) || v.length === 0) throw bad('a vector is not a list of numbers');
    const out = Float32Array.from(v as ArrayLike<number>);
    if (!out.every(Number.isFinite)) throw bad('a vector holds a value that is not a finite number');
    return out;
  });
  if (vectors.some((v) => v.length !== vectors[0]!.length)) throw bad('vectors of different dimensions');
  return vectors;
}
