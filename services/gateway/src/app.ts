import { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { announceReady, createLogger, createMetrics, DomainError, startMetricsServer, type Logger } from '@talent/platform';
import cors from 'cors';
import express, { type Express } from 'express';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Histogram } from 'prom-client';
import type { GatewayEnv } from './env.js';
import { ApiRouter } from './http/api.js';
import { ApiKeyAuthenticator } from './http/auth.js';
import { answerClientErrors } from './http/client-errors.js';
import { errorMiddleware } from './http/errors.js';
import { clientKey, RateLimitStore } from './http/rate-limit.js';
import { requestContext } from './http/request-context.js';
import { securityHeaders } from './http/security-headers.js';
import { generateOpenApiDocument } from './openapi/document.js';
import { Readiness } from './readiness.js';
import { registerCreditRoutes } from './routes/credits.js';
import { docsRouter } from './routes/docs.js';
import { healthRouter } from './routes/health.js';
import { registerDocumentRoutes } from './routes/documents.js';
import { registerMatchingRoutes } from './routes/matching.js';
import { registerSkillRoutes } from './routes/skills.js';
import { registerSourcingRoutes } from './routes/sourcing.js';
import { registerWebhookPayload, registerWebhookRoutes } from './routes/webhooks.js';
import { TaskEvents } from './tasks/task-events.js';
import { closeUpstreams, createUpstreams, upstreamAddresses, type Upstreams } from './upstreams.js';

export interface GatewayParts {
  env: GatewayEnv;
  logger: Logger;
  upstreams: Upstreams;
  readiness: Readiness;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  /** Task completions from NATS, for `block` and `stream` analyze requests. */
  taskEvents: TaskEvents;
  /** Where rate limits are counted: Redis shared by the replicas (REDIS_URL), else this replica's memory. */
  limits: RateLimitStore;
}

/** Every REST operation, registered for Express and the OpenAPI document at once. */
export function buildApi(
  upstreams: Upstreams,
  guards: ConstructorParameters<typeof ApiRouter>[1],
  { env, taskEvents, logger }: Pick<GatewayParts, 'env' | 'taskEvents' | 'logger'>,
) {
  const registry = new OpenAPIRegistry();
  const api = new ApiRouter(registry, guards);
  registerDocumentRoutes(api, {
    documents: upstreams.documents,
    events: taskEvents,
    analyzeDeadlineMs: env.ANALYZE_DEADLINE_MS,
    blockTimeoutMs: env.ANALYZE_BLOCK_TIMEOUT_MS,
    streamTimeoutMs: env.ANALYZE_STREAM_TIMEOUT_MS,
    pollMs: env.TASK_POLL_INTERVAL_MS,
    logger,
  });
  // Scoring up to 10,000 CVs may outlast the default upstream deadline; ANALYZE_DEADLINE_MS bounds it as well.
  registerMatchingRoutes(api, { matching: upstreams.matching, matchDeadlineMs: Math.max(env.UPSTREAM_DEADLINE_MS, env.ANALYZE_DEADLINE_MS) });
  // A provider call retries 429/5xx with backoff (SOURCING_PDL_*): it gets the longer deadline too.
  registerSourcingRoutes(api, upstreams, Math.max(env.UPSTREAM_DEADLINE_MS, env.ANALYZE_DEADLINE_MS));
  registerSkillRoutes(api, upstreams);
  registerCreditRoutes(api, upstreams);
  registerWebhookRoutes(api, upstreams);
  registerWebhookPayload(registry);
  return { api, document: generateOpenApiDocument(registry) };
}

