import {
  credentials,
  Metadata,
  type CallOptions,
  type ChannelOptions,
  type Client,
  type ClientUnaryCall,
  type ServiceError,
} from '@grpc/grpc-js';
import { fromGrpcError } from './errors.js';
import type { RequestContext } from './logger.js';

type UnaryMethod<Req, Res> = (
  request: Req,
  metadata: Metadata,
  options: Partial<CallOptions>,
  callback: (error: ServiceError | null, response: Res) => void,
) => ClientUnaryCall;

export interface CallOverrides {
  /** Per-call deadline; every call has one. */
  deadlineMs?: number;
  metadata?: Record<string, string>;
  /** The request this call is made for: its ids travel as `x-request-id` / `x-workspace-id` metadata. */
  context?: RequestContext;
}

/** A ts-proto grpc-js client with each unary method as `(request, overrides?) => Promise<response>`. */
export type AsyncClient<C> = {
  [K in keyof C as // eslint-disable-next-line @typescript-eslint/no-explicit-any
  C[K] extends UnaryMethod<any, any> ? K : never]: C[K] extends UnaryMethod<infer Req, infer Res>
    ? (request: Req, overrides?: CallOverrides) => Promise<Res>
    : never;
} & { readonly raw: C; close(): void };

type ClientConstructor<C> = new (address: string, creds: ReturnType<typeof credentials.createInsecure>, options?: object) => C;

/**
 * Retries transparently on UNAVAILABLE (peer restarting, connection not yet up) through grpc-js' own retry
 * support; deadlines bound the total time.
 */
function serviceConfig(serviceName: string): string {
  return JSON.stringify({
    methodConfig: [
      {
        name: [{ service: serviceName }],
        retryPolicy: {
          maxAttempts: 4,
          initialBackoff: '0.05s',
          maxBackoff: '1s',
          backoffMultiplier: 2,
          retryableStatusCodes: ['UNAVAILABLE'],
        },
      },
    ],
  });
}

export function createGrpcClient<C extends Client>(
  Ctor: ClientConstructor<C> & { serviceName?: string },
  address: string,
  defaults: { deadlineMs?: number; channelOptions?: ChannelOptions } = {},
): AsyncClient<C> {
  const raw = new Ctor(address, credentials.createInsecure(), {
    'grpc.service_config': serviceConfig(Ctor.serviceName ?? ''),
    'grpc.enable_retries': 1,
    'grpc.keepalive_time_ms': 30_000,
    // A restarted peer is reconnected within a second (grpc-js backs off up to 120 s by default, answering
    // UNAVAILABLE all that time once the peer is back).
    'grpc.initial_reconnect_backoff_ms': 100,
    'grpc.max_reconnect_backoff_ms': 1_000,
    'grpc.max_receive_message_length': 64 * 1024 * 1024,
    // A caller's own connection settings (e.g. matching's wide flow-control window to documents).
    ...defaults.channelOptions,
  });
  const defaultDeadline = defaults.deadlineMs ?? 5_000;
  // One wrapper per method, made on first use: the gateway calls these on every request.
  const wrappers = new Map<string | symbol, (request: unknown, overrides?: CallOverrides) => Promise<unknown>>();
  return new Proxy({} as AsyncClient<C>, {
    get(_target, property) {
      if (property === 'raw') return raw;
      if (property === 'close') return () => raw.close();
      if (property === 'then') return undefined;
      const known = wrappers.get(property);
      if (known) return known;
      const method = (raw as unknown as Record<string | symbol, unknown>)[property];
      if (typeof method !== 'function') return undefined;
      const wrapper = (request: unknown, overrides: CallOverrides = {}) =>
        new Promise((resolve, reject) => {
          const metadata = new Metadata();
          const { requestId, workspaceId } = overrides.context ?? {};
          if (requestId) metadata.set('x-request-id', requestId);
          if (workspaceId) metadata.set('x-workspace-id', workspaceId);
          for (const [key, value] of Object.entries(overrides.metadata ?? {})) metadata.set(key, value);
          const deadline = new Date(Date.now() + (overrides.deadlineMs ?? defaultDeadline));
          (method as UnaryMethod<unknown, unknown>).call(raw, request, metadata, { deadline }, (error, response) =>
            error ? reject(fromGrpcError(error)) : resolve(response),
          );
        });
      wrappers.set(property, wrapper);
      return wrapper;
    },
  });
}

/**
 * `client` with every call made for `context` (its ids travel as metadata), unless a call names a context of its
 * own: for domain code that hands one request's clients around.
 */
export function withContext<C>(client: AsyncClient<C>, context: RequestContext | undefined): AsyncClient<C> {
  if (!context) return client;
  return new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || property === 'close') return value;
      return (request: unknown, overrides: CallOverrides = {}) =>
        (value as (request: unknown, overrides: CallOverrides) => Promise<unknown>)(request, { context, ...overrides });
    },
  });
}
