import { Router } from 'express';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** Redoc's self-contained bundle, served by the gateway itself so the page works with no network. */
const REDOC_BUNDLE = require.resolve('redoc/bundles/redoc.standalone.js');

const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Talent Matching API</title>
</head>
<body>
  <redoc spec-url="/api/v1/openapi.json"></redoc>
  <script src="/api/v1/docs/redoc.standalone.js"></script>
</body>
</html>
`;

/** Redoc renders with inline styles and a blob: web worker; nothing leaves this origin. */
const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** `GET /api/v1/openapi.json` and `GET /api/v1/docs`: public, generated once at start-up. */
export function docsRouter(document: object): Router {
  const router = Router();
  const json = JSON.stringify(document);
  router.get('/openapi.json', (_req, res) => {
    res.locals.route = '/api/v1/openapi.json';
    res.type('application/json').send(json);
  });
  router.get('/docs', (_req, res) => {
    res.locals.route = '/api/v1/docs';
    res.set('Content-Security-Policy', DOCS_CSP).type('html').send(DOCS_HTML);
  });
  router.get('/docs/redoc.standalone.js', (_req, res, next) => {
    res.locals.route = '/api/v1/docs/redoc.standalone.js';
    res.sendFile(REDOC_BUNDLE, { maxAge: '1d', dotfiles: 'allow' }, (error) => error && next(error));
  });
  return router;
}
