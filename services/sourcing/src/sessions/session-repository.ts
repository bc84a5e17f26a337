import { DomainError, isUuid, storableJson } from '@talent/platform';
import type pg from 'pg';
import type { Db } from '../db.js';
import type { Prisma } from '../generated/prisma/client.js';
import type { SearchFilters, SourcedProfile } from '../providers/provider.js';
import type { StoredCandidate } from '../search/candidate-view.js';

export interface SessionRecord {
  id: string;
  workspaceId: string;
  query: string;
  filters: SearchFilters;
  searchType: 'fast' | 'pro';
  highFreshness: boolean;
  provider: string;
  total: number | null;
  createdAt: Date;
  expiresAt: Date;
}

/** What one search writes: the session (new or touched), new candidates, premiums bought for earlier ones. */
export interface Purchase {
  session: SessionRecord;
  isNew: boolean;
  added: StoredCandidate[];
  upgraded: StoredCandidate[];
}

// Provider data may hold U+0000 or lone surrogates, which jsonb refuses. Cleaned in a copy: a provider's profile
// objects may be its own (the directory's in-memory index), which the store must not change.
const asJson = (value: unknown) => storableJson(structuredClone(value)) as Prisma.InputJsonValue;

/** SQLSTATE of a lock wait past `lock_timeout`. */
const LOCK_NOT_AVAILABLE = '55P03';

const toStored = (row: {
  position: number;
  profile: Prisma.JsonValue;
  insights: boolean;
  emailRevealed: boolean;
  phoneRevealed: boolean;
}): StoredCandidate => ({
  position: row.position,
  profile: row.profile as unknown as SourcedProfile,
  insights: row.insights,
  emailRevealed: row.emailRevealed,
  phoneRevealed: row.phoneRevealed,
});

/**
 * Sessions and their bought candidates. Every read is scoped by workspace and expiry: another workspace's or an
 * expired session is simply not found, through the same query as an unknown one.
 */
export class SessionRepository {
  /**
   * `lockPool` must not be the pool Prisma uses: a session lock holds its connection while the work under it asks
   * Prisma for more, so sharing one pool let as many locked searches as it has connections wait forever for a
   * free one (and every other request with them).
   */
  constructor(
    private readonly prisma: Db,
    private readonly lockPool: pg.Pool,
  ) {}

  async find(workspaceId: string, sessionId: string, now: Date): Promise<SessionRecord | undefined> {
    if (!isUuid(sessionId)) return undefined;
    const row = await this.prisma.session.findFirst({
      where: { id: sessionId.toLowerCase(), workspaceId, expiresAt: { gt: now } },
    });
    return row ? { ...row, filters: row.filters as SearchFilters, searchType: row.searchType as 'fast' | 'pro' } : undefined;
  }

  async candidates(sessionId: string, positions?: { from: number; to: number }): Promise<StoredCandidate[]> {
    const rows = await this.prisma.sessionCandidate.findMany({
      where: { sessionId, ...(positions ? { position: { gte: positions.from, lt: positions.to } } : {}) },
      orderBy: { position: 'asc' },
    });
    return rows.map(toStored);
  }

  /** Candidates of a session by profile id (the ids a client selects for ingest); the first position wins. */
  async candidatesByProfile(sessionId: string, profileIds: string[]): Promise<Map<string, StoredCandidate>> {
    const rows = await this.prisma.sessionCandidate.findMany({
      where: { sessionId, profileId: { in: profileIds } },
      orderBy: { position: 'asc' },
    });
    const byId = new Map<string, StoredCandidate>();
    for (const row of rows.map(toStored)) if (!byId.has(row.profile.id)) byId.set(row.profile.id, row);
    return byId;
  }

