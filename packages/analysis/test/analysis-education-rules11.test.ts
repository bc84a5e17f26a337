// Education rules of the rules-11 round, each on a CV snippet written for the test (fake people and schools).
import { describe, expect, it } from 'vitest';
import { parseCv } from '../src/cv-analyzer.js';
import { findDegrees } from '../src/degrees.js';
import { parseEducation } from '../src/education.js';
import { toLines } from '../src/text.js';

const NOW = new Date('2025-06-15T12:00:00Z');
const education = (text: string) => parseEducation(toLines(text), NOW);
const lines = (...xs: string[]) => xs.join('\n');
const rows = (text: string) => education(text).map((r) => [r.degree, r.major, r.institution_name, r.end_date]);
const first = (text: string) => findDegrees(text)[0];

describe('degree names and abbreviations, rules-11', () => {
  it('reads dotted US abbreviations whole, not as the shorter degree inside them', () => {
    expect(
      rows(
        lines(
          'B.B.A. in Management, Northfield University, 2009',
          'B.S.B.A., Finance, Ashdown University, 2012',
          'BSBA Marketing - Ashdown University - 2010',
          'M.F.A., Creative Writing, Westmoor University, 2016',
        ),
      ),
    ).toEqual([
      ['B.B.A.', 'Management', 'Northfield University', '2009-01'],
      ['B.S.B.A.', 'Finance', 'Ashdown University', '2012-01'],
      ['BSBA', 'Marketing', 'Ashdown University', '2010-01'],
      ['M.F.A.', 'Creative Writing', 'Westmoor University', '2016-01'],
    ]);
    expect(first('M.P.H., Epidemiology')).toMatchObject({ text: 'M.P.H.', level: 5 });
    expect(first('B.S.N., Nursing')).toMatchObject({ text: 'B.S.N.', level: 4 });
    // Canadian forms: applied science and commerce.
    expect(first('B.A.Sc., Civil Engineering')).toMatchObject({ text: 'B.A.Sc.', level: 4 });
    expect(first('MASc Mechanical Engineering')).toMatchObject({ text: 'MASc', level: 5 });
    expect(first('B.Comm, Finance')).toMatchObject({ text: 'B.Comm', level: 4 });
  });

  it('reads "M.S" without its second period before the field, not initials', () => {
    expect(
      rows(
        lines(
          'M.S in Computer Science',
          'Eastbrook University - Dallas, TX',
          'December 2016',
          'B.Tech in Computer Science',
          'JNTU - Hyderabad, Telangana',
          'May 2014',
        ),
      ),
    ).toEqual([
      ['M.S', 'Computer Science', 'Eastbrook University', '2016-12'],
      ['B.Tech', 'Computer Science', 'JNTU', '2014-05'],
    ]);
    expect(findDegrees('Dr. A.M.S in charge of admissions')).toEqual([]);
  });

  it('reads the associate degree written with "in" and the applied-science associate whole', () => {
    expect(
      rows(
        lines(
          'Aug 2008 - May 2010',
          'Associate in Applied Science',
          'Northfield Community College',
          'Associate of Applied Science, Dental Hygiene, Lakeview College, 2006',
          "Associate's in Nursing, Lakeview College, 2004",
          'AS in Nursing, Lakeview College, 2003',
        ),
      ),
    ).toEqual([
      ['Associate in Applied Science', '', 'Northfield Community College', '2010-05'],
      ['Associate of Applied Science', 'Dental Hygiene', 'Lakeview College', '2006-01'],
      ["Associate's", 'Nursing', 'Lakeview College', '2004-01'],
      ['AS', 'Nursing', 'Lakeview College', '2003-01'],
    ]);
    // A job title is no degree: "Research Associate in Science", "Sales Associate in Retail".
    expect(findDegrees('Research Associate in Science, Westmoor University')).toEqual([]);
    expect(findDegrees('Sales Associate in Retail')).toEqual([]);
    // "as" in a sentence is no associate degree.
    expect(findDegrees('Worked AS in charge of payroll')).toEqual([]);
  });

  it('keeps the words that say which diploma it is', () => {
    expect(first('Higher National Diploma in Computing')).toMatchObject({
      text: 'Higher National Diploma',
      level: 3,
    });
    expect(first('Advanced Diploma of Accounting')).toMatchObject({ text: 'Advanced Diploma', level: 3 });
    expect(rows('Higher National Diploma in Engineering, Carrow College, 2009-2011')).toEqual([
      ['Higher National Diploma', 'Engineering', 'Carrow College', '2011-01'],
    ]);
  });
});

