/** Linker results → record Skill objects (spec: Skill object), one per taxonomy id. */
import { recordSkill, type RecordSkill, type SkillRelationship } from '@talent/records';
import type { LinkedSkill } from './types.js';

const MAX_EVIDENCE = 240;

/** The `explanation` of a skill: the text it was found in, quoted. */
export function explanation(evidence: string): string {
  const quote = evidence.replace(/\s+/g, ' ').trim();
  if (!quote) return 'Mentioned in the document.';
  return `Mentioned in: "${quote.length > MAX_EVIDENCE ? `${quote.slice(0, MAX_EVIDENCE - 1)}…` : quote}"`;
}

const RANK: Record<SkillRelationship, number> = { required: 3, satisfies: 2, optional: 1 };

/**
 * One Skill object per taxonomy id: the strongest relationship seen wins (a skill required in one line and
 * preferred in another is required), then the most confident evidence. Items that would not pass the record
 * schema (e.g. a non-UUID id from a misbehaving linker) are dropped rather than failing the whole document.
 */
export function toRecordSkills(
  linked: readonly LinkedSkill[],
  relationshipOf: (skill: LinkedSkill) => SkillRelationship,
): { hard: RecordSkill[]; soft: RecordSkill[] } {
  const best = new Map<string, { skill: LinkedSkill; relationship: SkillRelationship }>();
  for (const skill of linked) {
    const relationship = relationshipOf(skill);
    const prev = best.get(skill.id);
    if (
      !prev ||
      RANK[relationship] > RANK[prev.relationship] ||
      (RANK[relationship] === RANK[prev.relationship] && skill.confidence > prev.skill.confidence)
    ) {
      best.set(skill.id, { skill, relationship });
    }
  }
  const hard: RecordSkill[] = [];
  const soft: RecordSkill[] = [];
  for (const { skill, relationship } of best.values()) {
    const item = {
      id: skill.id,
      skill: skill.name,
      type: skill.type,
      relationship,
      explanation: explanation(skill.evidence),
    };
    if (!recordSkill.safeParse(item).success) continue;
    (skill.type === 'soft-skill' ? soft : hard).push(item);
  }
  return { hard, soft };
}

/** The linker's language when it names one (ISO 639-1, "en-GB" → "en"), else ours. */
export function languageCode(fromLinker: string, detected: string): string {
  const m = /^([a-z]{2})(?:[-_]|$)/i.exec(fromLinker.trim());
  return m?.[1] ? m[1].toLowerCase() : detected;
}
