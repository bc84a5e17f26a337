import { stemmer } from 'stemmer';

/** Directory texts repeat a lot (titles, skills, places): short ones are normalized once (bounded memo). */
const MEMO_LIMIT = 100_000;
const normalizedMemo = new Map<string, string>();
const stemMemo = new Map<string, string>();

/** Frees the memos once a directory is loaded (queries are short and few). */
export function forgetTextMemos(): void {
  normalizedMemo.clear();
  stemMemo.clear();
}

function remember(memo: Map<string, string>, key: string, value: string): string {
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, value);
  return value;
}

/**
 * Lower case, accents folded, every run of characters other than letters, digits, `+` and `#` turned into one
 * space: `Zürich` and `zurich` compare equal, `C++` and `C#` stay apart from `C`.
 */
export function normalizeText(text: string): string {
  const short = text.length <= 80;
  if (short) {
    const known = normalizedMemo.get(text);
    if (known !== undefined) return known;
  }
  // Printable ASCII (most directory text) needs neither Unicode decomposition nor Unicode classes.
  const normalized = !/[^\x20-\x7e]/.test(text)
    ? text
        .toLowerCase()
        .replace(/[^a-z0-9+#]+/g, ' ')
        .trim()
    : text
        .normalize('NFD')
        .replace(/\p{M}+/gu, '')
        .toLowerCase()
        .replace(/[^\p{L}\p{N}+#]+/gu, ' ')
        .trim();
  return short ? remember(normalizedMemo, text, normalized) : normalized;
}

/** The normalized words of a text. */
export function words(text: string): string[] {
  const normalized = normalizeText(text);
  return normalized ? normalized.split(' ') : [];
}

/**
 * Words that say nothing about a profile in English queries and profiles ("engineer with experience in go"):
 * dropped from the full-text index and from queries.
 */
const STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'by',
  'for',
  'from',
  'has',
  'have',
  'in',
  'into',
  'is',
  'it',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
]);

function stem(word: string): string {
  const known = stemMemo.get(word);
  if (known !== undefined) return known;
  return remember(stemMemo, word, /^[a-z]+$/.test(word) ? stemmer(word) : word);
}

/**
 * The full-text terms of a text: normalized words without stop words, reduced to their English (Porter) stem so
 * that `engineering` finds `engineer` and `nurse` finds `nursing`. Words with digits, symbols or letters outside
 * a–z (`c++`, `s3`, `zurich` stays, `müller` → `muller`) are kept as written.
 */
export function indexTerms(text: string): string[] {
  const terms: string[] = [];
  for (const word of words(text)) if (!STOP_WORDS.has(word)) terms.push(stem(word));
  return terms;
}

/**
 * ` a | b ` from texts `A` and `B`: normalized and padded, so a phrase matches whole words of one text with a
 * single `includes(' phrase ')` and never spans two texts.
 */
export function phraseHaystack(texts: readonly string[]): string {
  return ` ${texts.map(normalizeText).filter(Boolean).join(' | ')} `;
}
