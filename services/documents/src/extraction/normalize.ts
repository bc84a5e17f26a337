import { storableText } from '@talent/platform';

// Horizontal white space other than the tab; the tab is kept because it separates columns (table cells in DOC,
// far-apart text runs in PDF) and line-based CV section detection can use it.
const SPACES = /[ \u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]+/g;
// Invisible characters that only split words: zero-width spaces/joiners, BOM, soft hyphen.
const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff]/g;
// Control characters other than \t and \n (Word field marks, form feeds, NULs from broken fonts).
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * Drops control characters other than tab and line feed, and replaces lone surrogates with U+FFFD: PostgreSQL
 * stores neither U+0000 nor (in jsonb, where records live) a lone surrogate.
 */
export function withoutControlCharacters(text: string): string {
  return storableText(text.replace(CONTROLS, ''));
}

/**
 * Text as the rest of the pipeline expects it: NFC, `\n` line ends, one space between words, one tab between
 * columns, no white space at line ends, at most one blank line in a row (a blank line = a paragraph break).
 */
export function normalizeText(raw: string): string {
  // Line ends first: \r, \v, \f and U+0085 are control characters too.
  return withoutControlCharacters(
    raw
      .normalize('NFC')
      .replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n')
      .replace(/[\v\f]/g, '\n'),
  )
    .replace(INVISIBLE, '')
    .split('\n')
    .map((line) =>
      line
        .replace(SPACES, ' ')
        .replace(/ *\t[\t ]*/g, '\t')
        .trim(),
    )
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
