import { backendEnv, loadEnv } from '@talent/platform';
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
});

export type SkillsEnv = z.output<typeof skillsEnvSchema>;

export const loadSkillsEnv = (source: NodeJS.ProcessEnv = process.env): SkillsEnv => loadEnv(skillsEnvSchema, source);
