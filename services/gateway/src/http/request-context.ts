import type { Logger } from '@talent/platform';
import type { RequestHandler } from 'express';
import { randomUUID } from 'node:crypto';
import type { Histogram } from 'prom-client';

/** A caller's id is reused only when it is short and printable, so logs and headers stay safe. */
const ACCEPTABLE_REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * Gives the request its id (`res.locals.requestId`; the workspace id follows in `res.locals.workspaceId` once
 * authenticated), echoes it, and writes one access-log line and one histogram sample when the response ends.
 */
export function requestContext(logger: Logger, duration: Histogram<'method' | 'route' | 'status'>): RequestHandler {
  // One child per (method, route, status): prom-client otherwise hashes the label object on every observation.
  const samples = new Map<string, { observe(seconds: number): void }>();
  const sample = (method: string, route: string, status: number) => {
    const key = `${method} ${route} ${status}`;
    let child = samples.get(key);
    if (!child) samples.set(key, (child = duration.labels(method, route, String(status))));
    return child;
  };
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const incoming = req.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && ACCEPTABLE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = requestId;
    res.setHeader('X-Request-Id', requestId);
    // 'close' also fires when the client goes away mid-response, so no request escapes the log.
    res.once('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      // Route templates, not raw paths, keep the label set bounded.
      const route = typeof res.locals.route === 'string' ? res.locals.route : 'unmatched';
      sample(req.method, route, res.statusCode).observe(seconds);
      logger.info(
        {
          request_id: requestId,
          workspace_id: res.locals.workspaceId,
          method: req.method,
          path: req.originalUrl.split('?', 1)[0],
          status: res.statusCode,
          duration_ms: Math.round(seconds * 1e6) / 1e3,
          ...(res.writableFinished ? {} : { aborted: true }),
        },
        'request',
      );
    });
    next();
  };
}
