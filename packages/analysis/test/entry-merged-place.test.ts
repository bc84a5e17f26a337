/**
 * Entry headers whose title and town cells ran together (issue 26: two columns merged), and a town written with its
 * region's name ("Chatsworth, California"): the title keeps no town and the town is no employer. CVs of invented
 * people.
 */
import { describe, expect, it } from 'vitest';
import { parseCv, readCv } from '../src/cv-analyzer.js';
import { isEmployerLine, isPlace } from '../src/experience.js';

const NOW = new Date('2020-01-01T00:00:00Z');

// A two-column export: the firm and its dates on one line, the title and the town (right column) run into one.
const MERGED = `Dana Okafor
dana.okafor@example.com

EXPERIENCE

Lumenfield Studios January 2016 Present
Senior Web Developer North Hollywood, CA
Led two developers building the studio's booking site.

Quillbrook August 2012 December 2015
Owner/Web Developer West Hills, California
Ran a small design and hosting business for local shops.
`;

describe('a title cell and a town cell run together', () => {
  it('cuts the town off the title when a state, region code or country follows it', () => {
    const record = parseCv(MERGED, NOW);
    expect(record.experience.map((e) => e.title)).toEqual(['Senior Web Developer', 'Owner/Web Developer']);
  });

  it('keeps the firm as the employer line and the town with its region in the description', () => {
    const record = parseCv(MERGED, NOW);
    expect(record.experience.map((e) => e.description.split('\n')[0])).toEqual(['Lumenfield Studios', 'Quillbrook']);
    expect(record.experience[0]!.description).toContain('North Hollywood, CA');
    expect(record.experience[1]!.description).toContain('West Hills, California');
  });

  it('leaves words after the role word in the title when no place follows ("Manager Operations")', () => {
    const cv = `Ravi Menon
ravi.menon@example.com

EXPERIENCE

Harbourline Freight Ltd
Regional Manager Operations
March 2014 to Present
Ran the depots of the northern region.
`;
    expect(readCv(cv, NOW).content.experience[0]!.title).toBe('Regional Manager Operations');
  });
});

describe('a town and its region written in full', () => {
  it('is a place, not an employer line', () => {
    expect(isPlace('Chatsworth, California')).toBe(true);
    expect(isPlace('Bowling Green, Kentucky')).toBe(true);
    expect(isEmployerLine('Chatsworth, California')).toBe(false);
  });

  it('stays an employer line when the name before the region is a firm', () => {
    expect(isEmployerLine('Acme Logistics Inc, California')).toBe(true);
  });

  it('lets the firm open the description when the header sets the town above it', () => {
    const cv = `Lena Brooks
lena.brooks@example.com

WORK HISTORY

Team Leader
Bowling Green, Kentucky
Copperleaf Motorsports
April 2009 to June 2011
Prepared the race cars before each event.
`;
    // The town line came first and was read as "a name and its place", so it opened the description.
    expect(parseCv(cv, NOW).experience[0]!.description.split('\n')[0]).toBe('Copperleaf Motorsports');
  });
});

describe('a department before a country', () => {
  it('stays in the title: only a known town is cut before a country', () => {
    const cv = `Anika Rao
anika.rao@example.com

EXPERIENCE

Brightwell Foods Ltd
Regional Manager Operations, India
March 2014 to Present
Ran the depots of the southern region.
`;
    expect(readCv(cv, NOW).content.experience[0]!.title).toBe('Regional Manager Operations');
  });
});
