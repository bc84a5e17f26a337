import { Router } from 'express';
import type { Readiness } from '../readiness.js';

/** Kubernetes probes: liveness never depends on peers; readiness is answered from the background probes. */
export function healthRouter(readiness: Readiness): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.locals.route = '/healthz';
    res.json({ status: 'ok' });
  });
  router.get('/readyz', (_req, res) => {
    res.locals.route = '/readyz';
    const snapshot = readiness.snapshot();
    res.status(snapshot.ready ? 200 : 503).json(snapshot);
  });
  return router;
}
