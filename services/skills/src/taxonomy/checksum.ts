import { createHash } from 'node:crypto';
import type { Taxonomy } from './model.js';

/** sha256 of a taxonomy's content, independent of file order: equal checksums mean nothing to import. */
export function taxonomyChecksum(taxonomy: Taxonomy): string {
  const hash = createHash('sha256');
  hash.update(`${taxonomy.source}\n${taxonomy.version}\n`);
  for (const skill of [...taxonomy.skills].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    hash.update(JSON.stringify([skill.id, skill.type, skill.source, skill.sourceUri, skill.reuseLevel, skill.escoSkillType, skill.description]));
    hash.update(JSON.stringify(skill.labels.map((l) => [l.language, l.text, l.preferred])));
    hash.update(JSON.stringify([...skill.broader].sort()));
  }
  // Structure (ESCO only): already sorted by the importer; sorted again here so the checksum never depends on it.
  const relations = (taxonomy.relations ?? []).map((r) => `${r.skillId} ${r.relatedId} ${r.kind}`).sort();
  if (relations.length) hash.update(`relations\n${relations.join('\n')}`);
  for (const occupation of [...(taxonomy.occupations ?? [])].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    hash.update(JSON.stringify([occupation.id, occupation.iscoGroup, occupation.labels.map((l) => [l.language, l.text, l.preferred])]));
    hash.update(JSON.stringify(occupation.skills.map((s) => `${s.skillId} ${s.kind}`).sort()));
  }
  return hash.digest('hex');
}
