import { z } from 'zod';

/** Limits of sourcing requests the spec leaves open (gateway validation and the sourcing service share them). */
export const SOURCING_LIMITS = {
  /** Candidates per window (a People Data Labs page holds at most 100). */
  maxLimit: 100,
  defaultLimit: 10,
  /** offset + limit: deep pages of a live provider are slow and rarely useful. */
  maxWindowEnd: 10_000,
  maxQueryChars: 500,
  maxFilterValues: 20,
  maxFilterValueChars: 100,
  /** Ids per ingest request (each becomes a CV task, as a text analyze request of 100 inputs). */
  maxIngestIds: 100,
} as const;

export const SENIORITY_LEVELS = ['intern', 'junior', 'mid', 'senior', 'lead', 'manager', 'director', 'executive'] as const;
export type Seniority = (typeof SENIORITY_LEVELS)[number];

export const SEARCH_TYPES = ['fast', 'pro'] as const;

const values = (what: string) =>
  z
    .array(
      z
        .string({ error: `'filters.${what}' must be an array of strings.` })
        .trim()
        .min(1, { error: `'filters.${what}' must not hold empty strings.` })
        .max(SOURCING_LIMITS.maxFilterValueChars, { error: `'filters.${what}' values are at most ${SOURCING_LIMITS.maxFilterValueChars} characters.` }),
      { error: `'filters.${what}' must be an array of strings.` },
    )
    .max(SOURCING_LIMITS.maxFilterValues, { error: `'filters.${what}' holds at most ${SOURCING_LIMITS.maxFilterValues} values.` })
    .optional();

/** Structured filters of a search; every one optional, values compared case-insensitively. */
export const searchFilters = z.strictObject(
  {
    /** Any of these job titles (current or past). */
    titles: values('titles'),
    /** All of these skills. */
    skills: values('skills'),
    /** Any of these places (city, region or country). */
    locations: values('locations'),
    /** Any of these levels. */
    seniority: z
      .array(z.enum(SENIORITY_LEVELS, { error: `'filters.seniority' values are ${SENIORITY_LEVELS.join(', ')}.` }), {
        error: `'filters.seniority' must be an array of levels (${SENIORITY_LEVELS.join(', ')}).`,
      })
      .max(SENIORITY_LEVELS.length)
      .optional(),
  },
  { error: (issue: { code: string; keys?: string[] }) => (issue.code === 'unrecognized_keys' ? `Unknown filter '${issue.keys?.[0] ?? ''}': the filters are titles, skills, locations, seniority.` : "'filters' must be an object.") },
);

export type SearchFilters = z.output<typeof searchFilters>;

/** True when no filter holds a value. */
export const noFilters = (filters: SearchFilters): boolean =>
  Object.values(filters).every((value) => value === undefined || value.length === 0);
