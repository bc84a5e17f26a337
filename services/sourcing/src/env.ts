import { backendEnv, loadEnv } from '@talent/platform';
import { z } from 'zod';

/**
 * Peers (`<PEER>_SERVICE_ADDR`, from SERVICES) and the provider are validated at boot; without a provider,
 * searches will answer 503 (spec).
 */
export const sourcingEnvSchema = backendEnv('sourcing').extend({
  SOURCING_PROVIDER_URL: z.url().optional(),
  SOURCING_API_KEY: z.string().min(1).optional(),
});

export type SourcingEnv = z.output<typeof sourcingEnvSchema>;

export const loadSourcingEnv = (source: NodeJS.ProcessEnv = process.env): SourcingEnv => loadEnv(sourcingEnvSchema, source);
