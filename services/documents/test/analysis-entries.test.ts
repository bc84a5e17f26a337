// Experience and education entries in the layouts real CVs use: each rule on a CV snippet written for the test
// (fake people and employers).
import { describe, expect, it } from 'vitest';
import { cleanTitle, isSentence, parseExperience } from '../src/analysis/experience.js';
import { cvSections } from '../src/analysis/sections.js';
import { toLines } from '../src/analysis/text.js';

const NOW = new Date('2025-06-15T12:00:00Z');
const experience = (text: string) => parseExperience(toLines(text), NOW);
const kinds = (text: string) => cvSections(toLines(text)).map((s) => s.kind);

describe('section headings as PDFs leave them', () => {
  it('reads a heading that kerning cut into letter groups', () => {
    const text = 'Mara Quill\nE xp er ie nc e\nHarbour Books, Leeds\n2019 – 2022\nEdu c ati on\nBA English, University of Hull';
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

  it('knows current-position and traineeship headings', () => {
    expect(kinds('Ana Brill\nCURRENT POSITION\nAssociate, Moss & Pike LLP\n2021 – present')).toEqual(['header', 'experience']);
    expect(kinds('Ana Brill\nProfessional Traineeship\nTrainee Solicitor\n2019 – 2021')).toEqual(['header', 'experience']);
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
});
