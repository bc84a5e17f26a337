import { describe, expect, it } from 'vitest';
import { SkillLinker, type LinkContext } from '../src/linking/skill-linker.js';
import { SkillIndex } from '../src/search/skill-index.js';
import { skill } from './taxonomy-skills.js';

const namesOf =
  (linker: SkillLinker, language: string, context: LinkContext = 'cv') =>
  (text: string) =>
    linker.link(text, { language, context }).skills.map((s) => s.skill.name);

// Issue 26, sixth round: names of firms, programmes and bodies read as skills (sentences of our own: fake people,
// firms and places).
describe('skill linker names 6: an acronym the text defines as another name', () => {
  const names = namesOf(
    new SkillLinker(
      new SkillIndex([
        skill('esco', 'en', 'Scrum Master certification', 'PSM', 'CSM'),
        skill('esco', 'en', 'Active Server Pages', 'ASP'),
        skill('esco', 'en', 'CSS', 'Cascading Style Sheets'),
        skill('esco', 'en', 'Python'),
      ]),
    ),
    'en',
  );

  it('does not link an acronym defined as the name of a programme or a firm, there or later in the text', () => {
    expect(names('Coordinator of the Graduate Programme in Public Sector Management (PSM), Harlow University.')).toEqual([]);
    expect(names('Volunteer, Appalachian Service Project (ASP), 2009-2011.\nLed ASP summer teams in Python scripting.')).toEqual(['Python']);
  });

  it('links the acronym when the text defines it as the skill', () => {
    expect(names('Certified Scrum Master (CSM), 2018.')).toEqual(['Scrum Master certification']);
    expect(names('Skilled in Cascading Style Sheets (CSS) design.')).toEqual(['CSS']);
    expect(names('Holds the PSM and ASP.NET training certificates.')).toContain('Scrum Master certification');
  });
});

describe('skill linker names 6: the employer under a headline post that ends its line with a dash', () => {
  const names = namesOf(new SkillLinker(new SkillIndex([skill('esco', 'en', 'geographic information systems', 'GPS', 'GIS')])), 'en');

  it('does not link the firm named on the line after "Post -"', () => {
    expect(names('Mira Tennant\nPartner Readiness Project Manager (EMEA) -\nNorvale GPS\n\nHarlow, Essex')).toEqual([]);
  });

  it('still links the skill in a list line after a heading that is no post', () => {
    expect(names('Skills -\nArcView GIS\n')).toEqual(['geographic information systems']);
  });
});
