// Education rules added in rules-10, each on a CV snippet written for the test (fake people and schools).
import { describe, expect, it } from 'vitest';
import { findDegrees } from '../src/degrees.js';
import { parseEducation } from '../src/education.js';
import { toLines } from '../src/text.js';

const NOW = new Date('2025-06-15T12:00:00Z');
const education = (text: string) => parseEducation(toLines(text), NOW);
const lines = (...xs: string[]) => xs.join('\n');

describe('entries under their school, rules-10', () => {
  it('gives a second qualification under a school that school, and opens an entry on the next school line', () => {
    const rows = education(
      lines(
        'Westbrook University of Science and Technology (Millbrook, OR)',
        'Ph.D. Materials Engineering',
        'Dissertation: “Fatigue of welded joints in cold climates.”',
        'May 2021',
        'M.S. Materials Engineering',
        'May 2018',
        'Harlow Polytechnic University (Harlow, UK)',
        'B.S. Mechanical Engineering',
        'May 2016',
      ),
    );
    expect(rows.map((r) => [r.degree, r.institution_name, r.end_date])).toEqual([
      ['Ph.D.', 'Westbrook University of Science and Technology', '2021-05'],
      ['M.S.', 'Westbrook University of Science and Technology', '2018-05'],
      ['B.S.', 'Harlow Polytechnic University', '2016-05'],
    ]);
  });

  it('takes no entry dates from a sentence of the entry body', () => {
    const rows = education(
      lines(
        'HARTWELL SCHOOL OF BUSINESS, KEARNTON UNIVERSITY',
        'Master of Business Administration; Major in Finance',
        '2016-2018',
        'Editor, Hartwell Business Review (2016 - 2017): Relaunched the student journal and doubled its readership in a year.',
        'KEARNTON UNIVERSITY',
        'Master of Science, Statistics',
        '2012-2014',
        'Bachelor of Science, Mathematics',
        '2008-2012',
      ),
    );
    expect(rows.map((r) => [r.degree, r.institution_name, r.start_date, r.end_date])).toEqual([
      ['Master of Business Administration', 'HARTWELL SCHOOL OF BUSINESS', '2016-01', '2018-01'],
      ['Master of Science', 'KEARNTON UNIVERSITY', '2012-01', '2014-01'],
      ['Bachelor of Science', 'KEARNTON UNIVERSITY', '2008-01', '2012-01'],
    ]);
  });

  it('reads a German CV whose school line comes first, past the line of its town', () => {
    const rows = education(
      lines(
        'Universität Kleinfeld',
        'Kleinfeld, Deutschland',
        'Master of Science Physik, 2019 – 2021',
        'Bachelor of Science Physik, 2016 – 2019',
      ),
    );
    expect(rows.map((r) => [r.degree, r.major, r.institution_name])).toEqual([
      ['Master of Science', 'Physik', 'Universität Kleinfeld'],
      ['Bachelor of Science', 'Physik', 'Universität Kleinfeld'],
    ]);
  });

  it('keeps the usual reading when the first line names a school inside a longer line', () => {
    const rows = education(
      lines(
        'Evening courses in Accounting, Lakeside Community College, 2012',
        'Bachelor of Science in Education, May 2010',
        'University of Kearnton',
      ),
    );
    expect(rows[1]).toMatchObject({ degree: 'Bachelor of Science', institution_name: 'University of Kearnton' });
  });
});

describe('what is no school, rules-10', () => {
  it('reads no school in a kind of school or in a country name', () => {
    const rows = education(
      lines(
        'B.A., Elementary Education, Prairie Hills University, Chicago, IL, 2016',
        'Endorsements: Elementary Education (K-9), Middle School',
      ),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ degree: 'B.A.', institution_name: 'Prairie Hills University' });
    expect(education('Développeur logiciel / Kestrel Films, Royaume-Uni, 2013')).toEqual([]);
  });

  it('skips the schools of student-teaching placements listed under a degree', () => {
    const rows = education(
      lines(
        'Bachelor of Science, May 2019',
        'Greyfield College, Dayton, OH',
        'Student Teaching:',
        'Maple Ridge Elementary School, Dayton, OH Spring 2019',
        'Taught a 2nd grade class',
        'Hollow Creek Middle School, Dayton, OH Fall 2018',
        'Master of Education, 2022',
        'Greyfield College',
      ),
    );
    expect(rows.map((r) => [r.degree, r.institution_name, r.end_date])).toEqual([
      ['Bachelor of Science', 'Greyfield College', '2019-05'],
      ['Master of Education', 'Greyfield College', '2022-01'],
    ]);
    // The placements end at the next school of higher education.
    const next = education(
      lines('BA Primary Education, 2017', 'Teaching practice', 'Brookside Primary School', 'Kearnton College'),
    );
    expect(next.map((r) => r.institution_name)).toEqual(['Kearnton College']);
    for (const label of ['Practicum', 'Prácticas docentes:', 'Tirocinio formativo', 'Schulpraktikum', 'Onderwijsstage'])
      expect(education(lines('Laurea in Pedagogia, 2020', label, 'Scuola Primaria Dante, Ferrara'))).toHaveLength(1);
  });

  it("reads a named school with no qualification as the candidate's secondary school", () => {
    const rows = education(
      lines('B.Tech in Civil Engineering', 'Ravindra Institute of Technology', '2016', "St. Anne's School", '2010'),
    );
    expect(rows[1]).toMatchObject({
      degree: 'High School',
      institution_name: "St. Anne's School",
      end_date: '2010-01',
    });
    for (const school of [
      'Harlan Law School',
      'Pinewood Middle School',
      'Westbrook Business School',
      'Kearnton School of Nursing',
    ])
      expect(education(`${school}, 2012`)[0]?.degree, school).toBe('');
  });

  it('reads a campus line as the site of the school above it', () => {
    const rows = education(lines('Juris Doctor, 2011', 'Whitmore University, College of Law', 'Eastlake Campus'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ degree: 'Juris Doctor', institution_name: 'Whitmore University' });
  });
});

