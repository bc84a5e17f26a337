import anyAscii from 'any-ascii';

/**
 * Matching key of a piece of text: transliterated to ASCII (accents, ß, æ… folded by any-ascii), lowercased,
 * whitespace collapsed. Both labels and user input go through it, so "Developpement" finds "Développement".
 */
export function foldText(text: string): string {
  // any-ascii leaves ASCII as it is and walks the string code point by code point in JS: most labels and words are
  // ASCII, so this check saves most of the folding time of start-up and linking.
  return (NON_ASCII.test(text) ? anyAscii(text) : text).toLowerCase().replace(/\s+/g, ' ').trim();
}

const NON_ASCII = /[\u0080-\uffff]/;

/** A token of text with its UTF-16 offsets in the original string. */
export interface Token {
  start: number;
  end: number;
  /** Original characters. */
  surface: string;
  /** foldText(surface). */
  key: string;
  /** Touches the previous token through a joiner: / - . & ' _ ("cd" in "CI/CD"). */
  joined: boolean;
  /** Touches it through a dot, underscore or apostrophe: part of one name ("js" in "Node.js"), never a word alone. */
  glued: boolean;
}

// A word: letters/digits, optionally led by a dot (".NET") and trailed by + or # ("C++", "C#"). Joiners between
// words (/ - . & ' ’ _) split tokens but mark the next one as glued, so "CI/CD" is "ci cd" and also "cicd".
const WORD = /(?:(?<![\p{L}\p{N}])\.(?=\p{L}))?[\p{L}\p{N}]+(?:&[\p{L}\p{N}]+)*[+#]*/gu;
const JOINERS = /^[/\-.'’_]$/;

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(WORD)) {
    const start = match.index;
    const surface = match[0];
    const previous = tokens[tokens.length - 1];
    const joiner = previous !== undefined && start === previous.end + 1 ? (text[previous.end] ?? '') : '';
    const joined = JOINERS.test(joiner);
    tokens.push({ start, end: start + surface.length, surface, key: foldText(surface), joined, glued: joined && /[._'’]/.test(joiner) });
  }
  return tokens;
}

/** Token keys of a short text (a label or a query). */
export function tokenKeys(text: string): string[] {
  return tokenize(text).map((token) => token.key);
}

const LETTERS = /^[a-z]+$/;

/**
 * Inflection-insensitive form of one folded token: English loses plural, -ing, -ed and a final e ("managing",
 * "managed", "manages" → "manag"); the other languages lose a plural s. Deliberately light: a full Porter stemmer
 * merges "community" with "communication". The same function on both sides of a comparison is all that matters.
 * Short tokens and tokens with digits or symbols ("c++", "s3", "aws") stay as they are.
 */
export function stemToken(key: string, language: string): string {
  if (key.length < 4 || !LETTERS.test(key)) return key;
  let stem = language === 'en' ? americanSpelling(key) : key;
  if (stem.endsWith('ies') && stem.length > 4) stem = `${stem.slice(0, -3)}y`;
  else if (stem.endsWith('s') && !/(ss|us|is)$/.test(stem)) stem = stem.slice(0, -1);
  if (language !== 'en') return stem;
  if (stem.endsWith('ing') && stem.length >= 6) stem = undouble(stem.slice(0, -3));
  else if (stem.endsWith('ed') && stem.length >= 5) stem = undouble(stem.slice(0, -2));
  if (stem.endsWith('e') && stem.length >= 6) stem = stem.slice(0, -1);
  return stem;
}

/**
 * The key without its plural ending only ("databases" → "database", "planning" stays): stemToken's first step,
 * spellings folded ("organizations" → "organization", like "organisation").
 */
export function pluralStem(key: string): string {
  return key.length < 4 || !LETTERS.test(key) ? key : stemToken(americanSpelling(key), '');
}

/**
 * British and American spellings fold together (ESCO writes British English, job ads often American): -ise/-yse
 * verbs and their forms ("organise", "organisation", "analysed" → "organiz…", "analyz…"), -our ("behaviour"), -tre
 * ("centre"). Applied to both sides, so a rare false pair ("advise" → "adviz") does no harm.
 */
const BRITISH = /(?:[iy]s(?:e|es|ed|ing|ation|ations|er|ers)|our\w{0,4}|tres?)$/;

function americanSpelling(word: string): string {
  if (!BRITISH.test(word)) return word;
  return word
    .replace(/([^aeiou])is(e|es|ed|ing|ation|ations|er|ers)$/, '$1iz$2')
    .replace(/ys(e|es|ed|ing|er|ers)$/, 'yz$1')
    .replace(/^([a-z]{3,})our(s|ed|ing|able|ite|ites)?$/, '$1or$2')
    .replace(/([a-z]{3,})tre(s)?$/, '$1ter$2');
}

/** "runn" (from "running") → "run". */
function undouble(stem: string): string {
  return /([bdfgklmnprt])\1$/.test(stem) ? stem.slice(0, -1) : stem;
}
