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
import { runWithContext, type Logger } from './logger.js';
import type { Metrics } from './metrics.js';

/** What a handler may know about its call, without grpc-js types leaking into domain code. */
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

export function bindService<S>(
  name: string,
  definition: ServiceDefinition,
  implementation: Partial<AsyncServiceImplementation<S>>,
): GrpcServiceBinding {
  return { name, definition, implementation };
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
  const impl = binding.implementation as Record<string, AsyncUnaryHandler<unknown, unknown> | undefined>;
  const adapted: UntypedServiceImplementation = {};
  for (const [methodName, method] of Object.entries(binding.definition)) {
    const handler = impl[methodName];
    const label = `${binding.name}/${method.originalName ?? methodName}`;
    adapted[methodName] = (call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>) => {
      const started = process.hrtime.bigint();
      const requestId = firstString(call.metadata, 'x-request-id') ?? randomUUID();
      const workspaceId = firstString(call.metadata, 'x-workspace-id');
      const finish = (code: GrpcStatus) =>
        metrics?.grpcServerDuration.observe(
          { method: label, code: GrpcStatus[code] ?? String(code) },
          Number(process.hrtime.bigint() - started) / 1e9,
        );
      if (!handler) {
        finish(GrpcStatus.UNIMPLEMENTED);
        callback({ code: GrpcStatus.UNIMPLEMENTED, details: `${label} is not implemented` });
        return;
      }
      const deadline = call.getDeadline();
      const context: CallContext = {
        requestId,
        ...(workspaceId ? { workspaceId } : {}),
        deadline: deadline instanceof Date ? deadline : Number.isFinite(deadline) ? new Date(deadline) : undefined,
        metadata: call.metadata,
      };
      runWithContext({ requestId, ...(workspaceId ? { workspaceId } : {}) }, () => {
        handler(call.request, context).then(
          (response) => {
            finish(GrpcStatus.OK);
            callback(null, response);
          },
          (error: unknown) => {
            const grpcError = toGrpcError(error);
            finish(grpcError.code ?? GrpcStatus.INTERNAL);
            if (!isDomainError(error) || (error as DomainError).code === 'INTERNAL') {
              logger.error({ err: error, method: label }, 'unhandled error in gRPC handler');
            }
            callback(grpcError);
          },
        );
      });
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
