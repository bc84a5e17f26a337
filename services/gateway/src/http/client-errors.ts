import type { Logger } from '@talent/platform';
import { randomUUID } from 'node:crypto';
import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Node's limit on the request line plus headers (`--max-http-header-size`, 16 KB by default). */
export const HEADER_OVERFLOW_MESSAGE = 'Request line and headers are too large: the URL and headers together may be at most 16 KB.';

/** What Node itself answers to the other parse failures (its own socketOnError), kept as it is. */
const BARE_ANSWERS: Record<string, string> = {
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 'HTTP/1.1 413 Payload Too Large\r\nConnection: close\r\n\r\n',
  ERR_HTTP_REQUEST_TIMEOUT: 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n',
};
const BAD_REQUEST = 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n';

/** How long the rest of a refused request may still arrive before the connection is cut. */
const DRAIN_MS = 10_000;

/**
 * Requests Node refuses before Express sees them. A URL or header section over 16 KB gets the spec's error
 * shape, 431 `{error, request_id}` (Node answers a bare 431), with `X-Request-Id` and an access-log line, so the
 * id can be found; other parse failures keep Node's answers.
 */
export function answerClientErrors(server: Server, logger: Logger): void {
  // The parser may report the same connection again while the rest of its request arrives: answered once.
  const answered = new WeakSet<Socket>();
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (answered.has(socket)) return;
    answered.add(socket);
    const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    // Writing now would corrupt a response already under way (Node's own rule).
    if (!socket.writable || (inFlight && inFlight.headersSent)) {
      socket.destroy(error);
      return;
    }
    if (error.code !== 'HPE_HEADER_OVERFLOW') {
      socket.write(BARE_ANSWERS[error.code ?? ''] ?? BAD_REQUEST);
      socket.destroy(error);
      return;
    }
    const requestId = randomUUID();
    const body = JSON.stringify({ error: HEADER_OVERFLOW_MESSAGE, request_id: requestId });
    logger.info({ request_id: requestId, status: 431, reason: 'request line and headers over 16 KB' }, 'request');
    // The rest of the request may still be arriving: it is read and dropped (bounded) rather than left unread,
    // which would make the close a reset that can destroy the answer before the client reads it.
    socket.removeAllListeners('data');
    socket.on('data', () => undefined);
    socket.on('end', () => socket.destroy());
    setTimeout(() => socket.destroy(), DRAIN_MS).unref();
    socket.end(
      'HTTP/1.1 431 Request Header Fields Too Large\r\n' +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Request-Id: ${requestId}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}
