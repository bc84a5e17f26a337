import { createGrpcClient, EnvError, isDomainError, type AsyncClient } from '@talent/platform';
import { billing } from '@talent/proto';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { runDeadLettersCli } from './dead-letters-cli.js';
import { loadTalentctlEnv } from './env.js';
import { parseDurationSeconds } from './ledger/durations.js';

type Client = AsyncClient<billing.BillingServiceClient>;
/** Resolves to the exit code when a command can fail without an error (verify); otherwise 0. */
type Command = (client: Client, args: string[]) => Promise<number | void>;

/** Prints JSON with --json (a contract: scripts parse it), a readable line otherwise. */
function output(json: boolean, value: Record<string, unknown>, text: string): void {
  console.log(json ? JSON.stringify(value) : text);
}

const commands: Record<string, Command> = {
  async 'workspaces create'(client, args) {
    const { values } = parseArgs({
      args,
      options: { name: { type: 'string' }, grant: { type: 'string' }, 'expires-in': { type: 'string' }, json: { type: 'boolean' } },
    });
    if (!values.name) throw new UsageError('--name is required');
    const created = await client.createWorkspace({
      name: values.name,
      grantTokens: parseTokens(values.grant ?? '0'),
      grantExpiresInSeconds: values['expires-in'] ? parseDuration(values['expires-in']) : 0,
      idempotencyKey: '',
    });
    output(
      values.json ?? false,
      { workspace_id: created.workspaceId, api_key: created.apiKey, balance: created.balance },
      `workspace ${created.workspaceId}\napi key   ${created.apiKey} (shown once)\nbalance   ${created.balance} tokens`,
    );
  },
  async 'tokens grant'(client, args) {
    const { values } = parseArgs({
      args,
      options: {
        workspace: { type: 'string' },
        amount: { type: 'string' },
        'expires-in': { type: 'string' },
        'idempotency-key': { type: 'string' },
        json: { type: 'boolean' },
      },
    });
    if (!values.workspace) throw new UsageError('--workspace is required');
    if (!values.amount) throw new UsageError('--amount is required');
    const amount = parseTokens(values.amount);
    const grant = await client.grantTokens({
      workspaceId: values.workspace,
      amount,
      expiresInSeconds: values['expires-in'] ? parseDuration(values['expires-in']) : 0,
      // One key per invocation, so the client's own retries cannot grant twice; pass one to make reruns safe.
      idempotencyKey: values['idempotency-key'] ?? randomUUID(),
    });
    const expiresAt = grant.expiresAt?.toISOString() ?? null;
    output(
      values.json ?? false,
      { grant_id: grant.grantId, workspace_id: values.workspace, amount, balance: grant.balance, expires_at: expiresAt, replayed: grant.replayed },
      `granted ${amount} tokens (${grant.grantId})${expiresAt ? `, expiring ${expiresAt}` : ''}; balance ${grant.balance}`,
    );
  },
  async 'tokens balance'(client, args) {
    const { values } = parseArgs({ args, options: { workspace: { type: 'string' }, json: { type: 'boolean' } } });
    if (!values.workspace) throw new UsageError('--workspace is required');
    const b = await client.getBalance({ workspaceId: values.workspace });
    output(
      values.json ?? false,
      { balance: b.balance, reserved: b.reserved, available: b.available, updated_at: b.updatedAt?.toISOString() },
      `balance ${b.balance} (reserved ${b.reserved}, available ${b.available})`,
    );
  },
  async 'prices set'(client, args) {
    const { values, positionals } = parseArgs({ args, options: { json: { type: 'boolean' } }, allowPositionals: true });
    const [action, tokens] = positionals;
    if (!action || tokens === undefined) throw new UsageError('usage: prices set ACTION TOKENS');
    const { price } = await client.setPrice({ action, tokens: parseTokens(tokens) });
    output(
      values.json ?? false,
      { action: price!.action, tokens: price!.tokens, version: price!.version },
      `${price!.action} now costs ${price!.tokens} tokens per ${price!.unit} (version ${price!.version})`,
    );
  },
  async 'prices list'(client, args) {
    const { values } = parseArgs({ args, options: { json: { type: 'boolean' } } });
    const { prices } = await client.listPrices({});
    output(
      values.json ?? false,
      { prices: prices.map((p) => ({ action: p.action, tokens: p.tokens, unit: p.unit, description: p.description, version: p.version })) },
      prices.map((p) => `${p.action.padEnd(24)} ${String(p.tokens).padStart(6)} per ${p.unit}`).join('\n'),
    );
  },
  /** Exits 1 when any invariant is breached. */
  async 'billing verify'(client, args) {
    const { values } = parseArgs({ args, options: { workspace: { type: 'string' }, json: { type: 'boolean' } } });
    const result = await client.verify({ workspaceId: values.workspace ?? '' }, { deadlineMs: 120_000 });
    const ok = result.breaches.length === 0;
    output(
      values.json ?? false,
      { ok, accounts_checked: result.accountsChecked, breaches: result.breaches },
      ok
        ? `ledger verified: ${result.accountsChecked} account(s), no breach`
        : `LEDGER BREACHED (${result.breaches.length}):\n${result.breaches.map((b) => `  - ${b}`).join('\n')}`,
    );
    return ok ? 0 : 1;
  },
  async 'keys create'(client, args) {
    const { values } = parseArgs({ args, options: { workspace: { type: 'string' }, json: { type: 'boolean' } } });
    if (!values.workspace) throw new UsageError('--workspace is required');
    const created = await client.createApiKey({ workspaceId: values.workspace });
    output(values.json ?? false, { key_id: created.keyId, api_key: created.apiKey }, `key ${created.keyId}\napi key ${created.apiKey} (shown once)`);
  },
  async 'keys revoke'(client, args) {
    const { values, positionals } = parseArgs({ args, options: { json: { type: 'boolean' } }, allowPositionals: true });
    const keyId = positionals[0];
    if (!keyId) throw new UsageError('usage: keys revoke KEY_ID');
    const revoked = await client.revokeApiKey({ keyId });
    output(values.json ?? false, { key_id: keyId, revoked_at: revoked.revokedAt?.toISOString() }, `key ${keyId} revoked`);
  },
};

