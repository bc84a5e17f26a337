import { backendEnv, loadEnv } from '@talent/platform';
import { z } from 'zod';

export const documentsEnvSchema = backendEnv('documents').extend({
  NATS_NAMESPACE: z.string().default(''),
});

export type DocumentsEnv = z.output<typeof documentsEnvSchema>;

export const loadDocumentsEnv = (source: NodeJS.ProcessEnv = process.env): DocumentsEnv => loadEnv(documentsEnvSchema, source);
