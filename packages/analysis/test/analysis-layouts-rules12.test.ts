// Layout rules of the rules-12 layouts round (education and sections), each on a CV snippet written for the test
// (fake people, firms and schools).
import { describe, expect, it } from 'vitest';
import { parseCv } from '../src/cv-analyzer.js';
import { parseEducation } from '../src/education.js';
import { cvSections } from '../src/sections.js';
import { toLines } from '../src/text.js';

const NOW = new Date('2025-06-15T12:00:00Z');
const lines = (...xs: string[]) => xs.join('\n');
const kinds = (text: string) => cvSections(toLines(text)).map((s) => s.kind);

describe("a skills table's column names, rules-12 layouts", () => {
  const cv = lines(
    'Mira Kessling',
    'Backend Developer',
    'SKILLS',
    'Name',
    'Skill Level',
    'Kotlin',
    'Advanced',
    'PostgreSQL',
    'Intermediate',
    'Last Used / Experience',
    'Current / 3 years',
    'Current / 20 months',
    '2016 / 8 months',
    'EXPERIENCE',
    'Backend Developer',
    'Quillfern Systems, Graz',
    'March 2019 - Present',
    '• Built billing services.',
  );

  it('"Last Used / Experience" is no experience heading: its cells stay in the skills section', () => {
    expect(kinds(cv)).toEqual(['header', 'skills', 'experience']);
  });

  it('makes no undated posts of the cells "2016 / 8 months"', () => {
    const posts = parseCv(cv, NOW).experience;
    expect(posts.map((p) => [p.title, p.start_date])).toEqual([['Backend Developer', '2019-03']]);
  });

  it('reads the column names one a line too ("Name" / "Last Used" / "Experience")', () => {
    expect(
      kinds(
        lines(
          'Jon Arvik',
          'SKILLS',
          'Name',
          'Last Used',
          'Experience',
          'Go',
          '2024',
          '5 years',
          'EDUCATION',
          'B.Sc. Physics',
        ),
      ),
    ).toEqual(['header', 'skills', 'education']);
  });

  it('leaves "Experience" as a heading after ordinary lines', () => {
    expect(
      kinds(lines('Jon Arvik', 'SKILLS', 'Go, Rust', 'Experience', 'Developer, Tallbrook AB', '2019 - 2024')),
    ).toEqual(['header', 'skills', 'experience']);
  });
});

const NOW_EDU = new Date('2025-06-15T12:00:00Z');
const eduRows = (text: string) =>
  parseEducation(toLines(text), NOW_EDU).map((r) => [r.degree, r.major, r.institution_name, r.start_date, r.end_date]);

describe('education layouts, rules-12 layouts round', () => {
  it('reads a level alone on its line above a qualification as a sub-heading ("UNDERGRADUATE DEGREE" / "BSc - …")', () => {
    expect(
      eduRows(
        lines(
          'POSTGRADUATE',
          'Master of Business Administration (MBA)',
          'Kestrel Business School',
          '2015 - 2017',
          'UNDERGRADUATE DEGREE',
          'BSc - Computer Science',
          'University of Dunmore',
          '2010 - 2013',
        ),
      ),
    ).toEqual([
      ['Master of Business Administration (MBA)', '', 'Kestrel Business School', '2015-01', '2017-01'],
      ['BSc', 'Computer Science', 'University of Dunmore', '2010-01', '2013-01'],
    ]);
  });

  it('keeps "Undergraduate degree" as the entry when no qualification follows it', () => {
    expect(eduRows(lines('Undergraduate degree', 'University of Dunmore', '2010 - 2013'))).toEqual([
      ['Undergraduate degree', '', 'University of Dunmore', '2010-01', '2013-01'],
    ]);
  });

  it('names a postgraduate diploma with its kind ("Postgraduate Academic Diploma in Law")', () => {
    expect(
      eduRows(
        lines('1998 - 99', 'Postgraduate Academic Diploma in Law, University of Westmoor,', 'awarded in June 1999.'),
      ),
    ).toEqual([['Postgraduate Academic Diploma', 'Law', 'University of Westmoor', '1998-01', '1999-01']]);
  });

  it('takes no column name for a field ("Masters degree" / "Place" / "Lviv, Ukraine")', () => {
    const rows = eduRows(
      lines(
        'Period',
        '2009 - 2014',
        'Name, Dept., Degree',
        'Northvale Technical University',
        'Software Engineering',
        'Masters degree',
        'Place',
        'Lviv, Ukraine',
      ),
    );
    expect(rows.map((r) => r[1])).not.toContain('Place');
    expect(rows.find((r) => r[0] === 'Masters degree')?.[1]).toBe('');
  });
});

describe('an education block above the first heading, its dates column first, rules-12 layouts', () => {
  const rowsOf = (cv: string) =>
    parseCv(cv, NOW_EDU).education.map((r) => [r.degree, r.major, r.institution_name, r.start_date, r.end_date]);

  it('gives each school line its own years, whether it names its qualification or not', () => {
    const cv = lines(
      'Lena Marquardt',
      '14 Rue des Tilleuls, 69003 Lyon',
      'lena.marquardt@example.com',
      '2014 - 2016',
      '2011 - 2014',
      '2008 - 2011',
      'Valmont Business School, Master in Finance',
      'Lirac Polytechnic, School of Applied Engineering',
      'Lycée Jean Moulin, High-school diploma in science',
      'Work experience',
      '2016 - 2020',
      'Financial Analyst / Oberlin Capital, Paris',
    );
    expect(rowsOf(cv)).toEqual([['Master', 'Finance', 'Valmont Business School', '2014-01', '2016-01']]);
  });

  it('reads the same columns in an education section row by row', () => {
    expect(
      eduRows(
        lines(
          '2014 - 2016',
          '2011 - 2014',
          'Valmont Business School, Master in Finance',
          'Lirac Polytechnic, School of Applied Engineering',
        ),
      ).map((r) => [r[2], r[3], r[4]]),
    ).toEqual([
      ['Valmont Business School', '2014-01', '2016-01'],
      ['Lirac Polytechnic', '2011-01', '2014-01'],
    ]);
  });
});

