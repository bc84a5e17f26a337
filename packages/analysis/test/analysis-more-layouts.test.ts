// Layouts added in rules-6, each on a CV snippet written for the test (fake people, schools and employers).
import { describe, expect, it } from 'vitest';
import { findDateSpans } from '../src/dates.js';
import { findDegrees } from '../src/degrees.js';
import { parseEducation } from '../src/education.js';
import { createRulesAnalyzer } from '../src/index.js';
import { cleanTitle, parseExperience } from '../src/experience.js';
import { cvSections } from '../src/sections.js';
import { toLines } from '../src/text.js';

const NOW = new Date('2025-06-15T12:00:00Z');
const experience = (text: string) => parseExperience(toLines(text), NOW);
const kinds = (text: string) => cvSections(toLines(text)).map((s) => s.kind);

describe('headings', () => {
  it('reads a combined heading with a lowercase "other"', () => {
    const sections = cvSections(
      toLines(
        'Rory Vance\nExperience\nWeb Developer, 2016 - 2019\nLarkspur Media, Leeds\nBuilt the booking site\n' +
          'Education and other Skills\nBA History, University of Kentmoor, 2015',
      ),
    );
    expect(sections.map((s) => s.kind)).toEqual(['header', 'experience', 'education']);
    const [school] = parseEducation(sections[2]!.lines, NOW);
    expect(school).toMatchObject({ institution_name: 'University of Kentmoor', end_date: '2015-01' });
  });

  it('reads a heading whose words a PDF glued together', () => {
    expect(kinds('Lena Hart\nGeneralEducation:\nBachelors in Arts, Fenwick College, Ohio, 2004')).toEqual([
      'header',
      'education',
    ]);
    expect(kinds('Lena Hart\nWorkExperience\nSales Clerk, 2010 - 2012')).toEqual(['header', 'experience']);
  });

  it('does not take a degree line that ends in a field word for a heading', () => {
    const sections = cvSections(
      toLines("Ida Stone\nEducation\nAssociate's Degree - Education\n1999\nBrookvale Community College"),
    );
    expect(sections.map((s) => s.kind)).toEqual(['header', 'education']);
    expect(parseEducation(sections[1]!.lines, NOW)[0]).toMatchObject({
      degree: "Associate's Degree",
      major: 'Education',
      institution_name: 'Brookvale Community College',
    });
  });
});

describe('two-letter degrees in an education section', () => {
  it('reads "BS Engineering" without an "in", but not "MS Office"', () => {
    const [e] = parseEducation(toLines('BS Engineering, University of Corwin, 2013'), NOW);
    expect(e).toMatchObject({ degree: 'BS', major: 'Engineering', institution_name: 'University of Corwin' });
    expect(parseEducation(toLines('MS Office, Excel and Outlook'), NOW)).toEqual([]);
  });
});

describe('secondary certificates', () => {
  it('reads dotted H.S.C and S.S.C as secondary schooling', () => {
    expect(findDegrees('H.S.C')[0]).toMatchObject({ level: 1, text: 'H.S.C' });
    expect(findDegrees('S.S.C. in Science')[0]).toMatchObject({ level: 1, text: 'S.S.C.' });
    expect(findDegrees('S.S.L.C, 2006')[0]).toMatchObject({ level: 1 });
    const entries = parseEducation(toLines('H.S.C\nK.N.P. College - Patna, Bihar\n2011'), NOW);
    expect(entries[0]).toMatchObject({ degree: 'H.S.C', institution_name: 'K.N.P. College', end_date: '2011-01' });
  });
});

