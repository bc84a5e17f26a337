import type { RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, computed once: with our options every one of them is constant, so they are recorded from
 * helmet at start-up and set per response in one loop instead of through helmet's 13 nested middlewares. Should
 * helmet ever not finish synchronously, or vary a header by request, helmet itself is used.
 */
export function securityHeaders(options: HelmetOptions): RequestHandler {
  const middleware = helmet(options);
  const record = () => {
    const headers: [string, string][] = [];
    const removed: string[] = [];
    let finished = false;
    const recorder = {
      setHeader: (name: string, value: string) => headers.push([name, String(value)]),
      removeHeader: (name: string) => removed.push(name),
    };
    middleware({} as never, recorder as never, (error?: unknown) => (finished = error === undefined));
    return finished ? { headers, removed } : undefined;
  };
  const first = record();
  const again = record();
  if (!first || JSON.stringify(first) !== JSON.stringify(again)) return middleware;
  const { headers, removed } = first;
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    next();
  };
}
