// Rules-10 rules that misread CVs written for a red-team pass (fake people, employers and schools), narrowed.
import { describe, expect, it } from 'vitest';
import { parseCv } from '../src/cv-analyzer.js';
import { findDateSpans } from '../src/dates.js';
import { parseEducation } from '../src/education.js';
import { parseExperience } from '../src/experience.js';
import { toLines } from '../src/text.js';

const NOW = new Date('2026-11-27T12:00:00Z');
const entries = (text: string) => parseExperience(toLines(text), NOW).map((e) => [e.title, e.description]);
const schools = (text: string) =>
  parseEducation(toLines(text), NOW).map((e) => [e.degree, e.major, e.institution_name, e.score]);

describe('a lowercase line that is a name, not a wrapped sentence', () => {
  it('lets an employer opened by a name particle head its entry', () => {
    const text = [
      'Mobile Engineer',
      'Halvard Apps AS, Oslo',
      '2020 - Present',
      'Shipped the booking flow of the ferry app',
      'Android Developer',
      'von Braun Digital GmbH, Berlin',
      '2017 - 2020',
    ].join('\n');
    expect(entries(text)).toEqual([
      ['Mobile Engineer', 'Halvard Apps AS, Oslo\nShipped the booking flow of the ferry app'],
      ['Android Developer', 'von Braun Digital GmbH, Berlin'],
    ]);
  });

  it('still keeps a wrapped sentence in the body above it', () => {
    const text = [
      'Key Account Manager',
      'Fjordline Packaging ApS, Aarhus',
      '2012 - 2017',
      'Sold packaging to retail chains',
      'and food producers in the Nordics',
      'Sales Representative',
      'Baltic Trade Group, Riga',
      '2008 - 2012',
    ].join('\n');
    expect(entries(text)[0]![1]).toBe(
      'Fjordline Packaging ApS, Aarhus\nSold packaging to retail chains and food producers in the Nordics',
    );
    expect(entries(text)[1]![0]).toBe('Sales Representative');
  });
});

describe('a role after a legal form', () => {
  it('keeps "Co" without its period as the prefix of a founder', () => {
    const text = ['Brightpath Labs Co Founder', 'Apr 2018 - Present', 'Built the first data product'].join('\n');
    expect(entries(text)).toEqual([['Co Founder', 'Brightpath Labs\nBuilt the first data product']]);
  });
});

describe('a CV typed in lowercase', () => {
  it('keeps each entry its header lines', () => {
    const text = [
      'software engineer',
      'brightleaf technologies pvt ltd, noida',
      'jun 2019 - present',
      'worked on billing microservices in go',
      'support engineer',
      'skyline infosystems, gurgaon',
      'jul 2017 - may 2019',
    ].join('\n');
    expect(entries(text).map(([, description]) => description)).toEqual([
      'software engineer\nbrightleaf technologies pvt ltd, noida\nworked on billing microservices in go',
      'support engineer\nskyline infosystems, gurgaon',
    ]);
  });
});

describe('a code after a title that teaches no course', () => {
  it('keeps a standard or an aircraft type in the title', () => {
    const text = [
      'Quality Manager ISO 9001 Lead Auditor',
      'Gulfport Valve Company, Houston, TX',
      '2018 - Present',
      'Captain EMB 175',
      'Lone Star Regional Airlines, Houston, TX',
      '2010 - 2018',
    ].join('\n');
    expect(entries(text).map(([title]) => title)).toEqual(['Quality Manager ISO 9001 Lead Auditor', 'Captain EMB 175']);
  });

  it('still takes a course code out of a teaching title', () => {
    const text = [
      'Instructor STAT 243 Elementary Statistics',
      'Cascade State University, Salem, OR',
      '2016 - 2019',
    ].join('\n');
    expect(entries(text)).toEqual([
      ['Instructor', 'Cascade State University, Salem, OR\nSTAT 243 Elementary Statistics'],
    ]);
  });
});

describe('education lines the rules-10 rules misread', () => {
  it("reads no field from a school's abbreviated first word", () => {
    const text = [
      'B.E. (Electronics and Communication), Anna University, 2016',
      "+2, St. Joseph's Matriculation Higher Secondary School, 2012",
    ].join('\n');
    expect(schools(text)[1]).toEqual(['+2', '', "St. Joseph's Matriculation Higher Secondary School", '']);
  });

  it("takes no score from a dated activity's sentence", () => {
    const text = [
      'BSc Physiology, University of Glasgow, 2014',
      'Oxygen prescribing audit on the acute wards, 2021 - the re-audit showed a 35% improvement',
    ].join('\n');
    expect(schools(text)).toEqual([['BSc', 'Physiology', 'University of Glasgow', '']]);
  });

  it('gives a qualification under a school the lexicon does not know no school from above', () => {
    const text = [
      'Copenhagen Business School',
      'Graduate Diploma in Business Administration, 2012',
      'Niels Brock',
      'Diploma in Marketing, 2007',
    ].join('\n');
    expect(schools(text).map(([degree, , school]) => [degree, school])).toEqual([
      ['Diploma', 'Copenhagen Business School'],
      ['Diploma', ''],
    ]);
  });

  it('reads no school-leaving level into a school where the entry names a programme', () => {
    const text = ['The Wharton School', 'Executive Education Programme, 2019', "St. Anne's School", '2008'].join('\n');
    expect(schools(text).map(([degree, , school]) => [degree, school])).toEqual([
      ['', 'The Wharton School'],
      ['High School', "St. Anne's School"],
    ]);
  });

  it('still gives a further qualification under a known school that school', () => {
    const text = [
      'Politecnico di Milano',
      'Laurea magistrale in Ingegneria Informatica, 2013',
      'Laurea in Ingegneria Informatica, 2011',
    ].join('\n');
    expect(schools(text).map(([, , school]) => school)).toEqual(['Politecnico di Milano', 'Politecnico di Milano']);
  });
});

