import { z } from 'zod';

/** Static English values (spec: Skill object). */
export const SKILL_TYPES = ['hard-skill', 'soft-skill'] as const;
export const SKILL_RELATIONSHIPS = ['required', 'optional', 'satisfies'] as const;

export const skillType = z.enum(SKILL_TYPES);
export const skillRelationship = z.enum(SKILL_RELATIONSHIPS);

/** A taxonomy skill as a CV or job carries it; `explanation` quotes the evidence it was found in. */
export const recordSkill = z.object({
  id: z.uuid(),
  skill: z.string(),
  type: skillType,
  relationship: skillRelationship,
  explanation: z.string(),
});

export type RecordSkill = z.infer<typeof recordSkill>;
export type SkillType = z.infer<typeof skillType>;
export type SkillRelationship = z.infer<typeof skillRelationship>;

/** `YYYY-MM` (spec: dates inside experience and education), or empty when unknown. */
export const yearMonth = z.string().regex(/^(\d{4}-(0[1-9]|1[0-2]))?$/, 'must be YYYY-MM or empty');
