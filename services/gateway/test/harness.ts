import { createGrpcClient, type AsyncClient, type Logger, type RunningBackend } from '@talent/platform';
import { billing } from '@talent/proto';
import { backendTestEnv, dropNatsNamespace, dropSchema } from '@talent/testkit';
import { Writable } from 'node:stream';
import { pino } from 'pino';
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
  peers: Partial<Record<'billing' | 'skills' | 'documents' | 'matching' | 'sourcing', string>>,
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

export { waitFor } from '@talent/testkit';
