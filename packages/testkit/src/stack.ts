import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { HealthProbe } from '@talent/platform';

/** Repository root, from packages/testkit/dist or src. */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export const BACKENDS = ['billing', 'skills', 'documents', 'matching', 'sourcing'] as const;
export type Backend = (typeof BACKENDS)[number];
export type ServiceName = Backend | 'gateway';

/** Who calls whom (DESIGN §1); a service starts after its peers and gets their addresses. */
export const PEERS: Record<ServiceName, Backend[]> = {
  billing: [],
  skills: [],
  documents: ['skills', 'billing'],
  matching: ['documents', 'billing', 'skills'],
  sourcing: ['billing', 'documents'],
  gateway: ['billing', 'documents', 'matching', 'sourcing', 'skills'],
};

export const START_ORDER: ServiceName[] = ['billing', 'skills', 'documents', 'matching', 'sourcing', 'gateway'];

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

export interface ServicePorts {
  port: number;
  metricsPort: number;
}

export interface StackOptions {
  /** Environment every process gets (DATABASE_URL, NATS_URL, NATS_NAMESPACE, LOG_LEVEL…). */
  env: NodeJS.ProcessEnv;
  /** Fixed ports per service; free ports are picked for the rest. */
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

  constructor(
    readonly name: ServiceName,
    readonly ports: ServicePorts,
    private readonly env: NodeJS.ProcessEnv,
    private readonly onLine: StackOptions['onLine'],
    private readonly readyTimeoutMs: number,
  ) {}

  get address(): string {
    return `127.0.0.1:${this.ports.port}`;
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  async start(): Promise<void> {
    const script = fileURLToPath(new URL(`services/${this.name}/dist/main.js`, `file://${repoRoot}`));
    // Own process group: a terminal's Ctrl-C reaches only the supervisor, which then stops each service
    // gracefully once (a second signal would make a service exit at once).
    const child = spawn(process.execPath, [script], { env: this.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    this.child = child;
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
        for (const line of lines) if (line) this.onLine?.(this.name, line, stream);
      });
    }
    await this.waitReady();
  }

  private async waitReady(): Promise<void> {
    const deadline = Date.now() + this.readyTimeoutMs;
    const probe = this.name === 'gateway' ? undefined : new HealthProbe(this.address);
    try {
      while (Date.now() < deadline) {
        if (!this.running) throw new Error(`${this.name} exited during start-up (code ${await this.exited})`);
        const ready = probe
          ? await probe.isServing(500)
          : await fetch(`http://127.0.0.1:${this.ports.port}/healthz`).then((r) => r.ok, () => false);
        if (ready) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`${this.name} did not become ready within ${this.readyTimeoutMs} ms`);
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
    for (const name of [...START_ORDER].reverse()) await this.services[name].stop(signal);
  }
}

/** Starts the six services as real processes from their built `dist/`, peers first. */
export async function startProcessStack(options: StackOptions): Promise<ProcessStack> {
  const ports = {} as Record<ServiceName, ServicePorts>;
  for (const name of START_ORDER) {
    ports[name] = options.ports?.[name] ?? { port: await freePort(), metricsPort: await freePort() };
  }
  const services = {} as Record<ServiceName, ServiceProcess>;
  for (const name of START_ORDER) {
    const env: NodeJS.ProcessEnv = { ...options.env, METRICS_PORT: String(ports[name].metricsPort) };
    if (name === 'gateway') env.PORT = String(ports[name].port);
    else {
      env.GRPC_PORT = String(ports[name].port);
      env.DATABASE_SCHEMA = options.schemaFor?.(name) ?? name;
    }
    for (const peer of PEERS[name]) env[`${peer.toUpperCase()}_SERVICE_ADDR`] = `127.0.0.1:${ports[peer].port}`;
    Object.assign(env, options.serviceEnv?.[name]);
    services[name] = new ServiceProcess(name, ports[name], env, options.onLine, options.readyTimeoutMs ?? 30_000);
  }
  const stack = new ProcessStack(services);
  try {
    for (const name of START_ORDER) await services[name].start();
  } catch (error) {
    await stack.stop('SIGKILL');
    throw error;
  }
  return stack;
}
