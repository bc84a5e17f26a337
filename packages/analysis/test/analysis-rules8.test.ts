// Rules added in rules-8, each on a CV snippet written for the test (fake people, schools and employers).
import { describe, expect, it } from 'vitest';
import { findPhones } from '../src/contacts.js';
import { findDegrees } from '../src/degrees.js';
import { parseEducation } from '../src/education.js';
import { toLines } from '../src/text.js';

const NOW = new Date('2025-06-15T12:00:00Z');

describe('phone numbers, rules-8', () => {
  it('keeps a labelled number grouped in threes, which no date is', () => {
    expect(findPhones('Orla Brennan  14 Quay Street, Galway  Phone: 543-21-678', undefined)).toEqual(['543-21-678']);
    // Dates keep out whatever their separators: one-, two- or four-digit parts.
    expect(findPhones('Tel: 12.03.2019', 'IE')).toEqual([]);
    expect(findPhones('Tel: 2019-03-12', 'IE')).toEqual([]);
  });
});

describe('education qualifications, rules-8', () => {
  it('reads a "Certificate in <field>" as a vocational qualification and a certificate of education as school-leaving', () => {
    const text = [
      '2016: Certificate in Small Business Management, Riverside Institute of Technology',
      '2009 - 2010: Tasmanian Certificate of Education, Hobart College',
    ].join('\n');
    const [certificate, school] = parseEducation(toLines(text), NOW);
    expect(certificate).toMatchObject({
      degree: 'Certificate',
      major: 'Small Business Management',
      institution_name: 'Riverside Institute of Technology',
      end_date: '2016-01',
    });
    expect(findDegrees('Certificate in Small Business Management')[0]?.level).toBe(2);
    expect(school).toMatchObject({ degree: 'Certificate of Education', institution_name: 'Hobart College' });
    expect(findDegrees('Kenya Certificate of Secondary Education')[0]?.level).toBe(1);
    // A certificate a sentence mentions is no qualification of its own.
    expect(findDegrees('Received a certificate in recognition of volunteer work')).toEqual([]);
  });
});
