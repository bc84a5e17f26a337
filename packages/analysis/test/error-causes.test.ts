/**
 * The error-cause table of designation and employer (training/error-causes.ts) on an invented labelled CV: a span
 * the record reads right has no cause, a referee's post is the labels' convention, a span the text does not hold
 * is the labels', and a wrong employer line whose right one stands among the next lines is the parser's choice.
 */
import { describe, expect, it } from 'vitest';
import { readCv } from '../src/cv-analyzer.js';
import { errorCauses } from '../src/training/error-causes.js';

const NOW = new Date('2020-01-01T00:00:00Z');
const text = `Marta Kowalczyk
marta.kowalczyk@example.com

EMPLOYMENT

Bookkeeper
Bristol, UK
Carrow Haulage Ltd
March 2015 to Present
- Kept the ledgers of a fleet of sixty vans

REFERENCES
Owen Pryce, Finance Director
Carrow Haulage Ltd, owen.pryce@example.com
`;

describe('error causes', () => {
  it('puts each missed or wrong span of a labelled CV in one cause', () => {
    const cv = {
      file: 'invented',
      text,
      labels: new Map([
        ['Designation', ['Bookkeeper', 'Finance Director', 'Payroll Clerk']],
        ['Companies worked at', ['Carrow Haulage Ltd']],
      ]),
    };
    // The rules alone open the entry's description with the place: the employer is the choice of line.
    const rules = errorCauses(readCv(text, NOW, { entry: null }), cv);
    // (the eval reads "Bristol, UK" as "Bristol": a short tail after a comma is a place)
    expect(rules.filter((c) => c.field === 'employer')).toEqual([
      {
        field: 'employer',
        error: 'missed',
        cause: 'an entry’s description line 2–4 (the choice of line)',
        owner: 'parser',
        value: 'Carrow Haulage Ltd',
      },
      {
        field: 'employer',
        error: 'wrong',
        cause: 'the right one among lines 2–4 (the choice of line)',
        owner: 'parser',
        value: 'Bristol',
      },
    ]);
    const causes = errorCauses(readCv(text, NOW), cv);
    expect(
      causes.map(({ field, error, owner, cause, value }) => `${field} ${error} ${owner} ${cause}: ${value}`),
    ).toEqual([
      'designation missed labels a referee’s (references section): Finance Director',
      'designation missed labels not in the text as written: Payroll Clerk',
    ]);
  });
});
