import { repoRoot } from '@talent/testkit';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBilling, type TestBilling } from './harness.js';

/** `pnpm talentctl …` as an operator or a script runs it: a separate process, JSON on stdout, exit codes. */
describe('talentctl: tokens, prices, billing verify', () => {
  let t: TestBilling;

  beforeAll(async () => {
    t = await startTestBilling({ BILLING_TRIAL_TOKENS: '25', BILLING_TRIAL_EXPIRES_IN: '30d' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const talentctlAt = (address: string, ...args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [join(repoRoot, 'scripts/talentctl.mjs'), ...args],
        { env: { ...process.env, BILLING_SERVICE_ADDR: address } },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
  const talentctl = (...args: string[]) => talentctlAt(`127.0.0.1:${t.service.grpcPort}`, ...args);
  const json = async (...args: string[]) => {
    const result = await talentctl(...args, '--json');
    expect(result, result.stderr).toMatchObject({ code: 0 });
    return JSON.parse(result.stdout) as Record<string, unknown>;
  };
  const balance = async (workspaceId: string) => (await t.client.getBalance({ workspaceId })).balance;

  it('creates a workspace with the one-time trial and a grant, each expiring on its own schedule', async () => {
    const created = await json('workspaces', 'create', '--name', 'Acme', '--grant', '100', '--expires-in', '7d');
    expect(created).toEqual({ workspace_id: expect.any(String), api_key: expect.any(String), balance: 125 });
    const ws = created.workspace_id as string;
    const grants = (await t.client.listLedger({ workspaceId: ws, page: { limit: 10, offset: 0 }, action: 'token_grant' })).entries;
    expect(grants.map((e) => e.amount).sort((a, b) => a - b)).toEqual([25, 100]);

    t.clock.advance(7 * 86_400);
    expect(await balance(ws)).toBe(25);
    t.clock.advance(23 * 86_400);
    expect(await balance(ws)).toBe(0);
    const expiries = (await t.client.listLedger({ workspaceId: ws, page: { limit: 10, offset: 0 }, action: 'token_expired' })).entries;
    expect(expiries.map((e) => e.amount)).toEqual([-25, -100]);
  });

  it('grants tokens; a rerun with the same --idempotency-key grants nothing more', async () => {
    const ws = (await json('workspaces', 'create', '--name', 'Beta')).workspace_id as string;
    expect(await balance(ws)).toBe(25); // the trial
    const grant = await json('tokens', 'grant', '--workspace', ws, '--amount', '50', '--expires-in', '30d', '--idempotency-key', 'order-42');
    expect(grant).toEqual({
      grant_id: expect.any(String),
      workspace_id: ws,
      amount: 50,
      balance: 75,
      expires_at: new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString(),
      replayed: false,
    });
    const again = await json('tokens', 'grant', '--workspace', ws, '--amount', '50', '--expires-in', '30d', '--idempotency-key', 'order-42');
    expect(again).toMatchObject({ grant_id: grant.grant_id, balance: 75, replayed: true });
    expect(await balance(ws)).toBe(75);
    expect(await json('tokens', 'balance', '--workspace', ws)).toMatchObject({ balance: 75, reserved: 0, available: 75 });
  });

  it('sets prices, and lists them', async () => {
    expect(await json('prices', 'set', 'job_matching', '4')).toEqual({ action: 'job_matching', tokens: 4, version: 2 });
    const { prices } = (await json('prices', 'list')) as { prices: { action: string; tokens: number }[] };
    expect(prices.find((p) => p.action === 'job_matching')?.tokens).toBe(4);
    expect(prices).toHaveLength(10);
    const unknown = await talentctl('prices', 'set', 'teleportation', '1');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/UNKNOWN_ACTION/);
  });

  it('billing verify exits 0 on a sound ledger and 1, naming the breach, on a tampered one', async () => {
    const ws = (await json('workspaces', 'create', '--name', 'Gamma')).workspace_id as string;
    const sound = await talentctl('billing', 'verify', '--workspace', ws);
    expect(sound).toMatchObject({ code: 0, stdout: expect.stringMatching(/no breach/) });
    await t.sql.query('UPDATE accounts SET reserved = 5 WHERE workspace_id = $1', [ws]);
    try {
      const breached = await talentctl('billing', 'verify');
      expect(breached.code).toBe(1);
      expect(breached.stdout).toContain(`workspace ${ws}: 5 reserved but pending reservations hold 0`);
      const asJson = await talentctl('billing', 'verify', '--json');
      expect(asJson.code).toBe(1);
      expect(JSON.parse(asJson.stdout)).toMatchObject({ ok: false, breaches: [expect.stringContaining(ws)] });
    } finally {
      await t.sql.query('UPDATE accounts SET reserved = 0 WHERE workspace_id = $1', [ws]);
    }
    expect((await talentctl('billing', 'verify')).code).toBe(0);
  });

  it('refuses bad arguments with a usage error (exit 2) before calling billing', async () => {
    for (const args of [
      ['tokens', 'grant', '--amount', '5'],
      ['tokens', 'grant', '--workspace', 'x', '--amount', 'five'],
      ['tokens', 'grant', '--workspace', 'x', '--amount', '5', '--expires-in', '3 weeks'],
      ['prices', 'set', 'cv_processing'],
    ]) {
      const result = await talentctl(...args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(/talentctl: /);
    }
  });

  it('refuses a BILLING_SERVICE_ADDR that is not host:port (exit 2), naming it', async () => {
    const result = await talentctlAt('billing', 'prices', 'list');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/BILLING_SERVICE_ADDR: must be host:port/);
  });
});
