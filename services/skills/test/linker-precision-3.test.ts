import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { shippedSeedDir } from '../src/env.js';
import { readSeedTaxonomy } from '../src/importers/seed.js';
import { SkillLinker, type LinkContext } from '../src/linking/skill-linker.js';
import { SkillIndex } from '../src/search/skill-index.js';
import { skill } from './taxonomy-skills.js';

const namesOf =
  (linker: SkillLinker, language: string, context: LinkContext = 'cv') =>
  (text: string) =>
    linker.link(text, { language, context }).skills.map((s) => s.skill.name);

// Misreadings a user would notice in the linked skills of a CV (sentences of our own: fake people and firms).
describe('skill linker precision 3: IT naming a sector, a firm or a post', () => {
  const names = namesOf(
    new SkillLinker(new SkillIndex([skill('esco', 'en', 'computer technology', 'IT', 'information technology')])),
    'en',
  );

  it('does not link IT before the industry, a firm, a department or a post', () => {
    expect(names('Eight years in the IT industry as a support engineer at Norvale Systems.')).toEqual([]);
    expect(names('Joined a leading IT firm in Pune as an IT consultant for retail clients.')).toEqual([]);
    expect(names('Cut IT operations expenses by 15% while moving the office to Brenford.')).toEqual([]);
  });

  it('still links IT written as the field', () => {
    expect(names('Supported networking, IT and telephony for three branch offices.')).toEqual(['computer technology']);
  });
});

describe('skill linker precision 3: the field of a degree or a school in a CV', () => {
  const linker = new SkillLinker(
    new SkillIndex([skill('esco', 'en', 'computer science'), skill('esco', 'en', 'economics')]),
  );
  const cv = namesOf(linker, 'en');
  const job = namesOf(linker, 'en', 'job');

  it('does not link the subject of a degree, a major or a school as a skill', () => {
    expect(cv('Bachelor of Science in Computer Science, Redmere University, 2012')).toEqual([]);
    expect(cv("Master's degree in Economics (2015), Larchfield College")).toEqual([]);
    expect(cv("Completed a Master's degree in Economics at Larchfield College in 2015.")).toEqual([]);
    expect(cv('Redmere University, Dallas, Texas Masters in Economics, 2016')).toEqual([]);
    expect(cv('Lecturer, School of Computer Science, Harwick University')).toEqual([]);
    expect(cv('Doctoral researcher. PhD student (Computer Science), thesis on graph colouring')).toEqual([]);
    expect(cv('B.Sc. Computer Science, Fennmoor Institute')).toEqual([]);
  });

  it('still links the field written as a skill, and in a job ad', () => {
    expect(cv('Taught computer science and economics to first-year students.')).toEqual([
      'computer science',
      'economics',
    ]);
    expect(job('A degree in Computer Science or a related field is required.')).toEqual(['computer science']);
    expect(cv('Scrum Master: Computer Science teaching tools for the Hollin Academy.')).toEqual(['computer science']);
  });
});

describe('skill linker precision 3: initials of authors in a reference list', () => {
  const names = namesOf(new SkillLinker(new SkillIndex([skill('esco', 'en', 'radiotherapy', 'RT')])), 'en');

  it('does not read initials after a surname as an acronym', () => {
    expect(names('Brandt KL, Osei RT, Marlow JP, Outcomes of a community screening programme, 2011')).toEqual([]);
  });

  it('still links the acronym in prose', () => {
    expect(names('Planned RT sessions for oncology patients with the consultant.')).toEqual(['radiotherapy']);
  });
});

describe('skill linker precision 3: a field written as an adjective after its noun (fr, es, it, pt)', () => {
  const linker = new SkillLinker(
    new SkillIndex([skill('esco', 'fr', 'physique'), skill('seed', 'es', 'Física'), skill('seed', 'it', 'Fisica')]),
  );

  it('reads "activité physique", "actividad física", "attività fisica" as the adjective', () => {
    expect(
      namesOf(
        linker,
        'fr',
      )('Pratique régulière du sport : activité physique et randonnée. Présence physique sur le chantier.'),
    ).toEqual([]);
    expect(namesOf(linker, 'es')('Monitora de actividad física para mayores en el centro cívico.')).toEqual([]);
    expect(namesOf(linker, 'it')('Istruttrice di attività fisica adattata presso la palestra comunale.')).toEqual([]);
  });

  it('still links the field as a noun', () => {
    expect(namesOf(linker, 'fr')('Professeure de physique et de chimie au lycée Jean Moulin.')).toEqual(['physique']);
    expect(namesOf(linker, 'es')('Clases particulares de física y matemáticas.')).toEqual(['Física']);
  });
});

describe('skill linker precision 3: words with a meaning of their own in software', () => {
  const names = namesOf(
    new SkillLinker(new SkillIndex([skill('esco', 'en', 'logging'), skill('esco', 'en', 'migration')])),
    'en',
  );

  it('does not read software logs as tree felling nor moving data as migration of people', () => {
    expect(names('Set up monitoring and logging for the payment services.')).toEqual([]);
    expect(names('Led the migration of billing data to the cloud.')).toEqual([]);
  });

  it('still links them elsewhere', () => {
    expect(names('Selective logging and replanting of native forest plots in the Kelmoor estate.')).toEqual([
      'logging',
    ]);
    expect(names('Field research on labour migration and integration policies.')).toEqual(['migration']);
  });
});

