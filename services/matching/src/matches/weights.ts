import { DomainError } from '@talent/platform';
import { SUM_OF_WEIGHTS_MESSAGE, WEIGHT_SUM_TOLERANCE } from '@talent/records';
import { DIMENSIONS, type Weights } from '../scoring/index.js';

/**
 * The weights a match applies (spec: Match weights): omitted → equal weights; each 0..1 and their sum at most 1
 * (the gateway checks first; this is the service's own guard); a sum below 1 is scaled up to 1 so scores stay on
 * the 0–10 scale; all zero → equal weights.
 */
export function normaliseWeights(given: Weights | undefined): Weights {
  if (!given) return { experience: 0.25, hard_skills: 0.25, soft_skills: 0.25, education: 0.25 };
  for (const dimension of DIMENSIONS) {
    const value = given[dimension];
    if (!Number.isFinite(value) || value < 0 || value > 1)
      throw new DomainError('INVALID_ARGUMENT', `Weight '${dimension}' must be a number from 0 to 1.`);
  }
  const sum = DIMENSIONS.reduce((total, dimension) => total + given[dimension], 0);
  if (sum > 1 + WEIGHT_SUM_TOLERANCE) throw new DomainError('INVALID_ARGUMENT', SUM_OF_WEIGHTS_MESSAGE);
  if (sum === 0) return normaliseWeights(undefined);
  const round = (value: number) => Math.round((value / sum) * 1e6) / 1e6;
  return {
    experience: round(given.experience),
    hard_skills: round(given.hard_skills),
    soft_skills: round(given.soft_skills),
    education: round(given.education),
  };
}
