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

/** What analysis produces for a job: the Job record without id and timestamps. */
export const jobContent = z.object({
  information: jobInformation,
  experience_preference: jobExperiencePreference,
  education_preference: jobEducationPreference,
  job_requirements: z.array(z.string()),
  source_language: z.string(),
  hard_skills: z.array(recordSkill),
  soft_skills: z.array(recordSkill),
});

export type JobLocation = z.infer<typeof jobLocation>;
export type JobInformation = z.infer<typeof jobInformation>;
export type JobContent = z.infer<typeof jobContent>;
