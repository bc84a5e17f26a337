// Experience rules of the rules-12 round (titles and employer lines), each on a CV snippet written for the test
// (fake people and employers).
import { describe, expect, it } from 'vitest';
import { parseExperience } from '../src/experience.js';
import { createRulesAnalyzer } from '../src/index.js';
import { toLines } from '../src/text.js';
import { experienceRows } from './experience-rows.js';

const NOW = new Date('2025-06-15T12:00:00Z');
const read = (lines: readonly string[]) => experienceRows(lines, NOW);
const noSkills = { link: async (_text: string, language: string) => ({ language, skills: [] }) };
const analyzer = createRulesAnalyzer(noSkills, { now: () => NOW });

describe('a job advert pasted above the CV', () => {
  const cv = (advert: readonly string[]) =>
    [
      ...advert,
      '',
      'Robin Hale',
      'robin.hale@example.com',
      '',
      'EXPERIENCE',
      'Accounts Assistant',
      'Harrow & Pike Ltd, Leeds',
      'March 2019 - Present',
      '• Prepared monthly reconciliations',
    ].join('\n');
  const adverts: Record<string, readonly string[]> = {
    en: ['Senior Accountant', 'Location: Leeds', 'We are looking for an experienced accountant to join our team.'],
    de: ['Projektleiter (m/w/d)', 'Wir suchen zum nächstmöglichen Zeitpunkt eine erfahrene Projektleitung.'],
    fr: ['Responsable comptable', 'Nous recherchons un comptable confirmé pour notre siège.'],
    es: ['Contable senior', 'Buscamos un contable con experiencia en cierres mensuales.'],
    it: ['Contabile senior', 'Cerchiamo un contabile con esperienza per il nostro ufficio.'],
    nl: ['Financieel controller', 'Wij zoeken een ervaren controller voor ons team.'],
    pt: ['Contador sênior', 'Procuramos um contador experiente para a nossa equipa.'],
  };

  for (const [language, advert] of Object.entries(adverts))
    it(`gives no headline post from the advert's title (${language})`, async () => {
      const r = await analyzer.analyzeCv(cv(advert));
      expect(r.experience.map((e) => e.title)).toEqual(['Accounts Assistant']);
    });

  it('still gives the headline of a CV without an advert', async () => {
    const r = await analyzer.analyzeCv(cv(['Senior Accountant']));
    expect(r.experience.map((e) => e.title)).toEqual(['Accounts Assistant', 'Senior Accountant']);
  });

  it("reads a form's gender field as no advert", async () => {
    const r = await analyzer.analyzeCv(cv(['Senior Accountant', 'Sex (M/F): F']));
    expect(r.experience.map((e) => e.title)).toEqual(['Accounts Assistant', 'Senior Accountant']);
  });
});

