// Rules added in rules-9, each on a CV snippet written for the test (fake people, schools and employers).
import { describe, expect, it } from 'vitest';
import { parseCv } from '../src/cv-analyzer.js';
import { isSentence, parseExperience, sentencePositions } from '../src/experience.js';
import { toLines } from '../src/text.js';

const NOW = new Date('2025-06-15T12:00:00Z');
const firstLine = (description: string) => description.split('\n')[0];

describe('employer before the title’s department, rules-9', () => {
  it('opens the description with the employer line, not what the title line leaves after the title', () => {
    const text = [
      'Defect Manager, QA',
      'Harbourline Systems Inc, Canada',
      'March 2019 – November 2021',
      'Client: Northgate Energy',
      '• Ran the defect triage for three release trains',
      'Test Lead, Validation',
      'Corvane Analytics, Toronto, Canada',
      'May 2016 – February 2019',
      '• Wrote the validation plans for a lab data system',
    ].join('\n');
    const [first, second] = parseExperience(toLines(text), NOW);
    expect(first).toMatchObject({ title: 'Defect Manager', start_date: '2019-03', end_date: '2021-11' });
    expect(firstLine(first!.description)).toBe('Harbourline Systems Inc, Canada');
    expect(first!.description).toContain('QA');
    expect(second).toMatchObject({ title: 'Test Lead' });
    expect(firstLine(second!.description)).toBe('Corvane Analytics, Toronto, Canada');
  });

  it('does the same in German, and keeps the order when no other line names an employer', () => {
    const [de] = parseExperience(
      toLines(
        'Projektleiter, Qualitätssicherung\nBrennwald Messtechnik GmbH, München\n04/2018 – heute\n• Leitung eines Teams von sechs Prüfern',
      ),
      NOW,
    );
    expect(de).toMatchObject({ title: 'Projektleiter', start_date: '2018-04' });
    expect(firstLine(de!.description)).toBe('Brennwald Messtechnik GmbH, München');
    // "Senior Engineer, Larkfield Robotics" / "Austin, TX": the rest of the title line is the employer itself.
    const [en] = parseExperience(
      toLines('Senior Engineer, Larkfield Robotics\nAustin, TX\nJune 2017 - May 2020\n• Built the motion planner'),
      NOW,
    );
    expect(firstLine(en!.description)).toBe('Larkfield Robotics');
  });
});

describe('an employer line above a further position, rules-9', () => {
  it('gives each position without dates the employer named in capitals right above its title', () => {
    const text = [
      'QUILLON SOFTWARE',
      'Seattle, WA',
      'Software Engineer',
      '2016-2019',
      '• Led the rewrite of the billing pipeline and cut its run time by half.',
      'MERIDEW LABS',
      'Software Engineer, Intern',
      '• Designed a faster search over chat archives.',
      'OSTRAVEN CORPORATION',
      'Software Design Engineer, Intern',
      '• Implemented features for a developer product.',
    ].join('\n');
    const entries = parseExperience(toLines(text), NOW);
    expect(entries.map((e) => [e.title, firstLine(e.description)])).toEqual([
      ['Software Engineer', 'QUILLON SOFTWARE'],
      ['Software Engineer', 'MERIDEW LABS'],
      ['Software Design Engineer', 'OSTRAVEN CORPORATION'],
    ]);
    // The employer line belongs to the next position, not to the body of the one before.
    expect(entries[0]!.description).not.toContain('MERIDEW');
  });

  it('keeps the entry’s employer for a further position under the same employer', () => {
    const text = [
      'Brightwater Council',
      'Senior IT Manager',
      'Jan 2010 - Dec 2015',
      'Managed a team of twelve across three sites.',
      'Project Management/Technical Lead',
      'Led the migration of the payroll system.',
    ].join('\n');
    const entries = parseExperience(toLines(text), NOW);
    expect(entries.map((e) => [e.title, firstLine(e.description)])).toEqual([
      ['Senior IT Manager', 'Brightwater Council'],
      ['Project Management/Technical Lead', 'Brightwater Council'],
    ]);
  });
});

