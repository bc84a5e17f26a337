// Experience rules of the rules-11 round (employers and titles), each on a CV snippet written for the test (fake
// people and employers).
import { describe, expect, it } from 'vitest';
import { cleanTitle, parseExperience } from '../src/experience.js';
import { createRulesAnalyzer } from '../src/index.js';
import { toLines } from '../src/text.js';

const NOW = new Date('2025-06-15T12:00:00Z');
const noSkills = { link: async (_text: string, language: string) => ({ language, skills: [] }) };
const lines0 = (entries: readonly { description: string }[]) => entries.map((e) => e.description.split('\n')[0]);
const firstLines = (text: string) =>
  parseExperience(toLines(text), NOW).map((e) => e.description.split('\n').slice(0, 2));

describe('an employer line that names the firm and then its place', () => {
  it('opens the description with the firm, its place on the next line ("Firm - City, Region -")', () => {
    const text = [
      'Support Analyst',
      'Quillfen Systems -  Nagpur, Maharashtra -',
      'March 2017 to Present',
      '• Resolved customer tickets',
      'Trainee',
      'Ostrava Softworks - Austin, TX',
      'June 2015 to February 2017',
      '• Tested billing modules',
    ].join('\n');
    const entries = parseExperience(toLines(text), NOW);
    expect(entries.map((e) => e.title)).toEqual(['Support Analyst', 'Trainee']);
    expect(firstLines(text)).toEqual([
      ['Quillfen Systems', 'Nagpur, Maharashtra'],
      ['Ostrava Softworks', 'Austin, TX'],
    ]);
  });

  it('splits "Firm • City, ST" the same way, and leaves "Firm, City, ST" whole as written', () => {
    const text = [
      'Bartender',
      'Marlowe Tap House, Tempe, AZ',
      'June 2014 - May 2016',
      'Served guests at a busy bar',
      'Volunteer',
      'Harbor Lights Food Bank • Portland, OR',
      'Jan 2012 - May 2014',
      'Sorted donations',
    ].join('\n');
    expect(firstLines(text)).toEqual([
      ['Marlowe Tap House, Tempe, AZ', 'Served guests at a busy bar'],
      ['Harbor Lights Food Bank', 'Portland, OR'],
    ]);
  });

  it('leaves a line that is only a place whole; a firm with its legal form keeps it', () => {
    const text = [
      'Interpreter',
      'Hyderabad, Telangana -',
      'June 2010 to September 2010',
      'Translated manuals',
      'Clerk',
      'Brindle & Sons, Inc. - Dayton, OH',
      'May 2008 to May 2010',
      'Filed records',
    ].join('\n');
    expect(firstLines(text)).toEqual([
      ['Hyderabad, Telangana -', 'Translated manuals'],
      ['Brindle & Sons, Inc.', 'Dayton, OH'],
    ]);
  });
});

describe('the title a CV states under the name', () => {
  const analyzer = createRulesAnalyzer(noSkills, { now: () => NOW });

  it('is the candidate’s post, an undated entry, when no entry holds it', async () => {
    const text = [
      'Marguerite Okonkwo-Bell',
      'Voice and Accent Trainer : eight years of coaching call-centre teams',
      'Leeds, UK - marguerite.ob@example.com',
      '',
      'WORK EXPERIENCE',
      'Team Coach',
      'Brightwave Contact Ltd - Leeds',
      'March 2016 to Present',
      '• Coached new agents on accent neutralisation',
    ].join('\n');
    const r = await analyzer.analyzeCv(text);
    expect(r.experience.map((e) => [e.title, e.duration])).toEqual([
      ['Team Coach', expect.any(Number)],
      ['Voice and Accent Trainer', 0],
    ]);
  });

  it('is the part of a summary line before its years of experience', async () => {
    const r = await analyzer.analyzeCv(
      [
        'Ilse Vandermeer',
        'Utrecht - ilse.vdm@example.com',
        'Senior software engineer with more than 9 years of experience in C++ and embedded Linux',
        '',
        'WORK EXPERIENCE',
        'Firmware Developer',
        'Polderwave B.V.',
        '2012 - 2021',
        '• Wrote drivers',
      ].join('\n'),
    );
    expect(r.experience.map((e) => e.title)).toEqual(['Firmware Developer', 'Senior software engineer']);
  });

  it('is not repeated when an entry holds it, and a résumé template’s title is no post', async () => {
    const held = await analyzer.analyzeCv(
      [
        'Tobias Reinholt',
        'Payroll Specialist',
        '',
        'EXPERIENCE',
        'Payroll Specialist',
        'Norlake Foods GmbH',
        '2015 - 2020',
        '• Ran the monthly payroll',
      ].join('\n'),
    );
    expect(held.experience.map((e) => e.title)).toEqual(['Payroll Specialist']);
    const template = await analyzer.analyzeCv(
      [
        'Art Director Resume Template',
        'Your Name',
        '',
        'EXPERIENCE',
        'Designer',
        'Studio Quill',
        '2015 - 2020',
        '• Drew covers',
      ].join('\n'),
    );
    expect(template.experience.map((e) => e.title)).toEqual(['Designer']);
  });
});

