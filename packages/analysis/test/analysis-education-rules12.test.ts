// Education rules of the rules-12 round, each on a CV snippet written for the test (fake people and schools).
import { describe, expect, it } from 'vitest';
import { parseCv } from '../src/cv-analyzer.js';
import { findDegrees } from '../src/degrees.js';
import { parseEducation } from '../src/education.js';
import { cvSections } from '../src/sections.js';
import { toLines } from '../src/text.js';

const NOW = new Date('2025-06-15T12:00:00Z');
const education = (text: string) => parseEducation(toLines(text), NOW);
const lines = (...xs: string[]) => xs.join('\n');
const rows = (text: string) => education(text).map((r) => [r.degree, r.institution_name, r.start_date, r.end_date]);
const cvRows = (text: string) =>
  parseCv(text, NOW).education.map((r) => [r.degree, r.institution_name, r.start_date, r.end_date]);
const kinds = (text: string) => cvSections(toLines(text)).map((s) => s.kind);

describe('columns flattened one after the other, rules-12', () => {
  it('gives each degree its own school and years when the degrees come before their schools', () => {
    expect(
      rows(
        lines(
          'M.F.A., Painting',
          'B.F.A., Sculpture',
          'Westmoor University, 2014 – 2016',
          'Ashdown College of Art, 2008 – 2012',
        ),
      ),
    ).toEqual([
      ['M.F.A.', 'Westmoor University', '2014-01', '2016-01'],
      ['B.F.A.', 'Ashdown College of Art', '2008-01', '2012-01'],
    ]);
  });

  it('reads three columns (degrees, schools, dates) and a dates column written first', () => {
    expect(
      rows(
        lines(
          'M.F.A., Painting',
          'B.F.A., Sculpture',
          'Westmoor University',
          'Ashdown College of Art',
          '2014 – 2016',
          '2008 – 2012',
        ),
      ),
    ).toEqual([
      ['M.F.A.', 'Westmoor University', '2014-01', '2016-01'],
      ['B.F.A.', 'Ashdown College of Art', '2008-01', '2012-01'],
    ]);
    expect(
      rows(
        lines(
          '2014 – 2016',
          '2008 – 2012',
          'M.F.A., Painting, Westmoor University',
          'B.F.A., Sculpture, Ashdown College of Art',
        ),
      ),
    ).toEqual([
      ['M.F.A.', 'Westmoor University', '2014-01', '2016-01'],
      ['B.F.A.', 'Ashdown College of Art', '2008-01', '2012-01'],
    ]);
  });

  it('reads a column whose cells take two lines each (a school, then its dates)', () => {
    const expected = [
      ['M.F.A.', 'Westmoor University', '2014-01', '2016-01'],
      ['B.F.A.', 'Ashdown College of Art', '2008-01', '2012-01'],
    ];
    expect(
      rows(
        lines(
          'M.F.A., Painting',
          'B.F.A., Sculpture',
          'Westmoor University',
          '2014 – 2016',
          'Ashdown College of Art',
          '2008 – 2012',
        ),
      ),
    ).toEqual(expected);
    expect(
      rows(
        lines(
          'Westmoor University',
          '2014 – 2016',
          'Ashdown College of Art',
          '2008 – 2012',
          'M.F.A., Painting',
          'B.F.A., Sculpture',
        ),
      ),
    ).toEqual(expected);
  });

  it('leaves entries written a row at a time, and columns of unequal length, as they were', () => {
    expect(
      rows(
        lines(
          'M.F.A., Painting',
          'Westmoor University',
          '2014 – 2016',
          'B.F.A., Sculpture',
          'Ashdown College of Art',
          '2008 – 2012',
        ),
      ),
    ).toEqual([
      ['M.F.A.', 'Westmoor University', '2014-01', '2016-01'],
      ['B.F.A.', 'Ashdown College of Art', '2008-01', '2012-01'],
    ]);
    // A double degree from one school: two qualifications, one school line.
    expect(
      rows(lines('Bachelor of Arts, History', 'Bachelor of Science, Biology', 'Westmoor University, 2008 – 2012')),
    ).toEqual([
      ['Bachelor of Arts', '', '', ''],
      ['Bachelor of Science', 'Westmoor University', '2008-01', '2012-01'],
    ]);
  });
});

