// Experience and education entries in the layouts real CVs use: each rule on a CV snippet written for the test
// (fake people and employers).
import { describe, expect, it } from 'vitest';
import { findDegrees } from '../src/degrees.js';
import { createRulesAnalyzer } from '../src/index.js';
import { parseEducation } from '../src/education.js';
import { cleanTitle, isSentence, parseExperience } from '../src/experience.js';
import { cvSections } from '../src/sections.js';
import { toLines } from '../src/text.js';

const NOW = new Date('2025-06-15T12:00:00Z');
const experience = (text: string) => parseExperience(toLines(text), NOW);
const kinds = (text: string) => cvSections(toLines(text)).map((s) => s.kind);

describe('section headings as PDFs leave them', () => {
  it('reads a heading that kerning cut into letter groups', () => {
    const text =
      'Mara Quill\nE xp er ie nc e\nHarbour Books, Leeds\n2019 – 2022\nEdu c ati on\nBA English, University of Hull';
    expect(kinds(text)).toEqual(['header', 'experience', 'education']);
  });

  it('does not join a line of short ordinary words', () => {
    expect(kinds('Tom Reed\nI am on it\nSkills\nExcel')).toEqual(['header', 'skills']);
  });

  it('splits a heading that runs into the first line of its section', () => {
    const sections = cvSections(toLines('Ned Farrow\nWork Experience Greyfield Analytics\nData Engineer\n2018 – 2021'));
    expect(sections.map((s) => s.kind)).toEqual(['header', 'experience']);
    expect(sections[1]!.lines[0]!.text).toBe('Greyfield Analytics');
  });

  it('leaves a sentence that starts with a one-word heading alone', () => {
    expect(kinds('Ned Farrow\nExperience with Kafka and Spark on large clusters')).toEqual(['header']);
  });

  it('keeps "Internship" alone as an entry title, not a heading', () => {
    const sections = cvSections(
      toLines('Ana Brill\nExperience\nMarch 2022 – July 2022\nInternship\nHarbour Trust, Youth Unit'),
    );
    expect(sections.map((s) => s.kind)).toEqual(['header', 'experience']);
    expect(parseExperience(sections[1]!.lines, NOW)[0]!.title).toBe('Internship');
  });

  it('knows current-position and traineeship headings', () => {
    expect(kinds('Ana Brill\nCURRENT POSITION\nAssociate, Moss & Pike LLP\n2021 – present')).toEqual([
      'header',
      'experience',
    ]);
    expect(kinds('Ana Brill\nProfessional Traineeship\nTrainee Solicitor\n2019 – 2021')).toEqual([
      'header',
      'experience',
    ]);
  });
});