describe('the last duty line of an entry, right above the next entry’s dates', () => {
  const text = [
    'Manufacturing',
    '2012 - 2018',
    'Harlow Fasteners, Tacoma',
    'Tool and Die Maker',
    'Built and repaired progressive dies',
    'Trained the shop engineers on the new presses',
    '2008 - 2012',
    'Ferncliff Plastics, Olympia',
    'Machinist',
    'Ran lathes and mills',
  ].join('\n');

  it('stays in that entry’s body and does not head the next entry', () => {
    const entries = parseExperience(toLines(text), NOW);
    expect(entries.map((e) => e.title)).toEqual(['Tool and Die Maker', 'Machinist']);
    expect(lines0(entries)[1]).toBe('Ferncliff Plastics, Olympia');
    expect(entries[0]!.description).toContain('Trained the shop engineers on the new presses');
  });

  it('a firm named "United …" is a name, not a sentence opened by a past tense', () => {
    const united = text.replace('Ferncliff Plastics', 'United Plastics Group');
    expect(lines0(parseExperience(toLines(united), NOW))[1]).toBe('United Plastics Group, Olympia');
  });
});

describe('a title line that runs on into the next line', () => {
  it('is the role before its first link when it ends on a linking word', () => {
    expect(cleanTitle('SENIOR PROGRAMME OFFICER FOR THE SAHEL REGION FOR')).toBe('SENIOR PROGRAMME OFFICER');
    expect(cleanTitle('Referentin für')).toBe('Referentin');
    expect(cleanTitle('Project Coordinator')).toBe('Project Coordinator');
    expect(cleanTitle('Professor of Economics')).toBe('Professor of Economics');
  });

  it('leaves out where the post was held when an article introduces an organisation', () => {
    expect(cleanTitle('Partner in the firm of Odhiambo & Wekesa')).toBe('Partner');
    expect(cleanTitle('Design Engineer at the Harwick Corporation')).toBe('Design Engineer');
    expect(cleanTitle('Lecturer in Law')).toBe('Lecturer in Law');
  });

  it('ends before a quoted name the line cut off', () => {
    expect(cleanTitle('Keynote Speaker “Negotiating in Good Faith')).toBe('Keynote Speaker');
    expect(cleanTitle('Keynote Speaker “Negotiating in Good Faith”')).toBe('Keynote Speaker');
  });
});

describe('a title field whose colon the layout lost', () => {
  it('gives the value, not the label, when the value is a title', () => {
    const text = [
      'ORGANISATION Brightmoor Infotech Pvt Ltd',
      'Role Test Engineer',
      'Jan 2016 - Dec 2018',
      '• Wrote regression suites',
      'Employer Kestrel Analytics GmbH',
      'Role Data Analyst',
      'Jan 2014 - Dec 2015',
      '• Built sales dashboards',
    ].join('\n');
    const entries = parseExperience(toLines(text), NOW);
    expect(entries.map((e) => e.title)).toEqual(['Test Engineer', 'Data Analyst']);
    // An employer field so written stays as written ("Company" also opens firms' names).
    expect(lines0(entries)).toEqual(['ORGANISATION Brightmoor Infotech Pvt Ltd', 'Employer Kestrel Analytics GmbH']);
  });

  it('leaves a numbered placeholder employer ("Company 2: …") as written', () => {
    const text = ['Office Manager', 'Company 2: Harwell Foods Ltd', '2015 - 2019', '• Kept the board minutes'].join(
      '\n',
    );
    const [e] = parseExperience(toLines(text), NOW);
    expect(e!.title).toBe('Office Manager');
    expect(lines0([e!])).toEqual(['Company 2: Harwell Foods Ltd']);
  });
});

describe('an employer field among the first lines of an entry’s body', () => {
  it('opens the description when the header names no employer', () => {
    const text = [
      'Support Engineer',
      'March 2015 - June 2018',
      'Handled escalated customer tickets for enterprise clients',
      'Company: Larkspur Cloud Services Pvt Ltd, Pune',
      '• Wrote the on-call runbooks',
    ].join('\n');
    const [e] = parseExperience(toLines(text), NOW);
    expect(e!.title).toBe('Support Engineer');
    expect(e!.description.split('\n')).toEqual([
      'Company: Larkspur Cloud Services Pvt Ltd, Pune',
      'Handled escalated customer tickets for enterprise clients',
      'Wrote the on-call runbooks',
    ]);
  });
});

describe('a headline "Title at Firm"', () => {
  const analyzer = createRulesAnalyzer(noSkills, { now: () => NOW });

  it('gives the title, and the firm as the description', async () => {
    const r = await analyzer.analyzeCv(
      [
        'Rosalind Achterberg',
        'Data Engineer at Brightwave Analytics',
        'Ghent · rosalind@example.com',
        '',
        'EDUCATION',
        'MSc Statistics, 2019',
      ].join('\n'),
    );
    expect(r.experience.map((e) => [e.title, e.description])).toEqual([['Data Engineer', 'Brightwave Analytics']]);
  });

  it('keeps "Attorney at Law" whole', async () => {
    const r = await analyzer.analyzeCv(
      ['Marcus Oyelaran', 'Attorney at Law', 'Lagos', '', 'EDUCATION', 'LLB, 2010'].join('\n'),
    );
    expect(r.experience.map((e) => e.title)).toEqual(['Attorney at Law']);
  });
});
