/**
 * Page headers and footers inside the experience section (issue 26): a two-page CV repeats the candidate's name,
 * address and "Page 2 of 2" where the page broke, and those lines are no entry's title or employer. CVs of invented
 * people.
 */
import { describe, expect, it } from 'vitest';
import { parseCv } from '../src/cv-analyzer.js';
import { withoutPageFurniture } from '../src/layout/page-furniture.js';

const NOW = new Date('2020-01-01T00:00:00Z');

const TWO_PAGES = `Marisol Quintero
marisol.quintero@example.com
+1 555 010 2233

PROFESSIONAL EXPERIENCE

Operations Director
Fernhill Logistics Inc.
2012 to 2019
Ran the fleet of the western region.
Cut delivery costs by a fifth.

Page 1 of 2
Marisol Quintero
marisol.quintero@example.com | +1 555 010 2233

Regional Manager
2008 to 2012
Opened two depots in Nevada.

EDUCATION
BSc in Logistics, Westbrook University, 2007
`;

describe('page furniture', () => {
  it('is not read as an entry: the name and the contact line a page break left are nobody’s employer', () => {
    const experience = parseCv(TWO_PAGES, NOW).experience;
    expect(experience.map((e) => e.title)).toEqual(['Operations Director', 'Regional Manager']);
    for (const e of experience) {
      expect(e.description).not.toContain('Marisol Quintero');
      expect(e.description).not.toContain('Page 1 of 2');
    }
  });

  it('keeps the name and address where they belong, and sentences that mention the address', () => {
    const record = parseCv(TWO_PAGES, NOW);
    expect(`${record.information.first_name} ${record.information.last_name}`).toBe('Marisol Quintero');
    expect(record.information.email).toEqual(['marisol.quintero@example.com']);
    const lines = [
      { text: 'Set up the help desk, reachable at marisol.quintero@example.com for the first month of its life', bullet: true },
      { text: 'Page 2 of 3', bullet: false },
      { text: 'Marisol Quintero', bullet: false },
      { text: 'Quintero Freight', bullet: false },
    ];
    expect(withoutPageFurniture(lines, 'Marisol Quintero', ['marisol.quintero@example.com']).map((l) => l.text)).toEqual([
      lines[0]!.text,
      'Quintero Freight',
    ]);
  });

  it('leaves a one-word name alone: it is too often a word of the CV', () => {
    const lines = [{ text: 'Grant', bullet: false }];
    expect(withoutPageFurniture(lines, 'Grant ', [])).toEqual(lines);
  });
});
