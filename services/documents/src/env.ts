import { backendEnv, llmEnv, loadEnv } from '@talent/platform';
import { z } from 'zod';

/**
 * Peers (`<PEER>_SERVICE_ADDR`, from SERVICES) and vendor settings are validated at boot, so a misconfigured
 * deployment fails at once, naming the variable.
 */
const MAX_LLM_TIME_PER_DOCUMENT_MS = 200_000;

export const documentsEnvSchema = backendEnv('documents')
  .extend({
    /** `rules` (offline, deterministic) or `llm` (DESIGN §5): a chat model, the rules analyzer as its fallback. */
    ANALYZER: z.enum(['rules', 'llm']).default('rules'),
    /** Apache Tika server for text extraction; in-process extractors when unset. */
    TIKA_URL: z.url().optional(),
    /** The model of `ANALYZER=llm`: LLM_PROVIDER, LLM_BASE_URL, LLM_MODEL, LLM_API_KEY, LLM_TIMEOUT_MS, LLM_MAX_ATTEMPTS. */
    ...llmEnv('LLM_'),
    /** Tasks one replica analyzes at once. */
    ANALYSIS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
    /** Deliveries of one work message before its task ends FAILED (transient errors are retried until then). */
    ANALYSIS_MAX_DELIVER: z.coerce.number().int().min(1).max(100).default(5),
    /** Time limit and heap limit of one text extraction (worker thread). */
    EXTRACTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    EXTRACTION_MAX_MEMORY_MB: z.coerce.number().int().min(32).max(4096).default(256),
    EXTRACTION_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
    /** A PENDING task untouched this long is handed to the work queue again (lost message, crash). */
    STALE_TASK_AFTER_MS: z.coerce
      .number()
      .int()
      .min(1_000)
      .default(10 * 60_000),
  })
  .refine((env) => env.ANALYZER !== 'llm' || env.LLM_MODEL, {
    path: ['LLM_MODEL'],
    message: 'is required with ANALYZER=llm',
  })
  // A task's work message is redelivered once it has run for 5 minutes (presumed stuck): the model's attempts
  // must end well before, leaving time for extraction and the rules fallback.
  .refine((env) => env.LLM_TIMEOUT_MS * env.LLM_MAX_ATTEMPTS <= MAX_LLM_TIME_PER_DOCUMENT_MS, {
    path: ['LLM_TIMEOUT_MS'],
    message: `× LLM_MAX_ATTEMPTS must not exceed ${MAX_LLM_TIME_PER_DOCUMENT_MS} ms per document`,
  });

export type DocumentsEnv = z.output<typeof documentsEnvSchema>;

export const loadDocumentsEnv = (source: NodeJS.ProcessEnv = process.env): DocumentsEnv =>
  loadEnv(documentsEnvSchema, source);
