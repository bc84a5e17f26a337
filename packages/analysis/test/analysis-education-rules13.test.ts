// Education rules of the rules-13 round, each on a CV snippet written for the test (fake people, firms and schools).
import { describe, expect, it } from 'vitest';
import { findDegrees } from '../src/degrees.js';
import { parseEducation } from '../src/education.js';
import { toLines } from '../src/text.js';

const NOW = new Date('2025-06-15T12:00:00Z');
const education = (text: string) => parseEducation(toLines(text), NOW);
const lines = (...xs: string[]) => xs.join('\n');
const rows = (text: string) =>
  education(text).map((r) => [r.degree, r.major, r.institution_name, r.start_date, r.end_date]);
const levels = (text: string) => findDegrees(text).map((d) => [d.level, d.text]);

describe('degree names, rules-13', () => {
  it('reads a French licence written with its field or year straight after it, not a driving licence', () => {
    expect(
      rows(
        lines(
          '2012 - 2014 Master Finance, Université de Rennes',
          '2009 - 2012 Licence Économie, Université de Rennes',
          '2008 - 2009 Licence 1 Droit, Université de Brest',
        ),
      ),
    ).toEqual([
      ['Master', 'Finance', 'Université de Rennes', '2012-01', '2014-01'],
      ['Licence', 'Économie', 'Université de Rennes', '2009-01', '2012-01'],
      ['Licence', '', 'Université de Brest', '2008-01', '2009-01'],
    ]);
    expect(levels('Driving Licence Full, Category B')).toEqual([]);
    expect(levels('Licence Holder since 2010')).toEqual([]);
  });

  it('reads Indian medical bachelors, an associate written "AA", the PGCE and the French state nursing diploma', () => {
    expect(levels('BHMS, Sunrise Homoeopathic Medical College')).toEqual([[4, 'BHMS']]);
    expect(levels('BAMS from Greenfield Ayurveda College')).toEqual([[4, 'BAMS']]);
    expect(levels('AA in Business Administration, Lakeview Community College')).toEqual([[3, 'AA']]);
    expect(levels('AA Meetings volunteer')).toEqual([]);
    expect(levels('PGCE Secondary Mathematics')).toEqual([[5, 'PGCE']]);
    expect(levels('Postgraduate Certificate in Education')).toEqual([[5, 'Postgraduate Certificate']]);
    expect(rows('2012 - 2015 Diplôme d’État d’infirmier, IFSI de Quimper')).toEqual([
      ['Diplôme d’État d’infirmier', '', 'IFSI de Quimper', '2012-01', '2015-01'],
    ]);
  });

  it('reads a Spanish engineering degree named by its discipline', () => {
    expect(rows(lines('Ingeniería en Sistemas Computacionales', 'Universidad del Valle Fingido, 2008 - 2013'))).toEqual(
      [['Ingeniería', 'Sistemas Computacionales', 'Universidad del Valle Fingido', '2008-01', '2013-01']],
    );
  });

  it('reads a German apprenticeship ("Lehre") and keeps the training firm and place out of its field', () => {
    expect(
      rows(
        lines(
          '09/2010 – 07/2013 Ausbildung zum Fachinformatiker, Kaltwasser Systeme GmbH, Köln',
          '2005 – 2008 Lehre als Tischler, Holzbau Brinkmann GmbH',
          '2002 – 2005 Lehre, Bäckerei Strunk KG, Bremen',
          '1996 – 2002 Realschule am Deich, Bremen',
        ),
      ),
    ).toEqual([
      ['Ausbildung', 'Fachinformatiker', '', '2010-09', '2013-07'],
      ['Lehre', 'Tischler', '', '2005-01', '2008-01'],
      ['Lehre', '', '', '2002-01', '2005-01'],
      ['', '', 'Realschule am Deich', '1996-01', '2002-01'],
    ]);
    expect(rows(lines('2009 - 2012 Lehre', 'Autohaus Fendel GmbH'))).toEqual([['Lehre', '', '', '2009-01', '2012-01']]);
  });

  it('takes the chamber that examined an apprenticeship as where it was earned', () => {
    expect(
      rows(lines('09/2010 – 06/2013', 'Ausbildung zum Industriekaufmann', 'Industrie- und Handelskammer Münster')),
    ).toEqual([['Ausbildung', 'Industriekaufmann', 'Industrie- und Handelskammer Münster', '2010-09', '2013-06']]);
  });
});

describe('fields of study, rules-13', () => {
  it("reads no field in the programme's length written in brackets after the degree", () => {
    expect(
      rows('Ashdown State College, Newburgh, NY. May, 2004. B.S. (4 year program) degree - Major: Sociology'),
    ).toEqual([['B.S.', 'Sociology', 'Ashdown State College', '', '2004-05']]);
    expect(rows('B.Sc. (3 years), Redhill College, 2010')).toEqual([['B.Sc.', '', 'Redhill College', '', '2010-01']]);
  });
});

describe('sentences in a profile, rules-13', () => {
  it('reads no master\'s degree in "quickly master" and no school in a sentence before a place', () => {
    expect(levels('Able to quickly master new technologies and tools')).toEqual([]);
    expect(levels('I can easily master new frameworks')).toEqual([]);
    expect(levels('Bachelor and Master of Science in Physics')).toEqual([
      [4, 'Bachelor'],
      [5, 'Master'],
    ]);
    expect(rows(lines('MBA in Finance', 'Working as Analyst for Fakecorp Logistics, Canada'))).toEqual([
      ['MBA', 'Finance', '', '', ''],
    ]);
    expect(rows(lines('B.Com', 'Gandhara Vidyaniketan - Patna, Bihar', '2011'))).toEqual([
      ['B.Com', '', 'Gandhara Vidyaniketan', '', '2011-01'],
    ]);
  });
});

describe('schools on a degree line, rules-13', () => {
  it('finds the school after a year written between the degree and the school', () => {
    expect(rows(lines('M.B.A. (Marketing) 2010 Westmoor University', 'B.Com 2008 Redhill College'))).toEqual([
      ['M.B.A.', 'Marketing', 'Westmoor University', '', '2010-01'],
      ['B.Com', '', 'Redhill College', '', '2008-01'],
    ]);
  });

  it('finds the school written straight after a degree named with "of"', () => {
    expect(
      rows(
        lines(
          '2009 Bachelor of Nursing University of Harlow',
          '2005 Master of Business Administration Ashdown University',
        ),
      ),
    ).toEqual([
      ['Bachelor of Nursing', '', 'University of Harlow', '', '2009-01'],
      ['Master of Business Administration', '', 'Ashdown University', '', '2005-01'],
    ]);
  });

  it("reads no master's degree in a US state written after its city without a comma", () => {
    expect(rows(lines('Bachelor of Arts, Psychology — 2012', 'Westmoor University, Boston MA'))).toEqual([
      ['Bachelor of Arts', 'Psychology', 'Westmoor University', '', '2012-01'],
    ]);
    expect(levels('Ashdown College, Portland ME 04101')).toEqual([]);
    expect(levels('English Literature MA (Hons), University of Harlow')).toEqual([[5, 'MA']]);
  });

  it('reads no school in a job board\'s "Some college" level', () => {
    expect(
      rows(
        lines(
          'Some college in Business Administration',
          'Lakeview Community College - Springfield, IL',
          '2008 to 2010',
        ),
      ),
    ).toEqual([['', '', 'Lakeview Community College', '2008-01', '2010-01']]);
  });
});