describe('volunteer headings, rules-12 layouts', () => {
  const withHeading = (heading: string) =>
    kinds(
      lines(
        'Tessa Orley',
        'EDUCATION',
        'Pinecrest High School -- Alder Falls, AZ',
        'High School Diploma, 2011',
        heading,
        'Alder Falls Animal Rescue -- Alder Falls, AZ',
        'Volunteer, 2010 - Present',
      ),
    );

  it.each([
    'VOLUNTEERISM',
    'Volunteer Work',
    'Community Service',
    'Community Involvement',
    'Ehrenamtliche Tätigkeiten',
    'Engagement bénévole',
    'Trabajo voluntario',
    'Trabalho voluntário',
  ])('"%s" alone on its line ends the education section', (heading) => {
    expect(withHeading(heading)).toEqual(['header', 'education', 'other']);
  });

  it('keeps an employer named "… Community Service" in its experience section', () => {
    expect(
      kinds(
        lines(
          'Tessa Orley',
          'EXPERIENCE',
          'Caseworker, 2015 - 2019',
          'ALDER FALLS COMMUNITY SERVICE',
          '• Managed 40 cases.',
        ),
      ),
    ).toEqual(['header', 'experience']);
  });
});

describe('a dash written as two hyphens, rules-12 layouts', () => {
  it('ends the school\'s name before its place ("PINECREST HIGH SCHOOL -- Alder Falls, AZ")', () => {
    expect(eduRows(lines('BS, Information Technology', 'WESTMOOR UNIVERSITY -- Alder Falls, OH', 'June 2012'))).toEqual(
      [['BS', 'Information Technology', 'WESTMOOR UNIVERSITY', '', '2012-06']],
    );
    expect(eduRows(lines('PINECREST HIGH SCHOOL -- Alder Falls, AZ')).map((r) => r[2])).toEqual([
      'PINECREST HIGH SCHOOL',
    ]);
  });

  it('reads a school without a school word before its place under the degree ("Larkhill -- Leeds, United Kingdom")', () => {
    expect(eduRows(lines('B.A. English', 'Larkhill -- Leeds, United Kingdom', '2015')).map((r) => r[2])).toEqual([
      'Larkhill',
    ]);
  });
});

describe("a school whose name holds the entry's level, rules-12 layouts", () => {
  it('takes the qualification of that level written under it ("PINECREST HIGH SCHOOL" / "High School Diploma, 2011")', () => {
    expect(eduRows(lines('PINECREST HIGH SCHOOL -- Alder Falls, AZ', 'High School Diploma, 2011 (GPA: 3.8)'))).toEqual([
      ['High School Diploma', '', 'PINECREST HIGH SCHOOL', '', '2011-01'],
    ]);
  });

  it('leaves a degree of another level to its own entry', () => {
    expect(
      eduRows(lines('Pinecrest High School', 'B.Sc. Physics', 'Westmoor University')).map((r) => [r[0], r[2]]),
    ).toEqual([
      ['High School', 'Pinecrest High School'],
      ['B.Sc.', 'Westmoor University'],
    ]);
  });
});

describe('two bodies on a line split by a slash, rules-12 layouts', () => {
  it('names the school, not both ("KVU/ Redhill Institute of Technology", "Fenwick Data Lab / University of Harlow")', () => {
    expect(
      eduRows(lines('B.TECH (Electronics)', 'KVU/ Redhill Institute of Technology', '2012')).map((r) => r[2]),
    ).toEqual(['Redhill Institute of Technology']);
    expect(
      eduRows(lines('Ph.D. in Computer Security', 'Fenwick Data Lab / University of Harlow', '2011')).map((r) => r[2]),
    ).toEqual(['University of Harlow']);
  });
});

describe('an education table flattened a column at a time, rules-12 layouts', () => {
  it('reads a qualification cell wrapped after "Certification" ("Certification" / "Course") as a cell, not a heading', () => {
    const cv = lines(
      'Arun Mehra',
      'Education',
      'Degree',
      'Diploma in',
      'Data Systems',
      'Bachelor of',
      'Engineering (B.E.)',
      'Senior Secondary',
      'Certificate (Std X)',
      'Certification',
      'Course',
      'University (Year)',
      'Redhill Institute of',
      'Computing, Pune (2009)',
      'Westmoor College, Pune (2008)',
      'Languages',
      'English, Hindi',
    );
    expect(kinds(cv)).toEqual(['header', 'education', 'languages']);
  });

  it('keeps "Certifications" a heading after an entry\'s line', () => {
    const cv = lines(
      'Arun Mehra',
      'Education',
      'B.E. Computer Engineering, Westmoor College of Engineering, 2012',
      'Certifications',
      'Training',
      'AWS Certified Developer, 2019',
    );
    expect(kinds(cv).slice(0, 3)).toEqual(['header', 'education', 'certifications']);
  });
});