describe('experience entry headers', () => {
  it('takes no more header lines above a date than the first entry has', () => {
    const entries = experience(
      [
        'Sales Associate',
        'Brightline Motors - Leeds',
        'March 2019 to May 2021',
        'Handled walk-in customers and test drives',
        'Associate',
        'Oakridge Lettings - York',
        'June 2016 to February 2019',
      ].join('\n'),
    );
    expect(entries.map((e) => [e.title, e.description.split('\n')[0]])).toEqual([
      ['Sales Associate', 'Brightline Motors - Leeds'],
      ['Associate', 'Oakridge Lettings - York'],
    ]);
  });

  it('reads a line wrapped out of a bullet as body, not as the next header', () => {
    const entries = experience(
      [
        'Riverside Primary School, Hull',
        'Spring 2023',
        'Student Teacher',
        '• Planned a unit on the harbour, its trade and its',
        'old warehouses',
        'Kestrel Nursery, Hull',
        '2020 – 2022',
        'Nursery Assistant',
      ].join('\n'),
    );
    expect(entries[1]!.description.split('\n')[0]).toBe('Kestrel Nursery, Hull');
    expect(entries[1]!.title).toBe('Nursery Assistant');
  });

  it('does not take a duty line or a place for the title', () => {
    const entries = experience(
      ['Pittsburgh, PA', 'Assisted patrons with research requests', 'Greenway Library', '2015 – 2017'].join('\n'),
    );
    expect(entries[0]!.title).not.toMatch(/Pittsburgh|Assisted/);
  });

  it('takes the role a sentence names after "worked as"', () => {
    const entries = experience('Worked as a Support Engineer in the networks group of Kelton Ltd\n2016 – 2019');
    expect(entries[0]!.title).toBe('Support Engineer');
  });

  it('tells duty lines from titles', () => {
    expect(isSentence('Trained and supervised summer staff')).toBe(true);
    expect(isSentence('planned weekly menus')).toBe(true);
    expect(isSentence('Certified Public Accountant')).toBe(false);
    expect(isSentence('Senior Data Analyst')).toBe(false);
  });

  it('keeps the terms of a job, a course name and brackets out of its title', () => {
    expect(cleanTitle('Substitute Teacher (part-time employment)')).toBe('Substitute Teacher');
    expect(cleanTitle('Office Clerk (temp via Staffline Agency)')).toBe('Office Clerk');
    expect(cleanTitle('Volunteer Tutor (4 hours a week)')).toBe('Volunteer Tutor');
    expect(cleanTitle('Part-time Lecturer')).toBe('Lecturer');
    expect(cleanTitle('Lecturer “Maritime Insurance Law”')).toBe('Lecturer');
    expect(cleanTitle('[Research Assistant]')).toBe('Research Assistant');
    expect(cleanTitle('Position: Customer Service Advisor')).toBe('Customer Service Advisor');
    expect(cleanTitle('Verkäufer (Teilzeit)')).toBe('Verkäufer');
  });

  it('takes a line without a role word for a title only where the CV writes its titles', () => {
    const entries = experience(
      [
        'Marketing Assistant',
        'Harbour Foods Ltd, Bristol',
        'May 2018 – June 2020',
        '- Ran the social media calendar of four brands',
        'Competitor analysis',
        'June 2016 – April 2018',
        '- Compared the shelf prices of six rival chains every month',
      ].join('\n'),
    );
    expect(entries.map((e) => e.title)).toEqual(['Marketing Assistant', '']);
    expect(entries[1]!.description).toContain('Competitor analysis');
    // Spanish: "Enfermera" has no word of the role lexicon, but stands where "Jefa de enfermería" stands.
    const spanish = experience(
      [
        'Jefa de enfermería',
        'Hospital del Mar, Barcelona',
        'marzo 2019 – actualidad',
        '- Coordinación de los turnos de noche',
        'Enfermera',
        'Clínica Sagrada Familia, Barcelona',
        'enero 2015 – febrero 2019',
        '- Atención a pacientes de cardiología',
      ].join('\n'),
    );
    expect(spanish.map((e) => e.title)).toEqual(['Jefa de enfermería', 'Enfermera']);
  });

  it('reads educator, employee, sitter and practitioner as role words', () => {
    const entries = experience(
      [
        'Little Acorns Nursery, Leeds 2015 - 2019',
        'Nursery Assistant',
        'Prepared snacks and activities for the toddler room.',
        'Early Years Educator',
        'Planned the weekly learning themes of the pre-school room.',
      ].join('\n'),
    );
    expect(entries.map((e) => e.title)).toEqual(['Nursery Assistant', 'Early Years Educator']);
  });
});

describe('experience entries written as fields, lists and sentences', () => {
  it('reads the title and employer fields of an entry and its labelled dates', () => {
    const [entry] = experience(
      [
        'Firm: Alder & Webb Solicitors',
        'Post: Conveyancing Clerk',
        'Duration: March 2015 to August 2019',
        'Responsibilities:',
        'Drafted contracts',
      ].join('\n'),
    );
    expect(entry).toMatchObject({ title: 'Conveyancing Clerk', start_date: '2015-03', end_date: '2019-08' });
    expect(entry!.description.split('\n')[0]).toBe('Alder & Webb Solicitors');
  });

  it('reads "Title: Employer" as a header when the label is a role', () => {
    const entries = experience('Senior Lecturer: Fenwick Valley College\nDurham\n2012 - 2018');
    expect(entries[0]!.title).toBe('Senior Lecturer');
    expect(entries[0]!.description).toContain('Fenwick Valley College');
  });

  it('does not make entries of a dated list of courses', () => {
    const entries = experience(
      [
        'Lecturer',
        'Fenwick Valley College',
        '2012 - 2018',
        'Courses taught:',
        'Operating Systems (2013)',
        'Database Design (2012 - 2016)',
        'Introduction to Statistics (2014)',
      ].join('\n'),
    );
    expect(entries.map((e) => e.title)).toEqual(['Lecturer']);
  });

  it('still reads a run of promotions as entries', () => {
    const entries = experience('Office Manager, 2015 to present\nSecretary, 2011 to 2015\nOffice Clerk, 2009 to 2011');
    expect(entries.map((e) => e.title)).toEqual(['Office Manager', 'Secretary', 'Office Clerk']);
  });

  it('takes the role a body sentence names when the header has none', () => {
    const [entry] = experience(
      'Brightwater Coding School\nJune 2016 to Present\nCurrently working as a Python Trainer at Brightwater.',
    );
    expect(entry!.title).toBe('Python Trainer');
  });
});

