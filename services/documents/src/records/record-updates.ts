import { DomainError } from '@talent/platform';
import {
  CV_UPDATE_DIMENSIONS,
  cvUpdate,
  JOB_UPDATE_DIMENSIONS,
  jobUpdate,
  UPDATE_SCHEMA_NAMES,
  type CvFieldConfidence,
  type RecordSkill,
  type SkillUpdate,
} from '@talent/records';
import type { z } from 'zod';
import type { SkillsPeer } from '../peers/skills-peer.js';
import type { Kind } from '../tasks/kinds.js';

const SKILL_FIELDS = ['hard_skills', 'soft_skills'] as const;
const EXPECTED_TYPE = { hard_skills: 'hard-skill', soft_skills: 'soft-skill' } as const;

interface InvalidSkill {
  id: string;
  field: string;
  message: string;
}

/**
 * PUT of a CV or job (spec): the body is checked against the update schema (422 with every error), then for
 * meaning (400: no language, no dimension, skills the taxonomy does not know), then each dimension sent replaces
 * the stored one; objects (`information`, preferences) are merged field by field.
 */
export class RecordUpdates {
  constructor(private readonly skills: SkillsPeer) {}

  async apply(
    kind: Kind,
    current: Record<string, unknown>,
    patchJson: string,
    contentLanguage: string,
  ): Promise<Record<string, unknown>> {
    const patch = this.parse(kind, patchJson);
    const language = (typeof patch.content_language === 'string' ? patch.content_language : contentLanguage)
      .trim()
      .toLowerCase();
    const dimensions: readonly string[] = kind === 'cv' ? CV_UPDATE_DIMENSIONS : JOB_UPDATE_DIMENSIONS;
    if (!language) {
      throw new DomainError(
        'UPDATE_INVALID',
        'The language of the content is required: send content_language (ISO 639-1) or an Accept-Language header.',
      );
    }
    const available = await this.skills.availableLanguages();
    if (!available.includes(language)) {
      throw new DomainError(
        'UPDATE_INVALID',
        `content_language '${language}' is not an available language (${available.join(', ')}; see GET /skills/languages).`,
      );
    }
    const present = dimensions.filter((dimension) => (patch as Record<string, unknown>)[dimension] !== undefined);
    if (present.length === 0) {
      throw new DomainError('UPDATE_INVALID', `The body must carry at least one of: ${dimensions.join(', ')}.`);
    }

    const next: Record<string, unknown> = { ...current };
    for (const dimension of present) {
      const value = (patch as Record<string, unknown>)[dimension];
      if ((SKILL_FIELDS as readonly string[]).includes(dimension)) continue;
      next[dimension] = Array.isArray(value) ? value : { ...(current[dimension] as object), ...(value as object) };
    }
    dropEditedConfidence(kind, next, patch as Record<string, unknown>);
    const skillFields = SKILL_FIELDS.filter((field) => patch[field] !== undefined);
    if (skillFields.length > 0)
      Object.assign(
        next,
        await this.resolveSkills(
          skillFields.map((field) => [field, patch[field]!] as const),
          language,
        ),
      );
    return next;
  }

