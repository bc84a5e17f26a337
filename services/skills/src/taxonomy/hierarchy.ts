import type { TaxonomySkill } from './model.js';

const NONE: readonly string[] = Object.freeze([]);

interface Relations {
  broader: readonly string[];
  narrower: readonly string[];
}

/**
 * The broader/narrower hierarchy of the taxonomy (`skill_broader`), one level each way, in memory.
 * Only skills that take part in a relation get an entry, and every id string is the skill's own (interned), so
 * ESCO's ~15k skills cost a few MB at most. Relations to ids that are not taxonomy skills are dropped.
 */
export class SkillHierarchy {
  private readonly relations = new Map<string, Relations>();
  readonly relationCount: number;

  constructor(skills: readonly TaxonomySkill[]) {
    const canonical = new Map<string, string>();
    for (const skill of skills) canonical.set(skill.id.toLowerCase(), skill.id);
    const broader = new Map<string, Set<string>>();
    const narrower = new Map<string, Set<string>>();
    const add = (map: Map<string, Set<string>>, key: string, value: string) => {
      let set = map.get(key);
      if (!set) map.set(key, (set = new Set()));
      set.add(value);
    };
    let count = 0;
    for (const skill of skills) {
      const self = canonical.get(skill.id.toLowerCase())!;
      for (const raw of skill.broader) {
        const parent = canonical.get(raw.toLowerCase());
        if (parent === undefined || parent === self) continue;
        if (broader.get(self)?.has(parent)) continue;
        add(broader, self, parent);
        add(narrower, parent, self);
        count++;
      }
    }
    this.relationCount = count;
    const sorted = (set: Set<string> | undefined): readonly string[] => (set ? [...set].sort() : NONE);
    for (const id of new Set([...broader.keys(), ...narrower.keys()])) {
      this.relations.set(id, { broader: sorted(broader.get(id)), narrower: sorted(narrower.get(id)) });
    }
  }

  /** Direct broader skill ids of `id` (a lowercase taxonomy id), sorted. */
  broader(id: string): readonly string[] {
    return this.relations.get(id)?.broader ?? NONE;
  }

  /** Direct narrower skill ids of `id` (a lowercase taxonomy id), sorted. */
  narrower(id: string): readonly string[] {
    return this.relations.get(id)?.narrower ?? NONE;
  }
}
