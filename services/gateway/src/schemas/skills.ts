import { MAX_OFFSET, queryInt } from './common.js';
import { z } from '../openapi/zod.js';

export const SkillType = z.enum(['hard-skill', 'soft-skill']);

export const Skill = z
  .object({
    id: z.uuid().openapi({ description: 'Taxonomy skill identifier.' }),
    skill: z.string().openapi({ description: 'Skill name, in the response `language` when the taxonomy has it.', example: 'JavaScript' }),
    type: SkillType,
    relationship: z.enum(['required', 'optional', 'satisfies']),
    explanation: z.string(),
  })
  .openapi('Skill', {
    description:
      'A taxonomy skill. In CVs and jobs `relationship` says how the document relates to it; in search results it is always `satisfies` (see GET /skills/search).',
  });

export const SkillSearchQuery = z.object({
  q: z
    .string({ error: "Query parameter 'q' is required: a search string of at least 2 characters." })
    .trim()
    .min(2, { error: "Query parameter 'q' must be at least 2 characters long." })
    .max(200, { error: "Query parameter 'q' must be at most 200 characters long." })
    .openapi({ description: 'Search string (2–200 characters after trimming); matches preferred and alternative labels.', example: 'javascript' }),
  type: z
    .enum(['hard-skill', 'soft-skill'], { error: "Query parameter 'type' must be 'hard-skill' or 'soft-skill'." })
    .optional()
    .openapi({ description: 'Only skills of this type.' }),
  limit: queryInt('limit', 1, 200, 20, 'Maximum number of results (1–200, default 20).'),
  offset: queryInt('offset', 0, MAX_OFFSET, 0, 'Results to skip (default 0), for paging through `total`.'),
});

export const AcceptLanguageHeader = z.object({
  'accept-language': z
    .string()
    .optional()
    .openapi({
      description: 'Language of skill names, e.g. `fr` or `de-CH, de;q=0.9, en;q=0.5` (q-values honoured); codes from GET /skills/languages. Default English.',
      example: 'fr',
    }),
});

export const SkillSearchResponse = z
  .object({
    query: z.string().openapi({ description: 'The search string as applied (trimmed).' }),
    language: z.string().openapi({ description: 'ISO 639-1 code of the language used for the names.', example: 'en' }),
    results: z.array(Skill),
    total: z.int().min(0).openapi({ description: 'Number of matching skills, beyond `limit`.' }),
  })
  .openapi('SkillSearchResponse');

export const Language = z
  .object({
    code: z.string().openapi({ description: 'ISO 639-1 code.', example: 'fr' }),
    name: z.string().openapi({ description: 'English name.', example: 'French' }),
    native_name: z.string().openapi({ example: 'français' }),
  })
  .openapi('Language');

export const LanguagesResponse = z
  .object({ message: z.string(), length: z.int().min(0), data: z.array(Language) })
  .openapi('LanguagesResponse');