describe('teaching headings on an academic CV, rules-12', () => {
  const academic = (heading: string, education: string, courses: readonly string[]) =>
    lines(
      'Dr. Helen Marsh',
      'helen.marsh@example.edu',
      '',
      'EXPERIENCE',
      '2015 - 2024  Associate Professor, Westbury University',
      '',
      education,
      'Ph.D. in Chemistry, Northfield University, 2010',
      'B.Sc. in Chemistry, Ashdown College, 2005',
      '',
      heading,
      ...courses,
    );

  it('ends the education section: the courses taught are no education of the candidate', () => {
    const courses = [
      'Organic Chemistry I, Westbury University, 2016 - 2024',
      'Graduate Seminar in Catalysis, Northfield University, 2009',
    ];
    for (const [education, teaching] of [
      ['EDUCATION', 'TEACHING'],
      ['AUSBILDUNG', 'LEHRE'],
      ['Formation', 'Enseignement'],
      ['Formación', 'Docencia'],
      ['Istruzione', 'Insegnamento'],
      ['Formação', 'Docência'],
      ['Opleiding', 'Onderwijs'],
    ] as const) {
      expect(cvRows(academic(teaching, education, courses))).toEqual([
        ['Ph.D.', 'Northfield University', '', '2010-01'],
        ['B.Sc.', 'Ashdown College', '', '2005-01'],
      ]);
    }
  });

  it('leaves an apprentice\'s "Lehre" cell in the education section (no master\'s or doctorate above it)', () => {
    expect(
      kinds(
        lines('Jonas Weber', 'Ausbildung', 'Realschulabschluss, Realschule Nord, 2005', 'Lehre', 'Elektroniker, 2008'),
      ),
    ).toEqual(['header', 'education']);
  });

  it('reads teaching-experience headings written vocabulary word first as experience', () => {
    for (const heading of [
      'Experiencia docente',
      "Expérience d'enseignement",
      'Esperienza didattica',
      'Onderwijservaring',
      'Experiência docente',
    ])
      expect(
        kinds(
          lines('Ana Ruiz', 'Education', 'PhD, Westmoor University, 2010', heading, 'Lecturer, Westmoor University'),
        ),
      ).toEqual(['header', 'education', 'experience']);
    for (const heading of ['Teaching and Supervision', 'University Teaching', 'Docencia universitaria'])
      expect(
        kinds(lines('Ana Ruiz', 'Education', 'PhD, Westmoor University, 2010', heading, 'Microeconomics, 2012')),
      ).toEqual(['header', 'education', 'other']);
  });

  it('keeps "Onderwijs" as the education heading of a Dutch CV, and "Teaching Experience" as experience', () => {
    expect(kinds(lines('Jan de Vries', 'Onderwijs', 'HBO Bedrijfskunde, Hogeschool Westland, 2012'))).toEqual([
      'header',
      'education',
    ]);
    // After "Opleiding", an "Onderwijs" section naming a degree is education too.
    expect(
      kinds(
        lines('Jan de Vries', 'Opleiding', 'HAVO, Westland College, 2008', 'Onderwijs', 'Master Bedrijfskunde, 2014'),
      ),
    ).toEqual(['header', 'education', 'education']);
    expect(kinds(lines('Helen Marsh', 'EDUCATION', 'Ph.D., Northfield University', 'TEACHING EXPERIENCE'))).toEqual([
      'header',
      'education',
      'experience',
    ]);
  });
});

describe('education headings in sentence case and German compounds, rules-12', () => {
  it('opens the education section', () => {
    for (const heading of [
      'Hochschulausbildung',
      'Schulische und akademische Ausbildung',
      'Formation académique et professionnelle',
      'Formación académica y complementaria',
      'Formazione scolastica',
      'Onderwijs en opleidingen',
      'Formação acadêmica e complementar',
    ])
      expect(
        kinds(
          lines(
            'Anna Berg',
            'Experience',
            '2015 - 2020 Analyst, Nordwind GmbH',
            heading,
            'Master, Westmoor University',
          ),
        ),
      ).toEqual(['header', 'experience', 'education']);
  });
});

