import { skills } from '@talent/proto';
import type { z } from 'zod';
import type { ApiRouter } from '../http/api.js';
import { AcceptLanguageHeader, LanguagesResponse, SkillSearchQuery, SkillSearchResponse, type Skill } from '../schemas/skills.js';
import type { Upstreams } from '../upstreams.js';

/** Search results are not tied to a document, so `relationship` is `satisfies` and `explanation` says why it matched. */
export function toSearchResult(skill: skills.Skill, query: string, language: string): z.output<typeof Skill> {
  const fallback = skill.language && skill.language !== language ? `; no '${language}' name, shown in '${skill.language}'` : '';
  return {
    id: skill.id,
    skill: skill.name,
    // ESCO's split: everything that is not transversal is a hard skill.
    type: skill.type === skills.SkillType.SKILL_TYPE_SOFT ? 'soft-skill' : 'hard-skill',
    relationship: 'satisfies',
    explanation: `Matches the search "${query}"${fallback}.`,
  };
}

/** ESCO's licence asks for attribution wherever the taxonomy is shown; empty when only our own seed is loaded. */
export const ATTRIBUTION_HEADER = 'X-Taxonomy-Attribution';

export function registerSkillRoutes(api: ApiRouter, upstreams: Upstreams): void {
  api.add(
    {
      method: 'get',
      path: '/skills/search',
      operationId: 'searchSkills',
      tag: 'Skills',
      summary: 'Search the skills taxonomy',
      description: [
        'No API key needed. Ranks exact and prefix matches of preferred names first, then alternative names, tolerating small typos and missing accents.',
        'Names come in the language chosen from `Accept-Language` (q-values honoured; English when none is available); `language` says which one was used. A skill without a name in that language shows its English name, and its `explanation` says so.',
        `When the ESCO taxonomy is loaded, the \`${ATTRIBUTION_HEADER}\` response header carries its attribution ("This service uses the ESCO classification of the European Commission.").`,
        'Decision: search results use the Skill object of CVs and jobs; since a search result is not tied to a document, `relationship` is always `satisfies` (the skill satisfies the query) and `explanation` states what matched.',
      ].join('\n\n'),
      public: true,
      query: SkillSearchQuery,
      headers: AcceptLanguageHeader,
      errors: [400],
      response: { description: 'Matching skills, best first.', schema: SkillSearchResponse },
    },
    async ({ req, res, query, context }): Promise<z.output<typeof SkillSearchResponse>> => {
      const response = await upstreams.skills.searchSkills(
        {
          query: query.q,
          type: skills.SkillType.SKILL_TYPE_UNSPECIFIED,
          typeName: query.type ?? '',
          limit: query.limit,
          offset: query.offset,
          acceptLanguage: req.get('accept-language') ?? '',
        },
        { context },
      );
      const language = response.language || 'en';
      if (response.attribution) res.set(ATTRIBUTION_HEADER, response.attribution);
      return {
        query: response.query || query.q,
        language,
        results: response.results.map((skill) => toSearchResult(skill, query.q, language)),
        total: response.total,
      };
    },
  );

  api.add(
    {
      method: 'get',
      path: '/skills/languages',
      operationId: 'listSkillLanguages',
      tag: 'Skills',
      summary: 'Languages of skill names',
      description: `No API key needed. Languages in which skill names can be requested through \`Accept-Language\`; codes are ISO 639-1. When the ESCO taxonomy is loaded, \`message\` and the \`${ATTRIBUTION_HEADER}\` header carry its attribution.`,
      public: true,
      response: { description: 'The available languages.', schema: LanguagesResponse },
    },
    async ({ res, context }): Promise<z.output<typeof LanguagesResponse>> => {
      const { languages, attribution } = await upstreams.skills.listLanguages({}, { context });
      const data = languages.map(({ code, name, nativeName }) => ({ code, name, native_name: nativeName }));
      if (attribution) res.set(ATTRIBUTION_HEADER, attribution);
      return { message: attribution ? `Languages retrieved successfully. ${attribution}` : 'Languages retrieved successfully.', length: data.length, data };
    },
  );
}
