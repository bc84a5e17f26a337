import type { SkillView } from '../search/skill-index.js';
import type { LinkContext, LinkedSkill, Match } from './linker-types.js';
import { requirementCue, type Cue } from './requirement-cues.js';
import type { Segment } from './sentences.js';

/**
 * Selection: the phrase matches that passed the thresholds become the skills a record carries, one per skill (its
 * first mention, its best confidence raised by repeated mentions, the mention count) and, for a job, whether it is
 * required or optional.
 */
export function linkedSkills(
  text: string,
  matches: Match[],
  context: LinkContext,
  view: (skill: number) => SkillView,
): LinkedSkill[] {
  matches.sort((a, b) => a.start - b.start);

  // One entry per skill: first mention, best confidence, mention count.
  const bySkill = new Map<number, { first: Match; confidence: number; mentions: number; optional: boolean }>();
  for (const match of matches) {
    const entry = bySkill.get(match.phrase.skill);
    if (!entry)
      bySkill.set(match.phrase.skill, {
        first: match,
        confidence: match.confidence,
        mentions: 1,
        optional: match.hint === 'optional',
      });
    else {
      entry.mentions++;
      entry.confidence = Math.max(entry.confidence, match.confidence);
      // Required anywhere makes it required.
      entry.optional &&= match.hint === 'optional';
    }
  }
  const skills = [...bySkill.entries()].map(([skillIndex, { first, confidence, mentions, optional }]) => ({
    skill: view(skillIndex),
    start: first.start,
    end: first.end,
    matchedText: text.slice(first.start, first.end),
    evidence: first.segment.text,
    // Repeated mentions make a link more certain.
    confidence: round(Math.min(0.99, confidence + 0.02 * (mentions - 1))),
    ...(context === 'job' ? { hint: optional ? ('optional' as const) : ('required' as const) } : {}),
    mentions,
  }));
  return skills;
}

/** Optional when the clause or sentence says so ("a plus"), else what the section heading said, else required. */
export function hintFor(text: string, segment: Segment, match: Match, section: Cue): 'required' | 'optional' {
  const before = text.slice(segment.start, match.start);
  const after = text.slice(match.end, segment.end);
  const clauseStart = Math.max(before.lastIndexOf(','), before.lastIndexOf('('), before.lastIndexOf(':')) + 1;
  const clauseEndMatch = /[,;)]/.exec(after);
  const clause =
    before.slice(clauseStart) +
    text.slice(match.start, match.end) +
    after.slice(0, clauseEndMatch ? clauseEndMatch.index : after.length);
  const cue = requirementCue(clause) ?? requirementCue(segment.text) ?? section;
  return cue === 'optional' ? 'optional' : 'required';
}

const round = (value: number) => Math.round(value * 100) / 100;
