import { createHash } from 'node:crypto';

/**
 * Fingerprint of a mutating request, stored with its idempotency key: a replay must carry the same one. Keys of
 * objects are sorted so that field order never matters.
 */
export function requestHash(operation: string, request: unknown): string {
  return createHash('sha256').update(canonicalJson([operation, request])).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
