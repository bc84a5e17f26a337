import type { SkillView } from '../search/skill-index.js';
import type { Features } from './link-features.js';
import type { LinkContext, LinkedSkill, Match } from './linker-types.js';
import { requirementCue, type Cue } from './requirement-cues.js';
import type { Segment } from './sentences.js';

/** The acceptance of a link: its confidence, and whether it is linked at all. */
export type Acceptance = (mention: Match, mentions: number) => { confidence: number; accepted: boolean; features?: Features };

/**
 * The rules' own confidence (no model): the best mention's, raised by repeated mentions; every link accepted.
 */
export const ruleAcceptance: Acceptance = (mention, mentions) => ({
  confidence: Math.min(0.99, mention.confidence + 0.02 * (mentions - 1)),
  accepted: true,
});

/**
 * Selection: the phrase matches that passed the thresholds become the skills a record carries, one per skill (its
 * first mention, the mention count and, for a job, whether it is required or optional), with the confidence the
 * acceptance gives its most confident mention (by the rules' confidence, the first of equals); a link the
 * acceptance rejects is left out.
 */
export function linkedSkills(
  text: string,
  matches: Match[],
  context: LinkContext,
  view: (skill: number) => SkillView,
  acceptance: Acceptance = ruleAcceptance,
): LinkedSkill[] {
  matches.sort((a, b) => a.start - b.start);

  // One entry per skill: first mention, most confident mention, mention count.
  const bySkill = new Map<number, { first: Match; best: Match; mentions: number; optional: boolean }>();
  for (const match of matches) {
    const entry = bySkill.get(match.phrase.skill);
    if (!entry)
      bySkill.set(match.phrase.skill, {
        first: match,
        best: match,
        mentions: 1,
        optional: match.hint === 'optional',
      });
    else {
      entry.mentions++;
      if (match.confidence > entry.best.confidence) entry.best = match;
      // Required anywhere makes it required.
      entry.optional &&= match.hint === 'optional';
    }
  }
  const skills: LinkedSkill[] = [];
  for (const [skillIndex, { first, best, mentions, optional }] of bySkill) {
    const { confidence, accepted, features } = acceptance(best, mentions);
    if (!accepted) continue;
    skills.push({
      skill: view(skillIndex),
      start: first.start,
      end: first.end,
      matchedText: text.slice(first.start, first.end),
      evidence: first.segment.text,
      confidence: round(confidence),
      ...(context === 'job' ? { hint: optional ? ('optional' as const) : ('required' as const) } : {}),
      mentions,
      ...(features ? { features } : {}),
    });
  }
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
