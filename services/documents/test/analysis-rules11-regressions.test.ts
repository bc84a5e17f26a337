// Red-team regressions of the rules-11 changes, on CVs and lines written for the test (fake people, schools, firms).
import { describe, expect, it } from 'vitest';
import { parseCv } from '../src/analysis/cv-analyzer.js';
import { findDateSpans } from '../src/analysis/dates.js';

const NOW = new Date('2025-03-01T00:00:00Z');
const years = (line: string) =>
  findDateSpans(line, NOW).map((s) => [s.start?.year ?? null, s.end?.year ?? null, s.ongoing]);
const schools = (cv: string) =>
  parseCv(cv, NOW).education.map((e) => [e.degree, e.institution_name, e.start_date, e.end_date]);

describe('academic years at both ends of a range', () => {
  it('reads a range whose end repeats the term or year label', () => {
    expect(years('Curso 2009/2010 – Curso 2013/2014   Grado en Enfermería')).toEqual([[2009, 2014, false]]);
    expect(years('WS 2008/09 – SS 2014   Studium Maschinenbau')).toEqual([[2008, 2014, false]]);
    expect(years('a.a. 2012/13 – a.a. 2014/15')).toEqual([[2012, 2015, false]]);
  });

  it('reads an academic year at the end of a sentence', () => {
    expect(years('Bachelorstudium an der Hochschule Kiel 2010/11 bis 2013/14.')).toEqual([[2010, 2014, false]]);
    expect(years('Worked there 1987-92.')).toEqual([[1987, 1992, false]]);
  });

  it('gives a Lebenslauf entry both ends', () => {
    const cv = [
      'Katrin Mollwitz',
      'katrin.mollwitz@post.test',
      '',
      'Ausbildung',
      'WS 2008/09 – SS 2014   Studium Maschinenbau, Universität Falkenau',
      '                       Abschluss: Diplom-Ingenieur (Dipl.-Ing.)',
    ].join('\n');
    expect(schools(cv)).toEqual([['Diplom-Ingenieur', 'Universität Falkenau', '2008-01', '2014-01']]);
  });
});
