import { describe, expect, it } from 'vitest';
import { SkillLinker } from '../src/linking/skill-linker.js';
import { SkillIndex } from '../src/search/skill-index.js';
import { skill } from './taxonomy-skills.js';

const namesOf = (linker: SkillLinker) => (text: string) =>
  linker.link(text, { language: 'en', context: 'cv' }).skills.map((s) => s.skill.name);

// Skill mentions the linker found no candidate for (sentences of our own: fake people, firms and places).
describe('skill linker recall: a one-word label does not make a name an ordinary word', () => {
  const names = namesOf(
    new SkillLinker(
      new SkillIndex([
        skill('esco', 'en', 'MATLAB'),
        skill('esco', 'en', 'computer vision', 'matlab'),
        skill('esco', 'en', 'Java (computer programming)', 'Java'),
      ]),
    ),
  );

  it('links a name the taxonomy also lists in lowercase as an alternative of another skill', () => {
    expect(names('Programming • Java, Matlab')).toEqual(['Java (computer programming)', 'MATLAB']);
  });
});

describe('skill linker recall: no label reads across a comma it does not write', () => {
  const names = namesOf(
    new SkillLinker(
      new SkillIndex([skill('esco', 'en', 'SQL', 'SQL query'), skill('esco', 'en', 'query optimisation', 'query optimization')]),
    ),
  );

  it('links the next item of the list', () => {
    expect(names('Strong experience on SQL, Query Optimization and Performance Tuning.')).toEqual([
      'SQL',
      'query optimisation',
    ]);
  });

  it('still links the label written without a comma', () => {
    expect(names('Wrote every SQL query of the Norvale billing reports.')).toEqual(['SQL']);
  });
});
