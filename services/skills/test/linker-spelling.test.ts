import { describe, expect, it } from 'vitest';
import { SkillLinker } from '../src/linking/skill-linker.js';
import { SkillIndex } from '../src/search/skill-index.js';
import type { TaxonomySkill } from '../src/taxonomy/model.js';

// General facts of how CVs write names (issue 10): one-word names split in two, names in capitals.
describe('skill linker: names as CVs spell them (in process)', () => {
  let n = 0;
  const skill = (en: string, alt: string[] = []): TaxonomySkill => ({
    id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
    type: 'hard-skill',
    source: 'seed',
    labels: [{ language: 'en', text: en, preferred: true }, ...alt.map((text) => ({ language: 'en', text, preferred: false }))],
    broader: [],
  });
  const taxonomy = [
    skill('Microsoft PowerPoint', ['PowerPoint']),
    skill('JavaScript'),
    skill('iPhone development', ['iPhone']),
    skill('Linux'),
    skill('Microsoft Windows', ['Windows']),
    skill('Teaching'),
    // Lowercase labels make "linux", "windows" and "teaching" ordinary words: their capitalised labels are matched
    // only as written (as ESCO's labels do for "Linux", "Windows", "Teaching").
    skill('install linux servers'),
    skill('install windows'),
    skill('teaching methods'),
  ];
  const linker = new SkillLinker(new SkillIndex(taxonomy));
  const names = (text: string) => linker.link(text, { language: 'en', context: 'cv' }).skills.map((s) => [s.matchedText, s.skill.name]);

  it('links a one-word name with capitals inside written as its parts', () => {
    expect(names('Prepared the board slides in Power Point and the order form in Java Script.')).toEqual([
      ['Power Point', 'Microsoft PowerPoint'],
      ['Java Script', 'JavaScript'],
    ]);
    // A single letter is no part of a name: "i Phone" is not "iPhone".
    expect(names('Then i Phone the client.')).toEqual([]);
  });

  it('links a capitalised name written in capitals in a list, not inside a heading in capitals', () => {
    expect(names('Ran the ordering system on WINDOWS, LINUX and Solaris for Harrow Freight.')).toEqual([
      ['WINDOWS', 'Microsoft Windows'],
      ['LINUX', 'Linux'],
    ]);
    expect(names('Dana Whitfield  STUDENT TEACHING  Maple Grove Middle School, autumn term.')).toEqual([]);
  });
});
