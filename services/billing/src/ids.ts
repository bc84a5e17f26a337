import { DomainError, isUuid } from '@talent/platform';

/**
 * Workspace, key, reservation ids and API keys themselves are all UUIDs. Ids that are not UUIDs cannot exist:
 * answer NOT_FOUND rather than let PostgreSQL reject the cast.
 */
export function requireUuid(value: string, what: string, field: string): string {
  if (!isUuid(value)) throw new DomainError('NOT_FOUND', `${what} ${value || '(empty)'} does not exist.`, { [field]: value });
  return value.toLowerCase();
}
