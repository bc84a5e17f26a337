import { z } from 'zod';
import { recordSkill } from './skill.js';

export const jobLocation = z.object({ city: z.string(), country: z.string() });

export const jobInformation = z.object({
  title: z.string(),
  company: z.string(),
  description: z.string(),
  activity_sector: z.string(),
  locations: z.array(jobLocation),
  job_type: z.string(),
  contract_type: z.string(),
});

export const jobExperiencePreference = z.object({
  title: z.string(),
  activity_sector: z.string(),
  description: z.string(),
  /** Months (DESIGN §9); 0 when the job states none. */
  duration: z.number().int().min(0),
});

export const jobEducationPreference = z.object({
  degree: z.string(),
  major: z.string(),
  /** May be an empty string (spec). */
  score: z.string(),
});

/** How sure the analyzer is of one field, and the passage it read it from (an extension of the spec's record). */
export const fieldConfidence = z.object({
  confidence: z
    .number()
    .min(0)
    .max(1)
    .describe('Probability in [0, 1] that the value is right (calibrated on held-out ads).'),
  evidence: z.string().describe('The line of the posting the value was read from.'),
});

/** Extension: per-field confidence of the job's headline fields; absent when no model scored them. */
export const jobFieldConfidence = z
  .object({ title: fieldConfidence.optional(), company: fieldConfidence.optional(), city: fieldConfidence.optional() })
  .describe(
    'Extension (not in the spec; optional): confidence and evidence of information.title, information.company and the first location city, from the learned headline model. A field edited by PUT loses its entry.',
  );

/** What analysis produces for a job: the Job record without id and timestamps. */
export const jobContent = z.object({
  information: jobInformation,
  experience_preference: jobExperiencePreference,
  education_preference: jobEducationPreference,
  job_requirements: z.array(z.string()),
  source_language: z.string(),
  hard_skills: z.array(recordSkill),
  soft_skills: z.array(recordSkill),
  field_confidence: jobFieldConfidence.optional(),
});

export type JobLocation = z.infer<typeof jobLocation>;
export type JobInformation = z.infer<typeof jobInformation>;
export type JobContent = z.infer<typeof jobContent>;
export type JobFieldConfidence = z.infer<typeof jobFieldConfidence>;
