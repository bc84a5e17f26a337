import { describe, expect, it } from 'vitest';
import { SkillLinker } from '../src/linking/skill-linker.js';
import { SkillIndex } from '../src/search/skill-index.js';
import { skill } from './taxonomy-skills.js';

// Names of firms and places are no skills (issue 26): firms with a dotted legal form, words of a known place's name,
// a town before its region, a firm before a known town. Texts of our own: fake people and firms, real places.

const taxonomy = [
  skill('seed', 'en', 'Tamil'),
  skill('seed', 'en', 'Hindi'),
  skill('esco', 'en', 'logistics'),
  skill('esco', 'en', 'banking'),
  skill('seed', 'en', 'Cypress'),
  skill('seed', 'en', 'Selenium'),
  skill('seed', 'en', 'Product lifecycle management', 'PLM'),
  skill('seed', 'en', 'Oracle Database', 'Oracle'),
  skill('esco', 'en', 'Python (computer programming)', 'Python'),
];
const linker = new SkillLinker(new SkillIndex(taxonomy));
const names = (text: string, context: 'cv' | 'job' = 'cv') =>
  linker.link(text, { language: 'en', context }).skills.map((s) => s.skill.name).sort();

describe('firms with a dotted legal form', () => {
  it('reads the capitalised words before "B.V.", "S.A." or "S.r.l." as the firm’s name', () => {
    expect(names('Planner at Kesmar Logistics B.V. in Utrecht, 2015 to 2019.')).toEqual([]);
    expect(names('Analista presso Dorcoko Logistics S.r.l. a Torino.')).toEqual([]);
    expect(names('Buyer for Lusa Banking S.A. de C.V. in Monterrey.')).toEqual([]);
  });

  it('reads a vendor before a dotted legal form as the firm, not its product', () => {
    expect(names('Consultant with Oracle S.A. in Lisbon.')).toEqual([]);
  });

  it('still links the same words as skills', () => {
    expect(names('Planned logistics and banking reports in Python for Kesmar B.V.')).toEqual([
      'Python (computer programming)',
      'banking',
      'logistics',
    ]);
    expect(names('Tuned Oracle queries for the S.A. team.')).toEqual(['Oracle Database']);
  });
});

describe('words of a known place', () => {
  it('does not link a word of a longer place name, after "in" or elsewhere', () => {
    expect(names('Took part in symposiums held by colleges in Tamil Nadu.')).toEqual([]);
    expect(names('Volunteer teacher, Chennai, TAMIL NADU')).toEqual([]);
  });

  it('still links the language', () => {
    expect(names('Fluent in Tamil and Hindi.')).toEqual(['Hindi', 'Tamil']);
  });

  it('does not link a town before its region or country', () => {
    expect(names('Applications Engineer, Brintex Software, Cypress, California    2006 to 2008')).toEqual([]);
    expect(names('English teacher, Juno, Nebraska, 1998-2001')).toEqual([]);
  });

  it('does not link the end of a firm’s name before a known town that ends the cell', () => {
    expect(names('Employment History\nBrintex Telephone Banking, Melbourne  Position: Customer Service Advisor')).toEqual([]);
  });

  it('does not link a word inside a firm’s name before a known place', () => {
    expect(names('2006 to 2008    Brintex PLM Software (UGS), Cypress, California    Sr. Applications Engineer')).toEqual([]);
  });

  it('still links a list of skills', () => {
    expect(names('Skills: PLM, Python, Selenium')).toEqual(['Product lifecycle management', 'Python (computer programming)', 'Selenium']);
    expect(names('Tests in Cypress, Selenium and Python.')).toEqual(['Cypress', 'Python (computer programming)', 'Selenium']);
    expect(names('Skills: Selenium, Cypress, Python')).toEqual(['Cypress', 'Python (computer programming)', 'Selenium']);
  });
});
