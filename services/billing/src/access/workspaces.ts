import { DomainError, isUuid } from '@talent/platform';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Db } from '../db.js';
import type { Ledger } from '../ledger/ledger.js';
import { validateTokens } from '../ledger/usage-lines.js';
import { requireUuid } from '../ids.js';
import { hashApiKey, newApiKey, sameHash } from './api-keys.js';

export interface CreatedKey {
  keyId: string;
  apiKey: string;
}

/** The one-time grant every new workspace receives (spec: trial tokens, which may expire). */
export interface TrialGrant {
  tokens: number;
  /** 0: never expires. */
  expiresInSeconds: number;
}

/** Workspaces and their API keys: the access side of billing. */
export class WorkspaceAccess {
  constructor(
    private readonly db: Db,
    private readonly pool: pg.Pool,
    private readonly ledger: Ledger,
    private readonly trial: TrialGrant,
  ) {}

  /**
   * Creates the workspace with its first key, its token account, the trial grant and an optional extra grant,
   * all in one transaction: a workspace never exists without its account or its trial.
   */
  async createWorkspace(request: {
    name: string;
    grantTokens: number;
    grantExpiresInSeconds: number;
  }): Promise<CreatedKey & { workspaceId: string; balance: number }> {
    const name = request.name.trim();
    if (!name) throw new DomainError('INVALID_ARGUMENT', 'Workspace name is required.', { field: 'name' });
    validateTokens(request.grantTokens, 'grant_tokens', 0);
    validateTokens(request.grantExpiresInSeconds, 'grant_expires_in_seconds', 0);
    const { key, hash } = newApiKey();
    const workspaceId = randomUUID();
    const keyId = randomUUID();
    const grants = [
      { amount: this.trial.tokens, expiresInSeconds: this.trial.expiresInSeconds, source: 'trial' as const },
      { amount: request.grantTokens, expiresInSeconds: request.grantExpiresInSeconds, source: 'grant' as const },
    ].filter((g) => g.amount > 0);
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('INSERT INTO workspaces (id, name) VALUES ($1, $2)', [workspaceId, name]);
      await client.query('INSERT INTO api_keys (id, workspace_id, key_hash) VALUES ($1, $2, $3)', [keyId, workspaceId, hash]);
      await client.query('INSERT INTO accounts (workspace_id) VALUES ($1)', [workspaceId]);
      let balance = 0;
      for (const grant of grants) {
        ({ balance } = await this.ledger.grant({ workspaceId, idempotencyKey: null, ...grant }, client));
      }
      await client.query('COMMIT');
      return { workspaceId, keyId, apiKey: key, balance };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async createApiKey(workspaceId: string): Promise<CreatedKey> {
    await this.requireWorkspace(workspaceId);
    const { key, hash } = newApiKey();
    const created = await this.db.apiKey.create({ data: { workspaceId, keyHash: hash } });
    return { keyId: created.id, apiKey: key };
  }

  /** Revoking twice keeps the first revocation time. */
  async revokeApiKey(keyId: string): Promise<Date> {
    requireUuid(keyId, 'API key', 'key_id');
    const existing = await this.db.apiKey.findUnique({ where: { id: keyId } });
    if (!existing) throw new DomainError('NOT_FOUND', `API key ${keyId} does not exist.`, { key_id: keyId });
    if (existing.revokedAt) return existing.revokedAt;
    const updated = await this.db.apiKey.update({ where: { id: keyId }, data: { revokedAt: new Date() } });
    return updated.revokedAt!;
  }

  async authenticate(apiKey: string): Promise<{ workspaceId: string; keyId: string }> {
    if (!isUuid(apiKey.trim())) throw new DomainError('UNAUTHENTICATED', 'Invalid API Key.');
    const hash = hashApiKey(apiKey);
    const found = await this.db.apiKey.findUnique({ where: { keyHash: hash } });
    if (!found || found.revokedAt || !sameHash(found.keyHash, hash)) {
      throw new DomainError('UNAUTHENTICATED', 'Invalid API Key.');
    }
    return { workspaceId: found.workspaceId, keyId: found.id };
  }

  async requireWorkspace(workspaceId: string): Promise<void> {
    const id = requireUuid(workspaceId, 'Workspace', 'workspace_id');
    const exists = await this.db.workspace.findUnique({ where: { id }, select: { id: true } });
    if (!exists) throw new DomainError('NOT_FOUND', `Workspace ${workspaceId} does not exist.`, { workspace_id: workspaceId });
  }
}
