import { DomainError } from '@talent/platform';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Workspace, key, reservation ids and API keys themselves are all UUIDs. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Ids that are not UUIDs cannot exist: answer NOT_FOUND rather than let PostgreSQL reject the cast. */
export function requireUuid(value: string, what: string, field: string): string {
  if (!isUuid(value)) throw new DomainError('NOT_FOUND', `${what} ${value || '(empty)'} does not exist.`, { [field]: value });
  return value.toLowerCase();
}
