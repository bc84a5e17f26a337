/**
 * The optional LLM features (documents' `llm` analyzer, matching's requirement re-scoring) share one way to reach a
 * chat model through LangChain: an OpenAI-compatible server (OpenAI, vLLM, LM Studio, llama.cpp, Ollama's /v1…)
 * through ChatOpenAI, or Ollama's own API through ChatOllama. Structured output goes through
 * `withStructuredOutput` with a zod schema; the retries are ours, not the SDKs', so that 429 (with Retry-After),
 * 5xx, timeouts and malformed output are all retried the same way, bounded, with backoff, and the caller can fall
 * back to its deterministic path when the model cannot be used.
 */
// Types only: LangChain itself is imported when a model is first used (see ChatModel).
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { AIMessage } from '@langchain/core/messages';
import { z } from 'zod';

export const LLM_PROVIDERS = ['openai', 'ollama'] as const;
export type LlmProvider = (typeof LLM_PROVIDERS)[number];

export interface LlmSettings {
  provider: LlmProvider;
  /** OpenAI-compatible base URL (`https://host/v1`) or Ollama's (`http://host:11434`); unset: the provider's default. */
  baseUrl?: string | undefined;
  model: string;
  apiKey?: string | undefined;
  /** Time limit of one request. */
  timeoutMs: number;
  /** Requests per call, the first included, before the call fails (≥ 1). */
  maxAttempts: number;
}

type LlmEnvShape<P extends string> = {
  [K in `${P}PROVIDER`]: z.ZodDefault<z.ZodEnum<{ openai: 'openai'; ollama: 'ollama' }>>;
} & { [K in `${P}BASE_URL`]: z.ZodOptional<z.ZodURL> } & {
  [K in `${P}MODEL` | `${P}API_KEY`]: z.ZodOptional<z.ZodString>;
} & {
  [K in `${P}TIMEOUT_MS` | `${P}MAX_ATTEMPTS`]: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
};

/**
 * The env variables of one LLM client, named with `prefix` (`LLM_` in documents, `MATCH_LLM_` in matching), to
 * `.extend()` a service's env schema with; `defaults` for the time limit and attempts (60 s, 3 unless given).
 */
export function llmEnv<P extends string>(prefix: P, defaults: { timeoutMs?: number; maxAttempts?: number } = {}): LlmEnvShape<P> {
  return {
    [`${prefix}PROVIDER`]: z.enum(LLM_PROVIDERS).default('openai'),
    [`${prefix}BASE_URL`]: z.url().optional(),
    [`${prefix}MODEL`]: z.string().min(1).optional(),
    [`${prefix}API_KEY`]: z.string().min(1).optional(),
    [`${prefix}TIMEOUT_MS`]: z.coerce.number().int().min(100).max(600_000).default(defaults.timeoutMs ?? 60_000),
    [`${prefix}MAX_ATTEMPTS`]: z.coerce.number().int().min(1).max(10).default(defaults.maxAttempts ?? 3),
  } as LlmEnvShape<P>;
}

/** The settings named by `prefix` in a loaded env, or undefined when no model is configured (the feature is off). */
export function llmSettingsFrom(env: Record<string, unknown>, prefix: string): LlmSettings | undefined {
  const model = env[`${prefix}MODEL`] as string | undefined;
  if (!model) return undefined;
  return {
    provider: env[`${prefix}PROVIDER`] as LlmProvider,
    baseUrl: env[`${prefix}BASE_URL`] as string | undefined,
    model,
    apiKey: env[`${prefix}API_KEY`] as string | undefined,
    timeoutMs: env[`${prefix}TIMEOUT_MS`] as number,
    maxAttempts: env[`${prefix}MAX_ATTEMPTS`] as number,
  };
}

/**
 * A chat model for some settings (services use it through this package only). LangChain is imported when the model
 * is first used, not when this package loads: every service loads the package and most configure no LLM, and
 * LangChain's modules cost ~31 MB of RSS (~10 MB of heap) and ~0.3 s of start-up in each.
 */
export interface ChatModel {
  readonly settings: LlmSettings;
  /** The LangChain model: created, and its provider's module imported, on the first call. */
  langChain(): Promise<BaseChatModel>;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** `load()` once, its promise shared by every caller; a load that failed is tried again by the next caller. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    }));
}

/** A chat model for the settings; nothing is imported or connected until it is used. */
export function createChatModel(settings: LlmSettings): ChatModel {
  return { settings, langChain: loadOnce(() => loadChatModel(settings)) };
}

