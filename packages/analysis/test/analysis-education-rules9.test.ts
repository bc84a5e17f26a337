// Education rules added in rules-9, each on a CV snippet written for the test (fake people and schools).
import { describe, expect, it } from 'vitest';
import { findDegrees } from '../src/degrees.js';
import { parseEducation } from '../src/education.js';
import { cvSections } from '../src/sections.js';
import { toLines } from '../src/text.js';

const NOW = new Date('2025-06-15T12:00:00Z');
const education = (text: string) => parseEducation(toLines(text), NOW);

describe('education tables and school-leaving qualifications, rules-9', () => {
  it('skips the column names of a table flattened into one line and reads the rows', () => {
    const rows = education(
      [
        'Degree | Board/University | Year | Percentage',
        'B.Tech | Sunrise Institute of Technology | 2012 | 72%',
        'XII | Kendriya Vidyalaya, Nashik | 2008 | 81%',
      ].join('\n'),
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      degree: 'B.Tech',
      institution_name: 'Sunrise Institute of Technology',
      end_date: '2012-01',
      score: '72%',
    });
    expect(rows[1]).toMatchObject({ degree: 'XII', end_date: '2008-01' });
    expect(rows.map((r) => r.institution_name)).not.toContain('Board/University');
  });

  it('reads a table flattened one cell a line, with a cell wrapped inside its bracket', () => {
    const rows = education(
      [
        'Course',
        'College/University',
        'Year',
        'Aggregate',
        'B.TECH',
        '(Mechanical and',
        'Automation)',
        'Lakeview Institute of',
        'Technology',
        '2013',
        '74.2%',
        'Senior Secondary',
        'examination(Class XII)',
        'Greenfield Public School, Rohini',
        '2009',
      ].join('\n'),
    );
    expect(rows[0]).toMatchObject({
      degree: 'B.TECH',
      major: 'Mechanical and Automation',
      institution_name: 'Lakeview Institute of Technology',
      end_date: '2013-01',
    });
    expect(rows[1]).toMatchObject({ degree: 'Senior Secondary', end_date: '2009-01' });
    expect(rows).toHaveLength(2);
  });

  it('knows school-leaving qualifications as Indian, German, French, Italian and Dutch CVs write them', () => {
    for (const q of [
      'Class XII',
      'Std. X',
      'XIIth',
      'HSLC',
      'AISSCE',
      'Senior Secondary',
      'Allgemeine Hochschulreife',
      'Mittlere Reife',
      'Brevet des collèges',
      'Diploma di maturità scientifica',
      'VMBO',
    ])
      expect(findDegrees(q)[0]?.level, q).toBe(1);
    // In an education section only: elsewhere "Intermediate" is a level of skill.
    expect(findDegrees('Intermediate knowledge of Excel')).toEqual([]);
    expect(education('Intermediate (MPC), Sri Lakshmi Junior College, 2010')[0]).toMatchObject({
      degree: 'Intermediate (MPC)',
      institution_name: 'Sri Lakshmi Junior College',
      end_date: '2010-01',
    });
  });

  it('never takes the examination board for a field of study', () => {
    expect(education('HSC, Maharashtra State Board, 2008, 74%')[0]).toMatchObject({
      degree: 'HSC',
      major: '',
      end_date: '2008-01',
      score: '74%',
    });
    expect(findDegrees('Senior SecondarySchool examination')[0]).toMatchObject({
      level: 1,
      text: 'Senior SecondarySchool',
    });
  });

  it('takes the college, not the university it is affiliated to, as the school', () => {
    expect(education('B.Com from Hillcrest College affiliated to Ravindra University in 2011')[0]).toMatchObject({
      degree: 'B.Com',
      institution_name: 'Hillcrest College',
      end_date: '2011-01',
    });
  });

  it('reads an entry written as one line with its year and score', () => {
    expect(
      education('B.E. in Mechanical Engineering from Ravindra Institute of Technology, Pune – 2012 with 68%')[0],
    ).toMatchObject({
      degree: 'B.E.',
      major: 'Mechanical Engineering',
      institution_name: 'Ravindra Institute of Technology',
      end_date: '2012-01',
      score: '68%',
    });
    for (const [line, year] of [
      ['MBA (Finance), Lakeshore School of Management, Batch of 2014', '2014-01'],
      ['M.Sc. Chemistry - Ravindra University - Passed out in 2012', '2012-01'],
      ['B.A. Economics, Hillcrest College, Class of 2019', '2019-01'],
      ['PGDM, Lakeshore Institute of Management (2012-2014)', '2014-01'],
    ])
      expect(education(line!)[0]?.end_date, line).toBe(year);
  });
});

