// Whole-CV rules of rules-11 (cv-analyzer.ts), on CVs written for the test (fake people and schools).
import { describe, expect, it } from 'vitest';
import { parseCv } from '../src/cv-analyzer.js';
import { cvSections } from '../src/sections.js';
import { toLines } from '../src/text.js';

const NOW = new Date('2025-03-01T00:00:00Z');

describe('a CV with no education heading still gives its degrees', () => {
  it('reads a bachelor’s or higher degree and its school from the profile or another section', () => {
    const cv = [
      'Marta Kowalczyk',
      'marta.k@example.org | +44 7700 900123',
      'B.Sc. Computer Science, University of Eastmoor, 2014',
      'MSc Data Science, Northfield University, 2016',
      'EXPERIENCE',
      'Data Analyst',
      'Brightwater Insurance, Leeds',
      'Jan 2017 - Present',
      'Built claims dashboards.',
    ].join('\n');
    const education = parseCv(cv, NOW).education;
    expect(education.map((e) => e.institution_name)).toEqual(['University of Eastmoor', 'Northfield University']);
    expect(education.map((e) => e.end_date)).toEqual(['2014', '2016'].map((y) => expect.stringContaining(y)));
  });

  it('leaves out a degree a sentence wants, one without its school, and lesser qualifications', () => {
    const cv = [
      'Daniel Osei',
      'daniel.osei@example.com',
      'SUMMARY',
      'Looking for a graduate role; completing a Bachelor of Arts next year.',
      'High School Diploma, Riverside High School, 2015',
      'EXPERIENCE',
      'Sales Assistant',
      'Corner Books, Bristol',
      'Jun 2019 - Present',
    ].join('\n');
    expect(parseCv(cv, NOW).education).toEqual([]);
  });

  it('does not read degrees twice when the CV has an education section', () => {
    const cv = [
      'Ines Barros',
      'ines@example.pt',
      'Licenciatura em Gestão, Universidade do Minho, 2012 — see Education',
      'EDUCATION',
      'Licenciatura em Gestão',
      'Universidade do Minho, 2008 - 2012',
    ].join('\n');
    expect(parseCv(cv, NOW).education).toHaveLength(1);
  });
});

describe('what a title line says beyond the title stays in the record', () => {
  it('keeps the organisation named after the role, and a run-on line’s rest, in the description', () => {
    const cv = [
      'Jane Mwangi',
      'jane@example.ke',
      'EXPERIENCE',
      'REGIONAL REPRESENTATIVE FOR EAST AFRICA FOR',
      'OXFAM KENYA, NAIROBI',
      '2005 - 2010',
      'Managed programmes.',
      'Partner in the firm of Hale & Ruto Advocates',
      '2010 - 2015',
      'Led the litigation practice.',
    ].join('\n');
    const entries = parseCv(cv, NOW).experience.map((e) => [e.title, e.description.split('\n')]);
    expect(entries).toEqual([
      ['REGIONAL REPRESENTATIVE', ['OXFAM KENYA, NAIROBI', 'FOR EAST AFRICA', 'Managed programmes.']],
      ['Partner', ['in the firm of Hale & Ruto Advocates', 'Led the litigation practice.']],
    ]);
  });
});

// The top of a CV whose education section goes on after a bachelor's entry.
const BSC_THEN_MORE = [
  'Tom Reyes',
  'tom@example.com',
  'EDUCATION',
  'Bachelor of Science in Biology',
  'Riverton University, 2008 - 2012',
];

describe('education sections keep their fields and schools', () => {
  it('reads a label with its content inside an education section as a field, so the entries after it stay', () => {
    const cv = [
      ...BSC_THEN_MORE,
      'Honors: Dean’s List',
      'Relevant Courses: Genetics, Ecology',
      'Master of Public Health',
      'Eastlake University, 2012 - 2014',
      'High School Diploma',
      'Riverside High School, 2004 - 2008',
      'SKILLS: Java, Python',
    ].join('\n');
    const record = parseCv(cv, NOW);
    expect(record.education.map((e) => [e.degree, e.institution_name])).toEqual([
      ['Bachelor of Science', 'Riverton University'],
      ['Master of Public Health', 'Eastlake University'],
      ['High School Diploma', 'Riverside High School'],
    ]);
    expect(record.skill_descriptions).toEqual(['Java, Python']);
  });

  it('does not read a school, a body or a field named after its discipline as a heading', () => {
    const cv = [
      'Ana Lopes',
      'ana@example.org',
      'EDUCATION',
      'M.Ed. in Curriculum and Instruction, 2016',
      'Graduate School of Education & Human Development',
      'B.A. in History, 2012',
      'Concentration in Education',
      'Riverton College',
    ].join('\n');
    expect(parseCv(cv, NOW).education.map((e) => [e.degree, e.institution_name])).toEqual([
      ['M.Ed.', 'Graduate School of Education & Human Development'],
      ['B.A.', 'Riverton College'],
    ]);
  });
});

