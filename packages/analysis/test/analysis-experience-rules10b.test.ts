// Experience rules of the second rules-10 round, each on a CV snippet written for the test (fake people and employers).
import { describe, expect, it } from 'vitest';
import { joinSplitRanges } from '../src/dates.js';
import { isSentence, parseExperience } from '../src/experience.js';
import { createRulesAnalyzer } from '../src/index.js';
import { cvSections } from '../src/sections.js';
import { toLines } from '../src/text.js';

const NOW = new Date('2025-06-15T12:00:00Z');
const lines = (description: string) => description.split('\n');
const noSkills = { link: async (_text: string, language: string) => ({ language, skills: [] }) };

describe('a year range whose dash the export turned into a gap, closed by a colon', () => {
  // A PDF table cell "1998 – 2004:" often comes out as two cells, "1998" and "2004:".
  const text = [
    'Employment Record',
    '1998',
    '2004:',
    'Tana Valley Water Services Board',
    'Senior Procurement Officer',
    '2004',
    '2011:',
    'Mwangaza Insurance Co. Ltd',
    'Claims Manager',
  ].join('\n');

  it('joins the two years into one range', () => {
    const joined = joinSplitRanges(toLines(text), NOW).map((l) => l.text);
    expect(joined).toContain('1998 - 2004:');
    expect(joined).toContain('2004 - 2011:');
  });

  it('counts each job once, from its first year to its last', () => {
    const entries = parseExperience(toLines(text).slice(1), NOW);
    expect(entries.map((e) => [e.start_date, e.end_date, e.duration])).toEqual([
      ['1998-01', '2004-01', 72],
      ['2004-01', '2011-01', 84],
    ]);
  });

  it('still reads a year written after a later one as another entry’s date', () => {
    const joined = joinSplitRanges(toLines('2014\n2010:\nBSc in Agriculture'), NOW).map((l) => l.text);
    expect(joined).toEqual(['2014', '2010:', 'BSc in Agriculture']);
  });
});

describe('jobs listed as posts, the British and Commonwealth way', () => {
  it('reads "Present Post", "Past Posts" and "Posts Held" as experience headings', () => {
    for (const heading of ['Present Post', 'PAST POSTS:', 'Posts Held', 'Previous Posts', 'Career Record']) {
      const kinds = cvSections(
        toLines(`${heading}\nMarch 2014 - present\nSenior Registrar, Eastmoor General Hospital`),
      );
      expect(kinds.map((s) => s.kind)).toEqual(['header', 'experience']);
    }
  });

  it('reads the positions under them as entries', async () => {
    const text = [
      'Dr Imogen Halloway',
      'imogen.halloway@example.org',
      'Present Post:',
      'Since May 2016',
      'Consultant Histopathologist, Brackenfield University Hospitals NHS Trust',
      'Reports on gastrointestinal and liver biopsies; leads the department’s audit programme.',
      'Past Posts:',
      'August 2011 - April 2016',
      'Specialty Registrar in Histopathology, Northgate Deanery',
      'Rotated through four teaching hospitals of the region.',
    ].join('\n');
    const cv = await createRulesAnalyzer(noSkills, { now: () => NOW }).analyzeCv(text);
    expect(cv.experience.map((e) => [e.title, e.start_date])).toEqual([
      ['Consultant Histopathologist', '2016-05'],
      ['Specialty Registrar in Histopathology', '2011-08'],
    ]);
  });
});

describe('a line a first-person subject opens is a sentence, never a title', () => {
  it('reads "I spent …", "We built …", "Ich leitete …" as sentences, not a name that merely starts with a capital', () => {
    expect(isSentence('I spent nine years in full-time posts')).toBe(true);
    expect(isSentence('We built the regional claims office')).toBe(true);
    expect(isSentence('Ich leitete das Team der Disposition')).toBe(true);
    expect(isSentence('My Kitchen Helper')).toBe(false);
  });

  it('leaves such a line in the description when it follows the dates', () => {
    const text = [
      'From March 2009 until June 2017, I spent eight years in full-time posts',
      'Kestrel Port Services Ltd, Mombasa',
      'Drafted and negotiated the authority’s supply and construction contracts.',
    ].join('\n');
    const [e] = parseExperience(toLines(text), NOW);
    expect(e).toMatchObject({ title: '', start_date: '2009-03', end_date: '2017-06' });
    expect(lines(e!.description)[0]).toBe('Kestrel Port Services Ltd, Mombasa');
  });
});

describe('a table of positions flattened column by column', () => {
  it('pairs a run of titles with the run of as many employer lines under it, in order', () => {
    const text = [
      'Current:',
      'Level Designer',
      'Freelance',
      'Past:',
      'Sr. Gameplay Programmer',
      'Gameplay Programmer',
      'Junior Tools Developer',
      'Twistwood Games Ltd, Indore, India',
      'Pixelmoor Studios Pvt. Ltd, Pune, India',
      'Brightquill Software Ltd, Leeds, UK',
    ].join('\n');
    const entries = parseExperience(toLines(text), NOW);
    expect(entries.slice(0, 3).map((e) => [e.title, lines(e.description)[0], e.duration])).toEqual([
      ['Sr. Gameplay Programmer', 'Twistwood Games Ltd, Indore, India', 0],
      ['Gameplay Programmer', 'Pixelmoor Studios Pvt. Ltd, Pune, India', 0],
      ['Junior Tools Developer', 'Brightquill Software Ltd, Leeds, UK', 0],
    ]);
  });

  it('leaves the title and employer lines of a dated entry to that entry', () => {
    const text = [
      'Senior Consultant',
      'Test Manager',
      'Corvane Ltd, Halifax, Canada',
      'Lottery Systems Inc, Moncton, Canada',
      'September 2011 - January 2012',
      'Planned the regression testing of the new draw engine.',
    ].join('\n');
    const entries = parseExperience(toLines(text), NOW);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ start_date: '2011-09', end_date: '2012-01' });
  });

  it('reads no list of products with a role word as titles', () => {
    const text = [
      'Gearboxes, Cylinder Heads, Intake Manifolds',
      'Brake Drums, Flywheels',
      'Ostrava Castings Ltd, Ostrava, Czech Republic',
      'Kolben Metall GmbH, Linz, Austria',
    ].join('\n');
    // Read as before: the section is one entry, not two pairs of product list and employer.
    expect(parseExperience(toLines(text), NOW)).toHaveLength(1);
  });
});

describe('Nordic legal forms, rules-10', () => {
  it('splits the employer from the role after "ApS", "ASA", "Oy"', () => {
    for (const [header, employer] of [
      ['Nordlys Foods ApS Sales Director', 'Nordlys Foods ApS'],
      ['Fjellvik Shipping ASA Fleet Manager', 'Fjellvik Shipping ASA'],
      ['Koivula Software Oy Senior Developer', 'Koivula Software Oy'],
    ]) {
      const [e] = parseExperience(toLines(`${header}\n03/2016 – 12/2019\n• Opened two export markets`), NOW);
      expect(lines(e!.description)[0], header).toBe(employer);
      expect(e!.title, header).toBe(header!.slice(employer!.length + 1));
    }
  });
});
