// Experience rules added in rules-10, each on a CV snippet written for the test (fake people and employers).
import { describe, expect, it } from 'vitest';
import { findDateSpans, formatYearMonth } from '../src/dates.js';
import { parseExperience } from '../src/experience.js';
import { toLines } from '../src/text.js';

const NOW = new Date('2025-06-15T12:00:00Z');
const lines = (description: string) => description.split('\n');

describe('the description opens with the entry’s own text, rules-10', () => {
  it('puts the employer line before a label of the entry’s parts written above it', () => {
    const text = [
      'Senior Business Analyst',
      'March 2015 – June 2019',
      'RESPONSIBILITIES',
      'Kestrelwood Bank - Retail Products',
      '• Gathered the requirements of the new card platform with the product owners',
    ].join('\n');
    const [e] = parseExperience(toLines(text), NOW);
    expect(e).toMatchObject({ title: 'Senior Business Analyst', start_date: '2015-03' });
    expect(lines(e!.description).slice(0, 2)).toEqual(['Kestrelwood Bank - Retail Products', 'RESPONSIBILITIES']);
  });

  it('lets a bare label introduce the duties when no employer follows it (English, German)', () => {
    const [en] = parseExperience(
      toLines(
        'Voice Trainer\nOctober 2016 - February 2017\nResponsibilities:\nTrained new call-centre agents on pronunciation and on handling difficult calls',
      ),
      NOW,
    );
    expect(lines(en!.description)[0]).toBe(
      'Responsibilities: Trained new call-centre agents on pronunciation and on handling difficult calls',
    );
    const [de] = parseExperience(
      toLines(
        'Buchhalterin\n04/2019 – heute\nAufgaben\nErstellung der Monatsabschlüsse für drei Gesellschaften der Gruppe\nPflege der Anlagenbuchhaltung',
      ),
      NOW,
    );
    expect(lines(de!.description)).toEqual([
      'Aufgaben: Erstellung der Monatsabschlüsse für drei Gesellschaften der Gruppe',
      'Pflege der Anlagenbuchhaltung',
    ]);
  });

  it('does not open with a project field such as the team size', () => {
    const text = [
      'Lead Engineer',
      'January 2014 - June 2015',
      'TEAM SIZE 12',
      'Payments Gateway Migration',
      '• Planned the move of the settlement jobs to the new gateway',
    ].join('\n');
    const [e] = parseExperience(toLines(text), NOW);
    expect(lines(e!.description).slice(0, 2)).toEqual(['Payments Gateway Migration', 'TEAM SIZE 12']);
  });
});

describe('dates set apart from their entry, rules-10', () => {
  it('does not open the description with a line that is only dates', () => {
    const text = [
      'LECTURING AND TEACHING',
      '2014 - to date',
      '2009 - 2014',
      '2003 - 2009',
      'Part-time lecturer in the department of Public Health of Eastmoor University.',
      'Teaching the community nursing units.',
    ].join('\n');
    const [e] = parseExperience(toLines(text), NOW);
    const description = lines(e!.description);
    expect(description[0]).toBe('Part-time lecturer in the department of Public Health of Eastmoor University.');
    expect(description).toContain('2014 - to date');
  });
});

