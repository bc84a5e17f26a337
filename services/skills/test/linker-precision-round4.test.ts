import { describe, expect, it } from 'vitest';
import { SkillLinker, type LinkContext } from '../src/linking/skill-linker.js';
import { SkillIndex } from '../src/search/skill-index.js';
import { skill } from './taxonomy-skills.js';

const namesOf =
  (linker: SkillLinker, language: string, context: LinkContext = 'cv') =>
  (text: string) =>
    linker.link(text, { language, context }).skills.map((s) => s.skill.name);

// Word senses a reader tells from the context (sentences of our own: fake people, firms and places).
describe('skill linker precision 4: the person who does an activity is a post', () => {
  const names = namesOf(
    new SkillLinker(new SkillIndex([skill('esco', 'en', 'software engineering'), skill('esco', 'en', 'mentoring')])),
    'en',
  );

  it('does not read "Software Engineer" as software engineering', () => {
    expect(names('Sr. Software Engineer, Norvale Systems, Pune, 2012-2016')).toEqual([]);
    expect(names('Worked with two Software Engineers from Brenford Labs on the billing rewrite.')).toEqual([]);
  });

  it('still links the activity', () => {
    expect(names('Applied software engineering practices to the billing system.')).toEqual(['software engineering']);
  });
});

describe("skill linker precision 4: IT qualifying the sector's assets or experience in it", () => {
  const names = namesOf(
    new SkillLinker(new SkillIndex([skill('esco', 'en', 'computer technology', 'IT', 'information technology')])),
    'en',
  );

  it('does not link IT before infrastructure, assets, experience or expertise', () => {
    expect(names('Rebuilt the IT infrastructure of three Brenford branch offices.')).toEqual([]);
    expect(names('Looking for a role where I can use four years of IT experience in retail.')).toEqual([]);
  });

  it('still links IT written as the field', () => {
    expect(names('Covered networking, IT and telephony for the Harlow depot.')).toEqual(['computer technology']);
  });
});

describe('skill linker precision 4: words with accents that labels write in lowercase', () => {
  const names = namesOf(
    new SkillLinker(new SkillIndex([skill('seed', 'it', 'Senso di responsabilità', 'Responsabilità')])),
    'it',
  );

  it('reads "responsabilità" in prose as the word, not the soft skill', () => {
    expect(names('Ho avuto la responsabilità del magazzino di Verona per tre anni.')).toEqual([]);
    expect(names('Responsabilità: gestione dei fornitori e degli ordini.')).toEqual([]);
  });

  it('still links the skill written out', () => {
    expect(names('Puntualità, senso di responsabilità e precisione.')).toEqual(['Senso di responsabilità']);
  });
});

describe('skill linker precision 4: the field of a degree without a preposition', () => {
  const linker = new SkillLinker(
    new SkillIndex([skill('seed', 'de', 'Betriebswirtschaft'), skill('seed', 'en', 'Economics')]),
  );
  const de = namesOf(linker, 'de');

  it('does not link the field named after the degree, or before the degree in parentheses', () => {
    expect(de('2010 - 2014 Bachelor of Arts Betriebswirtschaft, Hochschule Wendel')).toEqual([]);
    expect(de('2010 - 2014 Studium Betriebswirtschaft an der Universität Lindau')).toEqual([]);
    expect(de('2012 Betriebswirtschaft (B.A.), Hochschule Wendel')).toEqual([]);
    expect(namesOf(linker, 'en')('2009 - 2012 Economics (BSc), Larchfield College')).toEqual([]);
  });

  it('still links the field as a skill', () => {
    expect(de('Gute Kenntnisse in Betriebswirtschaft und Buchhaltung.')).toEqual(['Betriebswirtschaft']);
  });
});

describe('skill linker precision 4: a name that is a post or a word with its object', () => {
  const names = namesOf(
    new SkillLinker(
      new SkillIndex([
        skill('seed', 'en', 'Chef (tools for software configuration management)'),
        skill('seed', 'en', 'Microsoft Access', 'Access'),
        skill('seed', 'en', 'SQL Server'),
      ]),
    ),
    'en',
  );

  it('reads "Executive Chef" as the post and "Access to Work" as the words', () => {
    expect(names('2015 - 2019 Executive Chef, Harbour Grill, Leeds')).toEqual([]);
    expect(names('Worked as Sous Chef at the Linden Hotel for two seasons.')).toEqual([]);
    expect(names('Advised jobseekers on the Access to Work scheme.')).toEqual([]);
  });

  it('still links the products', () => {
    expect(names('Configured the build servers with Chef and Ansible.')).toEqual([
      'Chef (tools for software configuration management)',
    ]);
    expect(names('Migrated Access to SQL Server and rebuilt the reports.')).toEqual(['Microsoft Access', 'SQL Server']);
  });
});