describe('skill linker precision 3: a plural with a sense of its own', () => {
  const linker = new SkillLinker(
    new SkillIndex([skill('esco', 'en', 'securities', 'security'), skill('esco', 'en', 'algorithms', 'algorithm')]),
  );
  const names = namesOf(linker, 'en');

  it('does not read "security" as "securities"', () => {
    expect(names('Hardened network security and ran yearly security audits.')).toEqual([]);
  });

  it('still links the plural, and the singular of an everyday plural', () => {
    expect(names('Traded securities and bonds for private clients.')).toEqual(['securities']);
    expect(names('Designed a routing algorithm for delivery vans.')).toEqual(['algorithms']);
  });
});

describe('skill linker precision 3: a German noun spelt like a product', () => {
  const linker = new SkillLinker(
    new SkillIndex([
      skill('esco', 'en', 'Microsoft Teams', 'Teams'),
      skill('esco', 'de', 'Buchhaltung'),
      skill('esco', 'de', 'Chef (Werkzeuge für das Software-Konfigurationsmanagement)'),
    ]),
  );
  const names = namesOf(linker, 'de');

  it('reads "des Teams" as the team', () => {
    expect(names('Die Führung des Teams lag bei mir, dazu die Buchhaltung.')).toEqual(['Buchhaltung']);
    expect(names('Ich war die Vertretung des Chefs im Einkauf.')).toEqual([]);
  });

  it('still links the product after a preposition', () => {
    expect(names('Ich habe Besprechungen mit Teams und Zoom organisiert.')).toEqual(['Microsoft Teams']);
    expect(names('Server mit Puppet und Chef automatisiert.')).toEqual([
      'Chef (Werkzeuge für das Software-Konfigurationsmanagement)',
    ]);
  });
});

describe.skipIf(!existsSync(shippedSeedDir))(
  'skill linker precision 3: open source and security in the shipped seed',
  () => {
    const linker = new SkillLinker(new SkillIndex(readSeedTaxonomy(shippedSeedDir).skills));
    const names = namesOf(linker, 'en');

    it('links open source as the model and security as security', () => {
      expect(names('Contributed patches to Open Source projects in my spare time.')).toContain('Open source model');
      expect(names('Responsible for security and first aid at the Harlow depot.')).toContain('security');
    });
  },
);

describe('skill linker precision 3: a name as the first word of a place or a proper name', () => {
  const names = namesOf(
    new SkillLinker(
      new SkillIndex([skill('seed', 'en', 'Tamil'), skill('seed', 'en', 'Java'), skill('seed', 'en', 'Spring Boot')]),
    ),
    'en',
  );

  it('does not read "Tamil Nadu" as the language', () => {
    expect(names('Operations Lead, Kovai Textiles, Coimbatore, Tamil Nadu (2015 to 2019)')).toEqual([]);
  });

  it('still links a name followed by a word or by another skill', () => {
    expect(names('Languages spoken: Tamil and English. Built Java Spring Boot services.')).toEqual([
      'Tamil',
      'Java',
      'Spring Boot',
    ]);
  });
});

describe('skill linker precision 3: school subjects with their grades, letters of other names', () => {
  const linker = new SkillLinker(
    new SkillIndex([
      skill('seed', 'en', 'English'),
      skill('seed', 'en', 'Geography'),
      skill('esco', 'en', 'R'),
      skill('esco', 'en', 'SAP ERP'),
    ]),
  );
  const cv = namesOf(linker, 'en');

  it('does not link graded A-level subjects in a CV', () => {
    expect(cv('A levels: Geography (C) English (B), Mercer Sixth Form College, 2009')).toEqual([]);
  });

  it('does not read the R of SAP R/3 as the language', () => {
    expect(cv('Moved the billing data from the legacy system to SAP R/3 for the property division.')).toEqual([]);
  });

  it('still links the subject and the letter elsewhere', () => {
    expect(cv('Taught English and Geography to year 9 pupils. Modelled churn in R and Python.')).toEqual([
      'English',
      'Geography',
      'R',
    ]);
  });
});

describe('skill linker precision 3: the bare name of a skill named with a qualifier', () => {
  const names = namesOf(
    new SkillLinker(
      new SkillIndex([
        skill('esco', 'en', 'Source (digital game creation systems)', 'Source'),
        skill('esco', 'en', 'Unreal Engine'),
      ]),
    ),
    'en',
  );

  it('reads an everyday word alone as the word', () => {
    expect(names('Co-authored "Source Reduction and Recovery in Two Counties", a county waste report.')).toEqual([]);
  });

  it('still links it among other skills', () => {
    expect(names('Built game levels with Source and Unreal Engine.')).toEqual([
      'Source (digital game creation systems)',
      'Unreal Engine',
    ]);
  });
});

describe('skill linker precision 3: a field inside the name of an organisation', () => {
  const names = namesOf(
    new SkillLinker(
      new SkillIndex([
        skill('esco', 'en', 'insurance'),
        skill('esco', 'en', 'nursing'),
        skill('seed', 'en', 'Child care'),
      ]),
    ),
    'en',
  );

  it('does not link the words of a firm, society or centre', () => {
    expect(names('Claims clerk, Harlow Marine Insurance Group, May 2009 to October 2012')).toEqual([]);
    expect(
      names('Volunteer, Child Care Center of Dunmore (2010 to 2012); member of the Nursing Association of Kelby'),
    ).toEqual([]);
  });

  it('still links the field written as such', () => {
    expect(names('Eight years in insurance and nursing home administration; Child Care coordinator.')).toEqual([
      'insurance',
      'nursing',
      'Child care',
    ]);
  });
});
