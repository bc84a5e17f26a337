import { z } from 'zod';
import { cvEducation, cvExperience, cvInformation } from './cv.js';
import { jobEducationPreference, jobExperiencePreference, jobInformation } from './job.js';
import { skillRelationship, skillType } from './skill.js';

/**
 * A skill in a PUT body: the taxonomy id decides the skill (its name is taken from the taxonomy, in
 * `content_language`); `type` must match the array it is in.
 */
export const skillUpdate = z.strictObject({
  id: z.uuid(),
  skill: z.string().optional(),
  type: skillType.optional(),
  relationship: skillRelationship,
  explanation: z.string().default(''),
});

const language = z.string().regex(/^[a-z]{2}$/, 'must be an ISO 639-1 code such as "en"');

/** PUT /cvs/{id}: each dimension present replaces the stored one as a whole. */
export const cvUpdate = z.strictObject({
  content_language: language.optional(),
  information: cvInformation.partial().strict().optional(),
  experience: z.array(cvExperience.strict()).optional(),
  education: z.array(cvEducation.strict()).optional(),
  hard_skills: z.array(skillUpdate).optional(),
  soft_skills: z.array(skillUpdate).optional(),
});

/** PUT /jobs/{id}. */
export const jobUpdate = z.strictObject({
  content_language: language.optional(),
  information: jobInformation.partial().strict().optional(),
  experience_preference: jobExperiencePreference.partial().strict().optional(),
  education_preference: jobEducationPreference.partial().strict().optional(),
  hard_skills: z.array(skillUpdate).optional(),
  soft_skills: z.array(skillUpdate).optional(),
});

export const CV_UPDATE_DIMENSIONS = ['information', 'experience', 'education', 'hard_skills', 'soft_skills'] as const;
export const JOB_UPDATE_DIMENSIONS = [
  'information',
  'experience_preference',
  'education_preference',
  'hard_skills',
  'soft_skills',
] as const;

/** Names the 422 `detail.schema` reports. */
export const UPDATE_SCHEMA_NAMES = { cv: 'CvUpdate', job: 'JobUpdate' } as const;

export type SkillUpdate = z.infer<typeof skillUpdate>;
export type CvUpdate = z.infer<typeof cvUpdate>;
export type JobUpdate = z.infer<typeof jobUpdate>;
