// Education rules of the second rules-10 round, each on a CV snippet written for the test (fake people and schools).
import { describe, expect, it } from 'vitest';
import { findDegrees } from '../src/degrees.js';
import { parseEducation } from '../src/education.js';
import { toLines } from '../src/text.js';

const NOW = new Date('2025-06-15T12:00:00Z');
const education = (text: string) => parseEducation(toLines(text), NOW);
const lines = (...xs: string[]) => xs.join('\n');
const rows = (text: string) => education(text).map((r) => [r.degree, r.major, r.institution_name, r.end_date]);

describe('Indian school-leaving qualifications, rules-10', () => {
  it('reads "10+2", "+2" and "Plus Two" as school-leaving, before the board or a school named after them', () => {
    expect(
      rows(
        lines(
          'B.Tech (Civil Engineering), Rajmohan Institute of Technology, 2015 - 7.9 CGPA',
          '10+2, Kendriya Vidyalaya No. 3, Udaipur (CBSE), 2011 - 84%',
          '10th, Kendriya Vidyalaya No. 3, Udaipur (CBSE), 2009 - 90%',
        ),
      ),
    ).toEqual([
      ['B.Tech', 'Civil Engineering', 'Rajmohan Institute of Technology', '2015-01'],
      ['10+2', '', 'Kendriya Vidyalaya No. 3', '2011-01'],
      ['10th', '', 'Kendriya Vidyalaya No. 3', '2009-01'],
    ]);
    expect(
      rows(
        lines(
          'Qualification | Institution | Board | Year',
          '+2 | Govt. Higher Secondary School, Kottamala | Kerala State Board | 2012',
          'Plus Two | St. Ignatius HSS | State Board | 2012',
        ),
      ),
    ).toEqual([
      ['+2', '', 'Govt. Higher Secondary School', '2012-01'],
      ['Plus Two', '', '', '2012-01'],
    ]);
    expect(findDegrees('HSSC, Federal Board, Islamabad')[0]).toMatchObject({ text: 'HSSC', level: 1 });
  });

  it('reads no qualification in a phone number, a sum or a count of years', () => {
    expect(findDegrees('Mobile: +2 348 555 0101')).toEqual([]);
    expect(findDegrees('Team of 5 +2 interns')).toEqual([]);
    expect(findDegrees('3 years of Java plus two years of Kotlin')).toEqual([]);
    expect(findDegrees('Bachelor degree +2 years in retail')).toHaveLength(1);
  });
});

describe('no place as a field of study, rules-10', () => {
  it('reads no field after a qualification written inside the school name', () => {
    expect(rows(lines('Government Girls Higher Secondary School, Kottamala', '2010'))).toEqual([
      ['Higher Secondary School', '', 'Government Girls Higher Secondary School', '2010-01'],
    ]);
  });

  it('reads no field where a degree is followed by its place', () => {
    expect(rows(lines('Senior Secondary, Haldwani, Uttarakhand', '2009'))).toEqual([
      ['Senior Secondary', '', '', '2009-01'],
    ]);
    expect(rows(lines('Harwick College', 'Bachelor of Arts, Marietta, Ohio', 'May 2012'))).toEqual([
      ['Bachelor of Arts', '', 'Harwick College', '2012-05'],
    ]);
  });
});

describe('"Graduate in <field>", rules-10', () => {
  it('reads a graduate in a field as a bachelor, not a verb or a person', () => {
    expect(
      rows(
        lines(
          'Graduate in Commerce, Shantiniketan College of Arts, 2009',
          'Post Graduate in Commerce, Eastfield University, 2011',
        ),
      ),
    ).toEqual([
      ['Graduate', 'Commerce', 'Shantiniketan College of Arts', '2009-01'],
      ['Post Graduate', 'Commerce', 'Eastfield University', '2011-01'],
    ]);
    expect(findDegrees('Graduate in Commerce')[0]).toMatchObject({ level: 4 });
    expect(findDegrees('Graduation in Accounting')[0]).toMatchObject({ level: 4 });
    expect(findDegrees('I will graduate in Spring 2026')).toEqual([]);
    expect(findDegrees('Expected to graduate in May 2026')).toEqual([]);
    expect(findDegrees('Recent graduate in Marketing looking for a first role')).toEqual([]);
    expect(findDegrees('Graduated in the top 5% of my class')).toEqual([]);
  });
});

describe('a field labelled on the degree line, rules-10', () => {
  it('reads "Specialization:" written after the degree as its field', () => {
    expect(
      rows(
        lines(
          '[2011-2015]',
          'Kaveri University, Salem, India.',
          'Bachelor of Technology [B.Tech] Specialization: Food Technology',
        ),
      ),
    ).toEqual([['Bachelor of Technology', 'Food Technology', 'Kaveri University', '2015-01']]);
    expect(rows('MBA, Brookmere Business School, Major: Finance, 2019')).toEqual([
      ['MBA', 'Finance', 'Brookmere Business School', '2019-01'],
    ]);
  });
});

describe('flattened education tables, rules-10', () => {
  it('joins no column names into a school, and no later cells into a bracket a wrapped cell left open', () => {
    const table = lines(
      'Degree    Institute    Year    Percentage',
      'B.E. (Computer    Sri Venkata College of Engineering    2014    72%',
      'Science)    Chennai',
      'HSC (State    Govt. Boys Higher Secondary School    2010    88%',
      'Board)    Vellore',
    );
    expect(rows(table)).toEqual([
      ['B.E.', '', 'Sri Venkata College of Engineering', '2014-01'],
      ['HSC', '', 'Govt. Boys Higher Secondary School', '2010-01'],
    ]);
  });

  it('still joins a bracket wrapped inside its cell', () => {
    expect(
      rows(lines('B.TECH', '(Electronics and', 'Communication)', 'Ravipur Institute of Technology', '2012')),
    ).toEqual([['B.TECH', 'Electronics and Communication', 'Ravipur Institute of Technology', '2012-01']]);
  });
});

describe('a field in brackets after a comma, rules-10', () => {
  it('reads the bracketed field written after the degree and a comma', () => {
    expect(
      rows(lines('Doctor of Philosophy, (Operations Research - Logistics), 2003', 'Kent Ridge University, Kent OH')),
    ).toEqual([['Doctor of Philosophy', 'Operations Research - Logistics', 'Kent Ridge University', '2003-01']]);
    expect(rows('MBA, (Finance) Lakeshore College, 2010')).toEqual([
      ['MBA', 'Finance', 'Lakeshore College', '2010-01'],
    ]);
  });
});

describe('the British medical degree, rules-10', () => {
  it('reads MBChB and its spellings as a bachelor-level degree', () => {
    for (const line of [
      'MBChB, University of Glenmoor, 2012',
      'MB ChB (Hons), University of Glenmoor, 2012',
      'M.B. Ch.B., University of Glenmoor, 2012',
    ])
      expect(findDegrees(line)[0]?.level, line).toBe(4);
    expect(education('MBChB, University of Glenmoor, 2012')[0]).toMatchObject({
      institution_name: 'University of Glenmoor',
      end_date: '2012-01',
    });
  });
});
