import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';

/** API keys are random UUIDs (spec: keys in UUID format); only their SHA-256 is stored. */
export function newApiKey(): { key: string; hash: string } {
  const key = randomUUID();
  return { key, hash: hashApiKey(key) };
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key.trim().toLowerCase()).digest('hex');
}

/** Compares hashes in constant time, so a lookup never tells how close a guess came. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