describe('education headings, rules-9', () => {
  it('opens the education section under headings the sections module did not know, in five languages', () => {
    for (const heading of [
      'EDUCATIONAL CREDENTIALS:',
      'Education History',
      'Academic Summary',
      'Qualification Details',
      'Schulischer Werdegang',
      'Formation universitaire',
      'Diplômes obtenus',
      'Estudios académicos',
      'Formazione accademica',
      'Opleiding en cursussen',
    ]) {
      const sections = cvSections(toLines(`Mira Castellane\n${heading}\nB.Sc. in Physics, Northbay University, 2010`));
      expect(
        sections.map((s) => s.kind),
        heading,
      ).toEqual(['header', 'education']);
    }
    // "Beruflicher Werdegang" stays the career history.
    expect(cvSections(toLines('Jonas Pfeil\nBeruflicher Werdegang\nVertriebsleiter, Nordlicht GmbH'))[1]?.kind).toBe(
      'experience',
    );
  });
});

describe('secondary schools named without a qualification, rules-9', () => {
  it('gives an entry at a school named as a secondary school the school-leaving level', () => {
    const rows = education(
      [
        'B.E in ECE',
        'Kaveri Institute of Technology',
        '2014',
        'Bright Future Matric Hr.Sec School',
        '2008 to 2010',
      ].join('\n'),
    );
    expect(rows[1]).toMatchObject({
      degree: 'High School',
      institution_name: 'Bright Future Matric Hr.Sec School',
      end_date: '2010-01',
    });
    expect(findDegrees(rows[1]!.degree)[0]?.level).toBe(1);
    for (const school of [
      'Westbrook Secondary College',
      'Goethe-Gymnasium Kassel',
      'Lycée Jules Ferry',
      'Liceo Galilei',
    ])
      expect(education(`${school}, 2009`)[0]?.degree, school).toBe('High School');
    // A university or a school of a university keeps its blank degree.
    expect(education('Harbourview School of Law, 2012')[0]?.degree).toBe('');
  });
});

describe('degree abbreviations, rules-9', () => {
  it('knows professional and Indian degree abbreviations, dotted or not, and their level', () => {
    const levels: Array<[string, number]> = [
      ['MBBS, Coastal Medical College, 2011', 4],
      ['B.Pharm from Sahyadri College of Pharmacy', 4],
      ['B.Arch, Deccan School of Architecture', 4],
      ['BDS - Lakeside Dental College - 2015', 4],
      ['B.C.A. (2009-2012)', 4],
      ['Graduation in Commerce, Ravindra University', 4],
      ['M.E. in Thermal Engineering', 5],
      ['ME in Structural Engineering', 5],
      ['M.C.A., Northgate Institute of Computer Studies', 5],
      ['PGDCA from Sunrise Computer Academy', 5],
      ['P.G.D.M., Lakeshore Institute of Management', 5],
      ['Post Graduation in Economics', 5],
      ['Dipl.-Ing. Maschinenbau, Hochschule Nordhafen', 5],
      ['Zweites Staatsexamen, Landgericht Kassel', 5],
      ['Posgrado en Finanzas, Universidad del Valle Alto', 5],
      ['Pós-graduação em Gestão, Universidade do Lago', 5],
      ['PharmD, Bayside College of Pharmacy', 6],
      ['DVM, Prairie State University', 6],
      ['ITI in Electrician trade, Government ITI Nagpur', 2],
    ];
    for (const [line, level] of levels) expect(findDegrees(line)[0]?.level, line).toBe(level);
    // Not degrees: a state after a comma, a graduation month, a company.
    expect(findDegrees('Portland, ME')).toEqual([]);
    expect(findDegrees('Expected graduation in May 2026')).toEqual([]);
    expect(findDegrees('Field engineer at ITI Limited')).toEqual([]);
  });

  it('reads such an entry with its field, school and year', () => {
    expect(education('M.E. in Thermal Engineering, Kaveri College of Engineering, 2016')[0]).toMatchObject({
      degree: 'M.E.',
      major: 'Thermal Engineering',
      institution_name: 'Kaveri College of Engineering',
      end_date: '2016-01',
    });
  });
});

describe('double degrees, rules-9', () => {
  it('reads two degrees written with a slash as two entries of the same school and year', () => {
    const rows = education('Bachelor of Laws/Bachelor of Arts, Harbourview University, 2009');
    expect(rows.map((r) => [r.degree, r.institution_name, r.end_date])).toEqual([
      ['Bachelor of Laws', 'Harbourview University', '2009-01'],
      ['Bachelor of Arts', 'Harbourview University', '2009-01'],
    ]);
    // "Diploma/Certificate" is one vocational qualification, not a double degree.
    expect(education('Diploma/Certificate in Welding, Northgate Polytechnic')).toHaveLength(1);
  });
});
