// Rules added in rules-8, each on a CV snippet written for the test (fake people, schools and employers).
import { describe, expect, it } from 'vitest';
import { findPhones } from '../src/analysis/contacts.js';

describe('phone numbers, rules-8', () => {
  it('keeps a labelled number grouped in threes, which no date is', () => {
    expect(findPhones('Orla Brennan  14 Quay Street, Galway  Phone: 543-21-678', undefined)).toEqual(['543-21-678']);
    // Dates keep out whatever their separators: one-, two- or four-digit parts.
    expect(findPhones('Tel: 12.03.2019', 'IE')).toEqual([]);
    expect(findPhones('Tel: 2019-03-12', 'IE')).toEqual([]);
  });
});
