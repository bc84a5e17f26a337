import type { ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { SEARCH_TYPES, searchFilters, SENIORITY_LEVELS, SOURCING_LIMITS } from '@talent/records';
import { ErrorBody, ServerErrorBody } from '../openapi/errors.js';
import { z } from '../openapi/zod.js';
import { named, Timestamp } from './common.js';

export { SOURCING_LIMITS };

const SessionId = z
  .string({ error: "'session_id' must be a string." })
  .openapi({ format: 'uuid', description: 'A session returned by an earlier search.', example: '0f8a6c1e-2b4d-4e9a-8c7f-5d3b1a2e4c6f' });

export const SearchFilters = named(searchFilters, 'SourcingFilters', {
  description: `Every filter optional, values compared case-insensitively: \`titles\` (any; current or past title), \`skills\` (all), \`locations\` (any; city, region or country text), \`seniority\` (any of ${SENIORITY_LEVELS.join(', ')}). At most ${SOURCING_LIMITS.maxFilterValues} values of at most ${SOURCING_LIMITS.maxFilterValueChars} characters per filter.`,
});

const flag = (name: string, description: string) =>
  z.boolean({ error: `'options.${name}' must be a boolean (true or false).` }).optional().openapi({ description });

export const SearchOptions = z
  .strictObject(
    {
      search_type: z
        .enum(SEARCH_TYPES, { error: "'options.search_type' must be 'fast' or 'pro'." })
        .optional()
        .openapi({
          description:
            '`fast` (default; base fee `sourcing_search_fast`) matches the query against headlines, titles and skills; `pro` (`sourcing_search_pro`) also against summaries, experience descriptions and education. Fixed for a session.',
        }),
      insights: flag('insights', 'Adds `insights` to each candidate (experience months, current role, tenure, estimated seniority, highest degree): `sourcing_insights` per returned candidate.'),
      high_freshness: flag(
        'high_freshness',
        'Only profiles refreshed at the provider recently (90 days by default, `SOURCING_FRESHNESS_DAYS`): `sourcing_high_freshness` per returned candidate. Fixed for a session.',
      ),
      reveal_emails: flag('reveal_emails', 'Returns the e-mail addresses: `sourcing_reveal_email` per candidate that has one (`has_email`).'),
      reveal_phones: flag('reveal_phones', 'Returns the phone numbers: `sourcing_reveal_phone` per candidate that has one (`has_phone`).'),
    },
    {
      error: (issue: { code: string; keys?: string[] }) =>
        issue.code === 'unrecognized_keys'
          ? `Unknown field 'options.${issue.keys?.[0] ?? ''}': the options are search_type, insights, high_freshness, reveal_emails, reveal_phones.`
          : "'options' must be an object.",
    },
  )
  .openapi('SourcingSearchOptions');

export const SearchBody = z
  .strictObject(
    {
      query: z
        .string({ error: "'query' must be a string." })
        .max(SOURCING_LIMITS.maxQueryChars, { error: `'query' is at most ${SOURCING_LIMITS.maxQueryChars} characters.` })
        .optional()
        .openapi({ description: 'Free text (e.g. `backend engineer kotlin`). Required for a new search unless a filter is given; with `session_id`, omit it or repeat the session\'s.', example: 'backend engineer postgresql' }),
      filters: SearchFilters.optional(),
      limit: z
        .int({ error: `'limit' must be an integer from 1 to ${SOURCING_LIMITS.maxLimit}.` })
        .min(1, { error: `'limit' must be an integer from 1 to ${SOURCING_LIMITS.maxLimit}.` })
        .max(SOURCING_LIMITS.maxLimit, { error: `'limit' must be an integer from 1 to ${SOURCING_LIMITS.maxLimit}.` })
        .default(SOURCING_LIMITS.defaultLimit)
        .openapi({ description: `Size of the window, 1–${SOURCING_LIMITS.maxLimit} (default ${SOURCING_LIMITS.defaultLimit}).` }),
      offset: z
        .int({ error: "'offset' must be an integer of at least 0." })
        .min(0, { error: "'offset' must be an integer of at least 0." })
        .max(SOURCING_LIMITS.maxWindowEnd - 1, { error: `'offset' + 'limit' must be at most ${SOURCING_LIMITS.maxWindowEnd}.` })
        .default(0)
        .openapi({ description: `First position of the window (0-based, default 0); offset + limit ≤ ${SOURCING_LIMITS.maxWindowEnd}.` }),
      session_id: SessionId.optional(),
      options: SearchOptions.optional(),
    },
    {
      error: (issue: { code: string; keys?: string[] }) =>
        issue.code === 'unrecognized_keys'
          ? `Unknown field '${issue.keys?.[0] ?? ''}': the body accepts 'query', 'filters', 'limit', 'offset', 'session_id', 'options'.`
          : 'Request body must be a JSON object.',
    },
  )
  .openapi('SourcingSearchRequest');

const Experience = z.object({
  title: z.string(),
  company: z.string(),
  start_date: z.string().nullable().openapi({ description: '`YYYY-MM` or `YYYY-MM-DD`; null when unknown.' }),
  end_date: z.string().nullable().openapi({ description: 'null while current.' }),
  is_current: z.boolean(),
  location: z.string().nullable(),
  summary: z.string().nullable(),
});

const Education = z.object({
  school: z.string(),
  degree: z.string().nullable(),
  major: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
});

const Insights = z
  .object({
    total_experience_months: z.int().min(0).openapi({ description: 'Months covered by dated positions, overlaps counted once.' }),
    current_title: z.string().nullable(),
    current_company: z.string().nullable(),
    months_in_current_role: z.int().nullable(),
    average_tenure_months: z.int().nullable().openapi({ description: 'Mean length of finished, dated positions.' }),
    positions_last_5_years: z.int().min(0),
    seniority: z.enum(SENIORITY_LEVELS).nullable(),
    seniority_estimated: z.boolean().openapi({ description: 'True when the provider gave no level and it was estimated from experience months (<24 junior, <60 mid, <120 senior, else lead).' }),
    highest_degree: z.string().nullable(),
  })
  .openapi('SourcingInsights');

export const SourcedCandidate = z
  .object({
    id: z.string().openapi({ description: 'The candidate id (stable at the provider): what `POST /sourcing/ingest` takes in `selected_ids`.' }),
    position: z.int().min(0).openapi({ description: 'Rank in the session\'s result list (0-based).' }),
    full_name: z.string(),
    headline: z.string().nullable(),
    location: z.string().nullable(),
    seniority: z.enum(SENIORITY_LEVELS).nullable(),
    summary: z.string().nullable(),
    experience: z.array(Experience),
    education: z.array(Education),
    skills: z.array(z.string()),
    languages: z.array(z.string()),
    links: z.array(z.object({ type: z.string().openapi({ example: 'linkedin' }), url: z.string() })),
    has_email: z.boolean().openapi({ description: 'Whether revealing would return an e-mail address (so nobody pays to learn there is none).' }),
    has_phone: z.boolean(),
    emails: z.array(z.string()).openapi({ description: 'Only once revealed (`reveal_emails`, paid) in this session; else empty.' }),
    phones: z.array(z.string()).openapi({ description: 'Only once revealed (`reveal_phones`, paid) in this session; else empty.' }),
    insights: Insights.nullable().openapi({ description: 'Once bought (`insights`) in this session; else null.' }),
    source: z.string().openapi({ description: 'The provider: `directory` or `pdl`.' }),
    updated_at: z.string().nullable().openapi({ description: 'When the provider last refreshed the profile (ISO date); null when unknown.' }),
  })
  .openapi('SourcedCandidate', { description: 'A sourced candidate profile with what was bought for it in the session.' });

const Window = z.object({
  offset: z.int().min(0),
  limit: z.int().min(1),
  returned: z.int().min(0).openapi({ description: 'Candidates in this window (fewer than `limit` at the end of the results).' }),
  total: z.int().min(0).nullable().openapi({ description: 'Matches at the provider as of the last call; null when unknown.' }),
});

const Charged = z
  .object({
    total: z.int().min(0).openapi({ description: 'Tokens charged by this request.' }),
    items: z.array(
      z.object({
        action: z.string().openapi({ example: 'sourcing_reveal_email' }),
        quantity: z.int().min(1),
        tokens: z.int().min(0),
      }),
    ),
  })
  .openapi('SourcingCharge', { description: 'What this request charged, per billable action.' });

export const SearchResponse = z
  .object({
    message: z.string(),
    data: z.object({
      session_id: z.string().openapi({ format: 'uuid' }),
      cached: z.boolean().openapi({ description: 'True when the whole window came from the session, with no provider call (no base fee).' }),
      candidates: z.array(SourcedCandidate),
      window: Window,
      charged: Charged,
    }),
  })
  .openapi('SourcingSearchResponse');

export const SessionIdParams = z.object({ sessionId: SessionId });

export const SessionResponse = z
  .object({
    message: z.string(),
    data: z.object({
      session_id: z.string().openapi({ format: 'uuid' }),
      query: z.string(),
      filters: SearchFilters,
      search_type: z.enum(SEARCH_TYPES),
      high_freshness: z.boolean(),
      provider: z.string(),
      total: z.int().min(0).nullable(),
      created_at: Timestamp,
      expires_at: Timestamp.openapi({ description: 'The session is not found after this; every purchase extends it.' }),
      length: z.int().min(0),
      candidates: z.array(SourcedCandidate).openapi({ description: 'Every candidate bought in the session, by position.' }),
    }),
  })
  .openapi('SourcingSessionResponse');

export const IngestBody = z
  .strictObject(
    {
      session_id: SessionId,
      selected_ids: z
        .array(z.string({ error: "'{field}' must be a candidate id (string)." }).min(1, { error: "'{field}' must not be empty." }), {
          error: "'selected_ids' must be a non-empty array of candidate ids.",
        })
        .min(1, { error: "'selected_ids' must be a non-empty array of candidate ids." })
        .max(SOURCING_LIMITS.maxIngestIds, { error: `'selected_ids' may hold at most ${SOURCING_LIMITS.maxIngestIds} ids per request.` })
        .openapi({ description: `Candidate ids of the session (1–${SOURCING_LIMITS.maxIngestIds}); a repeated id counts once.` }),
    },
    {
      error: (issue: { code: string; keys?: string[] }) =>
        issue.code === 'unrecognized_keys' ? `Unknown field '${issue.keys?.[0] ?? ''}': the body accepts 'session_id', 'selected_ids'.` : 'Request body must be a JSON object.',
    },
  )
  .openapi('SourcingIngestRequest');

export const IngestResponse = z
  .object({
    message: z.string(),
    task_ids: z.array(z.string().openapi({ format: 'uuid' })).openapi({ description: 'CV ids, one per distinct selected id in request order: poll `POST /cvs/status`, then `GET /cvs/{id}`; matchable once COMPLETED.' }),
    status: z.literal('PENDING').openapi({ description: 'As for analyze: always PENDING; the CV statuses tell the rest.' }),
  })
  .openapi('SourcingIngestResponse');

const json = (schema: z.ZodType) => ({ 'application/json': { schema } });

export const SOURCING_RESPONSES = {
  sessionNotFound: {
    description: 'No such session in this workspace: unknown, another workspace\'s, malformed or expired.',
    content: json(ErrorBody),
  },
  upstream: {
    description: 'The provider failed (unreachable, 5xx after retries, rejected credentials); nothing was charged.',
    content: json(ServerErrorBody),
  },
  notConfigured: {
    description: 'No provider is configured: the message names the missing setting (`SOURCING_PROVIDER`, `SOURCING_PDL_BASE_URL` or `SOURCING_PDL_API_KEY`). Also a backing service unavailable (retry later).',
    content: json(ServerErrorBody),
  },
} satisfies Record<string, ResponseConfig>;
