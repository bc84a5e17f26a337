import { createGrpcClient, isDomainError, type AsyncClient } from '@talent/platform';
import { billing } from '@talent/proto';
import { parseArgs } from 'node:util';

type Client = AsyncClient<billing.BillingServiceClient>;
type Command = (client: Client, args: string[]) => Promise<unknown>;

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
      { workspace_id: created.workspaceId, api_key: created.apiKey },
      `workspace ${created.workspaceId}\napi key   ${created.apiKey} (shown once)`,
    );
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
  const match = /^(\d+)([smhd])$/.exec(value);
  if (!match) throw new UsageError(`not a duration (e.g. 30d, 12h): ${value}`);
  return Number(match[1]) * { s: 1, m: 60, h: 3600, d: 86400 }[match[2] as 's' | 'm' | 'h' | 'd'];
}

/** Entry point used by scripts/talentctl.mjs; returns the exit code. */
export async function runCli(argv: string[]): Promise<number> {
  const name = Object.keys(commands).find((key) => argv.slice(0, 2).join(' ') === key);
  if (!name) {
    console.error(`usage: talentctl ${Object.keys(commands).join(' | ')}`);
    return 2;
  }
  const address = process.env.BILLING_SERVICE_ADDR ?? '127.0.0.1:50051';
  const client = createGrpcClient(billing.BillingServiceClient, address, { deadlineMs: 15_000 });
  try {
    await commands[name]!(client, argv.slice(2));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) console.error(`talentctl: ${error.message}`);
    else if (isDomainError(error)) console.error(`talentctl: ${error.code}: ${error.message}`);
    else console.error(`talentctl: cannot reach billing at ${address}: ${(error as Error).message}`);
    return error instanceof UsageError ? 2 : 1;
  } finally {
    client.close();
  }
}
