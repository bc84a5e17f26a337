import type { SkillLabel, TaxonomySkill } from '../src/taxonomy/model.js';

let next = 0;

/** A skill with a preferred label and alternatives, in one language, from ESCO or the seed (a fresh id each call). */
export const skill = (
  source: 'esco' | 'seed',
  language: string,
  preferred: string,
  ...alternatives: string[]
): TaxonomySkill => ({
  id: `00000000-0000-4000-9000-${String(++next).padStart(12, '0')}`,
  type: 'hard-skill',
  source,
  labels: [
    { language, text: preferred, preferred: true },
    ...alternatives.map((text): SkillLabel => ({ language, text, preferred: false })),
  ],
  broader: [],
});
