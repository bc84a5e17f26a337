// The layout stage (src/layout): a CV pasted without its line breaks gets them back from the learned model
// (data/layout-model.json); text whose lines are broken is left as it is, so its record does not change, and an
// export that marks its lines with runs of spaces gets the breaks it left as single spaces at a heading's edges.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCv } from '../src/cv-analyzer.js';
import { layoutModel, linesLost, linesMarkedBySpaces, restoreLineBreaks } from '../src/layout/line-breaks.js';
import { cvLayoutVariant, seeded } from '../src/training/cv-variants.js';

const NOW = new Date('2025-06-15T12:00:00Z');
const fixture = (name: string) => readFileSync(new URL(`./fixtures/languages/${name}`, import.meta.url), 'utf8');
const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt'];

// Written for this test (fake person, firms and school), pasted as one paragraph: every line break a single space.
const PASTED =
  'Marisol Quennell marisol.quennell@example.org +44 7700 900321 Bristol, United Kingdom PROFILE Logistics planner ' +
  'with seven years in retail distribution and a record of cutting delivery costs. WORK EXPERIENCE Transport ' +
  'Planner Hallow Freight Ltd, Bristol April 2020 - Present • Planned the routes of 40 vehicles a day. • Cut fuel ' +
  'costs by 12 %. Logistics Coordinator Castlemere Stores plc, Bath June 2016 - March 2020 • Booked carriers and ' +
  'tracked deliveries. EDUCATION BSc Supply Chain Management University of Wessex 2012 - 2016 SKILLS SAP, Excel, ' +
  'route planning';

describe('layout stage: line breaks lost', () => {
  it('reads the name, the posts and the degree of a CV pasted as one paragraph', () => {
    expect(linesLost(PASTED)).toBe(true);
    const cv = parseCv(PASTED, NOW);
    expect(`${cv.information.first_name} ${cv.information.last_name}`).toBe('Marisol Quennell');
    expect(cv.experience.map((e) => e.title)).toContain('Transport Planner');
    expect(cv.education.map((e) => e.degree).join(' ')).toMatch(/BSc/);
  });

  it('restores the line breaks before headings and posts', () => {
    const lines = restoreLineBreaks(PASTED).split('\n');
    expect(lines).toContain('EDUCATION');
    expect(lines.length).toBeGreaterThan(8);
  });

  it('gives back the name and first post of the English fixture CV with every line break a single space', () => {
    const text = fixture('cv-en.txt');
    const pasted = cvLayoutVariant(text, 'lines-lost-one-space', seeded(1));
    const before = parseCv(text, NOW);
    const after = parseCv(pasted, NOW);
    expect(after.information).toMatchObject({
      first_name: before.information.first_name,
      last_name: before.information.last_name,
    });
    expect(after.experience[0]?.title).toBe(before.experience[0]?.title);
    expect(after.education[0]?.degree).toBe(before.education[0]?.degree);
  });

  // Written for this test (fake people, firms and schools), each pasted as one paragraph: a three-word name, as
  // the dotin CVs' layouts never open, followed by a house number, a street or a title, or under a document title.
  it.each([
    [
      'Henrietta Mabel Okonkwo 14 Larkspur Road, Leeds LS6 2AB henrietta.okonkwo@example.net 07700 900456 PROFILE ' +
        'Laboratory technician with six years in food safety testing. EXPERIENCE Senior Laboratory Technician ' +
        'Brackwater Foods Ltd, Leeds March 2021 - Present • Ran the microbiology tests of 30 samples a day. ' +
        'Laboratory Assistant Pellham Dairies, York 2017 - 2021 • Prepared media and kept the records. EDUCATION BSc ' +
        'Biochemistry University of Northumbria 2014 - 2017 SKILLS PCR, HACCP, LIMS',
      'Henrietta Mabel Okonkwo',
      'Senior Laboratory Technician',
    ],
    [
      'Rosalind Ingrid Vantongeren Warren Ave., Springfield, IL 62704 (217) 555-0142 rosalind.v@example.com ' +
        'OBJECTIVE A post as a school librarian. WORK HISTORY School Librarian Oakbrook Middle School, Springfield ' +
        'August 2018 - June 2024 Catalogued 9,000 titles and ran the reading club. Library Aide Springfield Public ' +
        'Library 2015 - 2018 Shelved and issued books. EDUCATION Master of Library Science University of Illinois ' +
        '2013 - 2015',
      'Rosalind Ingrid Vantongeren',
      'School Librarian',
    ],
    [
      'Dariusz Feliks Wroblewski Senior Network Engineer Gdansk, Poland dariusz.wroblewski@example.pl +48 600 100 ' +
        '200 SUMMARY Network engineer with ten years of campus and data-centre networks. EXPERIENCE Senior Network ' +
        'Engineer Baltic Cloud Sp. z o.o., Gdansk May 2019 - Present Designed the BGP edge of two data centres. ' +
        'Network Engineer Pomorze Telecom, Gdynia 2014 - 2019 Ran the MPLS core. EDUCATION MSc Telecommunications ' +
        'Gdansk University of Technology 2008 - 2013',
      'Dariusz Feliks Wroblewski',
      'Senior Network Engineer',
    ],
    [
      'CURRICULUM VITAE Ottilie Brannagh Fenwick 7 Quarry Lane, Kendal LA9 4QT ottilie.fenwick@example.co.uk 07700 ' +
        '900789 PROFILE Outdoor instructor and first-aid trainer. EXPERIENCE Senior Outdoor Instructor Fellside ' +
        'Adventure Centre, Ambleside April 2020 - Present Led climbing and kayaking courses for schools. Outdoor ' +
        'Instructor Lakeland Activity Ltd, Keswick 2016 - 2020 Ran ghyll scrambling sessions. EDUCATION BSc Outdoor ' +
        'Studies University of Cumbria 2013 - 2016',
      'Ottilie Brannagh Fenwick',
      'Senior Outdoor Instructor',
    ],
  ])('gives back the whole name and the first post of a pasted CV (%#)', (text, name, post) => {
    expect(linesLost(text)).toBe(true);
    const cv = parseCv(text, NOW);
    expect(`${cv.information.first_name} ${cv.information.last_name}`).toBe(name);
    // The first post's title comes first in its entry (the firm after it may run into it: no concern of the name's).
    expect(cv.experience[0]?.title.startsWith(post)).toBe(true);
    // The name is a line of its own.
    expect(restoreLineBreaks(text).split('\n')).toContain(name);
  });

  it('is deterministic: the same text gives the same lines, and the model is the committed version', () => {
    expect(restoreLineBreaks(PASTED)).toBe(restoreLineBreaks(PASTED));
    expect(layoutModel().version).toBe('layout-lr-1');
  });
});

