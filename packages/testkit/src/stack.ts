import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { HealthProbe, SERVICES, serviceSpec, type BackendName, type ReadyAnnouncement, type ServiceName, type ServiceSpec } from '@talent/platform';

/** Repository root, from packages/testkit/dist or src. */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export type { ServiceName };
export type Backend = BackendName;

/** The services that own a schema, in start order (from SERVICES in @talent/platform, as the rest below). */
export const BACKENDS = SERVICES.filter((service) => service.database).map((service) => service.name as Backend);

/** Who calls whom (DESIGN §1); a service starts after its peers and gets their addresses. */
export const PEERS = Object.fromEntries(SERVICES.map((service): [ServiceName, readonly Backend[]] => [service.name, service.peers])) as Record<
  ServiceName,
  readonly Backend[]
>;

export const START_ORDER: ServiceName[] = SERVICES.map((service) => service.name);

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A service's listeners; 0 lets the service bind any free port, which it announces over the IPC channel. */
export interface ServicePorts {
  port: number;
  metricsPort: number;
}

export interface StackOptions {
  /** Environment every process gets (DATABASE_URL, NATS_URL, NATS_NAMESPACE, LOG_LEVEL…). */
  env: NodeJS.ProcessEnv;
  /** Fixed ports per service; the others bind port 0 and report what they got (no pick-then-bind race). */
  ports?: Partial<Record<ServiceName, ServicePorts>>;
  /** Schema per service; defaults to the service name. */
  schemaFor?: (service: Backend) => string;
  /** Extra environment per service. */
  serviceEnv?: Partial<Record<ServiceName, NodeJS.ProcessEnv>>;
  /** Receives every output line of every process. */
  onLine?: (service: ServiceName, line: string, stream: 'stdout' | 'stderr') => void;
  readyTimeoutMs?: number;
}

/** One real service process of the stack; it can be stopped and started again on the same ports. */
export class ServiceProcess {
  private child: ChildProcess | undefined;
  private exited: Promise<number | null> = Promise.resolve(null);
  private readonly recent: string[] = [];
  private announced: ((ports: ServicePorts) => void) | undefined;
  readonly ports: ServicePorts;

  constructor(
    readonly name: ServiceName,
    ports: ServicePorts,
    private readonly env: NodeJS.ProcessEnv,
    private readonly onLine: StackOptions['onLine'],
    private readonly readyTimeoutMs: number,
  ) {
    this.ports = { ...ports };
    this.fixedMetricsPort = ports.metricsPort !== 0;
  }

  /**
   * Only a metrics port the caller chose is kept across restarts. A learned one is chosen afresh on each start:
   * peers need the gRPC port to stay, nobody needs the metrics port to, and while a killed service is down another
   * process may take it (a restart failed with EADDRINUSE on it).
   */
  private readonly fixedMetricsPort: boolean;

  private get serves(): 'grpc' | 'http' {
    return serviceSpec(this.name).protocol;
  }

