import { clipped, contextFields, DomainError, type AsyncClient, type Logger, type RequestContext } from '@talent/platform';
import type { billing } from '@talent/proto';
import { noFilters, searchFilters, SOURCING_LIMITS, type SearchFilters } from '@talent/records';
import { createHash, randomUUID } from 'node:crypto';
import type { ProviderSetup } from '../providers/index.js';
import type { ProviderPage, SourcingProvider } from '../providers/provider.js';
import type { Purchase, SessionRecord, SessionRepository } from '../sessions/session-repository.js';
import { candidateView, hasEmail, hasPhone, type CandidateView, type StoredCandidate } from './candidate-view.js';
import {
  actualLines,
  chargedItems,
  planWindow,
  worstCaseLines,
  type BoughtCandidate,
  type ChargedItem,
  type RequestedPremiums,
  type SessionTerms,
} from './pricing.js';

export interface SearchInput {
  workspaceId: string;
  /** Undefined: the session's (required without a session unless filters are given). */
  query: string | undefined;
  /** Undefined: the session's, else none. */
  filters: unknown;
  limit: number;
  offset: number;
  sessionId: string;
  searchType: 'fast' | 'pro' | undefined;
  highFreshness: boolean | undefined;
  premiums: RequestedPremiums;
  idempotencyKey: string;
}

export interface SearchOutcome {
  session_id: string;
  cached: boolean;
  candidates: CandidateView[];
  window: { offset: number; limit: number; returned: number; total: number | null };
  charged: { total: number; items: ChargedItem[] };
  replayed: boolean;
}

export interface SearcherDeps {
  sessions: SessionRepository;
  billing: AsyncClient<billing.BillingServiceClient>;
  provider: ProviderSetup;
  logger: Logger;
  sessionTtlMs: number;
  now?: () => Date;
}

const invalid = (message: string) => new DomainError('INVALID_ARGUMENT', message);

/** An id that is no session may be any string: the message echoes at most 100 characters of it. */
export const sessionNotFound = (sessionId: string) =>
  new DomainError('NOT_FOUND', `Sourcing session ${clipped(sessionId, 100)} not found.`, { session_id: sessionId });

export function requireProvider(slot: ProviderSetup): SourcingProvider {
  if ('provider' in slot) return slot.provider;
  throw new DomainError('NOT_CONFIGURED', `Sourcing is not configured: set ${slot.missingSetting}.`, { setting: slot.missingSetting });
}

const bought = (candidate: StoredCandidate): BoughtCandidate => ({
  position: candidate.position,
  profileId: candidate.profile.id,
  insights: candidate.insights,
  emailRevealed: candidate.emailRevealed,
  phoneRevealed: candidate.phoneRevealed,
  hasEmail: hasEmail(candidate.profile),
  hasPhone: hasPhone(candidate.profile),
});

/**
 * POST /sourcing/search (DESIGN §4): check that the balance covers the worst case (a Quote with the workspace,
 * nothing held), call the provider for the positions not bought yet, store what came back, then one Charge of
 * what was returned (a balance that dropped in between: 402, the purchase taken back, nothing charged). A session keeps the query and
 * every candidate bought, so a window bought before is answered from the session for free.
 */
export class Searcher {
  private readonly now: () => Date;