describe('field of study, rules-11', () => {
  it('reads no class year, trailing preposition or grade as the field', () => {
    expect(rows('Westmoor University, Bachelor of Arts in History, Class of 2010')).toEqual([
      ['Bachelor of Arts', 'History', 'Westmoor University', '2010-01'],
    ]);
    expect(rows('Bachelor of Science in Biology in 2012, Westmoor University')).toEqual([
      ['Bachelor of Science', 'Biology', 'Westmoor University', '2012-01'],
    ]);
    expect(rows(lines('Bachelor of Arts (Note 1,7)', 'Hochschule Bremen', '2015'))).toEqual([
      ['Bachelor of Arts', '', 'Hochschule Bremen', '2015-01'],
    ]);
    expect(rows(lines('B.Com (GPA 3.4/4)', 'Redcliff College', '2015'))).toEqual([
      ['B.Com', '', 'Redcliff College', '2015-01'],
    ]);
    // A field in brackets is still read.
    expect(rows(lines('B.Tech (Electronics and Communication)', 'Redcliff College', '2015'))[0]?.[1]).toBe(
      'Electronics and Communication',
    );
  });
});

describe('education headings, rules-11', () => {
  const cv = (heading: string) =>
    parseCv(
      lines(
        'Lena Fischer',
        'lena.fischer@example.com',
        'Summary',
        'Analyst with five years in retail banking.',
        heading,
        'Bachelor of Science in Economics',
        'Westmoor University, 2012',
      ),
      NOW,
    ).education.map((e) => [e.degree, e.institution_name]);
  it.each([
    'Education Background',
    'Education and training',
    'EDUCATIONAL ATTAINMENT',
    'Education Qualification',
    'Formation et diplômes',
    'Scolarité',
    'Estudios universitarios',
    'Formazione e istruzione',
    'Opleiding en training',
    'Formação escolar',
    'Schul- und Berufsausbildung',
  ])('reads the entry under "%s"', (heading) => {
    expect(cv(heading)).toEqual([['Bachelor of Science', 'Westmoor University']]);
  });
});

describe('school and degree on one line, rules-11', () => {
  it('reads a two-letter degree after the school and a separator when its field follows', () => {
    expect(
      rows(
        lines(
          'Westmoor University – MS Computer Science – 2016',
          'Ashdown College | BA Economics | 2008',
          'Northfield College of Engineering, ME in Thermal Engineering, 2018',
          'Redcliff University (2004 - 2008): BE Mechanical Engineering',
        ),
      ),
    ).toEqual([
      ['MS', 'Computer Science', 'Westmoor University', '2016-01'],
      ['BA', 'Economics', 'Ashdown College', '2008-01'],
      ['ME', 'Thermal Engineering', 'Northfield College of Engineering', '2018-01'],
      ['BE', 'Mechanical Engineering', 'Redcliff University', '2008-01'],
    ]);
  });

  it('reads no degree in a US state after the place, nor in office software', () => {
    expect(
      rows(lines('Bachelor of Science in Nursing', 'Westmoor College, Portland, ME United States', '2012')),
    ).toEqual([['Bachelor of Science', 'Nursing', 'Westmoor College', '2012-01']]);
    expect(rows(lines('BSc Nursing', 'Westmoor College, Boston, MA Campus', '2012'))).toEqual([
      ['BSc', 'Nursing', 'Westmoor College', '2012-01'],
    ]);
    expect(education('Westmoor University – MS Office training')).toEqual([
      expect.objectContaining({ degree: '', institution_name: 'Westmoor University' }),
    ]);
  });

  it('takes the school after a faculty named first on the line', () => {
    expect(
      rows(
        lines(
          'Faculteit der Economische Wetenschappen, Universiteit van Tilburg - MSc Economics (2013)',
          'LLB, Faculty of Law, University of Eastmere, 2005',
        ),
      ),
    ).toEqual([
      ['MSc', 'Economics', 'Universiteit van Tilburg', '2013-01'],
      ['LLB', '', 'University of Eastmere', '2005-01'],
    ]);
    // A faculty alone is still the place of study.
    expect(rows('Diploma in Nursing, Faculty of Health Sciences, 2003')[0]?.[2]).toBe('Faculty of Health Sciences');
  });

  it('knows more words that name a school', () => {
    expect(
      rows(
        lines(
          'Bharati Vidyapeeth, Pune - MBA (2014)',
          'Universiti Teknologi Selatan - B.Eng (2010)',
          'Cégep de Saint-Laurent - DEC (2008)',
          'Berufskolleg Nordstadt, Fachabitur, 2006',
        ),
      ).map(([degree, , school]) => [degree, school]),
    ).toEqual([
      ['MBA', 'Bharati Vidyapeeth'],
      ['B.Eng', 'Universiti Teknologi Selatan'],
      ['', 'Cégep de Saint-Laurent'],
      ['Fachabitur', 'Berufskolleg Nordstadt'],
    ]);
  });

  it("reads a short class year after the school as no part of its name ('12)", () => {
    expect(rows("Westmoor University '12, B.A. History")).toEqual([['B.A.', 'History', 'Westmoor University', '']]);
  });

  it('reads no closing bracket into the field', () => {
    expect(rows('2012-2015 : Redhill School of Commerce – Diplôme (Master in Management)')[0]?.[1]).toBe('Management');
  });
});

