import type { RelationKind, SkillRelation } from './model.js';

/** One skill-skill relation seen from one of its ends. */
export interface RelatedSkillRef {
  id: string;
  kind: RelationKind;
  /** false: `id` is an essential/optional skill of this one (ESCO's direction); true: this one is `id`'s. */
  inverse: boolean;
}

const NONE: readonly RelatedSkillRef[] = Object.freeze([]);

/**
 * ESCO skill-skill relations in memory, from both ends ("operate relational database management system" has
 * MySQL as an optional skill; MySQL sees that relation inverse). ~6k relations with ESCO, none with the seed.
 * Relations to ids that are not taxonomy skills are dropped; each list is sorted by id.
 */
export class SkillRelationIndex {
  private readonly byId = new Map<string, RelatedSkillRef[]>();
  readonly relationCount: number;

  constructor(relations: readonly SkillRelation[], known: (id: string) => boolean) {
    let count = 0;
    const add = (id: string, ref: RelatedSkillRef) => {
      const list = this.byId.get(id);
      if (!list) this.byId.set(id, [ref]);
      else if (!list.some((r) => r.id === ref.id && r.inverse === ref.inverse)) list.push(ref);
    };
    for (const r of relations) {
      const from = r.skillId.toLowerCase();
      const to = r.relatedId.toLowerCase();
      if (from === to || !known(from) || !known(to)) continue;
      add(from, { id: to, kind: r.kind, inverse: false });
      add(to, { id: from, kind: r.kind, inverse: true });
      count++;
    }
    for (const list of this.byId.values()) list.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : Number(a.inverse) - Number(b.inverse)));
    this.relationCount = count;
  }

  /** The skills related to `id` (a lowercase taxonomy id), both directions. */
  related(id: string): readonly RelatedSkillRef[] {
    return this.byId.get(id) ?? NONE;
  }
}