describe('education words in an experience section, rules-12', () => {
  it('reads "Experience in Education" as experience, not as the education section', () => {
    expect(
      kinds(
        lines(
          'Amy Doyle',
          'EDUCATION',
          'Bachelor of Science in Education, Westbury University, 2019',
          'Related Experience in Education',
          'Student Teacher, Oak Hill Middle School, 2019',
        ),
      ),
    ).toEqual(['header', 'education', 'experience']);
  });

  it("keeps an entry's employer named '… Education' right after its dates in the experience section", () => {
    const cv = lines(
      'Rosa Patel',
      'Experience',
      'Educational Consultant',
      '4/1/2012 - 7/1/2018',
      'Brightpath Education',
      'Fresno, CA',
      'Presented learning software to school districts.',
      'Education',
      "Associate's Degree - Education",
      '2011',
      'Fresno Community College',
    );
    expect(kinds(cv)).toEqual(['header', 'experience', 'education']);
    expect(cvRows(cv)).toEqual([["Associate's Degree", 'Fresno Community College', '', '2011-01']]);
  });

  it('reads no heading in a line whose words before a comma are a firm ("Kelsey Clinic, Patient Education")', () => {
    expect(
      kinds(
        lines(
          'Mark Olsen',
          'EXPERIENCE',
          'Nurse Educator, 2015 - 2020',
          'Kelsey Clinic, Patient Education',
          'Designed diabetes classes for patients.',
          'EDUCATION',
          'BSN, Westbury University, 2014',
        ),
      ),
    ).toEqual(['header', 'experience', 'education']);
    // A heading listing its kinds with a comma still is one.
    expect(kinds(lines('Mark Olsen', 'Licenses, Certifications', 'Registered Nurse, 2014'))).toEqual([
      'header',
      'certifications',
    ]);
  });
});

describe('degree names, rules-12', () => {
  it('reads Quebec, Spanish and Brazilian degrees', () => {
    expect(
      education(
        lines(
          'DEC en sciences de la nature, Cégep de Rivière-Claire, 2008',
          "Diplôme d'études collégiales en techniques comptables, Collège Beaumont, 2006",
          'Baccalauréat en génie civil, Université de Val-Fleuri, 2012',
          'Diplomatura en Ciencias Empresariales, Universidad de Altamira, 2004',
          'Graduação em Administração, Universidade Federal de Serra Alta, 2015',
          'Curso Técnico em Enfermagem, Escola Técnica Vila Nova, 2010',
        ),
      ).map((r) => [r.degree, r.major]),
    ).toEqual([
      ['DEC', 'sciences de la nature'],
      ["Diplôme d'études collégiales", 'techniques comptables'],
      ['Baccalauréat', 'génie civil'],
      ['Diplomatura', 'Ciencias Empresariales'],
      ['Graduação', 'Administração'],
      ['Curso Técnico', 'Enfermagem'],
    ]);
    // Quebec's bachelor's is no school-leaving certificate; France's baccalauréat still is; a month is no DEC.
    expect(findDegrees('Baccalauréat en génie civil')[0]).toMatchObject({ level: 4 });
    expect(findDegrees('Baccalauréat scientifique, Lycée Jean Moulin')[0]).toMatchObject({ level: 1 });
    expect(findDegrees('DEC 2015 - Present')).toEqual([]);
  });
});

describe('fields of study, rules-12', () => {
  it('reads "Major in …", "Majoring in …", "Concentration in …" as the field, without the minor', () => {
    expect(
      education(
        lines(
          'Bachelor of Arts, Westmoor University, 2012',
          'Major in Economics, Minor in Mathematics',
          'Master of Business Administration Candidate; Major in Finance, Ashdown University, 2016',
          'B.Sc. with honours',
          'Majoring in Computer Science',
          'M.A., Concentration in Public Policy, Northfield University, 2018',
        ),
      ).map((r) => [r.degree, r.major, r.institution_name]),
    ).toEqual([
      ['Bachelor of Arts', 'Economics', 'Westmoor University'],
      ['Master of Business Administration', 'Finance', 'Ashdown University'],
      ['B.Sc.', 'Computer Science', ''],
      ['M.A.', 'Public Policy', 'Northfield University'],
    ]);
  });
});

