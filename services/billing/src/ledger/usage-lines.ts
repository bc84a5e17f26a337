import { DomainError } from '@talent/platform';

/** `quantity` units of billable `action` for the unit of work `ref` (e.g. a task id). */
export interface UsageLine {
  action: string;
  quantity: number;
  ref: string;
}

export const LIMITS = {
  maxLines: 1_000,
  maxQuantity: 1_000_000,
  maxRefLength: 200,
  maxKeyLength: 200,
  /** Amounts stay exact in JavaScript numbers (int64 on the wire, `forceLong=number`). */
  maxTokens: 1_000_000_000_000,
} as const;

const ACTION = /^[a-z][a-z0-9_]{0,63}$/;

function invalid(message: string, field: string): DomainError {
  return new DomainError('INVALID_ARGUMENT', message, { field });
}

/**
 * Checks lines before they reach the ledger. `minQuantity` is 1 for what is reserved and quoted, 0 for actual
 * usage (a unit that was not used is charged nothing). Units must be distinct: one line per (action, ref).
 */
export function validateLines(
  lines: readonly UsageLine[],
  options: { minQuantity: 0 | 1; requireRef: boolean; field?: string },
): UsageLine[] {
  const field = options.field ?? 'lines';
  if (lines.length > LIMITS.maxLines) throw invalid(`At most ${LIMITS.maxLines} lines per request.`, field);
  const seen = new Set<string>();
  return lines.map((line, index) => {
    const at = `${field}[${index}]`;
    const action = line.action.trim();
    const ref = line.ref.trim();
    if (!ACTION.test(action)) throw invalid(`${at}.action must be a billable action name.`, `${at}.action`);
    if (!Number.isSafeInteger(line.quantity) || line.quantity < options.minQuantity || line.quantity > LIMITS.maxQuantity) {
      throw invalid(`${at}.quantity must be a whole number from ${options.minQuantity} to ${LIMITS.maxQuantity}.`, `${at}.quantity`);
    }
    if (options.requireRef && !ref) throw invalid(`${at}.ref is required: it names the unit of work.`, `${at}.ref`);
    if (ref.length > LIMITS.maxRefLength) throw invalid(`${at}.ref is longer than ${LIMITS.maxRefLength} characters.`, `${at}.ref`);
    const unit = `${action}\u0000${ref}`;
    if (options.requireRef && seen.has(unit)) throw invalid(`${at} repeats ${action} for "${ref}".`, at);
    seen.add(unit);
    return { action, quantity: line.quantity, ref };
  });
}

export function validateIdempotencyKey(key: string): string {
  const trimmed = key.trim();
  if (!trimmed) throw invalid('idempotency_key is required for every call that changes the ledger.', 'idempotency_key');
  if (trimmed.length > LIMITS.maxKeyLength) throw invalid(`idempotency_key is longer than ${LIMITS.maxKeyLength} characters.`, 'idempotency_key');
  return trimmed;
}

export function validateTokens(value: number, field: string, min: number): number {
  if (!Number.isSafeInteger(value) || value < min || value > LIMITS.maxTokens) {
    throw invalid(`${field} must be a whole number of tokens from ${min} to ${LIMITS.maxTokens}.`, field);
  }
  return value;
}