describe('a shouted employer line that ends on a heading word', () => {
  it('names an organisation, not an education section, when "of" links its words', () => {
    const cv = parseCv(
      [
        'EXPERIENCE',
        'Training Coordinator',
        'STATE BOARD OF TECHNICAL AND CONTINUING EDUCATION',
        'June 2017 - December 2017',
        'Program Manager',
        'Lakeshore Learning Trust, Mysuru',
        'Jan 2018 - Present',
      ].join('\n'),
      NOW,
    );
    expect(cv.experience.map((e) => e.title)).toEqual(['Training Coordinator', 'Program Manager']);
    expect(cv.education).toEqual([]);
  });
});

describe('client references written inside a job', () => {
  it('stay in the entry when not in the section heading style', () => {
    const cv = parseCv(
      [
        'EXPERIENCE',
        'Program Manager',
        'Lakeshore Learning Trust, Mysuru',
        'Jan 2018 - Present',
        'Client References',
        'Handled escalations for three enterprise clients',
        'Training Coordinator',
        'Brightcall Services, Bengaluru',
        'June 2015 - December 2017',
      ].join('\n'),
      NOW,
    );
    expect(cv.experience.map((e) => e.title)).toEqual(['Program Manager', 'Training Coordinator']);
  });

  it('while a referees heading in any style still ends the section', () => {
    const cv = parseCv(
      [
        'EXPERIENCE',
        'Program Manager',
        'Lakeshore Learning Trust, Mysuru',
        'Jan 2018 - Present',
        'References',
        'Dr. Meera Iyer, Lakeshore Learning Trust',
        'Tel: 0821 555 0100',
      ].join('\n'),
      NOW,
    );
    expect(cv.experience[0]?.description).toBe('Lakeshore Learning Trust, Mysuru');
    expect(cv.information.phone).toEqual([]);
  });
});

describe('a form with its labels above their values', () => {
  it('leaves out the number under a fax label', () => {
    const cv = parseCv(
      [
        'LEBENSLAUF',
        'Name: Jonas Weber',
        'Telefon:',
        '0711 2345678',
        'Telefax:',
        '0711 2345679',
        'E-Mail: jonas.weber@beispiel.de',
      ].join('\n'),
      NOW,
    );
    expect(cv.information.phone).toEqual(['0711 2345678']);
  });
});

describe('a month joined by a hyphen to a two-digit year', () => {
  const months = (text: string) =>
    findDateSpans(text, NOW).map((s) => [s.start?.year, s.start?.month, s.end?.year, s.end?.month]);

  it('is that month of that year', () => {
    expect(months('Jan-15 to Mar-18')).toEqual([[2015, 1, 2018, 3]]);
  });

  it('is not a day of a full date', () => {
    expect(months('15-Jan-2015')).toEqual(months('15 Jan 2015'));
  });
});

describe('a one-word first line above the contact details', () => {
  it('is no name when it titles a letter of application or a portfolio', () => {
    for (const title of ['Bewerbung', 'Candidature', 'Portfolio']) {
      const cv = parseCv(
        [title, 'someone@example.com', '+44 7911 123456', 'EXPERIENCE', 'Clerk', 'Acme Ltd', '2019 - 2020'].join('\n'),
        NOW,
      );
      expect(cv.information.first_name).toBe('');
    }
  });
});

describe('a whole CV', () => {
  it('reads a one-page student CV with a referee', () => {
    const cv = parseCv(
      [
        'Karthik',
        'karthik.dev@example.com',
        '+91 90000 12345',
        'EXPERIENCE',
        'Network Engineer',
        'Sundaram Networks Pvt Ltd, Chennai',
        'May-2019 to till date',
        'EDUCATION',
        "+2, St. Joseph's Matriculation Higher Secondary School, 2012",
      ].join('\n'),
      NOW,
    );
    expect(cv.information.first_name).toBe('Karthik');
    expect(cv.experience[0]?.start_date).toBe('2019-05');
    expect(cv.education[0]?.major).toBe('');
  });
});
