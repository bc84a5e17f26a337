import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { shippedSeedDir } from '../src/env.js';
import { readSeedTaxonomy } from '../src/importers/seed.js';
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

// The shipped seed names the Spring Framework "Spring" too; CVs write the season before a year or a term.
describe.skipIf(!existsSync(shippedSeedDir))('skill linker precision: a product named by a season', () => {
  const linker = new SkillLinker(new SkillIndex(readSeedTaxonomy(shippedSeedDir).skills));
  const spring = (text: string, language = 'en') =>
    linker
      .link(text, { language, context: 'cv' })
      .skills.filter((s) => s.skill.name === 'Spring Framework')
      .map((s) => s.mentions);

  it('reads a season before a year, a term or another season as the season', () => {
    expect(spring('Student teacher at Maple Grove Elementary, Spring 2016, fourth grade.')).toEqual([]);
    expect(spring('Journal of Urban Design 12 (Spring, 2015): 33–51, with P. Halvorsen.')).toEqual([]);
    expect(spring('Research assistant, Spring of 2018, Lakeside University library.')).toEqual([]);
    expect(spring('Teaching practice, Spring 20XX, Cedar Hill High School.')).toEqual([]);
    expect(spring('Exceeded Spring enrollment goals for the evening MBA by 30%.')).toEqual([]);
    expect(spring('Dean’s list for the Fall and Spring semesters of 2017.')).toEqual([]);
    expect(spring('Ran four seasons of Winter and Spring track for the Lakeside juniors.')).toEqual([]);
    expect(spring('Organised the campus job fair last Spring for 40 employers.')).toEqual([]);
    expect(spring('Stage de printemps, Spring 2019, chez Laval Conseil à Nantes.', 'fr')).toEqual([]);
  });

  it('reads a season of any of the languages as the season', () => {
    const primavera = (text: string, language: string) =>
      linker
        .link(text, { language, context: 'cv' })
        .skills.filter((s) => s.skill.name === 'Primavera P6')
        .map((s) => s.matchedText);
    expect(primavera('Prácticas en Grupo Ventura, primavera de 2018.', 'es')).toEqual([]);
    expect(primavera('Tirocinio presso Rossi Impianti, primavera 2017.', 'it')).toEqual([]);
    expect(primavera('Estágio na Lusoterra, primavera de 2016, em Braga.', 'pt')).toEqual([]);
    expect(primavera('Planificación de obra con Primavera P6 y MS Project.', 'es')).toEqual(['Primavera P6']);
    expect(primavera('Scheduled the refinery shutdown in Primavera for Norland Energy.', 'en')).toEqual(['Primavera']);
  });

  it('still links the framework', () => {
    expect(spring('Built REST services with Spring and Hibernate for Norland Insurance.')).toEqual([1]);
    expect(spring('Skills: Java, Spring, Hibernate, Maven; migrated the billing modules to Spring 5.')).toEqual([2]);
    expect(spring('Ervaring met Java en Spring bij Van Dijk Software.', 'nl')).toEqual([1]);
  });
});

describe.skipIf(!existsSync(shippedSeedDir))('skill linker precision: one-letter names', () => {
  const linker = new SkillLinker(new SkillIndex(readSeedTaxonomy(shippedSeedDir).skills));
  const letters = (text: string, language = 'en') =>
    linker
      .link(text, { language, context: 'cv' })
      .skills.filter((s) => s.skill.name === 'C' || s.skill.name === 'R')
      .map((s) => [s.skill.name, s.mentions]);

  it('reads a capital letter after a name and before a period as an initial', () => {
    expect(letters('Referees: Marta K. Olsen and Pieter R.')).toEqual([]);
    expect(
      letters('Lindqvist, M., Okafor, R., & Brandt, C. (2019). Rural clinics in winter. Journal of Care 4: 12–20.'),
    ).toEqual([]);
    expect(letters('Co-authored with Haddad, R., on school meals in Leeds.')).toEqual([]);
  });

  it('reads a capital letter alone in parentheses as a grade or a mark', () => {
    expect(letters('A levels: Biology (A), Chemistry (B), Physics (C), Brookfield Sixth Form College.')).toEqual([]);
    expect(letters('Phone: 020 7946 0321 (R), 07700 900123 (M)')).toEqual([]);
  });

  it('still links the languages', () => {
    expect(letters('Languages: Java, C.')).toEqual([['C', 1]]);
    expect(letters('Embedded firmware written in C. Test rigs in Python.')).toEqual([['C', 1]]);
    expect(letters('Statistics in R, SAS and Stata; models in Python and R.')).toEqual([['R', 2]]);
    expect(letters('Programmeertalen: C, C++ en Python.', 'nl')).toEqual([['C', 1]]);
  });
});

