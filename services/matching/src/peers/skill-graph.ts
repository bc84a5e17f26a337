import type { AsyncClient } from '@talent/platform';
import { skills } from '@talent/proto';
import type { RelatedSkillLink, SkillGraph, TitleOccupation } from '../scoring/index.js';

const CHUNK = 1000;
/** Occupations asked per title; the scorer keeps those close to the best (titles.ts). */
const OCCUPATIONS_PER_TITLE = 3;
/** Title chunks in flight at once. */
const PARALLEL_TITLES = 2;

type Relations = Map<string, { broader: string[]; narrower: string[]; name: string; related: RelatedSkillLink[] }>;

/**
 * The taxonomy neighbourhood of a job's skills, fetched once per match from the skills service: the job's skills,
 * then their broader and narrower skills — what the scorer asks while it prepares the job (grandchildren through
 * the children, siblings and names through the parents). CV skills are only compared by id with that
 * neighbourhood, so they are not fetched: a CV's scores do not depend on the other CVs of the request.
 * The ESCO skill-skill relations of the job's skills come with them. `titleQueries` (scoring's occupationQueries:
 * the job's and the CVs' titles) are mapped to ESCO occupations, each title on its own, so a CV's scores still
 * do not depend on the other CVs.
 */
export async function loadSkillGraph(
  client: AsyncClient<skills.SkillsServiceClient>,
  jobSkillIds: string[],
  titleQueries: readonly string[] = [],
): Promise<{ graph: SkillGraph; taxonomyVersion: string }> {
  const occupations = new TitleOccupations(client);
  // Relations and occupations are independent: asked for at the same time.
  const [{ graph, taxonomyVersion }] = await Promise.all([
    loadSkillRelations(client, jobSkillIds, occupations),
    occupations.load(titleQueries),
  ]);
  return { graph, taxonomyVersion };
}

/**
 * The job skills' neighbourhood as in `loadSkillGraph`; the graph's `occupations` answers from `occupations`,
 * which the caller fills with the titles before the scorer asks about them (POST /match: chunk by chunk).
 */
export async function loadSkillRelations(
  client: AsyncClient<skills.SkillsServiceClient>,
  jobSkillIds: string[],
  occupations: TitleOccupations,
): Promise<{ graph: SkillGraph; taxonomyVersion: string }> {
  const relations: Relations = new Map();
  const first = [...new Set(jobSkillIds.map((id) => id.toLowerCase()))].sort();
  let taxonomyVersion = await fetchRelations(client, first, relations);
  const neighbours = new Set<string>();
  for (const id of first)
    for (const related of [...(relations.get(id)?.broader ?? []), ...(relations.get(id)?.narrower ?? [])])
      if (!relations.has(related)) neighbours.add(related);
  if (neighbours.size > 0) taxonomyVersion = await fetchRelations(client, [...neighbours].sort(), relations);
  return {
    taxonomyVersion,
    graph: {
      broader: (id) => relations.get(id)?.broader ?? [],
      narrower: (id) => relations.get(id)?.narrower ?? [],
      name: (id) => relations.get(id)?.name,
      related: (id) => relations.get(id)?.related ?? [],
      occupations: (query) => occupations.get(query),
    },
  };
}

/**
 * The ESCO occupations of title queries, asked of skills' MatchOccupations as titles come (chunks of 1,000, two
 * at once), each title once per match. Skills maps each title on its own, so how titles are batched never
 * changes an answer.
 */
export class TitleOccupations {
  private readonly answers = new Map<string, TitleOccupation[]>();
  private readonly asked = new Map<string, Promise<void>>();

  constructor(private readonly client: AsyncClient<skills.SkillsServiceClient>) {}

  /** Resolves once every one of `titles` is answered (titles asked before included). */
  async load(titles: Iterable<string>): Promise<void> {
    const waits = new Set<Promise<void>>();
    const fresh = new Set<string>();
    for (const title of titles) {
      const pending = this.asked.get(title);
      if (pending) waits.add(pending);
      else fresh.add(title);
    }
    if (fresh.size > 0) {
      const load = this.fetch([...fresh]);
      for (const title of fresh) this.asked.set(title, load);
      waits.add(load);
    }
    await Promise.all(waits);
  }

  /** The occupations of a title already loaded, best first; none for a title skills did not map. */
  get(title: string): TitleOccupation[] {
    return this.answers.get(title) ?? [];
  }

  private async fetch(titles: string[]): Promise<void> {
    const chunks: string[][] = [];
    for (let start = 0; start < titles.length; start += CHUNK) chunks.push(titles.slice(start, start + CHUNK));
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(PARALLEL_TITLES, chunks.length) }, async () => {
        while (next < chunks.length) {
          const chunk = chunks[next++]!;
          const response = await this.client.matchOccupations({ titles: chunk, limit: OCCUPATIONS_PER_TITLE });
          response.results.forEach((result, i) => {
            if (result.occupations.length > 0)
              this.answers.set(
                chunk[i]!,
                result.occupations.map(({ id, name, iscoGroup, score }) => ({ id, name, iscoGroup, score })),
              );
          });
        }
      }),
    );
  }
}

/** Adds the relations of `ids` to `relations`; returns the taxonomy version (asked even for no id). */
async function fetchRelations(
  client: AsyncClient<skills.SkillsServiceClient>,
  ids: string[],
  relations: Relations,
): Promise<string> {
  let taxonomyVersion = '';
  for (let start = 0; start < Math.max(ids.length, 1); start += CHUNK) {
    const response = await client.getRelatedSkills({ ids: ids.slice(start, start + CHUNK) });
    taxonomyVersion = response.taxonomyVersion;
    for (const skill of response.skills)
      relations.set(skill.id, {
        broader: skill.broaderIds,
        narrower: skill.narrowerIds,
        name: skill.name,
        related: skill.related.map((r) => ({
          id: r.id,
          inverse: r.inverse,
          kind: r.kind === skills.SkillRelationKind.SKILL_RELATION_KIND_ESSENTIAL ? 'essential' : 'optional',
        })),
      });
  }
  return taxonomyVersion;
}
