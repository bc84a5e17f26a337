import type { AsyncClient } from '@talent/platform';
import type { skills } from '@talent/proto';
import type { SkillGraph } from '../scoring/index.js';

const CHUNK = 1000;

/** The taxonomy neighbourhood of the skills of one match, fetched once from the skills service. */
export async function loadSkillGraph(
  client: AsyncClient<skills.SkillsServiceClient>,
  ids: string[],
): Promise<{ graph: SkillGraph; taxonomyVersion: string }> {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))].sort();
  const relations = new Map<string, { broader: string[]; narrower: string[]; name: string }>();
  let taxonomyVersion = '';
  for (let start = 0; start < Math.max(unique.length, 1); start += CHUNK) {
    const response = await client.getRelatedSkills({ ids: unique.slice(start, start + CHUNK) });
    taxonomyVersion = response.taxonomyVersion;
    for (const skill of response.skills)
      relations.set(skill.id, { broader: skill.broaderIds, narrower: skill.narrowerIds, name: skill.name });
  }
  return {
    taxonomyVersion,
    graph: {
      broader: (id) => relations.get(id)?.broader ?? [],
      narrower: (id) => relations.get(id)?.narrower ?? [],
      name: (id) => relations.get(id)?.name,
    },
  };
}
