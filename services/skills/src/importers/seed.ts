import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UUID_PATTERN } from '@talent/platform';
import { z } from 'zod';
import { LANGUAGE_CODE, type Taxonomy, type TaxonomySkill } from '../taxonomy/model.js';
import { ImportError } from './import-error.js';
import { LabelMerger } from './label-merger.js';

const seedSkill = z.object({
  id: z.string().regex(UUID_PATTERN, 'must be a UUID'),
  type: z.enum(['hard-skill', 'soft-skill']),
  labels: z.record(
    z.string().regex(LANGUAGE_CODE, 'language keys must be ISO 639-1 codes'),
    z.object({ preferred: z.string().trim().min(1), alt: z.array(z.string()).default([]) }),
  ),
  description: z.string().optional().nullable(),
  broader: z.union([z.string().regex(UUID_PATTERN), z.array(z.string().regex(UUID_PATTERN))]).optional().nullable(),
});

/** The seed taxonomy shipped in services/skills/seed/skills/<domain>.json (format: seed/README.md). */
export function readSeedTaxonomy(dir: string): Taxonomy {
  if (!existsSync(dir)) throw new ImportError(dir, undefined, 'seed directory not found');
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
  if (files.length === 0) throw new ImportError(dir, undefined, 'no seed files (*.json)');
  const skills = new Map<string, TaxonomySkill>();
  for (const name of files) {
    const path = join(dir, name);
    let entries: unknown;
    try {
      entries = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      throw new ImportError(path, undefined, `not JSON: ${(error as Error).message}`);
    }
    if (!Array.isArray(entries)) throw new ImportError(path, undefined, 'expected an array of skills');
    entries.forEach((entry, index) => {
      const parsed = seedSkill.safeParse(entry);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new ImportError(path, undefined, `entry ${index}: ${issue.path.join('.')}: ${issue.message}`);
      }
      const { id, type, labels, description, broader } = parsed.data;
      if (!labels.en) throw new ImportError(path, undefined, `entry ${index} (${id}): no English label`);
      if (skills.has(id)) throw new ImportError(path, undefined, `entry ${index}: duplicate id ${id}`);
      skills.set(id.toLowerCase(), {
        id: id.toLowerCase(),
        type,
        source: 'seed',
        ...(description ? { description } : {}),
        labels: seedLabels(labels),
        broader: broader ? (Array.isArray(broader) ? broader : [broader]).map((b) => b.toLowerCase()) : [],
      });
    });
  }
  // Relations to skills that are not in the seed are dropped rather than failing the whole seed.
  for (const skill of skills.values()) skill.broader = skill.broader.filter((id) => skills.has(id) && id !== skill.id);
  return { source: 'seed', version: `seed (${skills.size} skills)`, skills: [...skills.values()] };
}

export function seedLabels(labels: Record<string, { preferred: string; alt: string[] }>) {
  const merger = new LabelMerger();
  for (const [language, { preferred, alt }] of Object.entries(labels)) {
    merger.add(language, preferred, true);
    for (const text of alt) merger.add(language, text, false);
  }
  return merger.labels();
}

/**
 * ESCO enriched with the seed: a seed skill that carries an ESCO UUID adds its labels (abbreviations such as
 * "JS", "k8s"; es/it/pt names ESCO files may lack) to the ESCO skill; the others join as seed skills.
 */
export function overlaySeed(esco: Taxonomy, seed: Taxonomy): Taxonomy {
  const byId = new Map(esco.skills.map((skill) => [skill.id, skill]));
  const added: TaxonomySkill[] = [];
  for (const seedSkill of seed.skills) {
    const target = byId.get(seedSkill.id);
    if (!target) {
      added.push(seedSkill);
      continue;
    }
    const merger = new LabelMerger();
    for (const label of target.labels) merger.add(label.language, label.text, label.preferred);
    for (const label of seedSkill.labels) merger.add(label.language, label.text, label.preferred);
    target.labels = merger.labels();
  }
  const all = [...esco.skills, ...added];
  const ids = new Set(all.map((skill) => skill.id));
  for (const skill of added) skill.broader = skill.broader.filter((id) => ids.has(id));
  return { ...esco, version: `${esco.version} + ${seed.version}`, skills: all };
}
