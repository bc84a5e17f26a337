import { backendEnv, embeddingsEnv, loadEnv } from '@talent/platform';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The seed taxonomy shipped with the service (services/skills/seed/skills, next to dist/ in the image). */
export const shippedSeedDir = fileURLToPath(new URL('../seed/skills', import.meta.url));

export const skillsEnvSchema = backendEnv('skills').extend({
  /** ESCO CSV export (directory or zip) to load at first boot; the seed taxonomy when unset. */
  SKILLS_ESCO_DIR: z
    .string()
    .optional()
    .transform((value) => value || undefined),
  SKILLS_SEED_DIR: z.string().min(1).default(shippedSeedDir),
  /**
   * Read by Node itself, not by the service: the chart caps V8's old space here (`--max-old-space-size`), which is
   * what keeps the peak RSS with ESCO under budget (README, "Memory"). Declared so that the chart may set it.
   */
  NODE_OPTIONS: z.string().optional(),
  /**
   * Optional embedding re-ranker of RankSkills (README, "Embedding re-ranker"): off unless SKILLS_EMBEDDINGS_MODEL
   * is set. PROVIDER openai|ollama, BASE_URL, MODEL, API_KEY, TIMEOUT_MS (10 s), MAX_ATTEMPTS (3).
   */
  ...embeddingsEnv('SKILLS_EMBEDDINGS_'),
  /** Share of the cosine similarity in the blend with the lexical score. */
  SKILLS_EMBEDDINGS_WEIGHT: z.coerce.number().min(0).max(1).default(0.5),
  /** Lexical candidates per sentence re-ranked (at least the call's limit). */
  SKILLS_EMBEDDINGS_CANDIDATES: z.coerce.number().int().min(2).max(100).default(30),
  /** Skill embeddings kept in memory: cache size × dimensions × 4 bytes (5,000 × 1,024 ≈ 20 MB). */
  SKILLS_EMBEDDINGS_CACHE_SIZE: z.coerce.number().int().min(0).max(100_000).default(5000),
  /** Texts per embeddings request. */
  SKILLS_EMBEDDINGS_BATCH_SIZE: z.coerce.number().int().min(1).max(2048).default(128),
});

export type SkillsEnv = z.output<typeof skillsEnvSchema>;

export const loadSkillsEnv = (source: NodeJS.ProcessEnv = process.env): SkillsEnv => loadEnv(skillsEnvSchema, source);