/** The LangChain model for the settings; its own retries are off (see invokeStructured). */
async function loadChatModel(settings: LlmSettings): Promise<BaseChatModel> {
  if (settings.provider === 'ollama') {
    const { ChatOllama } = await import('@langchain/ollama');
    return new ChatOllama({
      model: settings.model,
      temperature: 0,
      maxRetries: 0,
      ...(settings.baseUrl ? { baseUrl: settings.baseUrl } : {}),
      ...(settings.apiKey ? { headers: { Authorization: `Bearer ${settings.apiKey}` } } : {}),
    });
  }
  const { ChatOpenAI } = await import('@langchain/openai');
  return new ChatOpenAI({
    model: settings.model,
    temperature: 0,
    maxRetries: 0,
    timeout: settings.timeoutMs,
    // Servers without keys (a local vLLM or llama.cpp) still need a non-empty value for the client to start.
    apiKey: settings.apiKey ?? 'not-needed',
    configuration: settings.baseUrl ? { baseURL: settings.baseUrl } : {},
  });
}

export interface TokenUsage {
  input: number;
  output: number;
  total: number;
}

export interface StructuredAnswer<T> {
  value: T;
  /** Tokens of every request that got an answer, the failed attempts included. */
  usage: TokenUsage;
  attempts: number;
}

export type LlmFailureKind =
  'rate_limited' | 'server_error' | 'timeout' | 'unreachable' | 'malformed_output' | 'refused';

/** The model could not give a valid answer within the attempts; `kind` and `message` say why, for the logs. */
export class LlmCallFailed extends Error {
  constructor(
    readonly kind: LlmFailureKind,
    message: string,
    readonly attempts: number,
    readonly usage: TokenUsage,
  ) {
    super(message);
    this.name = 'LlmCallFailed';
  }
}

export interface RetryPolicy {
  maxAttempts: number;
  timeoutMs: number;
  /** Backoff before attempt n+1: base × 2^(n-1), at most maxMs, half of it random (jitter). */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** A Retry-After longer than this is not waited for: the call fails at once. */
  maxRetryAfterMs?: number;
}

export interface StructuredCall {
  /** Names the tool / json_schema; shown to the model. */
  name: string;
  /** Called before each retry, to log it. */
  onRetry?: (info: { attempt: number; kind: LlmFailureKind; message: string; delayMs: number }) => void;
}

