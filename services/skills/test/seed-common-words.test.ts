import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { shippedSeedDir } from '../src/env.js';
import { readSeedTaxonomy } from '../src/importers/seed.js';
import { commonWords } from '../src/linking/ordinary-words.js';
import { SkillLinker } from '../src/linking/skill-linker.js';
import { SkillIndex } from '../src/search/skill-index.js';

describe('common words of a language', () => {
  it('holds everyday English words, not tool names', () => {
    const english = commonWords('en');
    for (const word of ['windows', 'word', 'teams', 'outlook', 'project']) expect(english.has(word)).toBe(true);
    for (const word of ['linux', 'sql', 'mysql', 'java', 'kubernetes']) expect(english.has(word)).toBe(false);
    expect(commonWords('de').size).toBe(0);
  });
});

// The chart's default and `npm start` without ESCO link with the shipped seed alone, whose labels write few words
// in lowercase: the language's common words must still keep a product's short name from matching the word.
describe.skipIf(!existsSync(shippedSeedDir))('the shipped seed alone', () => {
  const linker = new SkillLinker(new SkillIndex(readSeedTaxonomy(shippedSeedDir).skills));
  const names = (text: string) => linker.link(text, { language: 'en', context: 'cv' }).skills.map((s) => [s.matchedText, s.skill.name]);

  it('does not link everyday words in prose to products named by them', () => {
    expect(names('At Marlow Lettings I washed the windows, had a word with the team and kept a cheerful outlook.')).toEqual([]);
    expect(names('I led a team of six fitters at Pellham & Sons.')).toEqual([]);
  });

  it('still links the products capitalised in a list', () => {
    expect(names('Office tools: Windows, Word, Outlook and Teams.')).toEqual([
      ['Windows', 'Microsoft Windows'],
      ['Word', 'Microsoft Word'],
      ['Outlook', 'Microsoft Outlook'],
      ['Teams', 'Microsoft Teams'],
    ]);
  });

  it('still links tool names written in lowercase in a list', () => {
    expect(names('skills: java, sql, linux, python, mysql').map(([, name]) => name)).toEqual(['Java', 'SQL', 'Linux', 'Python', 'MySQL']);
  });
});