describe('flattened education tables, rules-11', () => {
  it('reads the university cell after the college cell of a row as the awarding body, not a second entry', () => {
    expect(
      rows(
        [
          'Course\tInstitution\tBoard/University\tYear of Passing\tPercentage',
          'B.E (Mechanical)\tGreenfield College of Engineering\tEastmere University\t2013\t78%',
          'HSC\tSri Vidya Mandir\tState Board\t2009\t89%',
        ].join('\n'),
      ),
    ).toEqual([
      ['B.E', 'Mechanical', 'Greenfield College of Engineering', '2013-01'],
      ['HSC', 'Sri Vidya Mandir', '', '2009-01'],
    ]);
    // A school-first layout still opens an entry on each school.
    expect(
      rows(lines('Westmoor University', 'MSc Physics', 'Northfield College', 'BSc Physics')).map(([d, , s]) => [d, s]),
    ).toEqual([
      ['MSc', 'Westmoor University'],
      ['BSc', 'Northfield College'],
    ]);
  });

  it('reads column names whose gaps were lost and a row number as no school', () => {
    expect(
      rows(lines('S.No Qualification Institution Year Marks', '1 B.Com Redhill College, Mysore 2011 68%')),
    ).toEqual([['B.Com', '', 'Redhill College', '2011-01']]);
  });

  it('ends the school before "in the year"', () => {
    expect(rows('Completed B.Sc (Computers) from Greenfield University in the year 2010.')).toEqual([
      ['B.Sc', 'Computers', 'Greenfield University', '2010-01'],
    ]);
  });
});

describe('Europass education, rules-11', () => {
  it('reads the entries under the sentence-case heading "Education and training"', () => {
    const text = lines(
      'Lena Fischer',
      'Education and training',
      'Dates',
      '2010 - 2014',
      'Title of qualification awarded',
      'Bachelor of Science in Economics',
      'Name and type of organisation providing education and training',
      'Westmoor University, Springfield (United States)',
    );
    expect(parseCv(text, NOW).education.map((e) => [e.degree, e.major, e.institution_name, e.end_date])).toEqual([
      ['Bachelor of Science', 'Economics', 'Westmoor University', '2014-01'],
    ]);
  });
});

describe('the degree a course of study led to, rules-11', () => {
  it('reads "Abschluss:" under a "Bachelorstudium" as the entry\'s degree, not a second entry', () => {
    expect(
      rows(
        lines(
          '10/2012 – 09/2015  Bachelorstudium Betriebswirtschaftslehre, Hochschule Weserstadt',
          'Abschluss: Bachelor of Arts (Note 1,7)',
          '2003 – 2012  Abitur, Lessing-Gymnasium Nordheim',
        ),
      ),
    ).toEqual([
      ['Bachelor of Arts', 'Betriebswirtschaftslehre', 'Hochschule Weserstadt', '2015-09'],
      ['Abitur', '', 'Lessing-Gymnasium Nordheim', '2012-01'],
    ]);
  });

  it('still opens a new entry on each labelled degree of a form', () => {
    expect(
      rows(
        lines(
          'Degree: Bachelor of Commerce',
          'Institution: University of Redcliff',
          'Year of Passing: 2011',
          'Degree: Master of Commerce',
          'Institution: University of Redcliff',
          'Year of Passing: 2013',
        ),
      ).map(([d, , s, y]) => [d, s, y]),
    ).toEqual([
      ['Bachelor of Commerce', 'University of Redcliff', '2011-01'],
      ['Master of Commerce', 'University of Redcliff', '2013-01'],
    ]);
  });
});
