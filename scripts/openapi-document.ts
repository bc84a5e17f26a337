// Prints the gateway's OpenAPI document as JSON, built from the gateway's sources (run with tsx by codegen.mjs,
// before anything is compiled). The document is the one the gateway serves with the default settings: the routes
// are registered exactly as at start-up, with no peer called and no request served.
import { createLogger } from '@talent/platform';
import type { RequestHandler } from 'express';
import { buildApi } from '../services/gateway/src/app.js';
import { loadGatewayEnv } from '../services/gateway/src/env.js';
import { TaskEvents } from '../services/gateway/src/tasks/task-events.js';
import { closeUpstreams, createUpstreams } from '../services/gateway/src/upstreams.js';

const env = loadGatewayEnv({});
const logger = createLogger('codegen', 'silent');
const upstreams = createUpstreams(env);
const pass: RequestHandler = (_req, _res, next) => next();
try {
  const { document } = buildApi(upstreams, { authenticate: pass, rateLimit: pass }, { env, logger, taskEvents: new TaskEvents({ url: '', namespace: '', logger }) });
  process.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
} finally {
  closeUpstreams(upstreams);
}
