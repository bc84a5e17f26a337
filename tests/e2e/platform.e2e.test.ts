import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { readMigrations } from '@talent/platform';
import { BACKENDS, repoRoot, testDatabaseUrl } from '@talent/testkit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { E2eStack, eventually } from './harness.js';

const run = promisify(execFile);

describe('platform end to end (six real processes, REST)', () => {
  const e2e = new E2eStack();
  let apiKey: string;

  beforeAll(async () => {
    await e2e.start();
    ({ apiKey } = await e2e.createWorkspace());
  }, 180_000);
  afterAll(() => e2e.stop(), 60_000);
  afterEach((context) => {
    if (context.task.result?.state === 'fail') console.log(e2e.logs.slice(-200).join('\n'));
  });

  describe('authentication', () => {
    it('lets a valid key through to the resource', async () => {
      const costs = await e2e.request('/credits/costs', { apiKey });
      expect(costs.status).not.toBe(401);
      const unknownPath = await e2e.request('/no-such-resource', { apiKey });
      expect(unknownPath.status).toBe(404);
      expect(await unknownPath.json()).toEqual({ error: expect.any(String) });
    });

    it('answers 401 {"error":"Invalid API Key."} for a wrong key', async () => {
      const response = await e2e.request('/credits/balance', { apiKey: '3f1b7c0e-0000-4000-8000-000000000000' });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: 'Invalid API Key.' });
    });

    it('answers 401 {error} without a key, and leaves the skills endpoints open', async () => {
      const response = await e2e.request('/credits/balance');
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: expect.any(String) });
      expect((await e2e.request('/skills/languages')).status).not.toBe(401);
    });

    it('refuses a revoked key within 10 seconds', async () => {
      const { workspaceId } = await e2e.createWorkspace('revocation');
      const key = await e2e.billing.createApiKey({ workspaceId });
      expect((await e2e.request('/credits/costs', { apiKey: key.apiKey })).status).not.toBe(401);
      await e2e.billing.revokeApiKey({ keyId: key.keyId });
      const { value, elapsedMs } = await eventually(
        () => e2e.request('/credits/costs', { apiKey: key.apiKey }).then((r) => r.status),
        (status) => status === 401,
        10_000,
        250,
      );
      expect(value).toBe(401);
      expect(elapsedMs).toBeLessThanOrEqual(10_000);
    });
  });

  describe('documentation', () => {
    it('serves an OpenAPI 3.1 document that redocly lints without errors', async () => {
      const response = await e2e.request('/openapi.json');
      expect(response.status).toBe(200);
      const document = (await response.json()) as { openapi: string; info: { version: string } };
      expect(document.openapi).toMatch(/^3\.1/);
      expect(document.info.version).toBe('1.0.0');
      const file = join(mkdtempSync(join(tmpdir(), 'openapi-')), 'openapi.json');
      writeFileSync(file, JSON.stringify(document));
      const lint = await run(join(repoRoot, 'node_modules/.bin/redocly'), ['lint', file, '--format', 'json'], { cwd: repoRoot }).catch(
        (error: { stdout: string }) => ({ stdout: error.stdout }),
      );
      const problems = (JSON.parse(lint.stdout) as { problems: { severity: string; message: string }[] }).problems;
      expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
    });

    it('serves a docs page whose every script and stylesheet comes from the gateway itself', async () => {
      const response = await e2e.request('/docs');
      expect(response.status).toBe(200);
      const html = await response.text();
      const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
      expect(assets.filter((url) => /^(https?:)?\/\//.test(url))).toEqual([]);
      const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]!);
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) {
        const asset = await fetch(new URL(script, `${e2e.url}/docs`));
        expect(asset.status).toBe(200);
      }
    });
  });

  describe('readiness', () => {
    it('turns non-ready within 2 s when a service stops, and ready again when it returns', async () => {
      const readyz = () => fetch(`${e2e.stack.gatewayUrl}/readyz`).then((r) => r.status);
      expect(await readyz()).toBe(200);
      for (const service of ['matching', 'billing'] as const) {
        await e2e.service(service).stop();
        const down = await eventually(readyz, (status) => status === 503, 5_000, 50);
        expect(down.value).toBe(503);
        expect(down.elapsedMs).toBeLessThanOrEqual(2_000);
        await e2e.service(service).start();
        const up = await eventually(readyz, (status) => status === 200, 10_000, 100);
        expect(up.value).toBe(200);
      }
    }, 60_000);
  });

  describe('restart', () => {
    it('loses nothing and re-applies no migration when the whole stack is killed and started again', async () => {
      const { apiKey: keptKey } = await e2e.createWorkspace('survivor');
      const db = new pg.Client({ connectionString: testDatabaseUrl() });
      await db.connect();
      const migrationRows = async () => {
        const rows: Record<string, string[]> = {};
        for (const service of BACKENDS) {
          const result = await db.query<{ migration_name: string; started_at: Date }>(
            `SELECT migration_name, started_at FROM "${e2e.schemaFor(service)}"."_prisma_migrations" ORDER BY migration_name`,
          );
          rows[service] = result.rows.map((r) => `${r.migration_name}@${r.started_at.toISOString()}`);
        }
        return rows;
      };
      try {
        const before = await migrationRows();
        for (const service of BACKENDS) {
          const onDisk = readMigrations(join(repoRoot, 'services', service, 'prisma/migrations')).length;
          expect(before[service]).toHaveLength(onDisk);
        }
        await e2e.stack.stop('SIGKILL');
        for (const name of ['billing', 'skills', 'documents', 'matching', 'sourcing', 'webhooks', 'gateway'] as const) {
          await e2e.service(name).start();
        }
        expect(await migrationRows()).toEqual(before);
        const response = await e2e.request('/credits/costs', { apiKey: keptKey });
        expect(response.status).not.toBe(401);
      } finally {
        await db.end();
      }
    }, 120_000);
  });
});