describe('a title written in the body of an entry whose header has none, rules-10', () => {
  it('takes a role set apart in brackets under the employer line', () => {
    const text = [
      '2012 - 2014',
      'Institute for Coastal Housing Studies, Perth.',
      '[Research Assistant]',
      'Built the survey database of the housing project and wrote its quarterly reports.',
    ].join('\n');
    const [e] = parseExperience(toLines(text), NOW);
    expect(e).toMatchObject({ title: 'Research Assistant', start_date: '2012-01' });
    expect(lines(e!.description)).toEqual([
      'Institute for Coastal Housing Studies, Perth.',
      'Built the survey database of the housing project and wrote its quarterly reports.',
    ]);
  });

  it('takes a position field among the first lines of the body (English, German)', () => {
    const [en] = parseExperience(
      toLines(
        [
          'Riverside College, School of Social Inquiry',
          'March 2011 - November 2012',
          'Taught first-year courses in public policy and comparative politics to large groups.',
          'Position: Tutor (six contact hours per week)',
        ].join('\n'),
      ),
      NOW,
    );
    expect(en).toMatchObject({ title: 'Tutor', start_date: '2011-03', end_date: '2012-11' });
    expect(en!.description).not.toContain('Position');
    const [de] = parseExperience(
      toLines(
        [
          'Hafenwerk Logistik GmbH, Bremen',
          'Januar 2016 - Dezember 2018',
          'Planung der Touren für 40 Fahrzeuge und Abstimmung mit den Kunden im Hafen.',
          'Position: Disponentin',
        ].join('\n'),
      ),
      NOW,
    );
    expect(de).toMatchObject({ title: 'Disponentin', start_date: '2016-01' });
  });

  it('leaves a bracketed note that is no role in the description', () => {
    const text = [
      'Coastal Housing Pty Ltd, Perth',
      '2012 - 2014',
      'Built the survey database of the housing project.',
      '(Fixed-term contract)',
    ].join('\n');
    const [e] = parseExperience(toLines(text), NOW);
    expect(e!.title).toBe('');
    expect(lines(e!.description)).toContain('(Fixed-term contract)');
  });
});

describe('the employer line opens the description, rules-10', () => {
  it('puts the header line naming the employer before a line the layout set above the dates', () => {
    const text = [
      'Full-time positions',
      '2011 to present',
      'Larchmont Tooling, Petaluma, California',
      'Shop Supervisor',
      'Set up the new machine shop and hired its staff.',
      'Working with the design engineers',
      '2008 to 2010',
      'Corvel Optics, Santa Rosa, California',
      'Mechanical Designer',
      'Drew the parts of the vacuum coating machines.',
    ].join('\n');
    const [first, second] = parseExperience(toLines(text), NOW);
    expect(first).toMatchObject({ title: 'Shop Supervisor', start_date: '2011-01' });
    expect(lines(first!.description).slice(0, 2)).toEqual([
      'Larchmont Tooling, Petaluma, California',
      'Full-time positions',
    ]);
    expect(second).toMatchObject({ title: 'Mechanical Designer', start_date: '2008-01' });
    expect(lines(second!.description).slice(0, 2)).toEqual([
      'Corvel Optics, Santa Rosa, California',
      'Working with the design engineers',
    ]);
  });

  it('does so in German, and leaves a first line that may itself name the employer', () => {
    const [de] = parseExperience(
      toLines(
        'Festanstellung\n01/2015 – heute\nLeiterin Einkauf\nBrennholt Handels GmbH, Köln\nVerhandlung der Rahmenverträge mit 30 Lieferanten.',
      ),
      NOW,
    );
    expect(de).toMatchObject({ title: 'Leiterin Einkauf' });
    expect(lines(de!.description)[0]).toBe('Brennholt Handels GmbH, Köln');
    const [caps] = parseExperience(
      toLines('KESTREL PROGRAMME\n01/2015 – 2018\nTest Lead\nHarwick Labs Inc., India\nWrote the test plans.'),
      NOW,
    );
    expect(lines(caps!.description)[0]).toBe('KESTREL PROGRAMME');
  });
});

describe('a wrapped line is not the next entry’s header, rules-10', () => {
  it('leaves a line opening in lowercase with the body it carries on', () => {
    const text = [
      'Other Employment',
      '2010-2011',
      'Riverside College, School of Social Inquiry',
      'Position: Tutor (six contact hours per week)',
      'Adapted my teaching to students from a wide range of cultural, language',
      'and ability backgrounds',
      '2008-2009',
      'Harlow & Finch, Melbourne',
      'Position: Sales Assistant (casual)',
      'Served customers in the menswear department',
    ].join('\n');
    const [tutor, sales] = parseExperience(toLines(text), NOW);
    expect(tutor).toMatchObject({ title: 'Tutor', start_date: '2010-01' });
    expect(tutor!.description).toContain('and ability backgrounds');
    expect(sales).toMatchObject({ title: 'Sales Assistant', start_date: '2008-01' });
    expect(lines(sales!.description)).toEqual([
      'Harlow & Finch, Melbourne',
      'Served customers in the menswear department',
    ]);
  });
});