  get address(): string {
    return `127.0.0.1:${this.ports.port}`;
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** `overrides` replace variables of this start only (e.g. a restart with another configuration); undefined unsets. */
  async start(overrides: NodeJS.ProcessEnv = {}): Promise<void> {
    const script = fileURLToPath(new URL(`services/${this.name}/dist/main.js`, `file://${repoRoot}`));
    // Own process group: a terminal's Ctrl-C reaches only the supervisor, which then stops each service
    // gracefully once (a second signal would make a service exit at once).
    const metricsPort = this.fixedMetricsPort ? this.ports.metricsPort : 0;
    const env: NodeJS.ProcessEnv = { ...this.env, ...overrides, METRICS_PORT: String(metricsPort) };
    for (const [name, value] of Object.entries(overrides)) if (value === undefined) delete env[name];
    env[this.serves === 'http' ? 'PORT' : 'GRPC_PORT'] = String(this.ports.port);
    const learnPorts = this.ports.port === 0 || metricsPort === 0;
    const announced = new Promise<ServicePorts>((resolve) => (this.announced = resolve));
    // The IPC channel carries the service's ready announcement (announceReady in @talent/platform): the bound
    // ports, whatever LOG_LEVEL hides.
    const child = spawn(process.execPath, [script], { env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'], detached: true });
    this.child = child;
    child.on('message', (message: Partial<ReadyAnnouncement>) => {
      if (message?.type !== 'talent:ready' || !message.port || !message.metricsPort) return;
      this.announced?.({ port: message.port, metricsPort: message.metricsPort });
      this.announced = undefined;
    });
    const killOnExit = () => child.kill('SIGKILL');
    process.once('exit', killOnExit);
    this.exited = new Promise((resolve) =>
      child.once('exit', (code) => {
        process.removeListener('exit', killOnExit);
        resolve(code);
      }),
    );
    for (const stream of ['stdout', 'stderr'] as const) {
      let buffered = '';
      child[stream]!.setEncoding('utf8').on('data', (chunk: string) => {
        buffered += chunk;
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines) if (line) this.handleLine(line, stream);
      });
    }
    if (learnPorts) {
      const exitedEarly = this.exited.then((code) => {
        throw this.startupError(`exited during start-up (code ${code})`);
      });
      const deadline = new Promise<never>((_, reject) =>
        setTimeout(() => reject(this.startupError(`did not report its ports within ${this.readyTimeoutMs} ms`)), this.readyTimeoutMs).unref(),
      );
      Object.assign(this.ports, await Promise.race([announced, exitedEarly, deadline]));
    }
    await this.waitReady();
  }

  /** Keeps the last lines for error messages. */
  private handleLine(line: string, stream: 'stdout' | 'stderr'): void {
    this.recent.push(line);
    if (this.recent.length > 30) this.recent.shift();
    this.onLine?.(this.name, line, stream);
  }

  private startupError(what: string): Error {
    return new Error(`${this.name} ${what}; its last output:\n${this.recent.slice(-15).join('\n')}`);
  }

  private async waitReady(): Promise<void> {
    const deadline = Date.now() + this.readyTimeoutMs;
    const probe = this.serves === 'http' ? undefined : new HealthProbe(this.address);
    try {
      while (Date.now() < deadline) {
        if (!this.running) throw this.startupError(`exited during start-up (code ${await this.exited})`);
        const ready = probe
          ? await probe.isServing(500)
          : await fetch(`http://127.0.0.1:${this.ports.port}/healthz`).then((r) => r.ok, () => false);
        if (ready) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw this.startupError(`did not become ready within ${this.readyTimeoutMs} ms`);
    } finally {
      probe?.close();
    }
  }

  /** SIGTERM (graceful) or SIGKILL (crash); resolves when the process has exited. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    if (!this.running) return this.exited;
    this.child!.kill(signal);
    return this.exited;
  }
}

export class ProcessStack {
  constructor(readonly services: Record<ServiceName, ServiceProcess>) {}

  get gatewayUrl(): string {
    return `http://127.0.0.1:${this.services.gateway.ports.port}`;
  }

  address(service: Backend): string {
    return this.services[service].address;
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    for (const name of [...START_ORDER].reverse()) await this.services[name]?.stop(signal);
  }
}

/** Starts the six services as real processes from their built `dist/`, peers first. */
export async function startProcessStack(options: StackOptions): Promise<ProcessStack> {
  const services = {} as Record<ServiceName, ServiceProcess>;
  const stack = new ProcessStack(services);
  try {
    for (const name of START_ORDER) {
      // Built once the peers run, so their addresses are known.
      const env: NodeJS.ProcessEnv = { ...(serviceSpec(name) as ServiceSpec).processEnv, ...options.env };
      if (serviceSpec(name).database) env.DATABASE_SCHEMA = options.schemaFor?.(name as Backend) ?? name;
      for (const peer of PEERS[name]) env[`${peer.toUpperCase()}_SERVICE_ADDR`] = services[peer].address;
      Object.assign(env, options.serviceEnv?.[name]);
      const ports = options.ports?.[name] ?? { port: 0, metricsPort: 0 };
      services[name] = new ServiceProcess(name, ports, env, options.onLine, options.readyTimeoutMs ?? 30_000);
      await services[name].start();
    }
  } catch (error) {
    await stack.stop('SIGKILL');
    throw error;
  }
  return stack;
}
