import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTextExtractor, ExtractionError, TikaExtractor } from '../src/extraction/index.js';

interface Received {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A stand-in for Apache Tika's server speaking its `PUT /tika` protocol; each test sets how it answers. */
let answer: (response: ServerResponse) => void;
let received: Received[] = [];
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method,
        url: request.url,
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      answer(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received = [];
});

const docx = new Uint8Array(Buffer.from('PK\x03\x04 pretend docx bytes'));
const input = { bytes: docx, type: 'docx' as const, filename: 'Curriculum vitæ.docx' };

const reply =
  (status: number, body = '', contentType = 'text/plain; charset=UTF-8') =>
  (response: ServerResponse) => {
    response.writeHead(status, { 'Content-Type': contentType });
    response.end(body);
  };

async function failure(promise: Promise<unknown>): Promise<ExtractionError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ExtractionError);
  return error as ExtractionError;
}

describe('TikaExtractor', () => {
  it('is what createTextExtractor returns when tikaUrl is set', async () => {
    const extractor = createTextExtractor({ tikaUrl: baseUrl });
    expect(extractor).toBeInstanceOf(TikaExtractor);
    await extractor.close();
  });

  it('200: PUTs the bytes to /tika asking for plain text, and normalises the answer', async () => {
    answer = reply(200, '\n\r\nJane   Doe\r\nSoftware Engineer\n\n\n\nExperience  \n');
    const doc = await new TikaExtractor({ url: baseUrl, timeoutMs: 5_000 }).extract(input);
    expect(doc).toEqual({ text: 'Jane Doe\nSoftware Engineer\n\nExperience', pages: undefined, via: 'tika' });
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.method).toBe('PUT');
    expect(request!.url).toBe('/tika');
    expect(request!.headers.accept).toMatch(/^text\/plain\b/);
    expect(request!.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(request!.headers['content-disposition']).toContain("filename*=UTF-8''Curriculum%20vit%C3%A6.docx");
    expect(new Uint8Array(request!.body)).toEqual(docx);
  });

  it('sends the content type of each document type, under a base path too', async () => {
    answer = reply(200, 'text');
    const tika = new TikaExtractor({ url: `${baseUrl}/tika-server/`, timeoutMs: 5_000 });
    await tika.extract({ ...input, type: 'pdf' });
    await tika.extract({ ...input, type: 'doc' });
    expect(received.map((r) => [r.url, r.headers['content-type']])).toEqual([
      ['/tika-server/tika', 'application/pdf'],
      ['/tika-server/tika', 'application/msword'],
    ]);
  });

  it('200 with no text: permanent "no extractable text"', async () => {
    answer = reply(200, ' \n\n ');
    const error = await failure(
      new TikaExtractor({ url: baseUrl, timeoutMs: 5_000 }).extract({ ...input, type: 'pdf' }),
    );
    expect(error).toMatchObject({
      reason: 'The PDF has no extractable text (it may be a scanned image).',
      permanent: true,
    });
  });

  it('422 (Tika could not parse it): permanent', async () => {
    answer = reply(422, 'org.apache.tika.exception.TikaException: Unexpected RuntimeException');
    const error = await failure(new TikaExtractor({ url: baseUrl, timeoutMs: 5_000 }).extract(input));
    expect(error).toMatchObject({
      reason: 'The DOCX could not be parsed; it may be corrupt or truncated.',
      permanent: true,
    });
  });

  it('422 for an encrypted document: permanent, says password-protected', async () => {
    answer = reply(
      422,
      'org.apache.tika.exception.EncryptedDocumentException: Unable to process: document is encrypted',
    );
    const error = await failure(
      new TikaExtractor({ url: baseUrl, timeoutMs: 5_000 }).extract({ ...input, type: 'pdf' }),
    );
    expect(error).toMatchObject({ reason: 'The PDF is password-protected.', permanent: true });
  });

  it('415 (unsupported type): permanent', async () => {
    answer = reply(415);
    const error = await failure(new TikaExtractor({ url: baseUrl, timeoutMs: 5_000 }).extract(input));
    expect(error.permanent).toBe(true);
    expect(error.reason).toMatch(/^The text extraction service does not support this DOCX\.$/);
  });

  it('503: transient', async () => {
    answer = reply(503, 'Service Unavailable');
    const error = await failure(new TikaExtractor({ url: baseUrl, timeoutMs: 5_000 }).extract(input));
    expect(error).toMatchObject({ reason: 'The text extraction service failed (HTTP 503).', permanent: false });
  });

  it('a server that never answers: transient timeout', async () => {
    answer = () => {}; // holds the request open
    const started = Date.now();
    const error = await failure(new TikaExtractor({ url: baseUrl, timeoutMs: 300 }).extract(input));
    expect(error).toMatchObject({ reason: 'Text extraction timed out after 300 ms.', permanent: false });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(received).toHaveLength(1);
  });

  it('nothing listening: transient', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure(
      new TikaExtractor({ url: `http://127.0.0.1:${port}`, timeoutMs: 5_000 }).extract(input),
    );
    expect(error.permanent).toBe(false);
    expect(error.reason).toMatch(/^The text extraction service is unreachable: .*ECONNREFUSED.*\.$/);
  });

  it('an empty file never reaches Tika', async () => {
    const error = await failure(
      new TikaExtractor({ url: baseUrl, timeoutMs: 5_000 }).extract({ ...input, bytes: new Uint8Array() }),
    );
    expect(error).toMatchObject({ reason: 'The file is empty.', permanent: true });
    expect(received).toHaveLength(0);
  });
});