describe('skill linker precision: a record is no discipline', () => {
  const linker = new SkillLinker(
    new SkillIndex([escoSkill('en', 'history', 'historical studies'), escoSkill('en', 'geography')]),
  );
  const names = (text: string) => linker.link(text, { language: 'en', context: 'cv' }).skills.map((s) => s.skill.name);

  it('reads the history of a job, a career or a case as a record', () => {
    expect(names('EMPLOYMENT HISTORY Halden Foods, Leeds, warehouse supervisor 2015 to 2021')).toEqual([]);
    expect(names('Career Experience/Job History 2012 to present: service technician at Korver Motors')).toEqual([]);
    expect(names('A steady work history and references from two employers.')).toEqual([]);
    expect(names('Reviewed case histories with the social workers of Elm Street Family Centre.')).toEqual([]);
  });

  it('still links the discipline', () => {
    expect(names('Taught History and Geography to years 7 to 9 at Brookfield Academy.')).toEqual([
      'history',
      'geography',
    ]);
    expect(names('BA in Social History, University of Kent, 2014.')).toEqual(['history']);
  });
});

describe.skipIf(!existsSync(shippedSeedDir))('skill linker precision: a name that is an English word', () => {
  // As deployed, ESCO's French labels write "notions" as a word of French.
  const linker = new SkillLinker(
    new SkillIndex([...readSeedTaxonomy(shippedSeedDir).skills, escoSkill('fr', 'notions de base en gestion')]),
  );
  const names = (text: string, language = 'en') =>
    linker.link(text, { language, context: 'cv' }).skills.map((s) => s.skill.name);

  it('reads the word in lowercase prose as the word', () => {
    expect(names('Delivered parcels as a relief postman for Royal Mail in Leeds.')).toEqual([]);
    expect(names('Cut the slack out of the delivery schedule at Halden Foods.')).toEqual([]);
    expect(names('Worked as a playwright and drama tutor for Lakeside Youth Theatre.')).toEqual([]);
    expect(names('Anglais courant, notions d’allemand et d’italien.', 'fr')).not.toContain('Notion');
    expect(names('Quelques notions de comptabilité et de SAP.', 'fr')).not.toContain('Notion');
    expect(names('Kept the team’s notes and plans in Notion.')).toEqual(['Notion']);
  });

  it('reads a stop word of the text’s language as that word, not an English label', () => {
    const dies = new SkillLinker(
      new SkillIndex([escoSkill('en', 'die', 'dies'), escoSkill('de', 'Wartung von Maschinen')]),
    );
    const found = (text: string, language: string) =>
      dies.link(text, { language, context: 'cv' }).skills.map((s) => s.skill.name);
    expect(found('Verantwortlich für die Wartung der Fahrzeugflotte bei Brenner.', 'de')).toEqual([]);
    expect(found('Designed the die for the stamping press at Norland Metals.', 'en')).toEqual(['die']);
  });

  it('still links the tools in a list or written as names', () => {
    expect(names('Tools: jira, confluence, slack and postman.')).toEqual(expect.arrayContaining(['Slack', 'Postman']));
    expect(names('Unit tests in Jest; API checks in Postman for Norland Insurance.')).toEqual(
      expect.arrayContaining(['Jest', 'Postman']),
    );
    expect(names('Scripting in python for the warehouse reports.')).toContain('Python');
  });
});

describe.skipIf(!existsSync(shippedSeedDir))('skill linker precision: a name written as its parts', () => {
  const linker = new SkillLinker(new SkillIndex(readSeedTaxonomy(shippedSeedDir).skills));
  const names = (text: string) => linker.link(text, { language: 'en', context: 'cv' }).skills.map((s) => s.skill.name);

  it('reads lowercase prose as prose', () => {
    expect(names('Ten years in design and print for Halden Foods.')).toEqual([]);
    expect(names('Skilled in designing brochures for the Lakeside arts festival.')).toEqual([]);
  });

  it('still links the parts written with the name’s capital', () => {
    expect(names('Layouts in In Design and Power Point; some Java script.')).toEqual([
      'Adobe InDesign',
      'Microsoft PowerPoint',
      'JavaScript',
    ]);
  });
});

describe.skipIf(!existsSync(shippedSeedDir))('skill linker precision: a skill word inside a firm’s name', () => {
  const linker = new SkillLinker(new SkillIndex(readSeedTaxonomy(shippedSeedDir).skills));
  const names = (text: string, language: string) =>
    linker.link(text, { language, context: 'cv' }).skills.map((s) => s.skill.name);

  it('reads the words before a legal form as the firm’s name', () => {
    expect(names('Werkstudentin bei der Brenner Logistik GmbH in Kassel, 2018 bis 2019.', 'de')).toEqual([]);
    expect(names('Buyer at Kestrel Electronics Inc, Dallas, 2012 to 2016.', 'en')).toEqual([]);
    expect(names('Tirocinio presso Rossi Contabilità Srl a Bologna.', 'it')).toEqual([]);
  });

  it('still links the skills and the products named after their maker', () => {
    expect(names('Logistik und Lagerverwaltung bei der Brenner GmbH in Kassel.', 'de')).toContain('Logistik');
    expect(names('Statistics in SPSS (SPSS Inc., Chicago) for the Lakeside survey.', 'en')).toContain('SPSS');
  });
});
