import { startGrpcServer, bindService, createLogger, type RunningGrpcServer } from '@talent/platform';
import { documents } from '@talent/proto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGatewayEnv } from '../src/env.js';
import { DOCUMENT_LIMITS } from '../src/schemas/documents.js';
import { closeUpstreams, createUpstreams } from '../src/upstreams.js';
import { useGatewayWithPeerDown } from './harness.js';

const MB = 1024 * 1024;
const BOUNDARY = 'talent-test-boundary';

interface Part {
  name: string;
  filename?: string;
  /** Bytes of the part's content, produced lazily (zeros after a PDF signature). */
  size: number;
}

interface UploadOutcome {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: { error?: string };
  /** Body bytes the client had handed to the socket when the response arrived. */
  sentWhenAnswered: number;
  total: number;
  /** The client was still sending when the answer came. */
  answeredEarly: boolean;
}

function partHeader(part: Part): Buffer {
  const disposition = part.filename
    ? `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: application/pdf`
    : `form-data; name="${part.name}"`;
  return Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\n`);
}

/**
 * Streams a multipart body to the gateway with backpressure, as a real client would, and stops sending as soon
 * as the response arrives. `declareLength` sends Content-Length; otherwise the body is chunked.
 */
function streamUpload(url: string, apiKey: string, parts: Part[], declareLength: boolean): Promise<UploadOutcome> {
  const closing = Buffer.from(`--${BOUNDARY}--\r\n`);
  const total = parts.reduce((sum, part) => sum + partHeader(part).length + part.size + 2, 0) + closing.length;
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request(`${url}/api/v1/cvs/analyze/files`, {
      method: 'POST',
      headers: {
        'x-api-key': apiKey,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        ...(declareLength ? { 'content-length': String(total) } : {}),
      },
    });
    req.on('response', (res) => {
      answered = true;
      const sentWhenAnswered = sent;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        req.destroy();
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: JSON.parse(Buffer.concat(chunks).toString() || '{}') as { error?: string },
          sentWhenAnswered,
          total,
          answeredEarly: sentWhenAnswered < total,
        });
      });
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(256 * 1024);
    const write = (buffer: Buffer) =>
      new Promise<void>((done) => {
        sent += buffer.length;
        if (req.write(buffer)) done();
        else req.once('drain', done);
      });
    void (async () => {
      for (const part of parts) {
        if (answered) return;
        await write(partHeader(part));
        let left = part.size;
        if (part.filename) {
          await write(Buffer.from('%PDF-1.7\n'));
          left -= 9;
        }
        while (left > 0 && !answered && !req.destroyed) {
          const size = Math.min(left, chunk.length);
          await write(chunk.subarray(0, size));
          left -= size;
        }
        if (answered || req.destroyed) return;
        await write(Buffer.from('\r\n'));
      }
      if (answered || req.destroyed) return;
      sent += closing.length;
      req.end(closing);
    })().catch(() => undefined);
  });
}

describe('gateway: multipart uploads are limited while they arrive (documents not needed)', () => {
  // DOCUMENTS_SERVICE_ADDR points at DOWN: every answer below is the gateway's own.
  const setup = useGatewayWithPeerDown('Uploads', 'documents');

  it('answers a file over 50 MB with 400 while the client is still sending it (chunked body)', async () => {
    const outcome = await streamUpload(setup.gateway.url, setup.apiKey, [{ name: 'files', filename: 'huge.pdf', size: 200 * MB }], false);
    expect(outcome.status).toBe(400);
    expect(outcome.body.error).toMatch(/'huge\.pdf' is larger than 50 MB/);
    expect(outcome.answeredEarly).toBe(true);
    // Answered near the limit, not after the 200 MB: what was sent is the 50 MB plus socket buffers.
    expect(outcome.sentWhenAnswered).toBeLessThan(100 * MB);
  }, 60_000);

  it('answers a file over 50 MB with 400 before the end of a body whose length is declared', async () => {
    const outcome = await streamUpload(setup.gateway.url, setup.apiKey, [{ name: 'files', filename: 'big.pdf', size: 59 * MB }], true);
    expect(outcome.status).toBe(400);
    expect(outcome.body.error).toMatch(/'big\.pdf' is larger than 50 MB/);
    expect(outcome.sentWhenAnswered).toBeLessThan(outcome.total);
  }, 60_000);

  it('answers a body declared over 60 MB with 400 before reading it', async () => {
    const outcome = await streamUpload(setup.gateway.url, setup.apiKey, [{ name: 'files', filename: 'a.pdf', size: 61 * MB }], true);
    expect(outcome.status).toBe(400);
    expect(outcome.body.error).toMatch(/at most 60 MB in all/);
    expect(outcome.sentWhenAnswered).toBeLessThan(30 * MB);
  }, 60_000);

  it('answers files over 60 MB in all with 400 as soon as the total is crossed', async () => {
    const outcome = await streamUpload(
      setup.gateway.url,
      setup.apiKey,
      [
        { name: 'files', filename: 'one.pdf', size: 40 * MB },
        { name: 'files', filename: 'two.pdf', size: 40 * MB },
        { name: 'files', filename: 'three.pdf', size: 40 * MB },
      ],
      false,
    );
    expect(outcome.status).toBe(400);
    expect(outcome.body.error).toMatch(/at most 60 MB in all/);
    expect(outcome.sentWhenAnswered).toBeLessThan(110 * MB);
    expect(outcome.answeredEarly).toBe(true);
  }, 60_000);

  it('drops the rest of a refused upload as it arrives, so a client still sending it is not reset before it reads the 400', async () => {
    // A client that sends the whole body before reading the answer (fetch does): a reset would destroy the 400.
    const total = 61 * MB;
    const outcome = await new Promise<{ status: number; writeError?: string }>((resolve) => {
      let status = 0;
      let writeError: string | undefined;
      const req = request(`${setup.gateway.url}/api/v1/cvs/analyze/files`, {
        method: 'POST',
        agent: false,
        headers: { 'x-api-key': setup.apiKey, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': String(total) },
      });
      req.on('response', (res) => {
        status = res.statusCode ?? 0;
        res.resume();
      });
      req.on('error', (error) => (writeError = (error as NodeJS.ErrnoException).code ?? error.message));
      req.on('close', () => resolve({ status, ...(writeError ? { writeError } : {}) }));
      void (async () => {
        const chunk = Buffer.alloc(MB);
        for (let sent = 0; sent < total && !req.destroyed; sent += MB) {
          if (!req.write(chunk.subarray(0, Math.min(MB, total - sent)))) await new Promise((done) => req.once('drain', done).once('close', done));
        }
        if (!req.destroyed) req.end();
      })();
    });
    expect(outcome).toEqual({ status: 400 });
  }, 60_000);

  it('lets a file of exactly 50 MB through to the documents service (down here: 503)', async () => {
    const outcome = await streamUpload(setup.gateway.url, setup.apiKey, [{ name: 'files', filename: 'limit.pdf', size: DOCUMENT_LIMITS.maxFileBytes }], true);
    expect(outcome.status).toBe(503);
    expect(outcome.answeredEarly).toBe(false);
  }, 60_000);

  it('keeps serving after refusing uploads', async () => {
    const response = await setup.gateway.get('/api/v1/cvs/not-an-id', { 'x-api-key': setup.apiKey });
    expect(response.status).toBe(404);
  });
});

describe('gateway → documents gRPC: a 55 MB upload fits in one message', () => {
  let server: RunningGrpcServer;
  const received: number[] = [];
  const unused = async (): Promise<never> => {
    throw new Error('not used by this test');
  };

  beforeAll(async () => {
    // The platform's gRPC server (64 MB receive limit), as the documents service runs it; only AnalyzeFiles answers.
    server = await startGrpcServer({
      port: 0,
      host: '127.0.0.1',
      logger: createLogger('documents-transport-test', 'silent'),
      services: [
        bindService<documents.DocumentsServiceServer>('talent.documents.v1.DocumentsService', documents.DocumentsServiceService, {
          analyzeTexts: unused,
          getStatuses: unused,
          getRecord: unused,
          listRecords: unused,
          updateRecord: unused,
          deleteRecord: unused,
          getMatchInputs: unused,
          analyzeFiles: async (request) => {
            received.push(...request.files.map((file) => file.content.length));
            return { ids: request.files.map(() => '00000000-0000-4000-8000-000000000000'), replayed: false };
          },
        }),
      ],
    });
  });
  afterAll(async () => {
    await server?.shutdown(1_000);
  });

  it('the gateway client sends 55 MB (grpc-js has no send limit by default) and the server accepts it', async () => {
    const upstreams = createUpstreams(loadGatewayEnv({ DOCUMENTS_SERVICE_ADDR: `127.0.0.1:${server.port}` }));
    try {
      const content = Buffer.alloc(55 * MB, 1);
      const response = await upstreams.documents.analyzeFiles(
        { workspaceId: '00000000-0000-4000-8000-000000000001', kind: 1, files: [{ filename: 'a.pdf', contentType: 'application/pdf', content }], cache: true, idempotencyKey: '' },
        { deadlineMs: 30_000 },
      );
      expect(response.ids).toHaveLength(1);
      expect(received).toEqual([55 * MB]);
    } finally {
      closeUpstreams(upstreams);
    }
  }, 60_000);
});
