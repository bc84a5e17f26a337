import { BILLING_ACTIONS, candidatePremiumActions, DomainError, sourcingSearchAction } from '@talent/platform';
import type { z } from 'zod';
import { bodyError } from '../http/api.js';
import { KINDS } from '../routes/documents/kinds.js';
import { AnalyzeBody } from '../schemas/documents.js';
import { FairnessBody } from '../schemas/fairness.js';
import { parseMatchBody } from '../schemas/matching.js';
import { IngestBody, SearchBody } from '../schemas/sourcing.js';

/** The billable operations a quote can name, by their OpenAPI operationId. */
export const QUOTABLE_OPERATIONS = [
  'analyzeCvs',
  'analyzeJobs',
  'analyzeCvFiles',
  'analyzeJobFiles',
  'matchCandidates',
  'matchFairness',
  'searchSourcing',
  'ingestSourcedCandidates',
] as const;
export type QuotableOperation = (typeof QUOTABLE_OPERATIONS)[number];

export interface UsageCount {
  action: string;
  quantity: number;
}

/**
 * What a call would charge, as billing lines, and whether that is exactly what it charges when it succeeds now
 * (false: an upper bound, because the real charge depends on state only the call itself sees).
 */
export interface CallUsage {
  lines: UsageCount[];
  exact: boolean;
}

/** The action both match flows charge (`POST /match` and `POST /match/fairness`), one unit per request. */
export const MATCH_ACTION = BILLING_ACTIONS.jobMatching;

function parseWith<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw bodyError(parsed.error, body);
  return parsed.data;
}

function analysisUsage(action: string, texts: readonly string[], cache: boolean): CallUsage {
  // With `cache`, the same text twice shares one task, and texts analyzed before are free: at most the distinct ones.
  const quantity = cache ? new Set(texts.map((text) => text.trim())).size : texts.length;
  return { lines: [{ action, quantity }], exact: !cache };
}

function filesUsage(action: string, files: number | undefined, cache: boolean | undefined): CallUsage {
  if (files === undefined) throw new DomainError('INVALID_ARGUMENT', "'files' is required for an upload: the number of files it would carry.");
  return { lines: [{ action, quantity: files }], exact: cache === false };
}

/** Spec Token rule 6: the base fee and every requested premium for every position of the window. */
function searchUsage(body: unknown): CallUsage {
  const search = parseWith(SearchBody, body);
  const options = search.options ?? {};
  const perCandidate = candidatePremiumActions({
    insights: options.insights ?? false,
    highFreshness: options.high_freshness ?? false,
    revealEmails: options.reveal_emails ?? false,
    revealPhones: options.reveal_phones ?? false,
  });
  return {
    lines: [
      { action: sourcingSearchAction(options.search_type === 'pro' ? 'pro' : 'fast'), quantity: 1 },
      ...perCandidate.map((action) => ({ action, quantity: search.limit })),
    ],
    exact: false,
  };
}

/**
 * The billing lines of one billable call with the body it would be sent, validated as that call validates it
 * (the same 400 messages). Pure: the balance and the prices are billing's.
 */
export function usageOf(operation: QuotableOperation, request: { body?: unknown; files?: number | undefined; cache?: boolean | undefined }): CallUsage {
  switch (operation) {
    case 'analyzeCvs':
    case 'analyzeJobs': {
      const body = parseWith(AnalyzeBody, request.body);
      return analysisUsage((operation === 'analyzeCvs' ? KINDS.cv : KINDS.job).action, body.inputs, body.cache);
    }
    case 'analyzeCvFiles':
      return filesUsage(KINDS.cv.action, request.files, request.cache);
    case 'analyzeJobFiles':
      return filesUsage(KINDS.job.action, request.files, request.cache);
    case 'matchCandidates':
    case 'matchFairness':
      if (operation === 'matchCandidates') parseMatchBody(request.body);
      else parseWith(FairnessBody, request.body);
      return { lines: [{ action: MATCH_ACTION, quantity: 1 }], exact: true };
    case 'searchSourcing':
      return searchUsage(request.body);
    case 'ingestSourcedCandidates': {
      const body = parseWith(IngestBody, request.body);
      // A profile ingested before answers its CV id again, free: at most one unit per distinct id.
      return { lines: [{ action: BILLING_ACTIONS.sourcingIngest, quantity: new Set(body.selected_ids.map((id) => id.trim())).size }], exact: false };
    }
  }
}
