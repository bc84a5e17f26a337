import { randomUUID } from 'node:crypto';
import type { Db } from '../db.js';

export interface EndpointRow {
  id: string;
  workspaceId: string;
  url: string;
  events: string[];
  createdAt: Date;
}

const PUBLIC_FIELDS = { id: true, workspaceId: true, url: true, events: true, createdAt: true } as const;

/** Endpoints, always read within one workspace: another workspace's id finds nothing. */
export class EndpointRepository {
  constructor(private readonly prisma: Db) {}

  create(input: { workspaceId: string; url: string; events: string[]; sealedSecret: string }): Promise<EndpointRow> {
    return this.prisma.endpoint.create({
      data: { id: randomUUID(), workspaceId: input.workspaceId, url: input.url, events: input.events, secret: input.sealedSecret },
      select: PUBLIC_FIELDS,
    });
  }

  list(workspaceId: string): Promise<EndpointRow[]> {
    return this.prisma.endpoint.findMany({ where: { workspaceId }, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], select: PUBLIC_FIELDS });
  }

  find(workspaceId: string, id: string): Promise<EndpointRow | null> {
    return this.prisma.endpoint.findFirst({ where: { workspaceId, id }, select: PUBLIC_FIELDS });
  }

  /** Deletes it and its deliveries (cascade); false when the workspace has no such endpoint. */
  async delete(workspaceId: string, id: string): Promise<boolean> {
    return (await this.prisma.endpoint.deleteMany({ where: { workspaceId, id } })).count > 0;
  }

  /** The workspace's endpoints subscribed to `type`. */
  subscribed(workspaceId: string, type: string): Promise<{ id: string }[]> {
    return this.prisma.endpoint.findMany({ where: { workspaceId, events: { has: type } }, select: { id: true } });
  }
}