describe('degree words used as adjectives', () => {
  it('does not read "undergraduate" or "doctoral" before another noun as a degree', () => {
    expect(findDegrees('Awarded Undergraduate Research Opportunity Project')).toEqual([]);
    expect(findDegrees('Ran a seminar series, the first undergraduate to do so')).toEqual([]);
    expect(findDegrees('Writing my doctoral thesis on urban water policy')).toEqual([]);
    expect(findDegrees('Undergraduate, Economics')[0]).toMatchObject({ level: 4 });
    expect(findDegrees('Doctoral degree in Physics')[0]).toMatchObject({ level: 6, text: 'Doctoral degree' });
  });

  it('reads a joint field written under its degree', () => {
    const [e] = parseEducation(
      toLines('BSc (Hons)\nApplied Physics with Astronomy\nUniversity of Dunmore 2011 - 2014'),
      NOW,
    );
    expect(e).toMatchObject({ degree: 'BSc (Hons)', major: 'Applied Physics with Astronomy' });
  });
});

describe('education dates', () => {
  it('gives a degree still being studied a start and no end', () => {
    const entries = parseEducation(
      toLines(
        '2022 - Current\nMSc Data Science, University of Arlow\nBSc Mathematics, University of Arlow\nSept 2018 - June 2021',
      ),
      NOW,
    );
    expect(entries.map((e) => [e.degree, e.start_date, e.end_date])).toEqual([
      ['MSc', '2022-01', ''],
      ['BSc', '2018-09', '2021-06'],
    ]);
  });

  it('pairs a column of dates written after the entries with them in order', () => {
    const entries = parseEducation(
      toLines(
        [
          'Halden University',
          'Ph.D. in Economics',
          'University of Brevik',
          'Bachelor of Science in Economics',
          '2012 - 2017',
          '2008 - 2012',
        ].join('\n'),
      ),
      NOW,
    );
    expect(entries.map((e) => [e.institution_name, e.start_date, e.end_date])).toEqual([
      ['Halden University', '2012-01', '2017-01'],
      ['University of Brevik', '2008-01', '2012-01'],
    ]);
  });

  it('does not join two stacked years that run backwards into one range', () => {
    const entries = parseEducation(
      toLines('B.A., History, Marlow College, Leeds\nA.A., General Studies, Fenby Community College\n2016\n2013'),
      NOW,
    );
    expect(entries.map((e) => e.end_date)).toEqual(['2016-01', '2013-01']);
  });

  it('keeps the expected end of a degree in progress', () => {
    const [e] = parseEducation(toLines('Bachelor of Laws, Denholm University\nExpected completion May 2026'), NOW);
    expect(e!.end_date).toBe('2026-05');
  });
});

describe('jobs after an achievements heading inside the experience section', () => {
  it('still reads the dated entries that follow it', async () => {
    const analyzer = createRulesAnalyzer({ link: async () => ({ skills: [], language: 'en' }) }, { now: () => NOW });
    const cv = await analyzer.analyzeCv(
      [
        'Nora Pell',
        'Employment History',
        '2016 - 2019',
        'Corbel Bank, Leeds',
        'Position: Customer Service Advisor',
        'Achievements',
        'Named advisor of the month three times',
        '2013 - 2016',
        'Harrow & Finch, York',
        'Position: Sales Assistant (casual)',
        'Served customers and kept stock in order',
      ].join('\n'),
    );
    expect(cv.experience.map((e) => [e.title, e.start_date])).toEqual([
      ['Customer Service Advisor', '2016-01'],
      ['Sales Assistant', '2013-01'],
    ]);
  });
});

