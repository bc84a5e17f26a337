// Section and heading rules of the third rules-10 round, each on a CV snippet written for the test (fake people,
// schools and employers).
import { describe, expect, it } from 'vitest';
import { parseCv } from '../src/cv-analyzer.js';
import { cvSections, isCvHeading } from '../src/sections.js';
import { toLines } from '../src/text.js';

const NOW = new Date('2025-06-15T12:00:00Z');
const kinds = (text: string) => cvSections(toLines(text)).map((s) => `${s.kind}:${s.heading}`);
const heading = (text: string) => isCvHeading({ text, bullet: false });

describe('a shouted heading whose qualifiers are joined by "and", "&" or "/"', () => {
  it('heads an experience section even with four or five words before its heading word', () => {
    const text = [
      'Marit Solberg',
      'VISITING STUDENT AND RESEARCHER EXPERIENCES',
      'Visiting Researcher, Nordvik Institute for Coastal Studies, 2019 - 2020',
      'CLINICAL AND FIELD RESEARCH EXPERIENCE',
      'Field Research Assistant, Lakeshore Health Trust, 2017 - 2019',
    ].join('\n');
    expect(kinds(text)).toEqual([
      'header:',
      'experience:VISITING STUDENT AND RESEARCHER EXPERIENCES',
      'experience:CLINICAL AND FIELD RESEARCH EXPERIENCE',
    ]);
    expect(heading('PUBLIC RELATIONS/EVENT PLANNING EXPERIENCE')).toBe(true);
  });

  it('is no heading when a comma marks a title, the phrase does not end the line, or the line is not shouted', () => {
    expect(heading('PROJECT MANAGER, DATA AND MIGRATION PROJECTS')).toBe(false);
    expect(heading('SALES AND MARKETING TEAM EXPERIENCE BUILDING')).toBe(false);
    expect(heading('Led Sales and Key Account Training Projects')).toBe(false);
    expect(heading('TEACHER AND COORDINATOR OF EDUCATION')).toBe(false);
  });
});

describe('a one-word heading in capitals run into its first line', () => {
  it('opens its section before words that are not in capitals', () => {
    const text = [
      'Tomasz Wierzba',
      'EDUCATION Bachelor of Arts in History, Lakeview College, 2011',
      'EXPERIENCE Archive Assistant, Harbour City Museum, 2012 - 2016',
    ].join('\n');
    expect(kinds(text)).toEqual(['header:', 'education:EDUCATION', 'experience:EXPERIENCE']);
    const record = parseCv(text, NOW);
    expect(record.education.map((e) => e.institution_name)).toEqual(['Lakeview College']);
  });

  it('leaves a title ("Education Coordinator") and a shouted sentence alone', () => {
    expect(kinds('Ana Ruiz\nEducation Coordinator, Westfield Schools, 2014 - 2018')).toEqual(['header:']);
    expect(kinds('Ana Ruiz\nEXPERIENCE WITH SQL AND EXCEL')).toEqual(['header:']);
  });
});

describe('an education table flattened column by column', () => {
  const text = [
    'Ravi Menon',
    'ravi.menon@example.org',
    'EDUCATION',
    'Certification',
    'Institute',
    'Year',
    'B.Tech (Mechanical)',
    'Kovalam College of Engineering',
    '2014',
    'Higher Secondary (12th)',
    "St. Anne's Higher Secondary School",
    '2010',
    'WORK EXPERIENCE',
    'Design Engineer, Tarangini Motors, June 2014 - Present',
  ].join('\n');

  it('reads its first column name ("Certification") as no heading, so every row stays education', () => {
    expect(kinds(text)).toEqual(['header:', 'education:EDUCATION', 'experience:WORK EXPERIENCE']);
    const record = parseCv(text, NOW);
    expect(record.education.map((e) => [e.degree, e.institution_name])).toEqual([
      ['B.Tech', 'Kovalam College of Engineering'],
      ['Higher Secondary', "St. Anne's Higher Secondary School"],
    ]);
  });

  it('still opens a certifications section under education when no column name follows', () => {
    const listed = ['Jo Park', 'EDUCATION', 'Certifications', 'Certified Scrum Master, 2019'].join('\n');
    expect(kinds(listed)).toEqual(['header:', 'education:EDUCATION', 'certifications:Certifications']);
  });
});

describe('a diploma under a training or certifications heading', () => {
  const text = [
    'Grace Wanjiru Otieno',
    'PROFESSIONAL TRAINING',
    'Diploma in Nursing, Rift Valley University, 2006',
    'Diploma in Midwifery, Kisima School of Nursing, 2008',
    'Diploma in Forklift Operation, SafeLift Training Centre, 2010',
    'Certificate in First Aid, Red Lantern Society, 2012',
  ].join('\n');

  it('is education when a university, college or faculty awards it; other diplomas and certificates stay out', () => {
    const record = parseCv(text, NOW);
    expect(record.education.map((e) => [e.degree, e.major, e.institution_name])).toEqual([
      ['Diploma', 'Nursing', 'Rift Valley University'],
      ['Diploma', 'Midwifery', 'Kisima School of Nursing'],
    ]);
  });
});
