/**
 * The entry model (issue 26, `entry-lr-2`, `entry-lr-3`) on CVs of invented people: an experience entry's employer opens its
 * description (the record's employer line) whatever order the header sets employer and place in, and an entry the
 * rules read right keeps its lines.
 */
import { describe, expect, it } from 'vitest';
import { parseCv, readCv } from '../src/cv-analyzer.js';
import { employerFeatures, MOVE_MARGIN, withEmployerFirst } from '../src/scoring/employer.js';

const NOW = new Date('2020-01-01T00:00:00Z');
const employerLines = (text: string) => parseCv(text, NOW).experience.map((e) => e.description.split('\n')[0]);

describe('entry model: the employer line', () => {
  it('puts the employer before the place a header sets above it', () => {
    const cv = `Priya Raman
priya.raman@example.com

WORK EXPERIENCE

Accountant
Leeds, UK
Harrowgate Logistics Ltd
September 2016 to Present
- Prepared the monthly management accounts

EDUCATION
MSc in Accounting, University of Leeds, 2012
`;
    // The rules alone open the description with the place.
    expect(readCv(cv, NOW, { entry: null }).content.experience[0]!.description.split('\n')[0]).toBe('Leeds, UK');
    expect(employerLines(cv)).toEqual(['Harrowgate Logistics Ltd']);
    expect(parseCv(cv, NOW).experience[0]!.description).toContain('Leeds, UK');
  });

  it('keeps the lines of entries whose employer the rules put first', () => {
    const cv = `Tomás Ferreira
tomas.ferreira@example.com

EXPERIENCE
Software Engineer
Brightwater Systems Inc. - Austin, TX
March 2018 to Present
- Built the billing service in Go

QA Engineer
Kestrel Analytics GmbH, Berlin
June 2015 to February 2018
- Wrote the regression suite
`;
    const rules = readCv(cv, NOW, { entry: null }).content.experience.map((e) => e.description);
    expect(parseCv(cv, NOW).experience.map((e) => e.description)).toEqual(rules);
    expect(employerLines(cv)).toEqual(['Brightwater Systems Inc.', 'Kestrel Analytics GmbH, Berlin']);
  });

  it('learns no company names: capitalised words are never features', () => {
    const lines = ['Harrowgate Logistics Ltd', 'Leeds, UK', 'Prepared the monthly management accounts'];
    const features = employerFeatures(lines, 'Accountant').flat();
    expect(features.some((f) => /harrowgate|logistics|leeds/i.test(f))).toBe(false);
    expect(features).toContain('w=monthly');
  });
});

describe('entry model: the margin before a line moves (entry-lr-3)', () => {
  const entry = {
    title: 'Accountant',
    activity_sector: '',
    description: 'Harrowgate Logistics Ltd\nLeeds, UK\nPrepared the monthly accounts',
    duration: 12,
    start_date: '2016-09',
    end_date: '2017-09',
  };
  // A toy model that prefers the second line ("i=1") by `by` log-odds over the rules' first line.
  const preferring = (by: number) => ({ version: 'test', weights: { 'i=1': by, 'i=2': -5 } });
  const first = (e: typeof entry) => e.description.split('\n')[0];

  it('keeps the rules’ line when the model is only a little surer of another', () => {
    expect(MOVE_MARGIN).toBe(0.5);
    expect(first(withEmployerFirst(entry, preferring(0.3)))).toBe('Harrowgate Logistics Ltd');
  });

  it('moves the line the model is clearly surer of, keeping every line', () => {
    const moved = withEmployerFirst(entry, preferring(0.8));
    expect(first(moved)).toBe('Leeds, UK');
    expect(moved.description.split('\n').sort()).toEqual(entry.description.split('\n').sort());
  });
});
