/**
 * The platform's services: the one list every other place derives from (testkit's process stack, `npm start`,
 * the peer variables of each service's env, the chart tests). Helm cannot import it, so
 * `charts/talent/tests/catalog.test.ts` keeps the chart's `talent.catalog` equal to it.
 *
 * In start order: a service comes after the peers it calls. Local ports are those of the one-command local
 * stack; they sit below Linux's ephemeral range (32768–60999), so an outgoing connection of another process can
 * never hold one when a service starts to listen (it happened with 5005x). Containers keep the env defaults
 * (GRPC_PORT 50051, PORT 8080, METRICS_PORT 9464).
 */
export const SERVICES = [
  { name: 'billing', protocol: 'grpc', database: true, peers: [], localPort: 7051, localMetricsPort: 9461 },
  { name: 'skills', protocol: 'grpc', database: true, peers: [], localPort: 7055, localMetricsPort: 9465 },
  { name: 'documents', protocol: 'grpc', database: true, peers: ['skills', 'billing'], localPort: 7052, localMetricsPort: 9462 },
  {
    name: 'matching',
    protocol: 'grpc',
    database: true,
    peers: ['documents', 'billing', 'skills'],
    localPort: 7053,
    localMetricsPort: 9463,
    processEnv: {
      // glibc's allocator keeps freed gRPC and record buffers in per-thread arenas; one arena and a 64 KB
      // mmap/trim threshold give them back (bench:matching, 10,000 CVs: peak RSS 432 → 342 MB, CPU unchanged).
      MALLOC_ARENA_MAX: '1',
      MALLOC_MMAP_THRESHOLD_: '65536',
      MALLOC_TRIM_THRESHOLD_: '65536',
      // V8's young generation at 8 MB per semi-space instead of 16 (a start-up flag: setFlagsFromString comes too
      // late): a match's short-lived objects are collected sooner (bench:matching, 10,000 CVs: peak RSS 361 → 327 MB).
      NODE_OPTIONS: '--max-semi-space-size=8',
    },
  },
  { name: 'sourcing', protocol: 'grpc', database: true, peers: ['billing', 'documents'], localPort: 7054, localMetricsPort: 9464 },
  { name: 'webhooks', protocol: 'grpc', database: true, peers: [], localPort: 7056, localMetricsPort: 9467 },
  {
    name: 'gateway',
    protocol: 'http',
    database: false,
    peers: ['billing', 'documents', 'matching', 'sourcing', 'skills', 'webhooks'],
    localPort: 8080,
    localMetricsPort: 9466,
  },
] as const satisfies readonly ServiceSpec[];

export interface ServiceSpec {
  /** Folder under services/, image, Kubernetes Service, Helm values key, default DATABASE_SCHEMA. */
  name: string;
  /** `grpc`: a backend on GRPC_PORT with grpc.health.v1; `http`: the gateway on PORT. */
  protocol: 'grpc' | 'http';
  /** Owns a PostgreSQL schema (migrations, DATABASE_URL). */
  database: boolean;
  /** The gRPC services it calls, each through `<PEER>_SERVICE_ADDR`. */
  peers: readonly string[];
  /** Listener of the local stack: gRPC for backends, HTTP for the gateway. */
  localPort: number;
  localMetricsPort: number;
  /**
   * Environment its process needs from the start (read by the C runtime before any JavaScript runs); a value the
   * environment already sets wins. The chart's values and the local stack both set these.
   */
  processEnv?: Readonly<Record<string, string>>;
}

type Service = (typeof SERVICES)[number];
export type ServiceName = Service['name'];
/** The services that serve gRPC: the ones a peer address can point at. */
export type BackendName = Extract<Service, { protocol: 'grpc' }>['name'];
export type PeerOf<N extends ServiceName> = Extract<Service, { name: N }>['peers'][number];

export function serviceSpec<N extends ServiceName>(name: N): Extract<Service, { name: N }> {
  return SERVICES.find((service) => service.name === name) as Extract<Service, { name: N }>;
}

/** gRPC ports of the local stack (`npm start`), by backend. */
export const LOCAL_GRPC_PORTS = Object.fromEntries(
  SERVICES.filter((service) => service.protocol === 'grpc').map((service) => [service.name, service.localPort]),
) as Record<BackendName, number>;

/** Where a backend listens in the local stack: the default of every `<PEER>_SERVICE_ADDR`. */
export const localAddress = (service: BackendName): string => `127.0.0.1:${LOCAL_GRPC_PORTS[service]}`;

/** `BILLING_SERVICE_ADDR` for `billing`. */
export const peerAddressVariable = <P extends BackendName>(peer: P) => `${peer.toUpperCase() as Uppercase<P>}_SERVICE_ADDR` as const;
