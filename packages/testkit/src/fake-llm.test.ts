import {
  type ChatMessage,
  createChatModel,
  invokeStructured,
  LlmCallFailed,
  type LlmProvider,
  type RetryPolicy,
} from '@talent/platform';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fakeAnswer, FakeLlm } from './fake-llm.js';

// The shared LangChain client (platform) against the fake server, through the real ChatOpenAI and ChatOllama.
const contact = z.object({ name: z.string(), years: z.number().int().min(0) });
const policy: RetryPolicy = { maxAttempts: 3, timeoutMs: 1_000, backoffBaseMs: 5 };
const messages: ChatMessage[] = [{ role: 'user', content: 'Extract: Ana Lima, 7 years as a nurse.' }];

let fake: FakeLlm;
beforeAll(async () => {
  fake = await FakeLlm.start();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const modelFor = (provider: LlmProvider, timeoutMs = policy.timeoutMs) =>
  createChatModel({
    provider,
    baseUrl: provider === 'openai' ? fake.openAiBaseUrl : fake.origin,
    model: 'test-model',
    apiKey: 'sk-test',
    timeoutMs,
    maxAttempts: policy.maxAttempts,
  });

async function failure(promise: Promise<unknown>): Promise<LlmCallFailed> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LlmCallFailed);
  return error as LlmCallFailed;
}

describe.each(['openai', 'ollama'] as const)('invokeStructured through %s', (provider) => {
  it('returns the validated answer with its token usage', async () => {
    fake.enqueue(fakeAnswer.structured({ name: 'Ana Lima', years: 7 }));
    const answer = await invokeStructured(modelFor(provider), contact, messages, policy, { name: 'contact' });
    expect(answer.value).toEqual({ name: 'Ana Lima', years: 7 });
    expect(answer.attempts).toBe(1);
    expect(answer.usage.input).toBeGreaterThan(0);
    expect(answer.usage.output).toBeGreaterThan(0);
    expect(answer.usage.total).toBe(answer.usage.input + answer.usage.output);
    expect(fake.requests[0]!.authorization).toBe('Bearer sk-test');
  });

  it('retries invalid JSON and schema violations, then succeeds', async () => {
    const retries: string[] = [];
    fake.enqueue(
      fakeAnswer.text('{"name": "Ana'),
      fakeAnswer.structured({ name: 'Ana Lima', years: 'seven' }),
      fakeAnswer.structured({ name: 'Ana Lima', years: 7 }),
    );
    const answer = await invokeStructured(modelFor(provider), contact, messages, policy, {
      name: 'contact',
      onRetry: (r) => retries.push(r.kind),
    });
    expect(answer.value).toEqual({ name: 'Ana Lima', years: 7 });
    expect(answer.attempts).toBe(3);
    expect(retries).toEqual(['malformed_output', 'malformed_output']);
  });

  it('gives up after the last attempt with the reason', async () => {
    fake.respond(() => fakeAnswer.structured({ name: 'Ana Lima' }));
    const error = await failure(invokeStructured(modelFor(provider), contact, messages, policy, { name: 'contact' }));
    expect(error.kind).toBe('malformed_output');
    expect(error.message).toMatch(/years/);
    expect(error.attempts).toBe(3);
    expect(fake.requests).toHaveLength(3);
  });

  it('times out a slow answer and retries it', async () => {
    fake.enqueue(
      fakeAnswer.slow(5_000, fakeAnswer.structured({ name: 'late', years: 1 })),
      fakeAnswer.structured({ name: 'Ana Lima', years: 7 }),
    );
    const answer = await invokeStructured(
      modelFor(provider, 300),
      contact,
      messages,
      { ...policy, timeoutMs: 300 },
      { name: 'contact' },
    );
    expect(answer.value.name).toBe('Ana Lima');
    expect(answer.attempts).toBe(2);
  });

  it('retries a 503 and fails at once on a 401', async () => {
    fake.enqueue(fakeAnswer.status(503), fakeAnswer.structured({ name: 'Ana Lima', years: 7 }));
    expect((await invokeStructured(modelFor(provider), contact, messages, policy, { name: 'contact' })).attempts).toBe(
      2,
    );
    fake.reset();
    fake.respond(() => fakeAnswer.status(401));
    const error = await failure(invokeStructured(modelFor(provider), contact, messages, policy, { name: 'contact' }));
    expect(error.kind).toBe('refused');
    expect(fake.requests).toHaveLength(1);
  });
});

describe('rate limits', () => {
  it('waits for Retry-After before the next attempt', async () => {
    const delays: number[] = [];
    fake.enqueue(fakeAnswer.status(429, 1), fakeAnswer.structured({ name: 'Ana Lima', years: 7 }));
    const answer = await invokeStructured(modelFor('openai'), contact, messages, policy, {
      name: 'contact',
      onRetry: (r) => delays.push(r.delayMs),
    });
    expect(answer.attempts).toBe(2);
    expect(delays).toEqual([1_000]);
  });

  it('does not wait for a Retry-After beyond the limit', async () => {
    fake.respond(() => fakeAnswer.status(429, 3_600));
    const error = await failure(invokeStructured(modelFor('openai'), contact, messages, policy, { name: 'contact' }));
    expect(error.kind).toBe('rate_limited');
    expect(fake.requests).toHaveLength(1);
  });
});

describe('request shape', () => {
  it('asks ChatOpenAI for a strict json_schema and answers in the content', async () => {
    fake.enqueue(fakeAnswer.structured({ name: 'Ana Lima', years: 7 }));
    await invokeStructured(modelFor('openai'), contact, messages, policy, { name: 'contact' });
    const body = fake.requests[0]!.body;
    expect(body.response_format?.type).toBe('json_schema');
    expect(body.response_format?.json_schema?.name).toBe('contact');
    expect(body.tools).toBeUndefined();
  });

  it('answers with a tool call when the client asks for function calling', async () => {
    fake.enqueue(fakeAnswer.structured({ name: 'Ana Lima', years: 7 }));
    const model = await modelFor('openai').langChain();
    const out = await model
      .withStructuredOutput(contact, { name: 'contact', method: 'functionCalling' })
      .invoke(messages[0]!.content);
    expect(out).toEqual({ name: 'Ana Lima', years: 7 });
    expect(fake.requests[0]!.body.tools?.[0]?.function.name).toBe('contact');
  });
});
