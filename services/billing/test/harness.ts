import { createGrpcClient, isDomainError, type AsyncClient } from '@talent/platform';
import { billing } from '@talent/proto';
import { backendTestEnv, dropNatsNamespace, dropSchema } from '@talent/testkit';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { startBilling, type RunningBilling } from '../src/app.js';
import { loadBillingEnv, type BillingEnv } from '../src/env.js';

/** A clock the test moves by hand, so that expiries happen exactly when the test says. */
export class ManualClock {
  private current = Date.parse('2030-01-01T00:00:00.000Z');
  readonly now = (): Date => new Date(this.current);
  advance(seconds: number): void {
    this.current += seconds * 1000;
  }
}

export type BillingClient = AsyncClient<billing.BillingServiceClient>;

export interface TestBilling {
  env: BillingEnv;
  service: RunningBilling;
  client: BillingClient;
  clock: ManualClock;
  /** Direct SQL on the service's schema, for what no API offers (tampering, immutability checks). */
  sql: pg.Pool;
  newWorkspace(grant?: number, expiresInSeconds?: number): Promise<string>;
  close(): Promise<void>;
}

/** The real service (gRPC, PostgreSQL, NATS) in-process, in a fresh schema and namespace, on a manual clock. */
export async function startTestBilling(extraEnv: Record<string, string> = {}): Promise<TestBilling> {
  const env = loadBillingEnv(backendTestEnv('billing', { BILLING_SWEEP_INTERVAL_MS: '3600000', ...extraEnv }));
  const clock = new ManualClock();
  const service = await startBilling(env, { clock: clock.now });
  const client = createGrpcClient(billing.BillingServiceClient, `127.0.0.1:${service.grpcPort}`, { deadlineMs: 20_000 });
  const sql = new pg.Pool({ connectionString: env.DATABASE_URL, max: 2, options: `-c search_path=${env.DATABASE_SCHEMA}` });
  return {
    env,
    service,
    client,
    clock,
    sql,
    async newWorkspace(grant = 0, expiresInSeconds = 0) {
      const created = await client.createWorkspace({
        name: `ws-${randomUUID().slice(0, 8)}`,
        grantTokens: grant,
        grantExpiresInSeconds: expiresInSeconds,
        idempotencyKey: '',
      });
      return created.workspaceId;
    },
    async close() {
      client.close();
      await sql.end();
      await service.stop();
      await dropSchema(env.DATABASE_SCHEMA);
      await dropNatsNamespace(env.NATS_NAMESPACE);
    },
  };
}

/** The domain code a call fails with, or 'OK'. */
export async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'OK';
  } catch (error) {
    if (isDomainError(error)) return error.code;
    throw error;
  }
}

/** The DomainError a call fails with (fails the test when it succeeds). */
export async function domainError(promise: Promise<unknown>): Promise<{ code: string; message: string; details: Record<string, unknown> }> {
  try {
    await promise;
  } catch (error) {
    if (isDomainError(error)) return { code: error.code, message: error.message, details: error.details };
    throw error;
  }
  throw new Error('expected the call to fail');
}

export const line = (action: string, ref: string, quantity = 1): billing.UsageLine => ({ action, ref, quantity });

export const key = (): string => randomUUID();
