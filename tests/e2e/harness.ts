import { createGrpcClient, type AsyncClient } from '@talent/platform';
import { billing } from '@talent/proto';
import {
  BACKENDS,
  startProcessStack,
  testDatabaseUrl,
  testNatsUrl,
  uniqueName,
  dropSchema,
  dropNatsNamespace,
  type ProcessStack,
  type ServiceName,
} from '@talent/testkit';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are asserted field by field
export type JsonBody = Record<string, any>;

/**
 * The whole platform as real processes on free ports, isolated by schema prefix and NATS namespace,
 * driven over REST like a client would. Logs are kept and printed only when a test fails.
 */
export class E2eStack {
  readonly prefix = uniqueName('e2e');
  readonly logs: string[] = [];
  stack!: ProcessStack;
  billing!: AsyncClient<billing.BillingServiceClient>;

  schemaFor = (service: string) => `${this.prefix}_${service}`;

  async start(serviceEnv: Partial<Record<ServiceName, NodeJS.ProcessEnv>> = {}): Promise<this> {
    this.stack = await startProcessStack({
      serviceEnv,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'info',
        DATABASE_URL: testDatabaseUrl(),
        NATS_URL: testNatsUrl(),
        NATS_NAMESPACE: this.prefix,
        SHUTDOWN_GRACE_MS: '2000',
      },
      schemaFor: this.schemaFor,
      onLine: (service, line) => {
        this.logs.push(`${service}: ${line}`);
        if (this.logs.length > 5000) this.logs.shift();
      },
    });
    this.billing = createGrpcClient(billing.BillingServiceClient, this.stack.address('billing'));
    return this;
  }

  get url(): string {
    return `${this.stack.gatewayUrl}/api/v1`;
  }

  service(name: ServiceName) {
    return this.stack.services[name];
  }

  /** A workspace with its API key, holding `tokens` (a grant that never expires). */
  async createWorkspace(name = 'e2e workspace', tokens = 0): Promise<{ workspaceId: string; apiKey: string; keyId: string }> {
    return this.billing.createWorkspace({ name, grantTokens: tokens, grantExpiresInSeconds: 0, idempotencyKey: '' });
  }

  request(path: string, init: RequestInit & { apiKey?: string } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (init.apiKey) headers.set('x-api-key', init.apiKey);
    return fetch(`${this.url}${path}`, { ...init, headers });
  }

  /** A JSON request as a client sends it; the answer's status and parsed JSON body. */
  async json(
    method: string,
    path: string,
    apiKey: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: JsonBody }> {
    const response = await this.request(path, {
      method,
      apiKey,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as JsonBody };
  }

  /** Analyzes texts through POST /cvs|/jobs/analyze and waits until every one is COMPLETED; their ids, in order. */
  async analyzed(resource: 'cvs' | 'jobs', apiKey: string, inputs: string[], timeoutMs = 60_000): Promise<string[]> {
    const ids = (await this.json('POST', `/${resource}/analyze`, apiKey, { inputs, block: true })).body.data
      .ids as string[];
    await eventually(
      () => this.json('POST', `/${resource}/status`, apiKey, { ids }),
      (r) => r.body.data.every((item: JsonBody) => item.status === 'COMPLETED'),
      timeoutMs,
    );
    return ids;
  }

  async stop(options: { keepData?: boolean } = {}): Promise<void> {
    this.billing?.close();
    await this.stack?.stop();
    if (options.keepData) return;
    for (const service of BACKENDS) await dropSchema(this.schemaFor(service));
    await dropNatsNamespace(this.prefix);
  }
}

export async function eventually<T>(
  probe: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs: number,
  stepMs = 100,
): Promise<{ value: T; elapsedMs: number }> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    const elapsedMs = Date.now() - started;
    if (accept(value) || elapsedMs > timeoutMs) return { value, elapsedMs };
    await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
}
