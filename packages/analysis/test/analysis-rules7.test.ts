// Layouts added in rules-7, each on a CV snippet written for the test (fake people, schools and employers).
import { describe, expect, it } from 'vitest';
import { createRulesAnalyzer } from '../src/index.js';
import { findDegrees } from '../src/degrees.js';
import { parseEducation } from '../src/education.js';
import { parseExperience } from '../src/experience.js';
import { findName } from '../src/names.js';
import { cvSections } from '../src/sections.js';
import { toLines } from '../src/text.js';

const NOW = new Date('2025-06-15T12:00:00Z');
const noSkills = { link: async (_text: string, language: string) => ({ language, skills: [] }) };

describe('names', () => {
  it('takes no town, state and postcode line for a name', () => {
    // A sample CV whose own name line is missing: the address under it is not a person.
    expect(findName(toLines('Sample resume\n14 Wattle Grove\nKelmscott VIC 3170\nMobile - 0412 555 018'))).toEqual({
      first: '',
      last: '',
    });
    expect(findName(toLines('Permanent Address\nPine Hollow, NC 27509\nRuth Okafor\nruth.okafor@example.org'))).toEqual(
      {
        first: 'Ruth',
        last: 'Okafor',
      },
    );
  });
});

describe('names further down', () => {
  it("reads the name under a sample CV's title that follows a page of advice", () => {
    const advice = Array.from({ length: 14 }, (_, i) => `Tip ${i + 1}: keep each line short and start it with a verb.`);
    const text = [
      'Nursing Assistant Resume',
      ...advice,
      'Nursing Assistant Resume Example',
      'Nadia Forsythe',
      '14 Orchard Lane, Kingston',
    ].join('\n');
    expect(findName(toLines(text))).toEqual({ first: 'Nadia', last: 'Forsythe' });
  });

  it("reads the name from a later page's header when the first page has none", () => {
    const text = [
      'CAREER HIGHLIGHTS',
      'Raised enrolment by a third in two years.',
      'PROFESSIONAL EXPERIENCE',
      'Admissions Advisor, Harbour College, 2014 - Present',
      'Counselled prospective students.',
      'Mina Castellano',
      'PROFESSIONAL EXPERIENCE (Cont.)',
      'Admissions Representative, Lakeside Institute, 2012 - 2014',
    ].join('\n');
    expect(findName(toLines(text))).toEqual({ first: 'Mina', last: 'Castellano' });
  });
});

describe('headings', () => {
  it('reads "Professional Training" as a training heading whose degrees are education', async () => {
    const text = [
      'Grace Wanjiru Mbeki',
      'grace.mbeki@example.org',
      'PROFESSIONAL TRAINING',
      '2010 - 2012',
      'Master of Public Health, Ridgeway University',
      'PROFESSIONAL EXPERIENCE',
      'Nurse Tutor, Hillcrest School of Nursing',
      '2013 - 2018',
      'Taught maternal health units.',
    ].join('\n');
    expect(cvSections(toLines(text)).map((s) => s.kind)).toEqual(['header', 'certifications', 'experience']);
    const cv = await createRulesAnalyzer(noSkills, { now: () => NOW }).analyzeCv(text);
    expect(cv.education[0]).toMatchObject({
      degree: 'Master of Public Health',
      institution_name: 'Ridgeway University',
    });
    expect(cv.experience.map((e) => e.title)).toEqual(['Nurse Tutor']);
  });
});

describe('schools named after "of"', () => {
  it('reads the school that awarded a degree written "… Degree of <school>" or "… (abbreviation) of <school>"', () => {
    const [master, diploma, phd] = parseEducation(
      toLines(
        [
          'Awarded Master of Public Health (MPH) Degree of Ridgeway University.',
          'Awarded Diploma in Midwifery (DM) of Lakeside University.',
          'Admitted to the PhD degree of Kenmore University, 2015',
        ].join('\n'),
      ),
      NOW,
    );
    expect(master).toMatchObject({ degree: 'Master of Public Health (MPH)', institution_name: 'Ridgeway University' });
    expect(diploma).toMatchObject({ degree: 'Diploma', major: 'Midwifery', institution_name: 'Lakeside University' });
    expect(phd).toMatchObject({ degree: 'PhD degree', institution_name: 'Kenmore University' });
    // "of" before a field is still the degree's own: "Master of Public Health".
    expect(parseEducation(toLines('Bachelor of Business Studies, Ridgeway University'), NOW)[0]).toMatchObject({
      institution_name: 'Ridgeway University',
    });
  });
});

