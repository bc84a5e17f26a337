import { z } from 'zod';
import { recordSkill, yearMonth } from './skill.js';

export const cvInformation = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.array(z.string()),
  phone: z.array(z.string()),
  linkedin: z.string(),
  github: z.string(),
  website: z.string(),
  address: z.object({ city: z.string(), country: z.string() }),
});

export const cvExperience = z.object({
  title: z.string(),
  activity_sector: z.string(),
  description: z.string(),
  /** Months (DESIGN §9), integer. */
  duration: z.number().int().min(0),
  start_date: yearMonth,
  end_date: yearMonth,
});

export const cvEducation = z.object({
  degree: z.string(),
  major: z.string(),
  score: z.string(),
  institution_name: z.string(),
  start_date: yearMonth,
  end_date: yearMonth,
});

/** What analysis produces for a CV: the CV record without id and timestamps. */
export const cvContent = z.object({
  information: cvInformation,
  experience: z.array(cvExperience),
  education: z.array(cvEducation),
  skill_descriptions: z.array(z.string()),
  source_language: z.string(),
  hard_skills: z.array(recordSkill),
  soft_skills: z.array(recordSkill),
});

export type CvInformation = z.infer<typeof cvInformation>;

/** A CV's information with nothing known: no name, contact, link or address. */
export function emptyCvInformation(): CvInformation {
  return {
    first_name: '',
    last_name: '',
    email: [],
    phone: [],
    linkedin: '',
    github: '',
    website: '',
    address: { city: '', country: '' },
  };
}
export type CvExperience = z.infer<typeof cvExperience>;
export type CvEducation = z.infer<typeof cvEducation>;
export type CvContent = z.infer<typeof cvContent>;