export function createApp({ env, logger, upstreams, readiness, httpDuration, taskEvents, limits }: GatewayParts): Express {
  const authenticator = new ApiKeyAuthenticator(
    async (apiKey) => upstreams.billing.authenticate({ apiKey }),
    { ttlMs: env.AUTH_CACHE_TTL_MS },
  );
  // Per workspace once authenticated, per client on public paths (DESIGN §9).
  const requests = limits.limiter({ name: 'talent-api', limit: env.RATE_LIMIT_PER_MINUTE, windowSeconds: 60 });
  // Requests no cached key vouches for, per client, counted before billing is asked about the key.
  const unauthenticated = limits.limiter({ name: 'talent-api-unauthenticated', limit: env.RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE, windowSeconds: 60 });
  const rateLimit = requests.middleware((req, res) => {
    const workspaceId: unknown = res.locals.workspaceId;
    return typeof workspaceId === 'string' ? `ws:${workspaceId}` : `ip:${clientKey(req.ip)}`;
  }, 'requests');
  const { api, document } = buildApi(upstreams, { authenticate: authenticator.middleware(unauthenticated), rateLimit }, { env, taskEvents, logger });

  const app = express();
  app.disable('x-powered-by');
  // Hashing every JSON body for an ETag costs more than API clients gain from it.
  app.set('etag', false);
  app.set('trust proxy', env.TRUST_PROXY_HOPS);
  app.use(securityHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } } }));
  if (env.CORS_ORIGINS.length > 0) {
    app.use(
      cors({
        origin: env.CORS_ORIGINS.includes('*') ? '*' : env.CORS_ORIGINS,
        exposedHeaders: ['X-Request-Id', 'RateLimit', 'RateLimit-Policy', 'Retry-After'],
        maxAge: 600,
      }),
    );
  }
  app.use(requestContext(logger, httpDuration));
  app.use(healthRouter(readiness));
  app.use('/api/v1', docsRouter(document), api.finish());
  app.use((req, _res, next) => {
    next(new DomainError('NOT_FOUND', `No such endpoint: ${req.method} ${req.originalUrl.split('?', 1)[0]}.`));
  });
  app.use(errorMiddleware(logger));
  return app;
}

export interface RunningGateway {
  port: number;
  metricsPort: number;
  logger: Logger;
  readiness: Readiness;
  /** Readiness fails, the listener closes, in-flight requests drain (bounded), clients close. Idempotent. */
  stop(): Promise<void>;
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve((server.address() as AddressInfo).port));
  });
}

/** Starts the gateway; used by main.ts and in-process by tests (PORT=0, METRICS_PORT=0). */
export async function startGateway(env: GatewayEnv, options: { logger?: Logger } = {}): Promise<RunningGateway> {
  const logger = options.logger ?? createLogger('gateway', env.LOG_LEVEL);
  const metrics = createMetrics('gateway');
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [metrics.registry],
  });
  const upstreams = createUpstreams(env);
  const readiness = new Readiness(upstreamAddresses(env));
  readiness.start();
  // Optional: without NATS the gateway serves, and block/stream requests poll statuses.
  const taskEvents = new TaskEvents({ url: env.NATS_URL, namespace: env.NATS_NAMESPACE, logger });
  taskEvents.start();

  const limits = new RateLimitStore({ redisUrl: env.REDIS_URL, keyPrefix: env.REDIS_KEY_PREFIX, logger });
  const server = createServer(createApp({ env, logger, upstreams, readiness, httpDuration, taskEvents, limits }));
  answerClientErrors(server, logger);
  let metricsServer: Server | undefined;
  let port: number;
  try {
    port = await listen(server, env.PORT);
    metricsServer = await startMetricsServer(metrics.registry, env.METRICS_PORT);
  } catch (error) {
    server.close();
    readiness.stop();
    await taskEvents.stop();
    closeUpstreams(upstreams);
    await limits.close();
    throw error;
  }
  const metricsPort = (metricsServer.address() as AddressInfo).port;
  logger.info({ port, metrics_port: metricsPort, rate_limits: limits.shared ? 'redis' : 'memory' }, 'gateway ready');
  announceReady({ port, metricsPort });

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      logger.info('shutting down');
      readiness.beginShutdown();
      // Waiting block/stream requests answer now with what they know (streams end with `done`), so they do
      // not hold the drain below; then the NATS connection closes.
      const eventsStopped = taskEvents.stop();
      await new Promise<void>((resolve) => {
        // Idle keep-alive sockets would hold close() open; busy ones are closed as soon as they go idle.
        const sweep = setInterval(() => server.closeIdleConnections(), 100);
        const force = setTimeout(() => server.closeAllConnections(), env.SHUTDOWN_GRACE_MS);
        server.close(() => {
          clearInterval(sweep);
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      });
      readiness.stop();
      await eventsStopped;
      closeUpstreams(upstreams);
      await limits.close();
      await new Promise<void>((resolve) => metricsServer.close(() => resolve()));
      logger.info('stopped');
    })());
  return { port, metricsPort, logger, readiness, stop };
}
