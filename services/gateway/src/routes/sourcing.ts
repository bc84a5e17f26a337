import type { sourcing } from '@talent/proto';
import type { z } from 'zod';
import type { ApiRouter } from '../http/api.js';
import { toTimestamp } from '../schemas/common.js';
import {
  IngestBody,
  IngestResponse,
  SearchBody,
  SearchResponse,
  SessionIdParams,
  SessionResponse,
  SOURCING_RESPONSES,
  type SourcedCandidate,
} from '../schemas/sourcing.js';
import type { Upstreams } from '../upstreams.js';

type Candidate = z.output<typeof SourcedCandidate>;

/** Candidates travel as the documented JSON array; the gateway hands them on as they are. */
function parseCandidates(json: string): Candidate[] {
  const candidates = JSON.parse(json || '[]') as unknown;
  if (!Array.isArray(candidates)) throw new Error('sourcing answered candidates that are not an array');
  return candidates as Candidate[];
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const orNull = (total: number) => (total < 0 ? null : total);

export function registerSourcingRoutes(api: ApiRouter, { sourcing: upstream }: Upstreams, deadlineMs: number): void {
  api.add(
    {
      method: 'post',
      path: '/sourcing/search',
      operationId: 'searchSourcing',
      tag: 'Sourcing',
      summary: 'Search external candidate profiles',
      description: [
        'Searches the configured provider (`directory`: a local profile file, the offline default of `npm start`; `pdl`: a People Data Labs-compatible API) and answers one window (`offset`, `limit`) of the ranked results in a **session**.',
        '**Sessions**: without `session_id` a new session starts with this query, filters, `search_type` and `high_freshness` (fixed for it). With `session_id`, the session\'s query is used: omit those fields or repeat them (a different value is a 400). A session and its candidates stay readable with GET /sourcing/sessions/{sessionId} until it expires, 7 days after its last purchase by default (`SOURCING_SESSION_TTL_HOURS`); an unknown, another workspace\'s or expired session is 404.',
        '**Tokens** (spec Token rules 5–7): the worst case — the base fee plus every requested premium for every position of the window — must be covered, else 402 with `required` = that worst case and nothing charged. Then: the base fee once when the provider is called (`sourcing_search_fast`, or `sourcing_search_pro`); per candidate new to the session `sourcing_insights` (with `insights`) and `sourcing_high_freshness` (with `high_freshness`); `sourcing_reveal_email` / `sourcing_reveal_phone` only per candidate whose e-mail / phone is actually returned. Positions bought before in the session cost nothing again: a window bought already answers `cached: true` with no provider call; an overlapping window charges only its new candidates. A premium asked for later on a bought candidate (e.g. revealing its e-mail) is charged once then, with no base fee. `data.charged` itemises the charge per action.',
        '**Errors**: 400 invalid body; 402; 404 unknown session; 502 the provider failed (nothing charged); 503 no provider configured (the message names the setting). An `Idempotency-Key` replays the first answer for 24 hours.',
      ].join('\n\n'),
      billable: true,
      body: SearchBody,
      errors: [400, 402],
      responses: { 404: SOURCING_RESPONSES.sessionNotFound, 502: SOURCING_RESPONSES.upstream, 503: SOURCING_RESPONSES.notConfigured },
      response: { description: 'One window of the session\'s candidates, and what it cost.', schema: SearchResponse },
    },
    async ({ body, workspaceId, idempotencyKey, context }): Promise<z.output<typeof SearchResponse>> => {
      const options = body.options ?? {};
      const answer: sourcing.SearchResponse = await upstream.search(
        {
          workspaceId,
          ...(body.query !== undefined ? { query: body.query } : {}),
          filtersJson: body.filters ? JSON.stringify(body.filters) : '',
          limit: body.limit,
          offset: body.offset,
          sessionId: body.session_id ?? '',
          options: {
            ...(options.search_type ? { searchType: options.search_type } : {}),
            insights: options.insights ?? false,
            ...(options.high_freshness !== undefined ? { highFreshness: options.high_freshness } : {}),
            revealEmails: options.reveal_emails ?? false,
            revealPhones: options.reveal_phones ?? false,
          },
          idempotencyKey,
        },
        { deadlineMs, context },
      );
      const candidates = parseCandidates(answer.candidatesJson);
      return {
        message: answer.cached
          ? `${plural(candidates.length, 'candidate')} from session ${answer.sessionId} (cached window).`
          : `Search completed: ${plural(candidates.length, 'candidate')} returned.`,
        data: {
          session_id: answer.sessionId,
          cached: answer.cached,
          candidates,
          window: { offset: answer.windowOffset, limit: answer.windowLimit, returned: candidates.length, total: orNull(answer.windowTotal) },
          charged: { total: answer.charged, items: answer.chargedItems },
        },
      };
    },
  );

  api.add(
    {
      method: 'get',
      path: '/sourcing/sessions/{sessionId}',
      operationId: 'getSourcingSession',
      tag: 'Sourcing',
      summary: 'Read a sourcing session and its cached candidates',
      description:
        'The session\'s query, filters and terms, and every candidate bought in it (by position), with the premiums bought for each (revealed contacts, insights). Free of charge. 404 `{error}` for an unknown, another workspace\'s, malformed or expired session.',
      params: SessionIdParams,
      responses: { 404: SOURCING_RESPONSES.sessionNotFound },
      response: { description: 'The session.', schema: SessionResponse },
    },
    async ({ req, workspaceId, context }): Promise<z.output<typeof SessionResponse>> => {
      const sessionId = String(req.params.sessionId ?? '');
      const session = await upstream.getSession({ workspaceId, sessionId }, { context });
      const candidates = parseCandidates(session.candidatesJson);
      return {
        message: 'Sourcing session retrieved successfully.',
        data: {
          session_id: session.sessionId,
          query: session.query,
          filters: JSON.parse(session.filtersJson || '{}') as z.output<typeof SessionResponse>['data']['filters'],
          search_type: session.searchType as 'fast' | 'pro',
          high_freshness: session.highFreshness,
          provider: session.provider,
          total: orNull(session.total),
          created_at: toTimestamp(session.createdAt ?? new Date(0)),
          expires_at: toTimestamp(session.expiresAt ?? new Date(0)),
          length: candidates.length,
          candidates,
        },
      };
    },
  );

  api.add(
    {
      method: 'post',
      path: '/sourcing/ingest',
      operationId: 'ingestSourcedCandidates',
      tag: 'Sourcing',
      summary: 'Ingest sourced candidates as CVs',
      description: [
        'Turns selected candidates of a session into CVs of the workspace: each profile is written as a CV text (contacts only when revealed in the session) and analyzed like any CV. `task_ids` are CV ids, polled with `POST /cvs/status`, then readable with `GET /cvs/{id}` and matchable with `POST /match` once COMPLETED.',
        '**Tokens**: one `sourcing_ingest` per selected profile (one ledger entry each; 402 when the balance cannot cover them all, nothing charged). A CV whose analysis ends FAILED is refunded on `sourcing_ingest`. A profile ingested before in the workspace answers its CV id again, uncharged (unless that CV was deleted or FAILED: then it is ingested anew).',
        '**Errors**: 400 invalid body, or ids that are not candidates of the session (all named); 404 unknown session.',
      ].join('\n\n'),
      billable: true,
      body: IngestBody,
      errors: [400, 402],
      responses: { 404: SOURCING_RESPONSES.sessionNotFound },
      response: { description: 'The CV ids of the ingested profiles.', schema: IngestResponse },
    },
    async ({ body, workspaceId, idempotencyKey, context }): Promise<z.output<typeof IngestResponse>> => {
      const answer = await upstream.ingest(
        { workspaceId, sessionId: body.session_id, selectedIds: body.selected_ids, idempotencyKey },
        { deadlineMs, context },
      );
      const fresh = answer.taskIds.length - answer.reusedIds.length;
      return {
        message: `Ingest accepted: ${plural(fresh, 'new CV')}${answer.reusedIds.length > 0 ? `, ${answer.reusedIds.length} already ingested` : ''}.`,
        task_ids: answer.taskIds,
        status: 'PENDING',
      };
    },
  );
}
