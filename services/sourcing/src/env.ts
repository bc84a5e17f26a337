import { backendEnv, loadEnv } from '@talent/platform';
import { z } from 'zod';

export const sourcingEnvSchema = backendEnv('sourcing').extend({
  NATS_NAMESPACE: z.string().default(''),
});

export type SourcingEnv = z.output<typeof sourcingEnvSchema>;

export const loadSourcingEnv = (source: NodeJS.ProcessEnv = process.env): SourcingEnv => loadEnv(sourcingEnvSchema, source);
