// Short names at the top of a CV (rules-10), on snippets written for the test (fake people).
import { describe, expect, it } from 'vitest';
import { findName } from '../src/names.js';
import { toLines } from '../src/text.js';

const nameOf = (text: string) => findName(toLines(text));

describe('a one-word name or a name with an initial above the contact details', () => {
  it('reads a given name and an initial, joined by a dot or written apart, either way round', () => {
    expect(nameOf('Karthika.R\n12/4, Gandhi Street, Tambaram\nChennai - 600045\nMobile: 98400 12345')).toEqual({
      first: 'Karthika',
      last: 'R.',
    });
    expect(nameOf('S. Venkatesh\nvenkat.s@example.in\n+91 98450 12345')).toEqual({ first: 'Venkatesh', last: 'S.' });
  });

  it('reads a mononym when contact details follow it', () => {
    expect(nameOf('Sukarno\nJl. Merdeka 17, Bandung 40115\nsukarno@example.id')).toEqual({
      first: 'Sukarno',
      last: '',
    });
  });

  it('does not read a heading, a title or a lone word without contact details under it as a name', () => {
    expect(nameOf('Resume\n12 Harbour Road, Cork\nkate@example.ie')).toEqual({ first: '', last: '' });
    expect(nameOf('OBJECTIVE\nTo work in a team\nmail@example.org')).toEqual({ first: '', last: '' });
    expect(nameOf('Oswaldo\nSoftware tester with five years in banking\nSelenium, Java')).toEqual({
      first: '',
      last: '',
    });
  });

  it('prefers a full name anywhere near the top', () => {
    expect(nameOf('Meena\nMeena Raghavan\nmeena.r@example.in').first).toBe('Meena');
    expect(nameOf('Meena\nMeena Raghavan\nmeena.r@example.in').last).toBe('Raghavan');
  });
});

describe('an agency CV names the person in a candidate field below its own letterhead', () => {
  const letterhead = 'Northgate Talent Partners\n14 Wharf Street, Leeds LS1 4BT\nTel 0113 496 0000\n';
  it('reads "Candidate:" / "Applicant name:" and their German, French, Dutch and Spanish forms', () => {
    expect(nameOf(`${letterhead}Candidate: Priya Natarajan\nRole: Senior Accountant`)).toEqual({
      first: 'Priya',
      last: 'Natarajan',
    });
    expect(nameOf(`${letterhead}Applicant name: Tomasz Wójcik`)).toEqual({ first: 'Tomasz', last: 'Wójcik' });
    expect(nameOf(`Personalberatung Keller GmbH\nBewerberin: Anna Lindqvist\nPosition: Controllerin`).last).toBe(
      'Lindqvist',
    );
    expect(nameOf(`Cabinet Rhône Conseil\nCandidat :\nLéa Moreau`)).toEqual({ first: 'Léa', last: 'Moreau' });
    expect(nameOf(`Werving & Selectie BV\nKandidaat: Sanne de Vries`).last).toBe('de Vries');
    expect(nameOf(`Selección Norte SL\nCandidata: Lucía Ferrer`)).toEqual({ first: 'Lucía', last: 'Ferrer' });
  });

  it('leaves a candidate field that holds no name alone', () => {
    expect(nameOf('John Harlow\njohn@example.org\nCandidate: shortlisted for interview, March 2024')).toEqual({
      first: 'John',
      last: 'Harlow',
    });
  });
});
