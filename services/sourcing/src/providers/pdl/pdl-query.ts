import type { ProviderQuery, Seniority } from '../provider.js';

/** An Elasticsearch (7.x) query clause, as PDL's Person Search takes it in `query`. */
export type EsClause = Record<string, unknown>;

/** Fields a fast search reads (titles, headline, skills) and what a pro search adds; `^n` boosts. */
export const FAST_FIELDS = ['job_title^3', 'experience.title.name^2', 'headline^2', 'skills^2'];
export const PRO_FIELDS = [
  ...FAST_FIELDS,
  'summary',
  'experience.summary',
  'experience.company.name',
  'job_company_name',
  'education.school.name',
  'education.majors',
  'education.degrees',
];

/**
 * Our seniority levels in PDL's `job_title_levels` vocabulary (cxo, owner, partner, vp, director, manager, senior,
 * entry, training, unpaid). PDL has no "mid" (a title without level) nor "lead" (a word of the title).
 */
const SENIORITY_CLAUSES: Record<Seniority, EsClause> = {
  intern: { terms: { job_title_levels: ['training', 'unpaid'] } },
  junior: { terms: { job_title_levels: ['entry'] } },
  mid: { bool: { must_not: [{ exists: { field: 'job_title_levels' } }] } },
  senior: { terms: { job_title_levels: ['senior'] } },
  lead: { match: { job_title: 'lead' } },
  manager: { terms: { job_title_levels: ['manager'] } },
  director: { terms: { job_title_levels: ['director', 'vp'] } },
  executive: { terms: { job_title_levels: ['cxo', 'owner', 'partner'] } },
};

const anyOf = (clauses: EsClause[]): EsClause => ({ bool: { should: clauses, minimum_should_match: 1 } });
const clean = (values: readonly string[] | undefined) => [
  ...new Set((values ?? []).map((value) => value.trim()).filter(Boolean)),
];

/**
 * Free text and filters as one bool query. Text: every word in the searched fields (cross_fields, operator and);
 * titles: any, matched as a phrase in the current title (boosted) or a past one; skills: all (PDL stores them
 * lower case); locations: any, phrase in `location_name` or exact locality/region/country; seniority: any;
 * high freshness: `job_last_updated` on or after `freshSince` (YYYY-MM-DD).
 */
export function toPdlQuery(query: ProviderQuery, freshSince: string): EsClause {
  const must: EsClause[] = [];
  const filter: EsClause[] = [];
  const text = query.query.trim();
  if (text) {
    must.push({
      multi_match: {
        query: text,
        type: 'cross_fields',
        operator: 'and',
        fields: query.searchType === 'pro' ? PRO_FIELDS : FAST_FIELDS,
      },
    });
  }
  const titles = clean(query.filters.titles);
  if (titles.length) {
    must.push(
      anyOf(
        titles.flatMap((title) => [
          { match_phrase: { job_title: { query: title, boost: 2 } } },
          { match_phrase: { 'experience.title.name': title } },
        ]),
      ),
    );
  }
  for (const skill of clean(query.filters.skills)) filter.push({ term: { skills: skill.toLowerCase() } });
  const places = clean(query.filters.locations);
  if (places.length) {
    filter.push(
      anyOf(
        places.flatMap((place) => [
          { match_phrase: { location_name: place } },
          { term: { location_locality: place.toLowerCase() } },
          { term: { location_region: place.toLowerCase() } },
          { term: { location_country: place.toLowerCase() } },
        ]),
      ),
    );
  }
  const levels = [...new Set(query.filters.seniority ?? [])];
  if (levels.length) filter.push(anyOf(levels.map((level) => SENIORITY_CLAUSES[level])));
  if (query.highFreshness) filter.push({ range: { job_last_updated: { gte: freshSince } } });
  if (!must.length && !filter.length) return { match_all: {} };
  return { bool: { ...(must.length ? { must } : {}), ...(filter.length ? { filter } : {}) } };
}
