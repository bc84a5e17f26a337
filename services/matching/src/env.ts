import { backendEnv, loadEnv } from '@talent/platform';
import { z } from 'zod';

/**
 * Peers (`<PEER>_SERVICE_ADDR`, from SERVICES) and the optional LLM re-scorer are validated at boot, before the
 * scoring engine uses them.
 */
export const matchingEnvSchema = backendEnv('matching').extend({
  LLM_BASE_URL: z.url().optional(),
  LLM_MODEL: z.string().min(1).optional(),
  LLM_API_KEY: z.string().min(1).optional(),
});

export type MatchingEnv = z.output<typeof matchingEnvSchema>;

export const loadMatchingEnv = (source: NodeJS.ProcessEnv = process.env): MatchingEnv => loadEnv(matchingEnvSchema, source);
