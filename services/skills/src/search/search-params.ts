import { DomainError } from '@talent/platform';
import type { SkillTypeName } from '../taxonomy/model.js';

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 200;
export const MIN_QUERY_LENGTH = 2;

export interface SearchParams {
  query: string;
  type?: SkillTypeName;
  limit: number;
  offset: number;
}

/** Validates the REST-level search parameters; messages are written for a 400 `{error}` body. */
export function validateSearchParams(raw: { query: string; type?: string; limit?: number; offset?: number }): SearchParams {
  const query = raw.query.trim();
  if ([...query].length < MIN_QUERY_LENGTH) {
    throw new DomainError('INVALID_ARGUMENT', `q must be at least ${MIN_QUERY_LENGTH} characters`, { field: 'q' });
  }
  if (raw.type !== undefined && raw.type !== '' && raw.type !== 'hard-skill' && raw.type !== 'soft-skill') {
    throw new DomainError('INVALID_ARGUMENT', 'type must be hard-skill or soft-skill', { field: 'type' });
  }
  const limit = raw.limit ?? DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw new DomainError('INVALID_ARGUMENT', `limit must be an integer from 1 to ${MAX_LIMIT}`, { field: 'limit' });
  }
  const offset = raw.offset ?? 0;
  if (!Number.isInteger(offset) || offset < 0) {
    throw new DomainError('INVALID_ARGUMENT', 'offset must be an integer of 0 or more', { field: 'offset' });
  }
  return { query, ...(raw.type ? { type: raw.type as SkillTypeName } : {}), limit, offset };
}