describe('publication lists after the positions', () => {
  it('ends the experience section at "Publications: Books", so citations are no jobs', async () => {
    const text = [
      'Marta Quill',
      'marta.quill@example.org',
      'Professional Experience',
      '2004 to present: Professor of Sociology, Eastvale State University',
      '1998 to 2004: Lecturer, Department of Sociology, Harbour College',
      'Publications: Books',
      'Cities in Transition: Housing and Policy (co-authored with Leo Brandt, Northfield Press, 2011).',
      'Urban Futures: Readings (edited with Ana Ruiz; New York: Halden House, 2006).',
    ].join('\n');
    const sections = cvSections(toLines(text));
    expect(sections.map((s) => s.kind)).toEqual(['header', 'experience', 'other']);
    const cv = await createRulesAnalyzer(noSkills, { now: () => NOW }).analyzeCv(text);
    expect(cv.experience.map((e) => e.title)).toEqual(['Professor of Sociology', 'Lecturer']);
  });
});

describe('"undergraduate" in a sentence', () => {
  it('is no degree after a preposition at the end of a wrapped line, and still one as a heading word', () => {
    const [master, bachelor] = parseEducation(
      toLines(
        [
          'June 2016',
          'Eastvale University, Portland, OR',
          'Master of Science in Student Affairs',
          'Research Project: “How peer mentoring relates to persistence among undergraduate',
          'students in their first year”',
          'June 2013',
          'Harbour College, Salem, OR',
          'Bachelor of Arts in Sociology',
        ].join('\n'),
      ),
      NOW,
    );
    expect(master).toMatchObject({ degree: 'Master of Science', institution_name: 'Eastvale University' });
    expect(bachelor).toMatchObject({ degree: 'Bachelor of Arts', institution_name: 'Harbour College' });
    expect(findDegrees('Undergraduate, Harbour College').map((d) => d.text)).toEqual(['Undergraduate']);
    expect(findDegrees('holds an undergraduate degree in Physics').map((d) => d.text)).toEqual([
      'undergraduate degree',
    ]);
  });
});

describe('experience titles, rules-7', () => {
  const experience = (text: string) => parseExperience(toLines(text), NOW);

  it('keeps roles listed with a closing "and" together as the title', () => {
    const [e] = experience(
      'Ridgeline Fitness, Ardmore, PA\nPersonal Trainer, Nutritionist, and Head Swim Coach, March 2012 - Present\n' +
        'Designed a strength class for masters swimmers.',
    );
    expect(e!.title).toBe('Personal Trainer, Nutritionist, and Head Swim Coach');
    // A role and its department is one role.
    const [d] = experience('Manager, Sales and Marketing\nNorthwind Foods, Leeds\n2014 - 2018');
    expect(d!.title).toBe('Manager');
  });

  it('ends a title shouted in capitals where the sentence it runs into starts', () => {
    const [e] = experience(
      '2004-2009: SELF-EMPLOYED LEGAL PRACTITIONER mostly\nacting for community groups in land matters.',
    );
    expect(e!.title).toBe('SELF-EMPLOYED LEGAL PRACTITIONER');
    expect(e!.description).toBe('mostly\nacting for community groups in land matters.');
    const [sap] = experience('2015 - 2018: SAP ABAP Consultant\nBuilt reports for the finance team.');
    expect(sap!.title).toBe('SAP ABAP Consultant');
  });

  it('takes no web address of a company for a title', () => {
    const [e] = experience('06/2011 - 08/2011 | Pricefinder.com\nBuilt a crawler that indexed product pages.');
    expect(e!.title).toBe('');
    expect(e!.description.split('\n')[0]).toContain('Pricefinder.com');
  });

  it('takes no page header ("Rosa Delaney, Curriculum Vitae, May 2014") for a position', () => {
    const entries = experience(
      [
        '2009-2012: LEGAL OFFICER, Harbour Legal Aid',
        'Represented tenants in the housing tribunal.',
        'Rosa Delaney, Curriculum Vitae, May 2014',
        '2005-2009: PARALEGAL, Quay Street Chambers',
        'Prepared briefs for counsel.',
      ].join('\n'),
    );
    expect(entries.map((e) => e.title)).toEqual(['LEGAL OFFICER', 'PARALEGAL']);
  });
});

describe('two-letter degrees after the year', () => {
  it('reads "2003: BA Fine Arts, …" in an education section, still not "MS Office"', () => {
    const [e] = parseEducation(toLines('2009: BA Fine Arts, Lakeview College of Art and Design'), NOW);
    expect(e).toMatchObject({
      degree: 'BA',
      institution_name: 'Lakeview College of Art and Design',
      end_date: '2009-01',
    });
    expect(parseEducation(toLines('2012: MS Office and Outlook'), NOW)).toEqual([]);
  });
});
