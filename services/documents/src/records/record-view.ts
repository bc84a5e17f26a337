import { cvContent, jobContent, keyOrderOf, recordSkill, type ReorderOverride } from '@talent/records';
import type { SkillsPeer } from '../peers/skills-peer.js';
import type { StoredRecord } from '../tasks/task-repository.js';

/** Skill names of one read; undefined keeps the stored name. */
interface Labels {
  label(id: unknown): string | undefined;
}

/** A skill with its name in the requested language; `type` and `relationship` stay the static English values. */
const relabelled: ReorderOverride<Labels> = (value, labels, reorder) => {
  const skill = reorder(value, labels);
  if (skill === null || typeof skill !== 'object' || !labels) return skill;
  // A copy of the stored skill, in spec order: its name changes in place.
  const named = skill as { id?: unknown; skill?: unknown };
  named.skill = labels.label(named.id) ?? named.skill;
  return named;
};

// Records were validated when stored: reading them only puts the keys back in the spec's order (jsonb storage does
// not keep it) and relabels the skills, in one walk, without validating again.
const overrides = new Map([[recordSkill, relabelled]]);
const IN_SPEC_ORDER = { cv: keyOrderOf(cvContent, overrides), job: keyOrderOf(jobContent, overrides) } as const;

type Content = Record<string, unknown> & { hard_skills?: unknown[] | null; soft_skills?: unknown[] | null };

const skillIds = (record: unknown) => {
  const content = (record ?? {}) as { hard_skills?: { id: string }[] | null; soft_skills?: { id: string }[] | null };
  return [...(content.hard_skills ?? []), ...(content.soft_skills ?? [])].map((skill) => skill.id);
};

function view(row: StoredRecord, labels: Labels): RecordView {
  const content = (IN_SPEC_ORDER[row.kind](row.record, labels) ?? {}) as Content;
  const body = {
    id: row.id,
    ...content,
    // The spec's record always has both skill lists (empty when none).
    hard_skills: content.hard_skills ?? [],
    soft_skills: content.soft_skills ?? [],
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
  return { id: row.id, json: JSON.stringify(body), createdAt: row.createdAt, updatedAt: row.updatedAt };
}

/** Labels `SkillsPeer` holds now; notes any it would have to ask for. */
class CachedLabels implements Labels {
  missed = false;
  private readonly now = Date.now();

  constructor(
    private readonly skills: SkillsPeer,
    private readonly language: string,
  ) {}

  label(id: unknown): string | undefined {
    const skill = typeof id === 'string' ? this.skills.cachedLabel(id, this.language, this.now) : undefined;
    if (!skill) this.missed = true;
    return skill?.name;
  }
}

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

  /**
   * Without waiting when the language list and every label are cached (the usual read: labels are kept 60 s), else
   * after asking the skills service.
   */
  render(rows: StoredRecord[], acceptLanguage: string): RecordView[] | Promise<RecordView[]> {
    if (rows.length === 0) return [];
    const language = this.skills.negotiateNow(acceptLanguage);
    if (language !== undefined) {
      const labels = new CachedLabels(this.skills, language);
      const views: RecordView[] = [];
      for (const row of rows) {
        views.push(view(row, labels));
        if (labels.missed) return this.renderAsked(rows, acceptLanguage);
      }
      return views;
    }
    return this.renderAsked(rows, acceptLanguage);
  }

  private async renderAsked(rows: StoredRecord[], acceptLanguage: string): Promise<RecordView[]> {
    const ids = rows.flatMap((row) => skillIds(row.record));
    const { found } = await this.skills.lookup(ids, await this.skills.negotiate(acceptLanguage));
    const labels: Labels = { label: (id) => found.get(id as string)?.name };
    return rows.map((row) => view(row, labels));
  }
}