describe('titles with a school word, rules-9', () => {
  it('reads "High School English Teacher" as a title and the school after it as the employer', () => {
    const text = [
      'High School English Teacher, Juniper High School, Nebraska, 2009-2014',
      'Taught English 9 and 10 to classes of thirty',
      'Middle School Principal, Alder Middle School, Nebraska, 2014-2020',
      'Led a staff of forty teachers',
    ].join('\n');
    const entries = parseExperience(toLines(text), NOW);
    expect(entries.map((e) => e.title)).toEqual(['High School English Teacher', 'Middle School Principal']);
    expect(firstLine(entries[0]!.description)).toMatch(/^Juniper High School/);
  });

  it('keeps a title with its own "of" and a school word, but no school named with "of"', () => {
    const text = [
      'Director of Professional Development/Assistant School Director',
      'Harrow Valley Teaching Institute',
      'September 2015 to August 2018',
      'Organised institute classes for new teachers',
    ].join('\n');
    const [e] = parseExperience(toLines(text), NOW);
    expect(e).toMatchObject({ title: 'Director of Professional Development/Assistant School Director' });
    expect(firstLine(e!.description)).toBe('Harrow Valley Teaching Institute');
    const [school] = parseExperience(
      toLines('Lecturer\nCollege of Nursing Educators\n2010 - 2014\nTaught anatomy'),
      NOW,
    );
    expect(school).toMatchObject({
      title: 'Lecturer',
      description: expect.stringMatching(/^College of Nursing Educators/),
    });
  });

  it('still reads a school named after its school word as the employer, never the title', () => {
    const text = [
      'Campus Director',
      'Westbrook Community College',
      'August 2012 - July 2018',
      'Ran admissions and student services',
    ].join('\n');
    const [e] = parseExperience(toLines(text), NOW);
    expect(e).toMatchObject({ title: 'Campus Director' });
    expect(firstLine(e!.description)).toBe('Westbrook Community College');
  });
});

describe('duty lines in the past tense, rules-9', () => {
  it('reads a line opened by a past tense as a duty, not a title, whatever the word after it', () => {
    expect(isSentence('Provided IT training to new branch staff')).toBe(true);
    expect(isSentence('Held progressively senior posts in Operations')).toBe(true);
    expect(isSentence('Led Agile ceremonies for two teams')).toBe(true);
    // Titles keep: a qualifying participle, a short "-ed" phrase, a title that starts like a verb.
    expect(isSentence('Certified Public Accountant')).toBe(false);
    expect(isSentence('Registered Nurse')).toBe(false);
    expect(isSentence('Lead Data Engineer')).toBe(false);
  });

  it('takes the title line of an entry, not a duty line above it that names a role', () => {
    const text = [
      'Provided IT training and coaching to fellow instructors',
      'Instructor, Writing Studies',
      'Larchmont Community College',
      'September 2014 - June 2018',
      '• Taught four sections of first-year composition a term',
    ].join('\n');
    const [e] = parseExperience(toLines(text), NOW);
    expect(e).toMatchObject({ title: 'Instructor', start_date: '2014-09', end_date: '2018-06' });
  });
});

