import { DomainError } from '@talent/platform';

/** The worst-case check of a Quote with a workspace: the same refusal, in the same words, as a Reserve or Charge. */
export function requireCoverage(available: number, required: number): void {
  if (available < required) {
    throw new DomainError('INSUFFICIENT_CREDITS', `Insufficient credits: ${required} tokens required, ${available} available.`, {
      balance: available,
      required,
    });
  }
}
