import { randomUUID } from 'node:crypto';
import type { Prisma } from '../generated/prisma/client.js';
import type { Db } from '../db.js';
import type { OutboxRow } from '../events/match-events.js';

export interface StoredResult {
  jobId: string;
  version: number;
  createdAt: Date;
  weights: Record<string, number>;
  topK: number;
  candidates: unknown[];
  versionsUsed: Record<string, unknown>;
}

/** Stored match results: a new version per job at each `cache: true` request; scoped by workspace. */
export class ResultRepository {
  constructor(private readonly prisma: Db) {}

  /** Stores the next version of the job's results; a replayed request (same reservation) gets its first version back. */
  async store(
    input: Omit<StoredResult, 'version' | 'createdAt'> & { workspaceId: string; reservationId: string },
    /** The outbox row announcing the stored version, written in the same transaction. */
    announce?: (version: number) => OutboxRow,
  ): Promise<number> {
    const existing = await this.prisma.matchResult.findUnique({
      where: { reservationId: input.reservationId },
      select: { version: true },
    });
    if (existing) return existing.version;
    return this.prisma.$transaction(async (tx) => {
      // One writer per job at a time, so versions are 1, 2, 3… without gaps or collisions.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`${input.workspaceId}:${input.jobId}`}, 0))`;
      const last = await tx.matchResult.findFirst({
        where: { workspaceId: input.workspaceId, jobId: input.jobId },
        orderBy: { version: 'desc' },
        select: { version: true },
      });
      const version = (last?.version ?? 0) + 1;
      await tx.matchResult.create({
        data: {
          id: randomUUID(),
          workspaceId: input.workspaceId,
          jobId: input.jobId,
          version,
          weights: input.weights as Prisma.InputJsonValue,
          topK: input.topK,
          candidates: input.candidates as Prisma.InputJsonValue,
          versionsUsed: input.versionsUsed as Prisma.InputJsonValue,
          reservationId: input.reservationId,
        },
      });
      if (announce) await tx.outbox.createMany({ data: [announce(version)], skipDuplicates: true });
      return version;
    });
  }

  /** The given version, or the latest when `version` is 0. */
  async find(workspaceId: string, jobId: string, version: number): Promise<StoredResult | undefined> {
    const row = await this.prisma.matchResult.findFirst({
      where: { workspaceId, jobId, ...(version > 0 ? { version } : {}) },
      orderBy: { version: 'desc' },
    });
    if (!row) return undefined;
    return {
      jobId: row.jobId,
      version: row.version,
      createdAt: row.createdAt,
      weights: row.weights as Record<string, number>,
      topK: row.topK,
      candidates: row.candidates as unknown[],
      versionsUsed: row.versionsUsed as Record<string, unknown>,
    };
  }

  /** A deleted job takes its stored results with it. */
  async forgetJob(workspaceId: string, jobId: string): Promise<number> {
    return (await this.prisma.matchResult.deleteMany({ where: { workspaceId, jobId } })).count;
  }

  /** A deleted CV leaves every stored result set (the others in it keep their rank order). */
  async forgetCandidate(workspaceId: string, personId: string): Promise<number> {
    return this.prisma.$executeRaw`
      UPDATE match_results
         SET candidates = COALESCE(
               (SELECT jsonb_agg(c ORDER BY ord) FROM jsonb_array_elements(candidates) WITH ORDINALITY AS t(c, ord)
                 WHERE c->>'person_id' <> ${personId}),
               '[]'::jsonb)
       WHERE workspace_id = ${workspaceId}::uuid
         AND candidates @> jsonb_build_array(jsonb_build_object('person_id', ${personId}::text))`;
  }
}