describe('a month word joined to its year by a hyphen or a slash, rules-10', () => {
  const range = (text: string) =>
    findDateSpans(text, NOW).map((s) => [text.slice(s.from, s.to), formatYearMonth(s.start), formatYearMonth(s.end)]);

  it('reads "May-2008", "Jan/2015" and "Oct- 2008" as one month each, not a month-only range', () => {
    expect(range('Sr. Software Engineer May-2008 to May-2016')).toEqual([
      ['May-2008 to May-2016', '2008-05', '2016-05'],
    ]);
    expect(range('Jan/2015 – Mar/2017')).toEqual([['Jan/2015 – Mar/2017', '2015-01', '2017-03']]);
    expect(range('Worked at Quillfeather Labs since Oct- 2008 to Jan 2014')).toEqual([
      ['Oct- 2008 to Jan 2014', '2008-10', '2014-01'],
    ]);
    expect(range('Mai/2019 – heute')).toEqual([['Mai/2019 – heute', '2019-05', '2025-06']]);
  });

  it('still reads two month words before one year as a range within that year', () => {
    expect(range('January-March 2009')).toEqual([['January-March 2009', '2009-01', '2009-03']]);
  });
});

describe('the title written right after the employer’s legal form, rules-10', () => {
  it('splits the employer from the role that follows its legal form (English, German)', () => {
    const [en] = parseExperience(
      toLines(
        'Quillfeather Systems Limited Senior Systems Engineer 01st Oct 2015 - till date\n• Built the order integration with the warehouse system',
      ),
      NOW,
    );
    expect(en).toMatchObject({ title: 'Senior Systems Engineer', start_date: '2015-10' });
    expect(lines(en!.description)[0]).toBe('Quillfeather Systems Limited');
    const [de] = parseExperience(
      toLines('Brennholt Logistik GmbH Projektleiterin\n03/2016 – 12/2019\n• Steuerung von drei Lagerprojekten'),
      NOW,
    );
    expect(de).toMatchObject({ title: 'Projektleiterin' });
    expect(lines(de!.description)[0]).toBe('Brennholt Logistik GmbH');
  });

  it('leaves the job’s length written after the title out of it', () => {
    const [e] = parseExperience(
      toLines(
        '1. Quillfeather Ltd Technology Analyst 5 Years 11 Months\nJune 2010 - May 2016\n• Tested the billing platform',
      ),
      NOW,
    );
    expect(e).toMatchObject({ title: 'Technology Analyst', start_date: '2010-06', end_date: '2016-05' });
  });
});

describe('the column heads of a flattened table, rules-10', () => {
  it('never open the description (English, German)', () => {
    const [en] = parseExperience(
      toLines(
        'Data Analyst\nJune 2015 - May 2018\nNo. Company Role Duration\n1. Kestrel Analytics Ltd\n• Built the sales dashboards',
      ),
      NOW,
    );
    expect(lines(en!.description).slice(0, 2)).toEqual(['1. Kestrel Analytics Ltd', 'No. Company Role Duration']);
    const [de] = parseExperience(
      toLines(
        'Projektleiterin\n03/2016 – 12/2019\nFirma / Position / Zeitraum\nBrennholt Logistik GmbH\n• Steuerung von drei Lagerprojekten',
      ),
      NOW,
    );
    expect(lines(de!.description)[0]).toBe('Brennholt Logistik GmbH');
  });
});