describe('posts named in the profile’s sentences, rules-9', () => {
  const posts = (lines: string[], known: Parameters<typeof sentencePositions>[1] = []) =>
    sentencePositions(toLines(lines.join('\n')), known).map((e) => [e.title, e.description]);

  it('reads each post a summary sentence names, with the employer after it, as an undated entry', () => {
    const text = [
      'Ravi Menon',
      'Bengaluru, Karnataka',
      '2 years of work experience in infrastructure support.',
      'Worked as Soft skill trainer in Larkspur Consulting.',
      'Worked as Operation Analyst for Quintel Server management team.',
      'Presently working as Senior System Engineer.',
      'EDUCATION',
      'B.E. in Computer Science, Coastal Institute of Technology, 2014',
    ].join('\n');
    const { experience } = parseCv(text, NOW);
    expect(experience).toEqual([
      {
        title: 'Soft skill trainer',
        activity_sector: '',
        description: 'Larkspur Consulting',
        duration: 0,
        start_date: '',
        end_date: '',
      },
      {
        title: 'Operation Analyst',
        activity_sector: '',
        description: 'Quintel Server management team',
        duration: 0,
        start_date: '',
        end_date: '',
      },
      {
        title: 'Senior System Engineer',
        activity_sector: '',
        description: '',
        duration: 0,
        start_date: '',
        end_date: '',
      },
    ]);
  });

  it('reads the same sentences in the other six languages', () => {
    expect(
      posts([
        'Seit 2019 tätig als Beraterin bei Hellweg Logistik GmbH.',
        "J'ai travaillé comme développeuse chez Maison Duclos.",
        'Trabajé como ingeniera en Clínica San Telmo.',
        'Ho lavorato come consulente presso Studio Bepi.',
        'Werkzaam als adviseur bij Zorggroep Wadden.',
        'Trabalhei como engenheiro na Construtora Alvorada.',
      ]),
    ).toEqual([
      ['Beraterin', 'Hellweg Logistik GmbH'],
      ['développeuse', 'Maison Duclos'],
      ['ingeniera', 'Clínica San Telmo'],
      ['consulente', 'Studio Bepi'],
      ['adviseur', 'Zorggroep Wadden'],
      ['engenheiro', 'Construtora Alvorada'],
    ]);
  });

  it('reads the employer written between the verb and the post, but not the field after "experience"', () => {
    expect(
      posts([
        'Working currently with Brightline Services Pune as a Software Test Engineer with Client Northgate.',
        'Present working at Cedarview Int School as an Arabic/Islamic teacher.',
        'Having 8 years of experience in IT industry as SAP ABAP Developer.',
      ]),
    ).toEqual([
      ['Software Test Engineer', 'Brightline Services Pune'],
      ['Arabic/Islamic teacher', 'Cedarview Int School'],
      ['SAP ABAP Developer', ''],
    ]);
  });

  it('takes no objective, no post an entry already holds, and no sentence without a role', () => {
    expect(posts(['To work as an Art Editor in a large magazine.', 'Seeking a post as a Data Analyst.'])).toEqual([]);
    const known = [
      {
        title: 'Escalation Engineer',
        activity_sector: '',
        description: '',
        duration: 12,
        start_date: '2018-01',
        end_date: '2019-01',
      },
    ];
    expect(posts(['Currently working as an Escalation Engineer with Norvik Support.'], known)).toEqual([]);
    expect(posts(['Worked as part of a small team on the billing system.'])).toEqual([]);
  });
});

describe('dates written under their entry, rules-9', () => {
  it('gives each entry the dates that close it when the section ends on a date line', () => {
    const text = [
      'Office Assistant (part time basis)',
      'Wattlebrook Printing Services, Clayton',
      'Key responsibilities:',
      'Entering orders on the customer database',
      'March 2012',
      'current',
      'Customer Service/Deputy Manager',
      'Greenvale Fruit Store, Springvale',
      'Key responsibilities:',
      'Banking and locking up the store when the manager was away',
      'Jan 2009',
      'Dec 2011',
    ].join('\n');
    const entries = parseExperience(toLines(text), NOW);
    expect(entries.map((e) => [e.title, firstLine(e.description), e.start_date, e.end_date])).toEqual([
      ['Office Assistant', 'Wattlebrook Printing Services, Clayton', '2012-03', '2025-06'],
      ['Customer Service/Deputy Manager', 'Greenvale Fruit Store, Springvale', '2009-01', '2011-12'],
    ]);
  });

  it('reads the same layout in German, and leaves the usual layout (dates above the duties) alone', () => {
    const de = parseExperience(
      toLines(
        [
          'Projektleiter',
          'Brennwald Messtechnik GmbH, München',
          '• Leitung eines Teams von sechs Prüfern',
          '04/2018 – 09/2021',
          'Entwicklerin',
          'Kellerhof Software GmbH, Köln',
          '• Entwicklung von Webanwendungen',
          '01/2015 – 03/2018',
        ].join('\n'),
      ),
      NOW,
    );
    expect(de.map((e) => [e.title, e.start_date, e.end_date])).toEqual([
      ['Projektleiter', '2018-04', '2021-09'],
      ['Entwicklerin', '2015-01', '2018-03'],
    ]);
    const usual = parseExperience(
      toLines(
        'Data Analyst\nCorvane Analytics\n2019 - 2022\n• Built dashboards\nJunior Analyst\nCorvane Analytics\n2017 - 2019\n• Cleaned data',
      ),
      NOW,
    );
    expect(usual.map((e) => [e.title, e.start_date])).toEqual([
      ['Data Analyst', '2019-01'],
      ['Junior Analyst', '2017-01'],
    ]);
  });
});