  /**
   * Runs `work` while holding the session's lock, so two requests on one session cannot both buy the same
   * position. The lock is a PostgreSQL advisory lock on a connection of the lock pool, held across the provider call.
   */
  async withSessionLock<T>(sessionId: string, deadline: Date | undefined, work: () => Promise<T>): Promise<T> {
    const client = await this.lockPool.connect();
    const key = `sourcing-session:${sessionId}`;
    try {
      // No longer than the caller waits for the answer: a search that got the lock after its caller gave up would
      // still buy and charge a window nobody receives (0: no limit, for callers without a deadline).
      const waitMs = deadline ? Math.max(1, deadline.getTime() - Date.now()) : 0;
      await client.query("SELECT set_config('lock_timeout', $1, false)", [`${waitMs}ms`]);
      const busy = () =>
        new DomainError('PEER_UNAVAILABLE', `Session ${sessionId} was busy with other searches until this request's deadline; nothing was charged.`, {
          session_id: sessionId,
        });
      await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [key]).catch((error: unknown) => {
        throw (error as { code?: string }).code === LOCK_NOT_AVAILABLE ? busy() : error;
      });
      try {
        // Granted just as the deadline passed: the caller is gone all the same.
        if (deadline && Date.now() >= deadline.getTime()) throw busy();
        return await work();
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key]);
      }
    } finally {
      client.release();
    }
  }

  /** Writes one search's purchase at once. */
  async savePurchase(purchase: Purchase): Promise<void> {
    const { session } = purchase;
    const added = purchase.added.map((candidate) => ({
      position: candidate.position,
      profileId: candidate.profile.id,
      profile: asJson(candidate.profile),
      insights: candidate.insights,
      emailRevealed: candidate.emailRevealed,
      phoneRevealed: candidate.phoneRevealed,
    }));
    if (purchase.isNew) {
      // A new session and its window in one nested write: atomic, without an interactive transaction's round trips.
      await this.prisma.session.create({
        data: {
          id: session.id,
          workspaceId: session.workspaceId,
          query: session.query,
          filters: asJson(session.filters),
          searchType: session.searchType,
          highFreshness: session.highFreshness,
          provider: session.provider,
          total: session.total,
          createdAt: session.createdAt,
          expiresAt: session.expiresAt,
          ...(added.length > 0 ? { candidates: { createMany: { data: added } } } : {}),
        },
      });
      return;
    }
    await this.prisma.$transaction(async (tx) => {
      await tx.session.update({ where: { id: session.id }, data: { total: session.total, expiresAt: session.expiresAt } });
      if (added.length > 0) {
        await tx.sessionCandidate.createMany({ data: added.map((candidate) => ({ sessionId: session.id, ...candidate })) });
      }
      for (const candidate of purchase.upgraded) {
        await tx.sessionCandidate.update({
          where: { sessionId_position: { sessionId: session.id, position: candidate.position } },
          data: { insights: candidate.insights, emailRevealed: candidate.emailRevealed, phoneRevealed: candidate.phoneRevealed },
        });
      }
    });
  }

  /** Takes a purchase back when its charge could not be committed: nothing stays that was not paid for. */
  async undoPurchase(purchase: Purchase, previous: StoredCandidate[]): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      if (purchase.isNew) {
        // deleteMany: the purchase may have failed before its session was written.
        await tx.session.deleteMany({ where: { id: purchase.session.id } });
        return;
      }
      await tx.sessionCandidate.deleteMany({
        where: { sessionId: purchase.session.id, position: { in: purchase.added.map((candidate) => candidate.position) } },
      });
      for (const candidate of previous) {
        await tx.sessionCandidate.update({
          where: { sessionId_position: { sessionId: purchase.session.id, position: candidate.position } },
          data: { insights: candidate.insights, emailRevealed: candidate.emailRevealed, phoneRevealed: candidate.phoneRevealed },
        });
      }
    });
  }

  async findSearchRequest(workspaceId: string, key: string): Promise<{ requestHash: string; response: unknown } | undefined> {
    const row = await this.prisma.searchRequest.findUnique({ where: { workspaceId_idempotencyKey: { workspaceId, idempotencyKey: key } } });
    return row ? { requestHash: row.requestHash, response: row.response } : undefined;
  }

  /** False when a concurrent request stored the key first. */
  async saveSearchRequest(workspaceId: string, key: string, requestHash: string, response: unknown): Promise<boolean> {
    const { count } = await this.prisma.searchRequest.createMany({
      data: [{ workspaceId, idempotencyKey: key, requestHash, response: asJson(response) }],
      skipDuplicates: true,
    });
    return count > 0;
  }

  async ingestedCvIds(workspaceId: string, profileKeys: string[]): Promise<Map<string, string>> {
    const rows = await this.prisma.ingestion.findMany({ where: { workspaceId, profileKey: { in: profileKeys } } });
    return new Map(rows.map((row) => [row.profileKey, row.cvId]));
  }

  async saveIngestions(workspaceId: string, entries: { profileKey: string; cvId: string }[]): Promise<void> {
    for (const entry of entries) {
      await this.prisma.ingestion.upsert({
        where: { workspaceId_profileKey: { workspaceId, profileKey: entry.profileKey } },
        create: { workspaceId, profileKey: entry.profileKey, cvId: entry.cvId },
        update: { cvId: entry.cvId },
      });
    }
  }

  /** Drops sessions past their expiry and stale idempotency records (called by a timer). */
  async prune(now: Date, requestMaxAgeMs: number): Promise<number> {
    const { count } = await this.prisma.session.deleteMany({ where: { expiresAt: { lte: now } } });
    await this.prisma.searchRequest.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - requestMaxAgeMs) } } });
    return count;
  }
}