describe('the Europass work fields', () => {
  const entry = (lines: readonly string[]) => {
    const [e] = parseExperience(toLines(lines.join('\n')), NOW);
    return [e?.title, e?.description.split('\n')[0], e?.activity_sector];
  };
  const forms: Record<string, readonly [readonly string[], readonly string[]]> = {
    en: [
      [
        'Dates 01/09/2017 - present',
        'Occupation or position held Project Manager',
        'Main activities and responsibilities Managing wind farm projects',
        'Name and address of employer Brightwave Energy Ltd, 4 Mill Lane, Leeds',
        'Type of business or sector Energy',
      ],
      ['Project Manager', 'Brightwave Energy Ltd, 4 Mill Lane, Leeds', 'Energy'],
    ],
    fr: [
      [
        "Dates 01/09/2017 → aujourd'hui",
        'Fonction ou poste occupé Chef de projet',
        'Principales activités et responsabilités Pilotage des projets',
        "Nom et adresse de l'employeur Lumivert SARL, 12 rue des Lilas, Lyon",
        "Type ou secteur d'activité Énergie",
      ],
      ['Chef de projet', 'Lumivert SARL, 12 rue des Lilas, Lyon', 'Énergie'],
    ],
    de: [
      [
        'Zeitraum 03/2015 - 08/2017',
        'Beruf oder Funktion Buchhalterin',
        'Wichtigste Tätigkeiten und Zuständigkeiten Monatsabschlüsse und Lohnbuchhaltung',
        'Name und Adresse des Arbeitgebers Kranfeld Logistik GmbH, Hafenstraße 3, Bremen',
        'Tätigkeitsbereich oder Branche Logistik',
      ],
      ['Buchhalterin', 'Kranfeld Logistik GmbH, Hafenstraße 3, Bremen', 'Logistik'],
    ],
    es: [
      [
        'Fechas 02/2016 - 05/2019',
        'Función o puesto desempeñado Jefa de obra',
        'Actividades y responsabilidades principales Dirección de obras de rehabilitación',
        'Nombre y dirección del empleador Construcciones Albero S.L., Calle Mayor 5, Sevilla',
        'Tipo de empresa o sector Construcción',
      ],
      ['Jefa de obra', 'Construcciones Albero S.L., Calle Mayor 5, Sevilla', 'Construcción'],
    ],
    it: [
      [
        'Date 01/2014 - 12/2016',
        'Lavoro o posizione ricoperti Responsabile acquisti',
        'Principali attività e responsabilità Gestione dei fornitori',
        'Nome e indirizzo del datore di lavoro Ferri Meccanica S.r.l., Via Roma 8, Brescia',
        'Tipo di attività o settore Metalmeccanico',
      ],
      ['Responsabile acquisti', 'Ferri Meccanica S.r.l., Via Roma 8, Brescia', 'Metalmeccanico'],
    ],
    nl: [
      [
        'Periode 04/2018 - 03/2021',
        'Functie of bekleed ambt Projectleider',
        'Voornaamste werkzaamheden en verantwoordelijkheden Coördinatie van installatieprojecten',
        'Naam en adres van de werkgever Van Dijkhorst Techniek B.V., Stationsweg 2, Utrecht',
        'Soort onderneming of sector Installatietechniek',
      ],
      ['Projectleider', 'Van Dijkhorst Techniek B.V., Stationsweg 2, Utrecht', 'Installatietechniek'],
    ],
    pt: [
      [
        'Datas 03/2012 - 06/2015',
        'Função ou cargo ocupado Técnica de contabilidade',
        'Principais actividades e responsabilidades Fecho de contas mensal',
        'Nome e morada do empregador Tavares & Lemos Lda, Rua do Carmo 14, Porto',
        'Tipo de empresa ou sector Serviços',
      ],
      ['Técnica de contabilidade', 'Tavares & Lemos Lda, Rua do Carmo 14, Porto', 'Serviços'],
    ],
  };

  for (const [language, [lines, expected]] of Object.entries(forms))
    it(`reads the title after its label and opens the description with the employer (${language})`, () => {
      expect(entry(lines)).toEqual(expected);
    });

  it('reads a label flattened onto a line of its own with the value under it', () => {
    expect(
      entry([
        'Dates 01/09/2017 - present',
        'Occupation or position held',
        'Project Manager',
        'Main activities and responsibilities',
        'Managing the delivery of three wind farm projects with budgets of up to two million pounds and a team of twelve',
        'Name and address of employer',
        'Brightwave Energy Ltd, 4 Mill Lane, Leeds',
        'Type of business or sector',
        'Energy',
      ]),
    ).toEqual(['Project Manager', 'Brightwave Energy Ltd, 4 Mill Lane, Leeds', 'Energy']);
  });
});

describe('a one-line header that lists title, employer and place', () => {
  it('anchors an entry past ten words when every part is a short capitalised name', () => {
    expect(
      read([
        'Principal, Westbury Park High School, Kent County Public Schools, Dover, DE, 1995 to 2010',
        '• Led a staff of 120 teachers',
        'Assistant Principal, Linden High School; Kent County Public Schools, Dover, DE, 1988 to 1995',
        '• Managed attendance and discipline',
      ]),
    ).toEqual([
      ['Principal', '1995-01', '2010-01', 'Westbury Park High School, Kent County Public Schools, Dover, DE'],
      ['Assistant Principal', '1988-01', '1995-01', 'Linden High School; Kent County Public Schools, Dover, DE'],
    ]);
  });

  it('reads the dates set after the title in brackets', () => {
    expect(
      read([
        'Staff Counsel (2001-06), Northfield Port Authority, Tacoma, Washington',
        'Responsibilities: leases and harbour contracts',
        'Partner (2007-19), Hale & Ruto Attorneys, Tacoma, Washington',
        'Practice: securities and franchises',
      ]).map(([title, , , employer]) => [title, employer]),
    ).toEqual([
      ['Staff Counsel', 'Northfield Port Authority, Tacoma, Washington'],
      ['Partner', 'Hale & Ruto Attorneys, Tacoma, Washington'],
    ]);
  });

  it('leaves a long duty line with a date in the body', () => {
    expect(
      read([
        'Sales Manager, Brightwave Analytics, Leeds, 2012 to 2018',
        'Managed a team of five, Opened two regional offices, Doubled sales by 2015 in the north',
      ]),
    ).toEqual([['Sales Manager', '2012-01', '2018-01', 'Brightwave Analytics, Leeds']]);
  });
});

