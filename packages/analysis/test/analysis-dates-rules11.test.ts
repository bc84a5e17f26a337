// Academic and fiscal years written with a slash (rules-11), on lines written for the test.
import { describe, expect, it } from 'vitest';
import { parseCv } from '../src/cv-analyzer.js';
import { findDateSpans } from '../src/dates.js';

const NOW = new Date('2025-03-01T00:00:00Z');
const years = (line: string) =>
  findDateSpans(line, NOW).map((s) => [s.start?.year ?? null, s.end?.year ?? null, s.ongoing]);

describe('an academic year written with a slash', () => {
  it('starts in one year and ends in the next, alone or as an end of a range', () => {
    expect(years('Curso 2013/2014')).toEqual([[2013, 2014, false]]);
    expect(years('WS 2013/14')).toEqual([[2013, 2014, false]]);
    expect(years('a.a. 2013/14 – 2015/16')).toEqual([[2013, 2016, false]]);
    expect(years('seit 2019/20')).toEqual([[2019, 2025, true]]);
    expect(years('Sept 2014 - 2015/16')).toEqual([[2014, 2016, false]]);
  });

  it('leaves two years a slash sets apart that are not consecutive, and a month and its year, as they were', () => {
    expect(years('2010/2014')).toEqual([
      [null, 2010, false],
      [null, 2014, false],
    ]);
    expect(findDateSpans('05/2014', NOW)).toEqual([
      expect.objectContaining({ end: { year: 2014, month: 5, monthKnown: true } }),
    ]);
  });

  it('gives an education entry both ends', () => {
    const cv = [
      'Giulia Ferraro',
      'giulia.ferraro@example.it',
      'ISTRUZIONE',
      'Laurea triennale in Economia',
      'Università di Bologna, a.a. 2012/13 – 2014/15',
    ].join('\n');
    const [entry] = parseCv(cv, NOW).education;
    expect(entry?.institution_name).toBe('Università di Bologna');
    expect([entry?.start_date.slice(0, 4), entry?.end_date.slice(0, 4)]).toEqual(['2012', '2015']);
  });
});
