import { describe, expect, it } from 'vitest';
import { SkillLinker, type LinkContext } from '../src/linking/skill-linker.js';
import { SkillIndex } from '../src/search/skill-index.js';
import { skill } from './taxonomy-skills.js';

const namesOf =
  (linker: SkillLinker, language: string, context: LinkContext = 'cv') =>
  (text: string) =>
    linker.link(text, { language, context }).skills.map((s) => s.skill.name);

// Issue 26: words of unseen job ads and CVs (sentences of our own: fake firms and places).
describe('skill linker precision 5: the bare name of a skill the taxonomy qualifies', () => {
  // As ESCO writes it: the qualified name, and the bare name as an alternative label.
  const linker = new SkillLinker(
    new SkillIndex([
      skill('esco', 'en', 'Chef (tools for software configuration management)', 'Chef'),
      skill('esco', 'en', 'Ansible'),
    ]),
  );

  it('reads a lone lowercase "chefs" as cooks, in a job ad and in a CV', () => {
    expect(namesOf(linker, 'en', 'job')('We are hiring junior chefs for our new kitchen in Harlow.')).toEqual([]);
    expect(namesOf(linker, 'en', 'cv')('Trained two junior chefs and ran the pastry section.')).toEqual([]);
  });

  it('still links the tool written as its name, or in lowercase among other tools', () => {
    expect(namesOf(linker, 'en', 'cv')('Configured the build servers with Chef.')).toEqual([
      'Chef (tools for software configuration management)',
    ]);
    expect(namesOf(linker, 'en', 'cv')('Provisioned the servers with chef and ansible.')).toEqual([
      'Chef (tools for software configuration management)',
      'Ansible',
    ]);
  });
});

describe("skill linker precision 5: a firm's trade", () => {
  const names = namesOf(
    new SkillLinker(new SkillIndex([skill('esco', 'en', 'logistics'), skill('esco', 'en', 'marketing')])),
    'en',
    'job',
  );

  it('does not link the word before a noun for a firm or its sector', () => {
    expect(names('About us: we are a logistics company moving goods across Europe.')).toEqual([]);
    expect(names('Brenford is a leading marketing agency with offices in Leeds.')).toEqual([]);
    expect(names('Ten years in the logistics industry are a plus.')).toEqual([]);
  });

  it('still links the activity', () => {
    expect(names('You will plan logistics for three warehouses and support marketing campaigns.')).toEqual([
      'logistics',
      'marketing',
    ]);
  });
});
