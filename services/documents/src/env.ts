import { backendEnv, loadEnv, localAddress, peerAddress } from '@talent/platform';
import { z } from 'zod';

/**
 * Peers and vendor settings are validated at boot even before the analysis pipeline uses them, so a
 * misconfigured deployment fails at once, naming the variable.
 */
export const documentsEnvSchema = backendEnv('documents').extend({
  NATS_NAMESPACE: z.string().default(''),
  SKILLS_SERVICE_ADDR: peerAddress.default(localAddress('skills')),
  BILLING_SERVICE_ADDR: peerAddress.default(localAddress('billing')),
  /** `rules` (offline, deterministic) or `llm` (DESIGN §5). */
  ANALYZER: z.enum(['rules', 'llm']).default('rules'),
  /** Apache Tika server for text extraction; in-process extractors when unset. */
  TIKA_URL: z.url().optional(),
  LLM_BASE_URL: z.url().optional(),
  LLM_MODEL: z.string().min(1).optional(),
  LLM_API_KEY: z.string().min(1).optional(),
});

export type DocumentsEnv = z.output<typeof documentsEnvSchema>;

export const loadDocumentsEnv = (source: NodeJS.ProcessEnv = process.env): DocumentsEnv => loadEnv(documentsEnvSchema, source);
