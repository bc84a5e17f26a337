import { cvContent, jobContent, keyOrderOf, type RecordSkill } from '@talent/records';
import type { SkillsPeer } from '../peers/skills-peer.js';
import type { StoredRecord } from '../tasks/task-repository.js';
import type { Kind } from '../tasks/kinds.js';

// Records were validated when stored: reading them only puts the keys back in order, without validating again.
const IN_SPEC_ORDER = { cv: keyOrderOf(cvContent), job: keyOrderOf(jobContent) } as const;

/** The stored content with every object's keys in the spec's order again (jsonb storage does not keep it). */
const inSpecOrder = (kind: Kind, stored: unknown): Content => (IN_SPEC_ORDER[kind](stored) ?? {}) as Content;

type Content = Record<string, unknown> & { hard_skills?: RecordSkill[]; soft_skills?: RecordSkill[] };

export interface RecordView {
  id: string;
  json: string;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A stored record as the spec's CV or Job record: id and timestamps around its content, skill names in the
 * requested language (`type` and `relationship` stay the static English values).
 */
export class RecordViews {
  constructor(private readonly skills: SkillsPeer) {}

  async render(rows: StoredRecord[], acceptLanguage: string): Promise<RecordView[]> {
    if (rows.length === 0) return [];
    const contents = rows.map((row) => inSpecOrder(row.kind, row.record));
    const ids = contents.flatMap((content) =>
      [...(content.hard_skills ?? []), ...(content.soft_skills ?? [])].map((skill) => skill.id),
    );
    const { found } = await this.skills.lookup(ids, await this.skills.negotiate(acceptLanguage));
    const relabel = (skills: RecordSkill[] | undefined) =>
      (skills ?? []).map((skill) => ({ ...skill, skill: found.get(skill.id)?.name ?? skill.skill }));
    return rows.map((row, index) => {
      const content = contents[index]!;
      const body = {
        id: row.id,
        ...content,
        hard_skills: relabel(content.hard_skills),
        soft_skills: relabel(content.soft_skills),
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
      };
      return { id: row.id, json: JSON.stringify(body), createdAt: row.createdAt, updatedAt: row.updatedAt };
    });
  }
}
