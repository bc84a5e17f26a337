import { backendEnv, loadEnv } from '@talent/platform';
import { z } from 'zod';

export const billingEnvSchema = backendEnv('billing').extend({
  NATS_NAMESPACE: z.string().default(''),
});

export type BillingEnv = z.output<typeof billingEnvSchema>;

export const loadBillingEnv = (source: NodeJS.ProcessEnv = process.env): BillingEnv => loadEnv(billingEnvSchema, source);