describe('education entries', () => {
  const education = (text: string) => parseEducation(toLines(text), NOW);

  it('reads degree abbreviations however they are cased or punctuated', () => {
    for (const [written, level] of [
      ['Bsc', 4],
      ['B.com', 4],
      ['B-TECH', 4],
      ['b.tech', 4],
      ['Msc', 5],
      ['M-Tech', 5],
    ] as const) {
      expect(findDegrees(`${written}, Northfield College`)[0], written).toMatchObject({ text: written, level });
    }
    expect(findDegrees('Contacted customers at bbc.com and cnn.com')).toEqual([]);
  });

  it('keeps years and grades out of the school name', () => {
    expect(education('BA History\n2014 University of Westmarch')[0]!.institution_name).toBe('University of Westmarch');
    expect(education('B.Com from University of Eastport in 2011 with an aggregate of 64%')[0]!.institution_name).toBe(
      'University of Eastport',
    );
  });

  it('takes the line after a degree for its school when a place follows the name', () => {
    const [entry] = education('BSc in Physics\nRanchi Vidyapeeth - Ranchi, Jharkhand\nJuly 2009 to April 2012');
    expect(entry).toMatchObject({ degree: 'BSc', major: 'Physics', institution_name: 'Ranchi Vidyapeeth' });
    expect(education('MSc in Chemistry\nOrganic synthesis - lab work')[0]!.institution_name).toBe('');
  });

  it('does not take a table column label for a school', () => {
    expect(
      education('Degree | Name of Institution | Year\nB.Tech | Coastal Institute of Technology | 2012')[0]!
        .institution_name,
    ).toBe('Coastal Institute of Technology');
  });

  it('knows "Academic details" and "Educational details" headings', () => {
    expect(kinds('Ravi Menon\nACADEMIC DETAILS\nB.Tech, Coastal Institute of Technology, 2012')).toEqual([
      'header',
      'education',
    ]);
    expect(kinds('Ravi Menon\nEducational Details\nB.Tech, Coastal Institute of Technology, 2012')).toEqual([
      'header',
      'education',
    ]);
  });
});

describe('entries where layouts put them', () => {
  it('reads a dated header whose parts are joined by separators', () => {
    const [entry] = experience(
      'Northgate Inc. / Westbrook State University - San Mateo, CA, (WASC) 2016 - Present\nLead Admissions Advisor\nBuilt the admissions team.',
    );
    expect(entry).toMatchObject({ title: 'Lead Admissions Advisor', start_date: '2016-01' });
  });

  it('does not open the description with the length of the job', () => {
    const [entry] = experience(
      'Senior Game Programmer\nFebruary 2013 to April 2014\n1 Year 3 Months\nPixelforge Studios, Pune',
    );
    expect(entry).toMatchObject({ title: 'Senior Game Programmer', duration: 15 });
    expect(entry!.description.split('\n')[0]).toBe('Pixelforge Studios, Pune');
  });

  it('keeps "onwards" out of the description', () => {
    const [entry] = experience('Freelance Illustrator\nMay 2017 onwards\nBook covers for small presses');
    expect(entry!.description.split('\n')[0]).toBe('Book covers for small presses');
  });

  it('finds a job entry that a two-column layout moved into the skills section', async () => {
    const analyzer = createRulesAnalyzer({ link: async () => ({ language: 'en', skills: [] }) }, { now: () => NOW });
    const cv = await analyzer.analyzeCv(
      [
        'Iris Calloway',
        'Marketing assistant',
        'WORK EXPERIENCE',
        'Event coordination',
        'Copy writing',
        'PERSONAL SKILLS',
        'Resilience',
        'Harbourside Foods Ltd',
        'Bristol',
        'MARKETING ASSISTANT',
        'June 2019 - Present',
        'Supporting the sales team with campaigns and events.',
        'Word and Excel',
      ].join('\n'),
    );
    expect(cv.experience.map((e) => e.title)).toContain('MARKETING ASSISTANT');
  });

  it('makes no job of a dated line in a skills list', async () => {
    const analyzer = createRulesAnalyzer({ link: async () => ({ language: 'en', skills: [] }) }, { now: () => NOW });
    const cv = await analyzer.analyzeCv('Iris Calloway\nSKILLS\nExcel (2015 - 2019)\nTeam work\nPublic speaking');
    expect(cv.experience).toEqual([]);
  });
});