  private parse(kind: Kind, patchJson: string): z.output<typeof cvUpdate> & z.output<typeof jobUpdate> {
    let body: unknown;
    try {
      body = JSON.parse(patchJson);
    } catch {
      body = undefined;
    }
    const schema = kind === 'cv' ? cvUpdate : jobUpdate;
    const result = schema.safeParse(body);
    if (result.success) return result.data as never;
    throw new DomainError(
      'UPDATE_SCHEMA_MISMATCH',
      `The body does not match the ${UPDATE_SCHEMA_NAMES[kind]} schema.`,
      {
        schema: UPDATE_SCHEMA_NAMES[kind],
        errors: result.error.issues.map((issue) => ({
          type: issue.code === 'unrecognized_keys' ? 'extra_forbidden' : issue.code,
          loc: [
            'body',
            ...issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part)),
            ...('keys' in issue ? issue.keys : []),
          ],
          msg: issue.message,
        })),
      },
    );
  }

  /** Names come from the taxonomy in the content's language; unknown ids and wrong types are reported together. */
  private async resolveSkills(
    fields: (readonly [(typeof SKILL_FIELDS)[number], SkillUpdate[]])[],
    language: string,
  ): Promise<Record<string, RecordSkill[]>> {
    const ids = fields.flatMap(([, skills]) => skills.map((skill) => skill.id.toLowerCase()));
    const { found } = await this.skills.lookup(ids, language);
    const invalid: InvalidSkill[] = [];
    const resolved: Record<string, RecordSkill[]> = {};
    for (const [field, skills] of fields) {
      const seen = new Set<string>();
      resolved[field] = [];
      skills.forEach((update, index) => {
        const id = update.id.toLowerCase();
        const skill = found.get(id);
        const where = `${field}[${index}]`;
        if (!skill)
          return void invalid.push({
            id: update.id,
            field: where,
            message: 'Unknown skill id: not in the skills taxonomy.',
          });
        if (skill.type !== EXPECTED_TYPE[field]) {
          return void invalid.push({
            id: update.id,
            field: where,
            message: `This skill is a ${skill.type}; send it in ${skill.type === 'hard-skill' ? 'hard_skills' : 'soft_skills'}.`,
          });
        }
        if (update.type && update.type !== skill.type) {
          return void invalid.push({
            id: update.id,
            field: `${where}.type`,
            message: `type must be '${skill.type}' for this skill.`,
          });
        }
        if (seen.has(id)) return;
        seen.add(id);
        resolved[field]!.push({
          id,
          skill: skill.name,
          type: skill.type,
          relationship: update.relationship,
          explanation: update.explanation,
        });
      });
    }
    if (invalid.length > 0) {
      throw new DomainError(
        'UPDATE_INVALID',
        `${invalid.length} skill${invalid.length === 1 ? ' is' : 's are'} invalid.`,
        { invalid_skills: invalid },
      );
    }
    return resolved;
  }
}

/** The analyzer's confidence of a field no longer applies once a person has edited that field. */
function dropEditedConfidence(kind: Kind, record: Record<string, unknown>, patch: Record<string, unknown>): void {
  if (!record['field_confidence']) return;
  const kept = kind === 'cv' ? keptCvConfidence(record, patch) : keptJobConfidence(record, patch);
  if (kept) record['field_confidence'] = kept;
  else delete record['field_confidence'];
}

function keptJobConfidence(record: Record<string, unknown>, patch: Record<string, unknown>): object | undefined {
  const kept = { ...(record['field_confidence'] as Record<string, unknown>) };
  const information = (patch['information'] ?? {}) as Record<string, unknown>;
  if (information['title'] !== undefined) delete kept['title'];
  if (information['company'] !== undefined) delete kept['company'];
  if (information['locations'] !== undefined) delete kept['city'];
  return Object.keys(kept).length > 0 ? kept : undefined;
}

// A CV's information fields and the confidence entry each one feeds (the name's is first_name and last_name).
const CV_CONFIDENCE_OF: Readonly<Record<string, string>> = {
  first_name: 'name',
  last_name: 'name',
  email: 'email',
  phone: 'phone',
  address: 'city',
};

/**
 * A CV's: an edited information field loses its entry; an experience or education list sent anew (it replaces the
 * stored one whole) keeps no entry, one empty entry per new item so that indexes still match the record's.
 */
function keptCvConfidence(
  record: Record<string, unknown>,
  patch: Record<string, unknown>,
): CvFieldConfidence | undefined {
  const confidence = record['field_confidence'] as CvFieldConfidence;
  const information: Record<string, unknown> = { ...confidence.information };
  for (const [field, entry] of Object.entries(CV_CONFIDENCE_OF))
    if ((patch['information'] as Record<string, unknown> | undefined)?.[field] !== undefined) delete information[entry];
  const list = <K extends 'experience' | 'education'>(part: K): CvFieldConfidence[K] =>
    patch[part] === undefined ? confidence[part] : (record[part] as unknown[]).map(() => ({}));
  const kept = { information, experience: list('experience'), education: list('education') };
  const entries = [kept.information, ...kept.experience, ...kept.education].some((e) => Object.keys(e).length > 0);
  return entries ? kept : undefined;
}