describe('a course named by its code after a teaching title, rules-10', () => {
  it('leaves the course out of the title and keeps it at the end of the description', () => {
    const [e] = parseExperience(
      toLines(
        'Instructor COMP 1120 Composition\nAugust 2012 - May 2014\nLakeshore Community College, Duluth\n• Taught two sections of first-year writing',
      ),
      NOW,
    );
    expect(e).toMatchObject({ title: 'Instructor', start_date: '2012-08' });
    expect(lines(e!.description)).toEqual([
      'Lakeshore Community College, Duluth',
      'Taught two sections of first-year writing',
      'COMP 1120 Composition',
    ]);
  });

  it('keeps a number that is part of no course code ("Software Engineer II")', () => {
    const [e] = parseExperience(
      toLines('Software Engineer II\nAugust 2012 - May 2014\nHarwick Labs Inc.\n• Built the billing service'),
      NOW,
    );
    expect(e!.title).toBe('Software Engineer II');
  });
});

describe('a date field repeating its entry’s dates, rules-10', () => {
  it('is a field of the entry, not a second job counted again', () => {
    const text = [
      'Lead Engineer - Payments Testing',
      'Harwick Systems -',
      'January 2014 to June 2015',
      'DURATION Jan-2014 to Jun-2015',
      'TEAM SIZE 20',
      'ROLES AND RESPONSIBILITIES',
      'Lead Engineer - Payments Testing',
      '• Planned the test automation of the payments gateway',
      'Member Technical Staff - Payments Testing',
      'Harwick Systems -',
      'January 2013 to December 2013',
      'DURATION Jan-2013 to Dec-2013',
      '• Automated the regression tests',
    ].join('\n');
    const entries = parseExperience(toLines(text), NOW);
    const dated = entries.filter((e) => e.start_date);
    expect(dated.map((e) => [e.title, e.start_date, e.end_date])).toEqual([
      ['Lead Engineer', '2014-01', '2015-06'],
      ['Member Technical Staff', '2013-01', '2013-12'],
    ]);
    expect(entries.reduce((n, e) => n + e.duration, 0)).toBe(30);
    // The position named again under the labels keeps the entry's employer, not a label, as its first line.
    expect(entries.every((e) => lines(e.description)[0] === 'Harwick Systems -')).toBe(true);
  });
});

describe('an entry whose first line opens with the post and where it was held, rules-10', () => {
  it('takes the post as the title and keeps the line whole (English, German)', () => {
    const [en] = parseExperience(
      toLines(
        '2016 - 2019\nPart-time lecturer in the Department of Nursing Sciences of Eastmoor University.\nTaught the community health units.',
      ),
      NOW,
    );
    expect(en).toMatchObject({ title: 'lecturer', start_date: '2016-01' });
    expect(lines(en!.description)[0]).toBe(
      'Part-time lecturer in the Department of Nursing Sciences of Eastmoor University.',
    );
    const [de] = parseExperience(
      toLines('2014 – 2018\nLehrer für Mathematik am Gymnasium Nordheide\nUnterricht in den Klassen 7 bis 10.'),
      NOW,
    );
    expect(de).toMatchObject({ title: 'Lehrer für Mathematik' });
    expect(lines(de!.description)[0]).toBe('Lehrer für Mathematik am Gymnasium Nordheide');
  });

  it('reads no title in a line opened by a past tense', () => {
    const [e] = parseExperience(
      toLines('2011 - 2012\nAwarded “Student Teacher of the Year” for the district in 2012.\nTaught grade four.'),
      NOW,
    );
    expect(e!.title).toBe('');
  });
});

describe('role words of German and French CVs, rules-10', () => {
  it('reads feminine and trade titles as roles next to their employer', () => {
    const title = (text: string) => parseExperience(toLines(text), NOW)[0]?.title;
    expect(
      title('Brennholt Handels GmbH, Köln | Buchhalterin\n04/2019 – heute\n• Monatsabschlüsse für drei Gesellschaften'),
    ).toBe('Buchhalterin');
    expect(title('Ecole Les Tilleuls, Lyon - Enseignante\n09/2016 - 06/2020\n• Classes de CE1 et CE2')).toBe(
      'Enseignante',
    );
    expect(
      title(
        'Grundschule Am Lindenhof, Bremen\nGrundschullehrerin\n08/2015 – heute\n• Klassenleitung einer dritten Klasse',
      ),
    ).toBe('Grundschullehrerin');
  });
});