class UsageError extends Error {}

export function parseTokens(value: string): number {
  if (!/^\d+$/.test(value)) throw new UsageError(`not a whole number of tokens: ${value}`);
  return Number(value);
}

/** `30d`, `12h`, `90m`, `45s` → seconds. */
export function parseDuration(value: string): number {
  try {
    return parseDurationSeconds(value);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** Entry point used by scripts/talentctl.mjs; returns the exit code. */
export async function runCli(argv: string[]): Promise<number> {
  if (argv[0] === 'dead-letters') return runDeadLettersCli(argv.slice(1));
  const name = Object.keys(commands).find((key) => argv.slice(0, 2).join(' ') === key);
  if (!name) {
    console.error(`usage: talentctl ${Object.keys(commands).join(' | ')}`);
    return 2;
  }
  let address: string;
  try {
    address = loadTalentctlEnv().BILLING_SERVICE_ADDR;
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(`talentctl: ${error.message}`);
    return 2;
  }
  const client = createGrpcClient(billing.BillingServiceClient, address, { deadlineMs: 15_000 });
  try {
    return (await commands[name]!(client, argv.slice(2))) ?? 0;
  } catch (error) {
    if (error instanceof UsageError) console.error(`talentctl: ${error.message}`);
    else if (isDomainError(error)) console.error(`talentctl: ${error.code}: ${error.message}`);
    else console.error(`talentctl: cannot reach billing at ${address}: ${(error as Error).message}`);
    return error instanceof UsageError ? 2 : 1;
  } finally {
    client.close();
  }
}
