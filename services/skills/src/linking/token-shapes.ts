import { CONJUNCTION_WORDS as CONJUNCTIONS } from './phrase-dictionary.js';
import type { Segment } from './sentences.js';
import type { Token } from '../text/normalize.js';

// Text preparation: how a sentence's tokens are written (capitals, acronyms, punctuation between them), read by
// the candidate spans and the sense filters.

/**
 * A one-word label that is an acronym: capitals (and digits) at least half of it, two or more ("SQL", "S3", "DoE",
 * "IoT"); "DevOps" or "GitHub" are names.
 */
export function isAcronym(label: string): boolean {
  if (!/^[\p{L}\p{N}]{2,}$/u.test(label)) return false;
  const capitals = label.replace(/[^\p{Lu}]/gu, '').length;
  return capitals >= 2 || (capitals === 1 && /^[\p{Lu}\p{N}]+$/u.test(label))
    ? capitals * 2 >= label.replace(/\p{N}/gu, '').length
    : false;
}

/** The first letters of a name's words, in lowercase ("Point of sale systems" → "poss"). */
export function initials(name: string): string {
  return name
    .split(/[\s/-]+/u)
    .map((word) => word.charAt(0).toLowerCase())
    .join('');
}

/**
 * A capitalised name of three letters or more written all in capitals ("LINUX" for "Linux", "WINDOWS"): CVs write
 * tool lists in capitals; an ordinary word in capitals is rare outside headings.
 */
export function writtenInCapitals(word: string, name: string): boolean {
  return /^\p{Lu}\p{Ll}{2,}$/u.test(name) && word === name.toUpperCase();
}

/**
 * Tokens of runs of words in capitals written next to each other ("TEACHING SKILLS", "STUDENT TEACHING"): headings,
 * even inside a line of text. Words in capitals in a list ("UNIX, LINUX") are not a run.
 */
export function capitalRuns(tokens: Token[], segment: Segment): Uint8Array {
  const runs = new Uint8Array(tokens.length);
  const capitals = (t: Token) => /^\p{Lu}{2,}$/u.test(t.surface);
  for (let k = 0; k + 1 < tokens.length; k++) {
    const [a, b] = [tokens[k]!, tokens[k + 1]!];
    if (capitals(a) && capitals(b) && !segment.text.slice(a.end - segment.start, b.start - segment.start).trim())
      runs[k] = runs[k + 1] = 1;
  }
  return runs;
}

/** A capitalised word follows the token, one space after it: the two start a name ("Google Play"). */
export function startsName(tokens: Token[], i: number): boolean {
  const next = tokens[i + 1];
  return next !== undefined && next.start === tokens[i]!.end + 1 && /^\p{Lu}/u.test(next.surface);
}

/**
 * A version number at token i: digits, not a year ("Spring 2019" is a date; "Word 2016" is lost with it) nor one of
 * several numbers ("Teams 1 and 2 of the night shift").
 */
export function isVersion(tokens: Token[], i: number): boolean {
  const number = tokens[i]?.surface ?? '';
  return /^\d/u.test(number) && !/^(19|20)\d\d$/u.test(number) && !CONJUNCTIONS.has(tokens[i + 1]?.key ?? '');
}

/** A colon after one of the tokens from..to-1 (inside a span ending at token `to`). */
export function colonWithin(breaks: Uint8Array, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (breaks[k] === COLON) return true;
  return false;
}

/** A comma stands after one of the tokens from..to-1 (between the words of a span). */
export function commaWithin(breaks: Uint8Array, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (breaks[k] === COMMA) return true;
  return false;
}

export const COMMA = 1;

export const COLON = 2;

const COMMA_CODE = ','.charCodeAt(0);

const COLON_CODE = ':'.charCodeAt(0);

/**
 * The punctuation after each token, before the next one: a colon ends a heading or a label ("Mind the gap: analysis",
 * "Skills: Java") and no label reads across it; a gapped match reads across no comma either ("at Oracle, selling
 * cloud" is not "Oracle Cloud").
 */
export function punctuationAfter(tokens: Token[], segment: Segment): Uint8Array {
  const marks = new Uint8Array(tokens.length);
  for (let k = 0; k + 1 < tokens.length; k++) {
    // Most tokens are one space apart: read the characters between, no substring per token.
    for (let c = tokens[k]!.end - segment.start; c < tokens[k + 1]!.start - segment.start; c++) {
      const char = segment.text.charCodeAt(c);
      if (char === COLON_CODE) marks[k] = COLON;
      else if (char === COMMA_CODE && !marks[k]) marks[k] = COMMA;
    }
  }
  return marks;
}

/** The word is the acronym as the label writes it or in capitals, with a plural "s" at most ("API", "APIs", "DOE"). */
export function writtenAsAcronym(word: string, label: string): boolean {
  const singular = word.endsWith('s') && word.length > label.length ? word.slice(0, -1) : word;
  return singular === label || singular === label.toUpperCase();
}

/**
 * An acronym written in another case than the taxonomy's that is no ordinary word of the loaded languages: all in
 * lowercase from three letters ("sql", "mysql"), or in any case from four ("Perl", "Cisco", "Html"), since longer
 * acronyms are often written as names. Three capitalised letters are too often a name ("Doe" is not "DoE"), two
 * too often a word ("it", "pr"); "led", "less", "rest" or French "mes" are words.
 */
export function writtenAsAcronymLoosely(word: string, label: string, ordinary: Set<string>): boolean {
  const lower = label.toLowerCase();
  const key = word.toLowerCase();
  const singular = key.endsWith('s') && key.length > label.length ? key.slice(0, -1) : key;
  if (singular !== lower || ordinary.has(key) || ordinary.has(singular)) return false;
  const letters = lower.replace(/\P{L}/gu, '').length;
  return letters >= (word === key ? 3 : 4);
}

/** A letter with a diacritic, composed or not ("á", "ç", "ü"). */
export const ACCENTED = /[\u00C0-\u024F]|\p{M}/u;

/** An acronym in the plural: capitals and a lowercase "s" ("APIs", "PCs"), whatever the word's ending would say. */
export const ACRONYM_PLURAL = /^\p{Lu}[\p{Lu}\p{N}]+s$/u;
