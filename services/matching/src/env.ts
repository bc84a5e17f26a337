import { backendEnv, llmEnv, loadEnv } from '@talent/platform';
import { z } from 'zod';

/**
 * Peers (`<PEER>_SERVICE_ADDR`, from SERVICES) and the optional LLM re-scorer are validated at boot, before the
 * scoring engine uses them.
 */
export const matchingEnvSchema = backendEnv('matching').extend({
  /**
   * LLM re-scoring of requirement lines, on when MATCH_LLM_MODEL is set: MATCH_LLM_PROVIDER, MATCH_LLM_BASE_URL,
   * MATCH_LLM_MODEL, MATCH_LLM_API_KEY, MATCH_LLM_TIMEOUT_MS, MATCH_LLM_MAX_ATTEMPTS.
   */
  ...llmEnv('MATCH_LLM_'),
  /** The best deterministic candidates re-scored per match (one model request each). */
  MATCH_LLM_MAX_CANDIDATES: z.coerce.number().int().min(1).max(500).default(20),
  MATCH_LLM_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  /** Time the whole re-scoring of one match may take before the deterministic result is returned instead. */
  MATCH_LLM_BUDGET_MS: z.coerce.number().int().min(100).max(600_000).default(40_000),
  /**
   * Records kept between matches as their JSON (UTF-8, outside the heap), bounded by those bytes (128 MB ≈ 13,000
   * CVs of the analyzer's typical 9–10 KB); 0 turns the cache off.
   */
  MATCH_RECORD_CACHE_MB: z.coerce.number().int().min(0).max(16_384).default(128),
  /**
   * V8's `--heap-growing-percent`, set at start: how far the old generation may grow past what the last full
   * garbage collection left before the next one (0 leaves V8's own factor, up to 300 %). A match promotes every
   * record it parses while the record waits in its chunk, so with V8's factor a 10,000-CV match's dead records
   * piled up to ≈ 250 MB of old space; the live set is small since issue 27, so collecting sooner costs little.
   */
  MATCH_HEAP_GROWING_PERCENT: z.coerce.number().int().min(0).max(1_000).default(50),
  /**
   * glibc's allocator settings, read by the C runtime before Node starts (README, "Memory", item 5): declared so
   * that the chart may set them; the service itself never reads them.
   */
  MALLOC_ARENA_MAX: z.string().optional(),
  MALLOC_MMAP_THRESHOLD_: z.string().optional(),
  MALLOC_TRIM_THRESHOLD_: z.string().optional(),
  /** Node's start-up flags (README, "Memory", item 6: `--max-semi-space-size=8`), read by Node, not by the service. */
  NODE_OPTIONS: z.string().optional(),
});

export type MatchingEnv = z.output<typeof matchingEnvSchema>;

export const loadMatchingEnv = (source: NodeJS.ProcessEnv = process.env): MatchingEnv =>
  loadEnv(matchingEnvSchema, source);
