import { z } from 'zod';
import { fieldConfidence } from './job.js';
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

/** How sure the analyzer is of one CV field, and the passage of the CV it read it from. */
const cvFieldEntry = fieldConfidence.extend({
  confidence: fieldConfidence.shape.confidence.describe(
    'Probability in [0, 1] that the value is right (logistic regression calibrated on labelled CVs; see the analysis README).',
  ),
  evidence: z.string().describe('The passage of the CV (its line) the value was read from.'),
});

/**
 * Extension: per-field confidence of a CV record. `experience[i]` and `education[i]` describe the record's entry
 * of the same index; `name` covers first_name and last_name together, `email` and `phone` their first value.
 */
export const cvFieldConfidence = z
  .object({
    information: z.object({
      name: cvFieldEntry.optional(),
      email: cvFieldEntry.optional(),
      phone: cvFieldEntry.optional(),
      city: cvFieldEntry.optional(),
    }),
    experience: z.array(z.object({ title: cvFieldEntry.optional() })),
    education: z.array(z.object({ degree: cvFieldEntry.optional(), institution_name: cvFieldEntry.optional() })),
  })
  .describe(
    "Extension (not in the spec; optional): confidence and evidence of the name (first_name and last_name together), the first email and phone, address.city, each experience entry's title and each education entry's degree (with its major) and institution_name, from the learned CV confidence model; experience[i] and education[i] belong to the record's entry of the same index. A field edited by PUT loses its entry (an edited experience or education list loses its list).",
  );

/** What analysis produces for a CV: the CV record without id and timestamps. */
export const cvContent = z.object({
  information: cvInformation,
  experience: z.array(cvExperience),
  education: z.array(cvEducation),
  skill_descriptions: z.array(z.string()),
  source_language: z.string(),
  hard_skills: z.array(recordSkill),
  soft_skills: z.array(recordSkill),
  field_confidence: cvFieldConfidence.optional(),
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
export type CvFieldConfidence = z.infer<typeof cvFieldConfidence>;