describe('degrees as CVs abbreviate them, rules-10', () => {
  it('knows J.D., M.A without its last period, B.S.W., M.L.S. and P.hD', () => {
    for (const [text, level] of [
      ['J.D., Harlan School of Law, 2014', 6],
      ['M.A Education Administration, Kearnton University (2009)', 5],
      ['B.S.W., Greyfield College', 4],
      ['M.L.S., Greyfield College', 5],
      ['Pursuing P.hD in Computer Science', 6],
    ] as const)
      expect(findDegrees(text)[0]?.level, text).toBe(level);
    expect(education('M.A Education Administration, Kearnton University (2009)')[0]).toMatchObject({
      degree: 'M.A',
      major: 'Education Administration',
      end_date: '2009-01',
    });
  });

  it('finds no degree in the initials of a name', () => {
    expect(findDegrees('Dr. R.M.L.S College, Patna')).toEqual([]);
    expect(findDegrees('A.J.D. Rao Memorial School')).toEqual([]);
  });

  it('keeps an abbreviation with its honours in brackets with the degree, and honours are no field', () => {
    expect(education('Bachelor of Laws (LL.B Honours), University of Kearnton, 1999')[0]).toMatchObject({
      degree: 'Bachelor of Laws (LL.B Honours)',
      institution_name: 'University of Kearnton',
    });
    expect(education('J.D. (Cum Laude), Harlan School of Law, 2006')[0]).toMatchObject({ degree: 'J.D.', major: '' });
    expect(education(lines('B.S.W., Greyfield College', 'Summa cum laude', '2008'))[0]).toMatchObject({
      degree: 'B.S.W.',
      major: '',
      end_date: '2008-01',
    });
  });
});

describe('degrees as Spanish, French, Italian, Dutch and Portuguese CVs name them, rules-10', () => {
  it('reads the titles of the degrees before Bologna and the holder titles', () => {
    for (const [line, degree, level] of [
      ['Ingeniero Industrial, Universidad de Valdemora, 2008 – 2014', 'Ingeniero Industrial', 5],
      ['Ingeniería Técnica en Informática de Gestión, Universidad de Valdemora', 'Ingeniería Técnica', 4],
      ['DESS Marketing, Université de Valmont, 2003', 'DESS', 5],
      ['DEA de sociologie, Université de Valmont, 1999', 'DEA', 5],
      ['Mastère spécialisé Management de projets, École de Valmont, 2019', 'Mastère spécialisé', 5],
      ['Dottore in Giurisprudenza, Università di Castelrocca, 2012', 'Dottore', 4],
      ['Dottoressa magistrale in Chimica, Università di Castelrocca, 2015', 'Dottoressa magistrale', 5],
      ['Doctoraal Economie, Universiteit van Zandvoorde, 1998', 'Doctoraal', 5],
      ['Bacharel em Direito, Universidade de Vilarinho, 2011', 'Bacharel', 4],
      ['Mestre em Engenharia Informática, Instituto Superior de Vilarinho, 2016', 'Mestre', 5],
      ['Doutora em Biologia, Universidade de Vilarinho, 2020', 'Doutora', 6],
    ] as const) {
      expect(findDegrees(line)[0]?.level, line).toBe(level);
      expect(education(line)[0]?.degree, line).toBe(degree);
    }
    // A holder title is no job title, and a master's plan no degree.
    expect(findDegrees('Dottore commercialista presso Studio Ferri')).toEqual([]);
    expect(findDegrees('Mestre de obras na Construtora Vilarinho')).toEqual([]);
  });

  it('reads the French master\'s year and the school after "por la", "pela"', () => {
    expect(education('depuis 2022 Master 2 Data Science, Université de Valmont')[0]).toMatchObject({
      degree: 'Master 2',
      major: 'Data Science',
      institution_name: 'Université de Valmont',
      start_date: '2022-01',
      end_date: '',
    });
    expect(education('Licenciado en Derecho por la Universidad de Valdemora (2010)')[0]).toMatchObject({
      major: 'Derecho',
      institution_name: 'Universidad de Valdemora',
    });
    expect(education('Licenciado em Economia pela Universidade de Vilarinho, 2009')[0]).toMatchObject({
      major: 'Economia',
      institution_name: 'Universidade de Vilarinho',
    });
  });
});

describe('school words of Portuguese and of French universities, rules-10', () => {
  it('reads "Escola", "IUT" and "IAE" as schools', () => {
    expect(education('Licenciatura em Gestão, Escola Superior de Vilarinho, 2014')[0]?.institution_name).toBe(
      'Escola Superior de Vilarinho',
    );
    expect(education('DUT Informatique, IUT de Valmont, 2012')[0]?.institution_name).toBe('IUT de Valmont');
    expect(education('Master Management, IAE Valmont, 2016')[0]?.institution_name).toBe('IAE Valmont');
  });
});
