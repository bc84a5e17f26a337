/**
 * A local HTTP server that answers like an OpenAI-compatible chat-completions endpoint (`POST /v1/chat/completions`)
 * and like Ollama (`POST /api/chat`, streamed NDJSON), for tests that run the real LangChain clients against a
 * scriptable "model". Structured answers come back in the form the request asked for: a tool call when it sent
 * `tools` (LangChain's `functionCalling`), message content when it sent `response_format` / Ollama's `format`
 * (`jsonSchema`, the default of both ChatOpenAI and ChatOllama).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeLlmAnswer =
  /** A structured answer (valid or not for the caller's schema), as a tool call or as JSON content. */
  | { kind: 'structured'; value: unknown }
  /** Raw text where the structured answer belongs (e.g. invalid JSON): tool-call arguments or message content. */
  | { kind: 'text'; content: string }
  /** An HTTP error, e.g. 429 with `Retry-After` (seconds) or a 503. */
  | { kind: 'status'; status: number; retryAfterSeconds?: number }
  /** The answer `then`, sent only after `delayMs` (a slow model; the client's timeout should fire first). */
  | { kind: 'slow'; delayMs: number; then: FakeLlmAnswer };

export const fakeAnswer = {
  structured: (value: unknown): FakeLlmAnswer => ({ kind: 'structured', value }),
  text: (content: string): FakeLlmAnswer => ({ kind: 'text', content }),
  status: (status: number, retryAfterSeconds?: number): FakeLlmAnswer => ({
    kind: 'status',
    status,
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
  }),
  slow: (delayMs: number, then: FakeLlmAnswer): FakeLlmAnswer => ({ kind: 'slow', delayMs, then }),
};

export interface FakeLlmRequest {
  api: 'openai' | 'ollama';
  /** The decoded JSON body the client sent. */
  body: {
    model?: string;
    messages?: Array<{ role: string; content: unknown }>;
    tools?: Array<{ type?: string; function: { name: string; parameters?: unknown } }>;
    tool_choice?: unknown;
    response_format?: { type: string; json_schema?: { name: string; schema: unknown; strict?: boolean } };
    format?: unknown;
    stream?: boolean;
  };
  /** The Authorization header, to check the API key went out. */
  authorization: string | undefined;
}

export type FakeLlmResponder = (request: FakeLlmRequest) => FakeLlmAnswer;

/** Token counts the fake reports: about four characters a token, as real tokenizers average on English. */
const tokensOf = (text: string) => Math.max(1, Math.ceil(text.length / 4));

export class FakeLlm {
  /** Every request received, in order. */
  readonly requests: FakeLlmRequest[] = [];
  private readonly queue: FakeLlmAnswer[] = [];
  private responder: FakeLlmResponder = () => fakeAnswer.status(500);

  private constructor(
    private readonly server: Server,
    /** `http://127.0.0.1:<port>`: Ollama's base URL. */
    readonly origin: string,
  ) {}

  /** The OpenAI-compatible base URL (`…/v1`), as `configuration.baseURL` of ChatOpenAI takes it. */
  get openAiBaseUrl(): string {
    return `${this.origin}/v1`;
  }

  static async start(): Promise<FakeLlm> {
    const handlers: { fake?: FakeLlm } = {};
    const server = createServer((req, res) => {
      void handlers.fake!.handle(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500).end();
        else res.destroy();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    handlers.fake = new FakeLlm(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return handlers.fake;
  }

  /** Answers for the next requests, in order; once used up, the responder answers. */
  enqueue(...answers: FakeLlmAnswer[]): this {
    this.queue.push(...answers);
    return this;
  }

  /** Answers every request the queue does not (default: 500). */
  respond(responder: FakeLlmResponder): this {
    this.responder = responder;
    return this;
  }

  /** Forgets scripted answers and recorded requests (between tests sharing one server). */
  reset(): void {
    this.queue.length = 0;
    this.requests.length = 0;
    this.responder = () => fakeAnswer.status(500);
  }

  async close(): Promise<void> {
    // Slow answers still pending must not hold the test run open.
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const api =
      req.method === 'POST' && req.url === '/v1/chat/completions'
        ? 'openai'
        : req.method === 'POST' && req.url === '/api/chat'
          ? 'ollama'
          : undefined;
    if (!api) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'not found' }));
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request: FakeLlmRequest = {
      api,
      body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as FakeLlmRequest['body'],
      authorization: req.headers.authorization,
    };
    this.requests.push(request);
    let answer = this.queue.shift() ?? this.responder(request);
    while (answer.kind === 'slow') {
      const { delayMs } = answer;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (res.destroyed) return;
      answer = answer.then;
    }
    if (answer.kind === 'status') {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (answer.retryAfterSeconds !== undefined) headers['retry-after'] = String(answer.retryAfterSeconds);
      const message = answer.status === 429 ? 'Rate limit reached; retry later.' : `Fake model error ${answer.status}.`;
      res
        .writeHead(answer.status, headers)
        .end(
          JSON.stringify(
            api === 'openai'
              ? { error: { message, type: answer.status === 429 ? 'rate_limit_error' : 'server_error', code: null } }
              : { error: message },
          ),
        );
      return;
    }
    const content = answer.kind === 'structured' ? JSON.stringify(answer.value) : answer.content;
    if (api === 'openai') this.answerOpenAi(request, content, res);
    else this.answerOllama(request, answer, content, res);
  }

  private answerOpenAi(request: FakeLlmRequest, content: string, res: ServerResponse): void {
    const tool = request.body.tools?.[0]?.function.name;
    const message = tool
      ? {
          role: 'assistant',
          content: null,
          refusal: null,
          tool_calls: [
            { id: `call_${this.requests.length}`, type: 'function', function: { name: tool, arguments: content } },
          ],
        }
      : { role: 'assistant', content, refusal: null };
    const prompt = tokensOf(JSON.stringify(request.body.messages ?? []));
    const completion = tokensOf(content);
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: `chatcmpl-fake-${this.requests.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: request.body.model ?? 'fake',
        choices: [{ index: 0, message, logprobs: null, finish_reason: tool ? 'tool_calls' : 'stop' }],
        usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
      }),
    );
  }

  /** Ollama streams NDJSON chunks; the last one (`done: true`) carries the token counts. */
  private answerOllama(request: FakeLlmRequest, answer: FakeLlmAnswer, content: string, res: ServerResponse): void {
    const tool = request.body.tools?.[0]?.function.name;
    const base = { model: request.body.model ?? 'fake', created_at: new Date().toISOString() };
    const lines: unknown[] = [];
    if (tool && answer.kind === 'structured') {
      // Ollama sends tool arguments as a JSON object, never as a string.
      lines.push({
        ...base,
        message: {
          role: 'assistant',
          content: '',
          tool_calls: [{ function: { name: tool, arguments: answer.value } }],
        },
        done: false,
      });
    } else {
      const half = Math.ceil(content.length / 2);
      lines.push({ ...base, message: { role: 'assistant', content: content.slice(0, half) }, done: false });
      lines.push({ ...base, message: { role: 'assistant', content: content.slice(half) }, done: false });
    }
    lines.push({
      ...base,
      message: { role: 'assistant', content: '' },
      done: true,
      done_reason: 'stop',
      prompt_eval_count: tokensOf(JSON.stringify(request.body.messages ?? [])),
      eval_count: tokensOf(content),
    });
    res
      .writeHead(200, { 'content-type': 'application/x-ndjson' })
      .end(lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  }
}
