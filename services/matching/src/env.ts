import { backendEnv, loadEnv } from '@talent/platform';
import { z } from 'zod';

export const matchingEnvSchema = backendEnv('matching').extend({
  NATS_NAMESPACE: z.string().default(''),
});

export type MatchingEnv = z.output<typeof matchingEnvSchema>;

export const loadMatchingEnv = (source: NodeJS.ProcessEnv = process.env): MatchingEnv => loadEnv(matchingEnvSchema, source);