  constructor(private readonly deps: SearcherDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * `deadline`: when the caller stops waiting (a search queued on its session's lock gives up then, uncharged);
   * `context`: the request it came with (its ids go on billing's calls and on log lines).
   */
  async search(input: SearchInput, deadline?: Date, context?: RequestContext): Promise<SearchOutcome> {
    const provider = requireProvider(this.deps.provider);
    this.checkWindow(input);
    const requestHash = createHash('sha256').update(JSON.stringify({ ...input, workspaceId: undefined, idempotencyKey: undefined })).digest('hex');
    if (input.idempotencyKey) {
      const replay = await this.replay(input.workspaceId, input.idempotencyKey, requestHash);
      if (replay) return replay;
    }
    const outcome = input.sessionId
      ? await this.searchSession(input, provider, deadline, context)
      : await this.buy(this.newSession(input, provider), true, input, provider, context);
    if (input.idempotencyKey) {
      const stored = await this.deps.sessions.saveSearchRequest(input.workspaceId, input.idempotencyKey, requestHash, outcome);
      if (!stored) return (await this.replay(input.workspaceId, input.idempotencyKey, requestHash)) ?? outcome;
    }
    return outcome;
  }

  /** GET /sourcing/sessions/{id}: the session and every candidate bought in it, free of charge. */
  async session(workspaceId: string, sessionId: string): Promise<{ session: SessionRecord; candidates: CandidateView[] }> {
    const now = this.now();
    const session = await this.deps.sessions.find(workspaceId, sessionId, now);
    if (!session) throw sessionNotFound(sessionId);
    const candidates = await this.deps.sessions.candidates(session.id);
    return { session, candidates: candidates.map((candidate) => candidateView(candidate, now)) };
  }

  private checkWindow(input: SearchInput): void {
    if (!Number.isInteger(input.limit) || input.limit < 1 || input.limit > SOURCING_LIMITS.maxLimit)
      throw invalid(`'limit' must be an integer from 1 to ${SOURCING_LIMITS.maxLimit}.`);
    if (!Number.isInteger(input.offset) || input.offset < 0 || input.offset + input.limit > SOURCING_LIMITS.maxWindowEnd)
      throw invalid(`'offset' must be an integer of at least 0, with offset + limit at most ${SOURCING_LIMITS.maxWindowEnd}.`);
  }

  private async replay(workspaceId: string, key: string, requestHash: string): Promise<SearchOutcome | undefined> {
    const stored = await this.deps.sessions.findSearchRequest(workspaceId, key);
    if (!stored) return undefined;
    if (stored.requestHash !== requestHash)
      throw new DomainError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used with a different request.');
    return { ...(stored.response as SearchOutcome), replayed: true };
  }

  private parseFilters(raw: unknown): SearchFilters {
    const parsed = searchFilters.safeParse(raw ?? {});
    if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? "Invalid 'filters'.");
    return parsed.data;
  }

  private newSession(input: SearchInput, provider: SourcingProvider): SessionRecord {
    const query = (input.query ?? '').trim();
    const filters = this.parseFilters(input.filters);
    if (query.length > SOURCING_LIMITS.maxQueryChars) throw invalid(`'query' is at most ${SOURCING_LIMITS.maxQueryChars} characters.`);
    if (!query && noFilters(filters)) throw invalid("Give a 'query' or at least one filter.");
    const now = this.now();
    return {
      id: randomUUID(),
      workspaceId: input.workspaceId,
      query,
      filters,
      searchType: input.searchType ?? 'fast',
      highFreshness: input.highFreshness ?? false,
      provider: provider.name,
      total: null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + this.deps.sessionTtlMs),
    };
  }

  private async searchSession(
    input: SearchInput,
    provider: SourcingProvider,
    deadline: Date | undefined,
    context: RequestContext | undefined,
  ): Promise<SearchOutcome> {
    return this.deps.sessions.withSessionLock(input.sessionId.toLowerCase(), deadline, async () => {
      const session = await this.deps.sessions.find(input.workspaceId, input.sessionId, this.now());
      if (!session) throw sessionNotFound(input.sessionId);
      // The query, filters, search type and freshness define the session's result list: they cannot change.
      const conflicts: string[] = [];
      if (input.query !== undefined && input.query.trim() !== session.query) conflicts.push('query');
      if (input.filters !== undefined && JSON.stringify(this.parseFilters(input.filters)) !== JSON.stringify(session.filters))
        conflicts.push('filters');
      if (input.searchType !== undefined && input.searchType !== session.searchType) conflicts.push('options.search_type');
      if (input.highFreshness !== undefined && input.highFreshness !== session.highFreshness) conflicts.push('options.high_freshness');
      if (conflicts.length > 0)
        throw invalid(`${conflicts.map((name) => `'${name}'`).join(', ')} differ from session ${session.id}; they are fixed for a session: omit them, or start a new search without 'session_id'.`);
      if (session.provider !== provider.name)
        throw invalid(`Session ${session.id} was searched with provider ${session.provider}, which this deployment no longer uses; start a new search.`);
      return this.buy(session, false, input, provider, context);
    });
  }

  private async buy(
    session: SessionRecord,
    isNew: boolean,
    input: SearchInput,
    provider: SourcingProvider,
    context: RequestContext | undefined,
  ): Promise<SearchOutcome> {
    const window = { offset: input.offset, limit: input.limit };
    const previous = isNew ? [] : await this.deps.sessions.candidates(session.id, { from: window.offset, to: window.offset + window.limit });
    const boughtByPosition = new Map(previous.map((candidate) => [candidate.position, bought(candidate)]));
    const plan = planWindow(window, session.total, boughtByPosition);
    const terms: SessionTerms = { sessionId: session.id, searchType: session.searchType, highFreshness: session.highFreshness };
    const callRef = randomUUID();
    const worst = worstCaseLines(terms, input.premiums, plan, boughtByPosition, callRef);
    const keyBase = `search:${session.id}:${callRef}`;
    // The worst case is checked before the provider is called (spec: 402 before any work, nothing charged); it
    // holds nothing: the one durable billing step is the Charge of what was actually returned, further below.
    if (worst.length > 0) {
      await this.deps.billing.quote({ lines: worst, workspaceId: session.workspaceId }, { context });
    }

    let purchase: Purchase | undefined;
    try {
      let page: ProviderPage | undefined;
      if (plan.missing.length > 0) page = await this.callProvider(provider, session, window, context);
      const total = page ? page.total : session.total;
      // A live provider's ranking may have moved a profile bought at another position: it is not bought twice.
      const sessionProfiles =
        isNew || !page ? new Map<string, StoredCandidate>() : await this.deps.sessions.candidatesByProfile(session.id, page.profiles.map((p) => p.id));
      const added: StoredCandidate[] = [];
      const returned = new Map<number, { profileId: string; hasEmail: boolean; hasPhone: boolean }>();
      for (const position of plan.missing) {
        const profile = page?.profiles[position - window.offset];
        if (!profile) continue;
        returned.set(position, { profileId: profile.id, hasEmail: hasEmail(profile), hasPhone: hasPhone(profile) });
        const earlier = sessionProfiles.get(profile.id);
        added.push(
          earlier
            ? { ...earlier, position, profile }
            : {
                position,
                profile,
                insights: input.premiums.insights,
                emailRevealed: input.premiums.revealEmails && hasEmail(profile),
                phoneRevealed: input.premiums.revealPhones && hasPhone(profile),
              },
        );
      }
      const actual = actualLines(terms, input.premiums, plan, boughtByPosition, returned, callRef, new Set(sessionProfiles.keys()));
      // Only positions the plan prices (a live provider's total may have shrunk below one bought earlier).
      const priced = new Set(plan.bought);
      const upgraded = previous
        .filter((candidate) => priced.has(candidate.position))
        .map((candidate) => ({
          ...candidate,
          insights: candidate.insights || input.premiums.insights,
          emailRevealed: candidate.emailRevealed || (input.premiums.revealEmails && hasEmail(candidate.profile)),
          phoneRevealed: candidate.phoneRevealed || (input.premiums.revealPhones && hasPhone(candidate.profile)),
        }))
        .filter((candidate) => {
          const before = boughtByPosition.get(candidate.position)!;
          return candidate.insights !== before.insights || candidate.emailRevealed !== before.emailRevealed || candidate.phoneRevealed !== before.phoneRevealed;
        });
      const touched = added.length > 0 || upgraded.length > 0 || isNew;
      const now = this.now();
      const stored: SessionRecord = { ...session, total, expiresAt: touched ? new Date(now.getTime() + this.deps.sessionTtlMs) : session.expiresAt };
      purchase = { session: stored, isNew, added, upgraded };
      await this.deps.sessions.savePurchase(purchase);
      let charged = 0;
      let items: ChargedItem[] = [];
      if (actual.length > 0) {
        // Debit and commit in one durable transaction. Should the balance have dropped since the check (another
        // request spent it meanwhile), this fails with INSUFFICIENT_CREDITS: the purchase is taken back below, the
        // answer is a 402 and nothing is charged; only the provider call was spent.
        const charge = await this.deps.billing.charge(
          { workspaceId: session.workspaceId, lines: actual, idempotencyKey: `${keyBase}:charge` },
          { context },
        );
        charged = charge.charged;
        items = chargedItems(charge.lines);
      }
      const byPosition = new Map<number, StoredCandidate>([...previous.map((c) => [c.position, c] as const)]);
      for (const candidate of upgraded) byPosition.set(candidate.position, candidate);
      for (const candidate of added) byPosition.set(candidate.position, candidate);
      const candidates = [...byPosition.values()].sort((a, b) => a.position - b.position).map((candidate) => candidateView(candidate, now));
      return {
        session_id: session.id,
        cached: plan.missing.length === 0,
        candidates,
        window: { offset: window.offset, limit: window.limit, returned: candidates.length, total },
        charged: { total: charged, items },
        replayed: false,
      };
    } catch (error) {
      if (purchase) await this.deps.sessions.undoPurchase(purchase, previous).catch((undoError: unknown) => {
        this.deps.logger.error({ err: undoError, session_id: session.id, ...contextFields(context) }, 'could not take back an unpaid purchase');
      });
      throw error;
    }
  }

  private async callProvider(
    provider: SourcingProvider,
    session: SessionRecord,
    window: { offset: number; limit: number },
    context: RequestContext | undefined,
  ): Promise<ProviderPage> {
    try {
      return await provider.search({
        query: session.query,
        filters: session.filters,
        searchType: session.searchType,
        highFreshness: session.highFreshness,
        offset: window.offset,
        limit: window.limit,
      });
    } catch (error) {
      this.deps.logger.warn({ err: error, provider: provider.name, session_id: session.id, ...contextFields(context) }, 'sourcing provider failed');
      const reason = error instanceof Error ? error.message : String(error);
      throw new DomainError('UPSTREAM_FAILED', `The sourcing provider (${provider.name}) failed: ${reason}. Nothing was charged.`);
    }
  }
}