describe('a heading phrase after an ordinary adjective', () => {
  it('still opens its section ("Summary of Major Projects")', () => {
    const cv = ['Tom Reyes', 'tom@example.com', 'Summary of Major Projects', 'Built a footbridge.'].join('\n');
    expect(cvSections(toLines(cv)).map((s) => s.kind)).toEqual(['header', 'projects']);
  });
});

describe('a heading set between rule glyphs', () => {
  it('reads "- Education -" and "— EXPERIENCE —" as headings, not list items', () => {
    const cv = [
      'Tom Reyes',
      'tom@example.com',
      '— EXPERIENCE —',
      'Analyst',
      'Acme Analytics, Boston',
      '2012 - 2015',
      '- Education -',
      'B.A. History, Riverton College, 2012',
    ].join('\n');
    expect(cvSections(toLines(cv)).map((s) => [s.kind, s.heading])).toEqual([
      ['header', ''],
      ['experience', 'EXPERIENCE'],
      ['education', 'Education'],
    ]);
    const record = parseCv(cv, NOW);
    expect(record.experience.map((e) => e.title)).toEqual(['Analyst']);
    expect(record.education.map((e) => [e.degree, e.institution_name])).toEqual([['B.A.', 'Riverton College']]);
  });
});

describe('the headline and run-on titles, narrowed after the red-team pass', () => {
  it('does not take an agency letterhead named after its partners for the candidate’s post', () => {
    const cv = [
      'PERSONALBERATUNG KRANICH & PARTNER',
      'Königstraße 5, 70173 Stuttgart',
      'Bewerberin: Anna Lindqvist',
      'BERUFSERFAHRUNG',
      'Controllerin',
      'Brenner Logistik GmbH, Stuttgart',
      '03/2018 – heute',
      'Monatsabschlüsse und Budgetplanung.',
    ].join('\n');
    expect(parseCv(cv, NOW).experience.map((e) => e.title)).toEqual(['Controllerin']);
  });

  it('leaves no lone linking word of a run-on title in the description', () => {
    const cv = [
      'Sam Patel',
      'sam@example.com',
      'EXPERIENCE',
      'Project Manager for',
      'Acme Ltd, London',
      '2015 - 2018',
      'Ran projects.',
    ].join('\n');
    expect(parseCv(cv, NOW).experience.map((e) => [e.title, e.description])).toEqual([
      ['Project Manager', 'Acme Ltd, London\nRan projects.'],
    ]);
  });
});

describe('the Europass education heading in the other languages of its template', () => {
  it('opens the education section in sentence case', () => {
    for (const heading of [
      'Éducation et formation',
      'Schul- und Berufsbildung',
      'Educación y formación',
      'Istruzione e formazione',
      'Onderwijs en opleiding',
      'Educação e formação',
    ])
      expect(cvSections(toLines(`Ana Reis\nana@example.org\n${heading}\n2010 - 2014`)).map((s) => s.kind)).toEqual([
        'header',
        'education',
      ]);
  });
});

describe('a labelled field of an education entry', () => {
  it('keeps its own dates: "Honors: Dean’s List (2010)" neither dates nor splits the next entry', () => {
    const cv = [
      ...BSC_THEN_MORE,
      'Honors: Dean’s List (2010)',
      'Master of Public Health',
      'Eastlake University, 2012 - 2014',
      'Thesis: Malaria vectors in coastal Kenya (2014)',
    ].join('\n');
    expect(parseCv(cv, NOW).education.map((e) => [e.degree, e.institution_name, e.start_date, e.end_date])).toEqual([
      ['Bachelor of Science', 'Riverton University', '2008-01', '2012-01'],
      ['Master of Public Health', 'Eastlake University', '2012-01', '2014-01'],
    ]);
  });
});