describe('dates', () => {
  it('reads month/two-digit-year ranges', () => {
    const [span] = findDateSpans('11/91 to 3/92', NOW);
    expect(span).toMatchObject({ start: { year: 1991, month: 11 }, end: { year: 1992, month: 3 }, ongoing: false });
    expect(findDateSpans('ACCOUNT MANAGER (8/01 - Present) Varden Group', NOW)[0]).toMatchObject({
      start: { year: 2001, month: 8 },
      ongoing: true,
    });
  });

  it('takes no lone month/two-digit number for a date', () => {
    expect(findDateSpans('Scored 8/10 in the final review', NOW)).toEqual([]);
    expect(findDateSpans('Support line open 24/7', NOW)).toEqual([]);
  });

  it("reads a template's placeholder year as a date without a value", () => {
    expect(findDateSpans('March 20XX', NOW)).toEqual([{ ongoing: false, from: 0, to: 10 }]);
    expect(findDateSpans('September 20XX - Present', NOW)).toEqual([{ ongoing: true, from: 0, to: 24 }]);
    expect(findDateSpans('Summer 20XX-20XX', NOW)).toEqual([{ ongoing: false, from: 0, to: 16 }]);
  });

  it('anchors entries on placeholder dates and never makes the date a title', () => {
    const entries = experience(
      [
        'Birchwood Elementary School, Dayton, OH',
        'March 20XX - May 20XX',
        'Student Teacher',
        'Planned and taught lessons for two fourth-grade classes',
        'Oakridge Summer Camp, Dayton, OH',
        'June 20XX - August 20XX',
        'Camp Counselor',
        'Led daily activities for groups of twelve campers',
      ].join('\n'),
    );
    expect(entries.map((e) => e.title)).toEqual(['Student Teacher', 'Camp Counselor']);
    expect(entries.map((e) => e.start_date)).toEqual(['', '']);
    expect(entries[1]!.description.split('\n')[0]).toBe('Oakridge Summer Camp, Dayton, OH');
  });
});

describe('titles', () => {
  it('splits a header at dates written between the title and the employer', () => {
    const entries = experience(
      [
        'ACCOUNT EXECUTIVE (1/99 - 1/01) Tallis Net, E-business Team',
        'Sold web projects to retail clients',
        'PROJECT MANAGER (8/97 - 1/99) Tallis Net, Internet Team',
        'Ran delivery of intranet projects',
      ].join('\n'),
    );
    expect(entries.map((e) => [e.title, e.start_date, e.description.split('\n')[0]])).toEqual([
      ['ACCOUNT EXECUTIVE', '1999-01', 'Tallis Net, E-business Team'],
      ['PROJECT MANAGER', '1997-08', 'Tallis Net, Internet Team'],
    ]);
  });

  it('keeps a note with dates in it out of the title whole', () => {
    const [e] = experience('Substitute Teacher (part-time employment Jan. 2004)\nHand in Hand, Leeds');
    expect(e!.title).toBe('Substitute Teacher');
    expect(cleanTitle('Sales Assistant (casual)')).toBe('Sales Assistant');
  });

  it('takes no language level or lone letter for a title', () => {
    expect(cleanTitle('Intermediate')).toBe('');
    expect(cleanTitle('Advanced')).toBe('');
    expect(cleanTitle('P')).toBe('');
    expect(cleanTitle('Elementary Teacher')).toBe('Elementary Teacher');
    expect(cleanTitle('Analyst I')).toBe('Analyst I');
  });

  it('takes the role after "as a" for the title', () => {
    const [e] = experience('Oracle as a Consultant\nNorthgate Systems - Pune\nJune 2015 to May 2018');
    expect(e!.title).toBe('Consultant');
  });

  it('reads a position written as the first sentence of its paragraph', () => {
    const entries = experience(
      [
        '2/02 to 8/06',
        'HALLORAN & BIRCH, LLP',
        'Records Clerk/Filing Assistant. Kept the records room in order and pulled files for trial.',
        'Senior Records Clerk. Assigned to the office of the managing partner. Drafted routine letters.',
      ].join('\n'),
    );
    expect(entries.map((e) => e.title)).toEqual(['Records Clerk/Filing Assistant', 'Senior Records Clerk']);
    expect(entries[0]!.start_date).toBe('2002-02');
    expect(entries[1]!.description).toBe(
      'HALLORAN & BIRCH, LLP\nAssigned to the office of the managing partner. Drafted routine letters.',
    );
  });
});
