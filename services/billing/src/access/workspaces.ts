import { DomainError } from '@talent/platform';
import type { Db } from '../db.js';
import { hashApiKey, looksLikeApiKey, newApiKey, sameHash } from './api-keys.js';

export interface CreatedKey {
  keyId: string;
  apiKey: string;
}

/** Workspaces and their API keys: the access side of billing. */
export class WorkspaceAccess {
  constructor(private readonly db: Db) {}

  async createWorkspace(name: string): Promise<CreatedKey & { workspaceId: string }> {
    const trimmed = name.trim();
    if (!trimmed) throw new DomainError('INVALID_ARGUMENT', 'Workspace name is required.', { field: 'name' });
    const { key, hash } = newApiKey();
    const workspace = await this.db.workspace.create({
      data: { name: trimmed, apiKeys: { create: { keyHash: hash } } },
      include: { apiKeys: true },
    });
    return { workspaceId: workspace.id, keyId: workspace.apiKeys[0]!.id, apiKey: key };
  }

  async createApiKey(workspaceId: string): Promise<CreatedKey> {
    await this.requireWorkspace(workspaceId);
    const { key, hash } = newApiKey();
    const created = await this.db.apiKey.create({ data: { workspaceId, keyHash: hash } });
    return { keyId: created.id, apiKey: key };
  }

  /** Revoking twice keeps the first revocation time. */
  async revokeApiKey(keyId: string): Promise<Date> {
    if (!looksLikeApiKey(keyId)) throw new DomainError('NOT_FOUND', `API key ${keyId} does not exist.`, { key_id: keyId });
    const existing = await this.db.apiKey.findUnique({ where: { id: keyId } });
    if (!existing) throw new DomainError('NOT_FOUND', `API key ${keyId} does not exist.`, { key_id: keyId });
    if (existing.revokedAt) return existing.revokedAt;
    const updated = await this.db.apiKey.update({ where: { id: keyId }, data: { revokedAt: new Date() } });
    return updated.revokedAt!;
  }

  async authenticate(apiKey: string): Promise<{ workspaceId: string; keyId: string }> {
    if (!looksLikeApiKey(apiKey)) throw new DomainError('UNAUTHENTICATED', 'Invalid API Key.');
    const hash = hashApiKey(apiKey);
    const found = await this.db.apiKey.findUnique({ where: { keyHash: hash } });
    if (!found || found.revokedAt || !sameHash(found.keyHash, hash)) {
      throw new DomainError('UNAUTHENTICATED', 'Invalid API Key.');
    }
    return { workspaceId: found.workspaceId, keyId: found.id };
  }

  async requireWorkspace(workspaceId: string): Promise<void> {
    const exists =
      looksLikeApiKey(workspaceId) && (await this.db.workspace.findUnique({ where: { id: workspaceId }, select: { id: true } }));
    if (!exists) throw new DomainError('NOT_FOUND', `Workspace ${workspaceId} does not exist.`, { workspace_id: workspaceId });
  }
}
