import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake answers to one request: vectors, or a failure. */
export type FakeEmbeddingsAnswer =
  | { kind: 'vectors' }
  | { kind: 'status'; status: number; retryAfter?: string }
  | { kind: 'raw'; body: string }
  | { kind: 'slow'; delayMs: number };

export interface FakeEmbeddingsRequest {
  path: string;
  authorization: string | undefined;
  model: string;
  input: string[];
  encodingFormat: string | undefined;
}

/**
 * An OpenAI-compatible `/v1/embeddings` endpoint (and Ollama's `/api/embed`) over real HTTP: every input gets `vectorOf(text)`; `plan` says what
 * the n-th request (0-based) gets (default: vectors), so a test can script 429s, invalid JSON or slow answers.
 */
export async function startFakeEmbeddings(vectorOf: (text: string) => number[], plan: (n: number) => FakeEmbeddingsAnswer = () => ({ kind: 'vectors' })) {
  const requests: FakeEmbeddingsRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { model?: string; input?: string | string[]; encoding_format?: string };
      const input = typeof body.input === 'string' ? [body.input] : (body.input ?? []);
      const n = requests.length;
      requests.push({ path: req.url ?? '', authorization: req.headers.authorization, model: body.model ?? '', input, encodingFormat: body.encoding_format });
      const answer = plan(n);
      const vectors = () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            object: 'list',
            model: body.model,
            data: input.map((text, index) => ({ object: 'embedding', index, embedding: vectorOf(text) })),
            usage: { prompt_tokens: input.length, total_tokens: input.length },
          }),
        );
      };
      if (req.url === '/api/embed' && answer.kind === 'vectors') {
        // Ollama's own API.
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ model: body.model, embeddings: input.map(vectorOf) }));
      } else if (req.url !== '/v1/embeddings' && req.url !== '/api/embed') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'not found' } }));
      } else if (answer.kind === 'vectors') vectors();
      else if (answer.kind === 'status') {
        res.writeHead(answer.status, { 'content-type': 'application/json', ...(answer.retryAfter ? { 'retry-after': answer.retryAfter } : {}) });
        res.end(JSON.stringify({ error: { message: `status ${answer.status}`, type: 'fake' } }));
      } else if (answer.kind === 'raw') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(answer.body);
      } else {
        const timer = setTimeout(vectors, answer.delayMs);
        res.on('close', () => clearTimeout(timer));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeEmbeddings = Awaited<ReturnType<typeof startFakeEmbeddings>>;