describe('layout stage: lines kept', () => {
  it.each(LANGUAGES)('leaves the %s fixture CV as it is (its record cannot change)', (lang) => {
    const text = fixture(`cv-${lang}.txt`);
    expect(linesLost(text)).toBe(false);
    expect(restoreLineBreaks(text)).toBe(text);
  });

  it('leaves a PDF export whose lines became runs of spaces to the line splitter', () => {
    const exported = cvLayoutVariant(fixture('cv-en.txt'), 'lines-lost', seeded(1));
    expect(linesLost(exported)).toBe(false);
    expect(restoreLineBreaks(exported)).toBe(exported);
  });
});

// Written for this test (fake person, firms and school): an export that marks its lines with runs of spaces, except
// around the education heading, where single spaces stand ("… forty stores. EDUCATION BSc in …").
const MARKED =
  [
    'Tomasz Wierzbicki',
    'Data Analyst - Larchmont Analytics',
    'Leeds, West Yorkshire',
    'tomasz.wierzbicki@example.org',
    'WORK EXPERIENCE',
    'Data Analyst',
    'Larchmont Analytics - Leeds',
    'March 2019 to Present',
    'Built monthly sales dashboards in Power BI for twelve regional teams.',
    'Automated the weekly stock report with Python and SQL, saving a day of work each week.',
    'Junior Analyst',
    'Fenwick Retail Group - York',
    'June 2016 to February 2019',
    'Cleaned and reconciled point-of-sale data from forty stores.',
  ].join('   ') +
  ' EDUCATION BSc in Mathematics and Statistics   ' +
  ['University of Northumbria', '2013 to 2016', 'SKILLS', 'SQL, Python, Power BI, Excel'].join('   ');

describe('layout stage: lines marked by runs of spaces, some by single spaces', () => {
  it('reads the education entry whose heading a single space joined to the lines around it', () => {
    expect(linesLost(MARKED)).toBe(false);
    expect(linesMarkedBySpaces(MARKED)).toBe(true);
    const cv = parseCv(MARKED, NOW);
    expect(cv.education.map((e) => [e.degree, e.major, e.institution_name])).toEqual([
      ['BSc', 'Mathematics and Statistics', 'University of Northumbria'],
    ]);
    expect(cv.experience.map((e) => e.title)).toEqual(['Data Analyst', 'Junior Analyst']);
  });

  it('breaks only at the heading: the marked lines stay as the export wrote them', () => {
    const cells = restoreLineBreaks(MARKED).split(/\s{3,}/);
    expect(cells).toContain('EDUCATION');
    expect(cells).toContain('Cleaned and reconciled point-of-sale data from forty stores.');
    expect(cells).toContain('BSc in Mathematics and Statistics');
    expect(cells).toContain('Built monthly sales dashboards in Power BI for twelve regional teams.');
  });
});

describe('layout variant: entry headers in another order', () => {
  it('moves the first header cell before a period last, in lines and in an export’s cells', () => {
    const lines =
      'EXPERIENCE\n\nSoftware Engineer\n\nBrightwater Systems -  Austin, TX -\n\nMarch 2018 to Present\n\n- Built the billing service\n';
    expect(cvLayoutVariant(lines, 'header-reordered', seeded(1))).toBe(
      'EXPERIENCE\n\nBrightwater Systems -\n\nAustin, TX -  Software Engineer\n\nMarch 2018 to Present\n\n- Built the billing service\n',
    );
    const cells = 'EXPERIENCE   Data Analyst   Kestrel Analytics   June 2015 - May 2018   Wrote the regression suite';
    expect(cvLayoutVariant(cells, 'header-reordered', seeded(1))).toBe(
      'EXPERIENCE   Kestrel Analytics   Data Analyst   June 2015 - May 2018   Wrote the regression suite',
    );
  });

  it('leaves a period with a single header cell or body sentences before it as it is', () => {
    const text =
      'EXPERIENCE\nData Analyst\nJune 2015 - May 2018\nWrote the regression suite.\nKept the dashboards.\n2012 - 2015\n';
    expect(cvLayoutVariant(text, 'header-reordered', seeded(1))).toBe(text);
  });
});