/** One attempt's failure, classified (an attempt given to withLlmRetries throws it for output it cannot use). */
export class LlmAttemptFailed extends Error {
  constructor(
    readonly kind: LlmFailureKind,
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

const RETRYABLE: ReadonlySet<LlmFailureKind> = new Set([
  'rate_limited',
  'server_error',
  'timeout',
  'unreachable',
  'malformed_output',
]);

const addUsage = (sum: TokenUsage, message: AIMessage | undefined) => {
  const u = message?.usage_metadata;
  if (!u) return;
  sum.input += u.input_tokens ?? 0;
  sum.output += u.output_tokens ?? 0;
  sum.total += u.total_tokens ?? (u.input_tokens ?? 0) + (u.output_tokens ?? 0);
};

/**
 * One structured call: `withStructuredOutput(schema)` on the model, validated by the schema, retried on 429 (after
 * Retry-After when the server sends one), 5xx, timeouts, unreachable servers and malformed or schema-violating
 * output; other errors (401, 404, 400: configuration, or LangChain that cannot be imported) fail at once. Throws
 * LlmCallFailed.
 */
export async function invokeStructured<T extends Record<string, unknown>>(
  model: ChatModel,
  schema: z.ZodType<T>,
  messages: ChatMessage[],
  policy: RetryPolicy,
  call: StructuredCall,
): Promise<StructuredAnswer<T>> {
  const usage: TokenUsage = { input: 0, output: 0, total: 0 };
  let chat: BaseChatModel;
  try {
    chat = await model.langChain();
  } catch (error) {
    // A module missing from the image: no request was made, and the caller falls back as for any failed call.
    throw new LlmCallFailed('refused', `LangChain could not be loaded: ${(error as Error).message}`, 0, usage);
  }
  const runnable = chat.withStructuredOutput(schema, { name: call.name, includeRaw: true });
  const prompt = messages.map((m): [ChatMessage['role'], string] => [m.role, m.content]);
  const { value, attempts } = await withLlmRetries(
    async (signal) => {
      const out = await runnable.invoke(prompt, { signal });
      addUsage(usage, out.raw as AIMessage);
      if (out.parsed != null) return out.parsed as T;
      throw new LlmAttemptFailed('malformed_output', describeMalformed(out.raw as AIMessage, schema));
    },
    policy,
    call.onRetry,
    usage,
  );
  return { value, usage, attempts };
}

/**
 * Runs `attempt` until it succeeds, each time within `policy.timeoutMs` (its signal aborts then, and the attempt
 * counts as timed out even if the client ignores the signal): 429 (after Retry-After when the server sends one),
 * 5xx, timeouts, unreachable servers and malformed output (an attempt throws LlmAttemptFailed to say so) are
 * retried with backoff up to `policy.maxAttempts`; other errors fail at once. Throws LlmCallFailed, with `usage`.
 */
export async function withLlmRetries<T>(
  attempt: (signal: AbortSignal) => Promise<T>,
  policy: RetryPolicy,
  onRetry?: StructuredCall['onRetry'],
  usage: TokenUsage = { input: 0, output: 0, total: 0 },
): Promise<{ value: T; attempts: number }> {
  const base = policy.backoffBaseMs ?? 500;
  for (let n = 1; ; n++) {
    let failure: LlmAttemptFailed;
    try {
      const signal = AbortSignal.timeout(policy.timeoutMs);
      return { value: await withDeadline(attempt(signal), policy.timeoutMs, signal), attempts: n };
    } catch (error) {
      failure = classify(error);
    }
    const retryAfter = failure.retryAfterMs ?? 0;
    const tooLong = retryAfter > (policy.maxRetryAfterMs ?? 60_000);
    if (!RETRYABLE.has(failure.kind) || n >= policy.maxAttempts || tooLong) {
      throw new LlmCallFailed(failure.kind, `${failure.message} (after ${n} attempt${n === 1 ? '' : 's'})`, n, usage);
    }
    const backoff = Math.min(policy.backoffMaxMs ?? 10_000, base * 2 ** (n - 1));
    const delayMs = Math.max(retryAfter, Math.round(backoff / 2 + (Math.random() * backoff) / 2));
    onRetry?.({ attempt: n, kind: failure.kind, message: failure.message, delayMs });
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
}

/** Not every client stops on the abort signal while it waits for the first byte: the deadline is enforced here too. */
function withDeadline<T>(promise: Promise<T>, ms: number, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new LlmAttemptFailed('timeout', `no answer within ${ms} ms`));
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function statusOf(error: Record<string, unknown>): number | undefined {
  for (const key of ['status', 'status_code', 'statusCode']) {
    const value = error[key];
    if (typeof value === 'number') return value;
  }
  return undefined;
}

/** Retry-After in seconds or as an HTTP date (RFC 9110 §10.2.3); OpenAI also sends retry-after-ms. */
function retryAfterMs(error: Record<string, unknown>): number | undefined {
  const headers = error.headers as Headers | Record<string, string> | undefined;
  if (!headers) return undefined;
  const get = (name: string) =>
    typeof (headers as Headers).get === 'function'
      ? (headers as Headers).get(name)
      : (headers as Record<string, string>)[name];
  const ms = Number(get('retry-after-ms'));
  if (Number.isFinite(ms) && ms > 0) return ms;
  const value = get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function classify(error: unknown): LlmAttemptFailed {
  if (error instanceof LlmAttemptFailed) return error;
  const e = (error ?? {}) as Record<string, unknown>;
  const message = typeof e.message === 'string' ? e.message.split('\n')[0]! : String(error);
  const status = statusOf(e);
  if (status === 429) return new LlmAttemptFailed('rate_limited', `rate limited (429): ${message}`, retryAfterMs(e));
  if (status !== undefined && status >= 500) return new LlmAttemptFailed('server_error', `server error ${status}: ${message}`);
  if (status !== undefined) return new LlmAttemptFailed('refused', `request refused (${status}): ${message}`);
  const name = typeof e.name === 'string' ? e.name : '';
  if (/timeout|abort/i.test(name)) return new LlmAttemptFailed('timeout', `timed out: ${message}`);
  // The OpenAI SDK parses json_schema answers itself: invalid JSON and schema violations surface as these.
  if (name === 'SyntaxError' || name === 'OutputParserException')
    return new LlmAttemptFailed('malformed_output', `malformed output: ${message}`);
  if (/ZodError$/.test(name) && Array.isArray(e.issues))
    return new LlmAttemptFailed(
      'malformed_output',
      `malformed output: schema violation (${describeIssues(e.issues as z.core.$ZodIssue[])})`,
    );
  if (/connection|fetch failed|ECONNREFUSED|ECONNRESET|socket hang up/i.test(`${name} ${message}`))
    return new LlmAttemptFailed('unreachable', `unreachable: ${message}`);
  return new LlmAttemptFailed('refused', `failed: ${message}`);
}

/** Why the answer did not parse, for the log line: the JSON error or the first schema issues. */
function describeMalformed(raw: AIMessage | undefined, schema: z.ZodType): string {
  const args = raw?.tool_calls?.[0]?.args;
  const invalid = raw?.invalid_tool_calls?.[0];
  let value: unknown = args;
  if (value === undefined) {
    const text = invalid?.args ?? (typeof raw?.content === 'string' ? raw.content : '');
    try {
      value = JSON.parse(text);
    } catch (error) {
      return `malformed output: not JSON (${(error as Error).message})`;
    }
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return 'malformed output';
  return `malformed output: schema violation (${describeIssues(parsed.error.issues)})`;
}

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 3)
    .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
    .join('; ');
}
