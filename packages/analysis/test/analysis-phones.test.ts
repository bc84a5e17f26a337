// Phone labels as CVs write them (rules-10), on snippets written for the test (fake people and numbers).
import { describe, expect, it } from 'vitest';
import { parseCv } from '../src/cv-analyzer.js';
import { findPhones } from '../src/contacts.js';

const NOW = new Date('2025-06-15T12:00:00Z');

describe('phone labels', () => {
  it('reads a number after a note in brackets between the label and the number', () => {
    expect(findPhones('Phone (H) +1 (123)345 7890', undefined)).toEqual(['+11233457890']);
    expect(findPhones('Tel. (mobile): 543-21-678', undefined)).toEqual(['543-21-678']);
  });

  it('reads a number written on the line under its label, as flattened forms do', () => {
    expect(findPhones('TELEPHONE:\n0123 456789', undefined)).toEqual(['0123 456789']);
    // A label that runs on with other words is not a form's label: the next line is not its value.
    expect(findPhones('Mobile app developer\n1234 567890 downloads', undefined)).toEqual([]);
  });

  it('takes the value under a phone label anywhere in the CV, but not under a referee', () => {
    const filler = Array.from({ length: 35 }, (_, i) => `Duty number ${i + 1} carried out with care`);
    const cv = [
      'Niamh Keogh',
      'PROFILE',
      ...filler,
      'ADDITIONAL INFORMATION',
      'Full driving licence',
      'Telephone:',
      '0123 456789',
      'REFERENCES',
      'Mr P. Quill, Head of Catering, Westgate College',
      'Telephone:',
      '0987 654321',
    ].join('\n');
    expect(parseCv(cv, NOW).information.phone).toEqual(['0123 456789']);
  });
});

describe('numbers on a contact line', () => {
  it('keeps a possible number on the line of an e-mail address, though its range is reserved or new', () => {
    // 07700 900xxx is the UK's range for fiction: libphonenumber does not call it valid, but it is the person's number.
    expect(findPhones('maria@example.com | +44 7700 900123 | Manchester, UK', 'GB')).toEqual(['+447700900123']);
    expect(findPhones('maria@example.com · 07700 900456', 'GB')).toEqual(['+447700900456']);
    // Digits that are no phone number stay out: a date range, a postcode.
    expect(findPhones('jonas@example.de | Hauptstraße 12, 79098 Freiburg | 2019 - 2021', 'DE')).toEqual([]);
    // Without an e-mail address on the line, a number must be valid (or labelled).
    expect(findPhones('Registration 07700 900789', 'GB')).toEqual([]);
  });
});

describe('fax numbers', () => {
  it('leaves out a number written after a fax label, but not a shared phone and fax line', () => {
    expect(findPhones('Tel.: +49 30 1234567  Fax: +49 30 1234568', 'DE')).toEqual(['+49301234567']);
    expect(findPhones('Telefax 030 7654321', 'DE')).toEqual([]);
    expect(findPhones('Tel./Fax: +33 1 42 68 53 00', undefined)).toEqual(['+33142685300']);
  });
});

describe("referees' details", () => {
  it('ends the experience section at a referees heading written in another style, so their numbers stay out', () => {
    const cv = [
      'Tomasz Wrobel',
      'Mobile: 0412 345 678',
      'WORK EXPERIENCE',
      'March 2019 - present Harbour Bakery Counter Assistant',
      'REFEREES:',
      'Ms Jo Brandt, Store Manager, Harbour Bakery Ph: 9555 0101',
    ].join('\n');
    const parsed = parseCv(cv, NOW);
    expect(parsed.information.phone).toEqual(['0412 345 678']);
    expect(parsed.experience.map((e) => e.title).join(' ')).not.toContain('Store Manager');
  });
});
