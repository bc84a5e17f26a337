// Degree and institution readings of the issue-26 round (cvfields), each on a CV snippet written for the test (fake
// people and schools, layouts and wordings not in the labelled set).
import { describe, expect, it } from 'vitest';
import { createRulesAnalyzer } from '../src/index.js';
import { parseEducation } from '../src/education.js';
import { toLines } from '../src/text.js';

const NOW = new Date('2025-06-15T12:00:00Z');
const lines = (...xs: string[]) => xs.join('\n');
const rows = (text: string) =>
  parseEducation(toLines(text), NOW).map((r) => [r.degree, r.major, r.institution_name, r.end_date]);
const analyzer = createRulesAnalyzer(
  { link: async (_text, language) => ({ language, skills: [] }) },
  { now: () => NOW },
);

describe('education, issue 26', () => {
  it('reads the field in brackets after an abbreviated degree as its major, an abbreviation there as the degree’s', () => {
    expect(
      rows(
        lines(
          'B.E. (Mechanical), Fernhill College of Engineering, Nashik, 2014',
          'Ph.D. (Economics) Westbrook University 2009',
          'BE (IT), Lakeside Institute of Technology, 2006',
          'Bachelor of Laws (LL.B Honours), University of Marlow, 2001',
        ),
      ),
    ).toEqual([
      ['B.E.', 'Mechanical', 'Fernhill College of Engineering', '2014-01'],
      ['Ph.D.', 'Economics', 'Westbrook University', '2009-01'],
      ['BE (IT)', '', 'Lakeside Institute of Technology', '2006-01'],
      ['Bachelor of Laws (LL.B Honours)', '', 'University of Marlow', '2001-01'],
    ]);
  });

  it('reads the field written after the degree’s date', () => {
    expect(
      rows(
        lines(
          'Ph.D. August 2011 Comparative Literature',
          'University of Eastvale',
          'M.A. May 2006 Political Science',
          'Northgate State University',
        ),
      ),
    ).toEqual([
      ['Ph.D.', 'Comparative Literature', 'University of Eastvale', '2011-08'],
      ['M.A.', 'Political Science', 'Northgate State University', '2006-05'],
    ]);
  });

  it('reads a school named by its acronym before a year or a place on the degree’s line, not letters after a name', () => {
    expect(rows('Diploma in Computer Applications, NIIT, 2010')).toEqual([
      ['Diploma', 'Computer Applications', 'NIIT', '2010-01'],
    ]);
    expect(rows('MSc in Finance, HEC Paris, Jouy-en-Josas, France, 2016')).toEqual([
      ['MSc', 'Finance', 'HEC Paris', '2016-01'],
    ]);
    expect(rows('MBA, PMP')[0]?.[2]).toBe('');
    expect(rows(lines('B.Tech, CSE, 2012', 'Hillcrest College of Engineering'))).toEqual([
      ['B.Tech', 'CSE', 'Hillcrest College of Engineering', '2012-01'],
    ]);
  });

  it('reads the cells of a LinkedIn profile’s export: middle dots, the degree’s abbreviation after a dash', () => {
    expect(rows('Bachelor’s degree, Economics · Universidade de Vila Nova · 2010 – 2014')).toEqual([
      ['Bachelor’s degree', 'Economics', 'Universidade de Vila Nova', '2014-01'],
    ]);
    expect(rows(lines('Master of Science - MS, Computer Science', 'Harwood University', '2014 - 2016'))).toEqual([
      ['Master of Science', 'Computer Science', 'Harwood University', '2016-01'],
    ]);
  });

  it('keeps a word joined to the degree’s kind in its name, and a field in brackets after the abbreviation’s period', () => {
    expect(rows('Master of Public Health and Epidemiology, University of Kisumu Bay, 2010')).toEqual([
      ['Master of Public Health and Epidemiology', '', 'University of Kisumu Bay', '2010-01'],
    ]);
    expect(
      rows(lines('B.Tech. (Computer Science & Engineering) 2008 – 2012', 'Eastfield Institute of Technology')),
    ).toEqual([['B.Tech', 'Computer Science & Engineering', 'Eastfield Institute of Technology', '2012-01']]);
  });

  it('keeps Spanish, Indian and British degree lines whole in a CV (degree, subject, school, year)', async () => {
    const cv = lines(
      'Lucía Fernández Ortega',
      'lucia.fo@example.com',
      '',
      'EDUCATION',
      'Grado en Ingeniería Informática, Universidad de Almazán, 2015 – 2019',
      'B.E. (Mechanical), Ridgeview College of Engineering, Pune, 2012',
      'MSc Data Science, University of Kingsbury, 2021',
      '',
      'SKILLS',
      'Python, SQL',
    );
    const record = await analyzer.analyzeCv(cv);
    expect(record.education.map((e) => [e.degree, e.major, e.institution_name])).toEqual([
      ['Grado', 'Ingeniería Informática', 'Universidad de Almazán'],
      ['B.E.', 'Mechanical', 'Ridgeview College of Engineering'],
      ['MSc', 'Data Science', 'University of Kingsbury'],
    ]);
  });
});