describe('school names, rules-12', () => {
  it('reads "Pamantasan ng …" (Filipino: university) as a school', () => {
    expect(
      rows(
        lines(
          'Bachelor of Science in Accountancy',
          'Pamantasan ng Lungsod ng Maynila, 2012 - 2016',
          'Master in Business Administration, Pamantasan ng Lungsod ng Valenzuela, 2021',
        ),
      ),
    ).toEqual([
      ['Bachelor of Science', 'Pamantasan ng Lungsod ng Maynila', '2012-01', '2016-01'],
      ['Master', 'Pamantasan ng Lungsod ng Valenzuela', '', '2021-01'],
    ]);
  });

  it('reads the Spanish and Italian secondary schools by their abbreviations (IES, ITIS)', () => {
    expect(
      rows(lines('Bachillerato, IES Cervantes, Toledo, 2012', 'Diploma di perito informatico, ITIS Marconi, 2011')),
    ).toEqual([
      ['Bachillerato', 'IES Cervantes', '', '2012-01'],
      ['Diploma', 'ITIS Marconi', '', '2011-01'],
    ]);
  });

  it('reads the kinds of school CVs abbreviate before the place ("TU Berlin", "FH Aachen", "INSA Lyon", "PUC-SP")', () => {
    expect(
      rows(
        lines(
          'M.Sc. Informatik, TU Dresden, 2012',
          'Bachelor of Engineering, FH Aachen, 2009',
          "Diplôme d'ingénieur, INSA Toulouse, 2013",
          'MBO 4 Administratie, ROC Westland, 2011',
          'Bacharelado em Direito, PUC-SP, 2014',
          'MSc Mechanical Engineering, EPFL, 2018',
        ),
      ).map((r) => r[1]),
    ).toEqual(['TU Dresden', 'FH Aachen', 'INSA Toulouse', 'ROC Westland', 'PUC-SP', 'EPFL']);
    // A degree's "(FH)" names the kind of school that awarded it, not the school.
    expect(rows('Diplom-Kaufmann (FH), Hochschule Bremen, 2005')[0]![1]).toBe('Hochschule Bremen');
  });

  it('keeps a grade written where the field may stand as the score ("Baccalauréat S, mention Bien")', () => {
    const [bac] = education('Baccalauréat S, mention Bien, Lycée Jean Moulin, Albi, 2009');
    expect([bac!.degree, bac!.major, bac!.score, bac!.institution_name]).toEqual([
      'Baccalauréat',
      '',
      'mention Bien',
      'Lycée Jean Moulin',
    ]);
  });

  it('keeps a state university\'s campus named with "at" ("University of Texas at Dallas")', () => {
    expect(
      rows(
        lines(
          'B.S. in Computer Science, University of Illinois at Urbana-Champaign, 2012',
          'University of Texas at Dallas',
          'Master of Business Administration, 2016',
          'MBA at Westmoor University, 2018',
        ),
      ).map((r) => r[1]),
    ).toEqual(['University of Illinois at Urbana-Champaign', 'University of Texas at Dallas', 'Westmoor University']);
  });

  it('names a German school declined after "an der" or in the genitive in the nominative', () => {
    expect(
      rows(
        lines(
          '2012 – 2017  Masterstudium Informatik an der Technischen Universität München',
          '2009 – 2012  Bachelor of Science Physik an der Freien Universität Berlin',
          '2006 – 2009  Diplom Theologie der Katholischen Universität Eichstätt-Ingolstadt',
          '2003 – 2006  Bachelor of Arts an der Pädagogischen Hochschule Freiburg',
        ),
      ).map((r) => r[1]),
    ).toEqual([
      'Technische Universität München',
      'Freie Universität Berlin',
      // The genitive's article ends the field before the name (it was "Theologie der Katholischen …").
      'Katholische Universität Eichstätt-Ingolstadt',
      'Pädagogische Hochschule Freiburg',
    ]);
    // A name that is no declined adjective stays as written.
    expect(rows('Master of Science, Humboldt-Universität zu Berlin, 2015')[0]![1]).toBe(
      'Humboldt-Universität zu Berlin',
    );
  });
});
