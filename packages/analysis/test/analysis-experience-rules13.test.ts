// Experience rules of the rules-13 round (entries and employer lines), each on a CV snippet written for the test
// (fake people and employers).
import { describe, expect, it } from 'vitest';
import { cannotBeEmployer, parseExperience } from '../src/experience.js';
import { toLines } from '../src/text.js';
import { experienceRows } from './experience-rows.js';

const NOW = new Date('2025-06-15T12:00:00Z');
const read = (lines: readonly string[]) => experienceRows(lines, NOW);

describe('a year written in passing in an entry body', () => {
  it('a chart axis and an achievement stay in the entry above', () => {
    const section = [
      'Operations Director',
      'Fenwick Lane Logistics, Bristol',
      'May 2014 - June 2019',
      'Cut average delivery times by a third across four depots.',
      '2016',
      'rose from 81% to 97% in two years.',
      'Raised on-time delivery to 97% by',
      '2018',
      'Who else helped? The whole depot team.',
      'Warehouse Supervisor',
      'Arden Freight Ltd, Swindon',
      'March 2010 - April 2014',
      'Ran the night shift of twelve pickers.',
    ];
    const got = read(section);
    expect(got).toEqual([
      ['Operations Director', '2014-05', '2019-06', 'Fenwick Lane Logistics, Bristol'],
      ['Warehouse Supervisor', '2010-03', '2014-04', 'Arden Freight Ltd, Swindon'],
    ]);
    const [first] = parseExperience(toLines(section.join('\n')), NOW);
    expect(first!.description).toContain('Who else helped?');
  });

  it('a talk given in one month stays in the entry above', () => {
    expect(
      read([
        'Trainee Accountant',
        'Harrow & Pike Ltd, Leeds',
        'January 2020 - December 2022',
        'Prepared monthly reconciliations for twelve clients.',
        'March 2022',
        "Gave a talk at the regional young accountants' seminar on audit sampling.",
        'Audit Assistant',
        'Moor & Vale LLP, York',
        'June 2018 - December 2019',
        'Checked supplier invoices.',
      ]),
    ).toEqual([
      ['Trainee Accountant', '2020-01', '2022-12', 'Harrow & Pike Ltd, Leeds'],
      ['Audit Assistant', '2018-06', '2019-12', 'Moor & Vale LLP, York'],
    ]);
  });

  it('a dated line with a title is still an entry', () => {
    expect(
      read([
        'Sachbearbeiterin',
        'Kranich Versicherung AG, Köln',
        '2019 - 2023',
        'Bearbeitung von Schadensfällen.',
        'Praktikantin',
        '2018',
        'Lindholm Treuhand GmbH',
      ]).map((e) => e[0]),
    ).toEqual(['Sachbearbeiterin', 'Praktikantin']);
  });
});

describe('lines that cannot name an employer', () => {
  it.each([
    'What comes next?',
    'Cut delivery times by 35% in',
    'Nous avons ouvert trois agences.',
    'Output | 12 units/day',
    'and trained the new staff',
    '1123 |',
  ])('%s', (line) => expect(cannotBeEmployer(line)).toBe(true));
  it.each([
    'Harrow & Pike Ltd.',
    'Bosque Verde S.L.',
    'Studio Bianchi',
    'Arden Freight Ltd, Swindon',
    'K2 Systems GmbH',
  ])('%s', (line) => expect(cannotBeEmployer(line)).toBe(false));
});
