import type { AsyncClient } from '@talent/platform';
import type { skills } from '@talent/proto';
import type { SkillGraph } from '../scoring/index.js';

const CHUNK = 1000;

type Relations = Map<string, { broader: string[]; narrower: string[]; name: string }>;

/**
 * The taxonomy neighbourhood of a job's skills, fetched once per match from the skills service: the job's skills,
 * then their broader and narrower skills — what the scorer asks while it prepares the job (grandchildren through
 * the children, siblings and names through the parents). CV skills are only compared by id with that
 * neighbourhood, so they are not fetched: a CV's scores do not depend on the other CVs of the request.
 */
export async function loadSkillGraph(
  client: AsyncClient<skills.SkillsServiceClient>,
  jobSkillIds: string[],
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
    },
  };
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
      relations.set(skill.id, { broader: skill.broaderIds, narrower: skill.narrowerIds, name: skill.name });
  }
  return taxonomyVersion;
}
