import { createServer, type Server } from 'node:http';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** One Prometheus registry per process, with Node's default metrics and the platform's RPC histogram. */
export function createMetrics(service: string) {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  const grpcServerDuration = new Histogram({
    name: 'grpc_server_handling_seconds',
    help: 'Time to handle a unary gRPC call, by method and resulting code.',
    labelNames: ['method', 'code'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return { registry, grpcServerDuration };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Serves `GET /metrics` on its own port so scraping never competes with the API listener. */
export async function startMetricsServer(registry: Registry, port: number, host = '0.0.0.0'): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url?.split('?')[0] === '/metrics') {
      registry
        .metrics()
        .then((body) => {
          res.writeHead(200, { 'content-type': registry.contentType });
          res.end(body);
        })
        .catch(() => {
          res.writeHead(500).end();
        });
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
