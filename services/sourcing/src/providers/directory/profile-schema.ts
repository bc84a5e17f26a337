import { z } from 'zod';
import { SENIORITY_LEVELS, type SourcedProfile } from '../provider.js';

/** Absent, null or blank text → null; anything else trimmed. */
const optionalText = z
  .string()
  .nullish()
  .transform((value) => (value?.trim() ? value.trim() : null));

/** Dates as the file writes them (`YYYY`, `YYYY-MM`, `YYYY-MM-DD` or a full ISO timestamp); absent → null. */
const optionalDate = optionalText.refine(
  (value) => value === null || /^\d{4}(-\d{2}(-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?)?)?$/.test(value),
  {
    message: 'expected a date like 2024, 2024-05 or 2024-05-17',
  },
);

const textList = z
  .array(z.string())
  .nullish()
  .transform((values) => [...new Set((values ?? []).map((value) => value.trim()).filter(Boolean))]);

const experienceSchema = z.object({
  title: z.string().trim().min(1),
  company: optionalText.transform((value) => value ?? ''),
  start_date: optionalDate,
  end_date: optionalDate,
  is_current: z.boolean().nullish(),
  location: optionalText,
  summary: optionalText,
});

const educationSchema = z.object({
  school: z.string().trim().min(1),
  degree: optionalText,
  major: optionalText,
  start_date: optionalDate,
  end_date: optionalDate,
});

const linkSchema = z.object({ type: z.string().trim().min(1), url: z.string().trim().min(1) });

/**
 * One profile of a directory file. Only `id` and `full_name` are required; every other field may be missing or
 * null. Seniority is one of SENIORITY_LEVELS in any letter case; `is_current` defaults to "no end date".
 */
export const directoryProfileSchema = z
  .object({
    id: z.union([z.string().trim().min(1), z.number().int().nonnegative()]).transform(String),
    full_name: z.string().trim().min(1),
    headline: optionalText,
    location: optionalText,
    seniority: z
      .string()
      .nullish()
      .transform((value) => value?.trim().toLowerCase() || null)
      .pipe(z.enum(SENIORITY_LEVELS).nullable()),
    summary: optionalText,
    experience: z
      .array(experienceSchema)
      .nullish()
      .transform((values) => values ?? []),
    education: z
      .array(educationSchema)
      .nullish()
      .transform((values) => values ?? []),
    skills: textList,
    languages: textList,
    links: z
      .array(linkSchema)
      .nullish()
      .transform((values) => values ?? []),
    emails: textList,
    phones: textList,
    /** A day, like every provider's: a full timestamp keeps its date. */
    updated_at: optionalDate.transform((value) => value?.slice(0, 10) ?? null),
  })
  .transform((profile): SourcedProfile => ({
    ...profile,
    experience: profile.experience.map((job) => ({ ...job, is_current: job.is_current ?? job.end_date === null })),
    source: 'directory',
  }));

export type DirectoryProfileInput = z.input<typeof directoryProfileSchema>;

/** The first problem of an invalid profile, for the boot log (`skills.2: expected string`). */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid profile';
  return issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}
