import { createGrpcClient, type AsyncClient, type Logger, type RunningBackend } from '@talent/platform';
import { billing } from '@talent/proto';
import { backendTestEnv, dropNatsNamespace, dropSchema } from '@talent/testkit';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { startBilling } from '../../billing/src/app.js';
import { loadBillingEnv } from '../../billing/src/env.js';
import { startSkills } from '../../skills/src/app.js';
import { loadSkillsEnv } from '../../skills/src/env.js';
import { startGateway, type RunningGateway } from '../src/app.js';
import { loadGatewayEnv } from '../src/env.js';

/** An address nothing listens on: a peer that is down. */
export const DOWN = '127.0.0.1:1';

export interface RealBackend {
  service: RunningBackend;
  address: string;
  schema: string;
  env: NodeJS.ProcessEnv;
}

/** Starts the real billing service in-process on a fresh schema (optionally on a fixed port, to restart it). */
export async function startRealBilling(port = 0): Promise<RealBackend> {
  const env = backendTestEnv('billing', { GRPC_PORT: String(port) });
  const service = await startBilling(loadBillingEnv(env));
  return { service, address: `127.0.0.1:${service.grpcPort}`, schema: String(env.DATABASE_SCHEMA), env };
}

/** Starts the real skills service in-process on a fresh schema with the shipped seed taxonomy. */
export async function startRealSkills(extra: Record<string, string> = {}): Promise<RealBackend> {
  const env = backendTestEnv('skills', extra);
  const service = await startSkills(loadSkillsEnv(env));
  return { service, address: `127.0.0.1:${service.grpcPort}`, schema: String(env.DATABASE_SCHEMA), env };
}

export async function stopBackend(backend: RealBackend | undefined): Promise<void> {
  if (!backend) return;
  await backend.service.stop();
  await dropSchema(backend.schema);
  await dropNatsNamespace(String(backend.env.NATS_NAMESPACE));
}

export function billingAdmin(address: string): AsyncClient<billing.BillingServiceClient> {
  return createGrpcClient(billing.BillingServiceClient, address);
}

/** A logger whose JSON lines the test can read, to assert on what operators would see. */
export function captureLogs(): { logger: Logger; lines: () => Record<string, unknown>[] } {
  const chunks: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.toString());
      callback();
    },
  });
  const logger = pino({ level: 'info', base: { service: 'gateway' } }, sink);
  return {
    logger,
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

export interface TestGateway extends RunningGateway {
  url: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies are asserted field by field
  get(path: string, headers?: Record<string, string>): Promise<{ status: number; headers: Headers; body: any }>;
}

/** Starts the gateway in-process on ephemeral ports; peers not given point at an address nothing serves. */
export async function startTestGateway(
  peers: Partial<Record<'billing' | 'skills' | 'documents' | 'matching' | 'sourcing' | 'webhooks', string>>,
  extra: Record<string, string> = {},
  logger?: Logger,
): Promise<TestGateway> {
  const env = loadGatewayEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PORT: '0',
    METRICS_PORT: '0',
    SHUTDOWN_GRACE_MS: '2000',
    BILLING_SERVICE_ADDR: peers.billing ?? DOWN,
    SKILLS_SERVICE_ADDR: peers.skills ?? DOWN,
    DOCUMENTS_SERVICE_ADDR: peers.documents ?? DOWN,
    MATCHING_SERVICE_ADDR: peers.matching ?? DOWN,
    SOURCING_SERVICE_ADDR: peers.sourcing ?? DOWN,
    WEBHOOKS_SERVICE_ADDR: peers.webhooks ?? DOWN,
    ...extra,
  });
  const gateway = await startGateway(env, logger ? { logger } : {});
  const url = `http://127.0.0.1:${gateway.port}`;
  return {
    ...gateway,
    url,
    async get(path, headers = {}) {
      const response = await fetch(`${url}${path}`, { headers });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      return { status: response.status, headers: response.headers, body };
    },
  };
}

/** A response as the validation tests assert it: status, headers and the body parsed when it is JSON. */
export interface Sent {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are asserted field by field
  body: any;
}

export interface SendOptions {
  /** Sent as JSON (with `Content-Type: application/json` unless `headers` say otherwise). */
  json?: unknown;
  /** Sent as it is. */
  raw?: string | FormData;
  headers?: Record<string, string>;
  /** The API key to send; `null` sends none; default: the workspace's key. */
  key?: string | null;
}

/** A gateway with real billing and one workspace (no tokens) whose `down` peer is DOWN. */
export interface GatewayWithPeerDown {
  readonly gateway: TestGateway;
  readonly apiKey: string;
  /** `method path` under `/api/v1` with the workspace's key (see SendOptions). */
  send(method: string, path: string, options?: SendOptions): Promise<Sent>;
}

/**
 * The set-up of the tests of what the gateway decides by itself: the real billing service (authentication, rate
 * limits), one workspace without tokens, and a gateway whose `down` peer points at DOWN, so a 4xx proves the
 * request never needed that peer and a valid request answers 503 (it would have been called). Registers its
 * beforeAll/afterAll in the calling describe; the fields are read inside tests.
 */
export function useGatewayWithPeerDown(workspaceName: string, down: 'documents' | 'matching'): GatewayWithPeerDown {
  let billing: RealBackend | undefined;
  let gateway: TestGateway | undefined;
  let apiKey = '';
  beforeAll(async () => {
    billing = await startRealBilling();
    const admin = billingAdmin(billing.address);
    try {
      apiKey = (await admin.createWorkspace({ name: workspaceName, grantTokens: 0, grantExpiresInSeconds: 0, idempotencyKey: '' })).apiKey;
    } finally {
      admin.close();
    }
    gateway = await startTestGateway({ billing: billing.address, [down]: DOWN });
  });
  afterAll(async () => {
    await gateway?.stop();
    await stopBackend(billing);
  });
  const started = (): TestGateway => {
    if (!gateway) throw new Error('the gateway is not started: use it inside tests');
    return gateway;
  };
  return {
    get gateway() {
      return started();
    },
    get apiKey() {
      return apiKey;
    },
    async send(method, path, options = {}) {
      const headers: Record<string, string> = { ...(options.key === null ? {} : { 'x-api-key': options.key ?? apiKey }), ...options.headers };
      let body: string | FormData | undefined;
      if (options.json !== undefined) {
        body = JSON.stringify(options.json);
        headers['content-type'] ??= 'application/json';
      } else if (options.raw !== undefined) {
        body = options.raw;
      }
      const response = await fetch(`${started().url}/api/v1${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      return { status: response.status, headers: response.headers, body: parsed };
    },
  };
}

export { waitFor } from '@talent/testkit';
