import {
  Server,
  ServerCredentials,
  status as GrpcStatus,
  type handleUnaryCall,
  type sendUnaryData,
  type Metadata,
  type ServerUnaryCall,
  type ServiceDefinition,
  type UntypedServiceImplementation,
} from '@grpc/grpc-js';
import { HealthImplementation } from 'grpc-health-check';
import { randomUUID } from 'node:crypto';
import { DomainError, isDomainError, toGrpcError } from './errors.js';
import { contextFields, type Logger } from './logger.js';
import type { Metrics } from './metrics.js';

/**
 * What a handler may know about its call, without grpc-js types leaking into domain code. It is the call's
 * `RequestContext`: hand it on to peers' calls (`{ context: call }`) and into log lines (`contextFields(call)`).
 */
export interface CallContext {
  requestId: string;
  workspaceId?: string;
  deadline: Date | undefined;
  metadata: Metadata;
}

export type AsyncUnaryHandler<Req, Res> = (request: Req, call: CallContext) => Promise<Res>;

/** A ts-proto server interface with every unary handler written as an async function. */
export type AsyncServiceImplementation<S> = {
  [K in keyof S as // eslint-disable-next-line @typescript-eslint/no-explicit-any
    S[K] extends handleUnaryCall<any, any> ? K : never]: S[K] extends handleUnaryCall<
    infer Req,
    infer Res
  >
    ? AsyncUnaryHandler<Req, Res>
    : never;
};

export interface GrpcServiceBinding {
  /** Fully qualified service name for health reporting, e.g. `talent.billing.v1.BillingService`. */
  name: string;
  definition: ServiceDefinition;
  implementation: object;
}

/**
 * A service's handlers, one for every method of its definition: checked by the type and again here, so a
 * missing handler stops the boot instead of answering UNIMPLEMENTED at run time. A method whose issue has not
 * landed yet gets `notAvailableYet`.
 */
export function bindService<S>(
  name: string,
  definition: ServiceDefinition,
  implementation: AsyncServiceImplementation<S>,
): GrpcServiceBinding {
  const binding = { name, definition, implementation };
  assertComplete(binding);
  return binding;
}

function assertComplete(binding: GrpcServiceBinding): void {
  const handlers = binding.implementation as Record<string, unknown>;
  const missing = Object.keys(binding.definition).filter((method) => typeof handlers[method] !== 'function');
  if (missing.length > 0) throw new Error(`${binding.name}: no handler for ${missing.join(', ')}`);
}

/** The handler of an RPC whose issue has not landed: an explicit NOT_CONFIGURED error naming it. */
export function notAvailableYet(rpc: string): () => Promise<never> {
  return async () => {
    throw new DomainError('NOT_CONFIGURED', `${rpc} is not available yet: it arrives with its issue.`);
  };
}

function firstString(metadata: Metadata, key: string): string | undefined {
  const value = metadata.get(key)[0];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

function adapt(
  binding: GrpcServiceBinding,
  logger: Logger,
  metrics: Metrics | undefined,
): UntypedServiceImplementation {
  assertComplete(binding);
  const impl = binding.implementation as Record<string, AsyncUnaryHandler<unknown, unknown>>;
  const adapted: UntypedServiceImplementation = {};
  // One histogram child per (method, code): prom-client otherwise hashes the label object on every observation.
  const samples = new Map<string, { observe(seconds: number): void }>();
  const sample = (method: string, code: string) => {
    const key = `${method} ${code}`;
    let child = samples.get(key);
    if (!child && metrics) samples.set(key, (child = metrics.grpcServerDuration.labels(method, code)));
    return child;
  };
  for (const [methodName, method] of Object.entries(binding.definition)) {
    const handler = impl[methodName]!;
    const label = `${binding.name}/${method.originalName ?? methodName}`;
    adapted[methodName] = (call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>) => {
      const started = process.hrtime.bigint();
      const requestId = firstString(call.metadata, 'x-request-id') ?? randomUUID();
      const workspaceId = firstString(call.metadata, 'x-workspace-id');
      const finish = (code: GrpcStatus) =>
        sample(label, GrpcStatus[code] ?? String(code))?.observe(Number(process.hrtime.bigint() - started) / 1e9);
      const deadline = call.getDeadline();
      const context: CallContext = {
        requestId,
        ...(workspaceId ? { workspaceId } : {}),
        deadline: deadline instanceof Date ? deadline : Number.isFinite(deadline) ? new Date(deadline) : undefined,
        metadata: call.metadata,
      };
      handler(call.request, context).then(
        (response) => {
          finish(GrpcStatus.OK);
          callback(null, response);
        },
        (error: unknown) => {
          const grpcError = toGrpcError(error);
          finish(grpcError.code ?? GrpcStatus.INTERNAL);
          if (!isDomainError(error) || (error as DomainError).code === 'INTERNAL') {
            logger.error({ err: error, method: label, ...contextFields(context) }, 'unhandled error in gRPC handler');
          }
          callback(grpcError);
        },
      );
    };
  }
  return adapted;
}

export interface RunningGrpcServer {
  server: Server;
  port: number;
  health: HealthImplementation;
  /** Marks every service NOT_SERVING, lets in-flight calls finish within `graceMs`, then forces the rest. */
  shutdown(graceMs: number): Promise<void>;
}

export async function startGrpcServer(options: {
  port: number;
  host?: string;
  services: GrpcServiceBinding[];
  logger: Logger;
  metrics?: Metrics;
}): Promise<RunningGrpcServer> {
  const server = new Server({
    'grpc.max_receive_message_length': 64 * 1024 * 1024,
    // Long-lived HTTP/2 connections pin a client to one replica behind a ClusterIP Service; recycling them
    // lets load spread again after scaling.
    'grpc.max_connection_age_ms': 5 * 60_000,
    'grpc.max_connection_age_grace_ms': 30_000,
  });
  const health = new HealthImplementation({ '': 'NOT_SERVING' });
  health.addToServer(server);
  for (const binding of options.services) {
    server.addService(binding.definition, adapt(binding, options.logger, options.metrics));
    health.setStatus(binding.name, 'NOT_SERVING');
  }
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync(`${options.host ?? '0.0.0.0'}:${options.port}`, ServerCredentials.createInsecure(), (err, bound) =>
      err ? reject(err) : resolve(bound),
    );
  });
  const setAll = (status: 'SERVING' | 'NOT_SERVING') => {
    health.setStatus('', status);
    for (const binding of options.services) health.setStatus(binding.name, status);
  };
  setAll('SERVING');
  return {
    server,
    port,
    health,
    async shutdown(graceMs) {
      setAll('NOT_SERVING');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          server.forceShutdown();
          resolve();
        }, graceMs);
        server.tryShutdown(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}