describe('title fields in an entry body', () => {
  it("gives each project's role as a further position with the entry's employer", () => {
    const entries = parseExperience(
      toLines(
        [
          'Software Engineer',
          'Quillfen Systems Pvt Ltd, Pune',
          'June 2014 to Present',
          'Project: Claims Portal',
          'Role: UI Designer',
          'Team Size: 6',
          '• Built the claim forms',
          'Project: Billing Engine',
          'Role : Developer',
          '• Wrote the invoicing jobs',
          'Project: Payroll',
          'Role: Software Engineer',
        ].join('\n'),
      ),
      NOW,
    );
    expect(entries.map((e) => [e.title, e.duration, e.description.split('\n')[0]])).toEqual([
      ['Software Engineer', 133, 'Quillfen Systems Pvt Ltd, Pune'],
      ['UI Designer', 0, 'Quillfen Systems Pvt Ltd, Pune'],
      ['Developer', 0, 'Quillfen Systems Pvt Ltd, Pune'],
    ]);
  });
});

describe('a title field in brackets after the employer', () => {
  it('gives the title, and the employer without the field', () => {
    const entries = parseExperience(
      toLines(
        [
          'Corvane Travel Systems L.P. (Designation: Software Intern)',
          'May 2008 - August 2008',
          '• Parallelized the fare search',
          'Brennholt GmbH (Position: Werkstudent)',
          '03/2006 - 09/2007',
          '• Testautomatisierung',
        ].join('\n'),
      ),
      NOW,
    );
    expect(entries.map((e) => [e.title, e.description.split('\n')[0]])).toEqual([
      ['Software Intern', 'Corvane Travel Systems L.P.'],
      ['Werkstudent', 'Brennholt GmbH'],
    ]);
  });
});

describe('a bullet that opens with a range of dates and a post', () => {
  it('heads an entry as the same line does without its bullet', () => {
    expect(
      read([
        '• 2012 - present: Legal Counsel, Harbour Charities Commission',
        '• 2004-2006: Principal Legal Officer, Coastal Land Council. Advised claimant groups in mediations.',
        '• 1999-2002: Legal Officer, Harbour Rights Board',
      ]),
    ).toEqual([
      ['Legal Counsel', '2012-01', '2025-06', 'Harbour Charities Commission'],
      ['Principal Legal Officer', '2004-01', '2006-01', 'Coastal Land Council'],
      ['Legal Officer', '1999-01', '2002-01', 'Harbour Rights Board'],
    ]);
  });

  it('leaves a dated achievement under an entry in its body', () => {
    expect(
      read([
        'Sales Manager',
        'Brightwave Ltd',
        '2012 - 2018',
        '• 2015: Promoted to regional lead',
        '• 2013-2014: Opened two regional offices',
      ]),
    ).toEqual([['Sales Manager', '2012-01', '2018-01', 'Brightwave Ltd']]);
  });
});

describe('a header line that repeats the title field', () => {
  it('is the title, and the employer line opens the description', () => {
    const entries = parseExperience(
      toLines(
        [
          'Technical support engineer',
          'Larkspur Cloud',
          'Position: TECHNICAL SUPPORT ENGINEER',
          'March 2015 to May 2017',
          'Company: Larkspur Cloud Services Pvt Ltd, Pune',
          '• Handled escalated customer tickets',
        ].join('\n'),
      ),
      NOW,
    );
    expect(entries.map((e) => [e.title, e.description.split('\n')[0]])).toEqual([
      ['TECHNICAL SUPPORT ENGINEER', 'Larkspur Cloud'],
    ]);
  });
});
