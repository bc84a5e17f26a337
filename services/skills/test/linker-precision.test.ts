import { describe, expect, it } from 'vitest';
import { listFragment } from '../src/linking/phrase-dictionary.js';
import { SkillLinker } from '../src/linking/skill-linker.js';
import { SkillIndex } from '../src/search/skill-index.js';
import type { SkillLabel, TaxonomySkill } from '../src/taxonomy/model.js';

let next = 0;
/** A skill as ESCO's export writes it: a preferred label and alternatives, in one language. */
const escoSkill = (language: string, preferred: string, ...alternatives: string[]): TaxonomySkill => ({
  id: `00000000-0000-4000-8000-${String(++next).padStart(12, '0')}`,
  type: 'hard-skill',
  source: 'esco',
  labels: [
    { language, text: preferred, preferred: true },
    ...alternatives.map((text): SkillLabel => ({ language, text, preferred: false })),
  ],
  broader: [],
});

// Misfires a user would notice in the linked skills of a CV (sentences of our own: fake people and firms).
describe('skill linker precision: pieces of labels', () => {
  // ESCO's export cuts some alternative labels at a line break inside them: "… airport facilities" / "and procedures"
  // / "equipment" are three alternatives of "compile airport certification manuals".
  const linker = new SkillLinker(
    new SkillIndex([
      escoSkill(
        'en',
        'compile airport certification manuals',
        'assemble information on airport facilities',
        'and procedures',
        'equipment',
        'or tactile clocks.',
      ),
      escoSkill('en', 'company policies', 'policies and procedures'),
      escoSkill(
        'de',
        'Hygiene (Mikrobiologie, Virologie) und Infektionsepidemiologie',
        'mikrobiologie, virologie) und infektionsepidemiologie',
      ),
    ]),
  );
  const names = (text: string, language = 'en') =>
    linker.link(text, { language, context: 'cv' }).skills.map((s) => s.skill.name);

  it('does not link a label that opens with a conjunction', () => {
    expect(names('Reviewed our accreditation standards and procedures for the Halvorsen Academy board.')).toEqual([]);
    expect(names('Fitted talking or tactile clocks. in the residents’ rooms at Elmwood Care Home.')).toEqual([]);
    expect(names('Kept policies and procedures up to date for Brightwater Housing, 2019 to 2022.')).toEqual([
      'company policies',
    ]);
  });

  it('links the skill by its whole labels', () => {
    expect(names('At Norvik Airport I had to assemble information on airport facilities for the regulator.')).toEqual([
      'compile airport certification manuals',
    ]);
  });

  it('reads no label whose parentheses do not pair', () => {
    expect(
      names('Studium der Mikrobiologie, Virologie) und Infektionsepidemiologie an der Universität Kassel.', 'de'),
    ).toEqual([]);
  });

  it('tells pieces from whole labels in every language', () => {
    expect(
      [
        'and procedures',
        'or tactile clocks.',
        'equipment and',
        'mikrobiologie, virologie) und infektionsepidemiologie',
      ].map((t) => listFragment(t, 'en')),
    ).toEqual([true, true, true, true]);
    expect(listFragment('und Verfahren', 'de')).toBe(true);
    expect(listFragment('et procédures', 'fr')).toBe(true);
    expect(listFragment('e procedure', 'it')).toBe(true);
    // A first word that only starts with a conjunction's letters, a conjunction inside, paired parentheses.
    expect(
      ['e-commerce', 'research and development', 'Python (computer programming)', 'Ordnung und Sauberkeit'].map((t) =>
        listFragment(t, t.startsWith('O') ? 'de' : 'pt'),
      ),
    ).toEqual([false, false, false, false]);
  });
});
