/**
 * The layout stage's features: text whose line breaks were lost is cut into tokens and the gaps between them, and
 * each gap is described by what a reader sees around it (token shapes, capitals, a heading word, a date, a bullet,
 * an e-mail, punctuation, the gap's width, how far the last break is), so the model learns where lines ended.
 */
import { MONTH_WORDS } from '../dates.js';
import { findDegrees } from '../degrees.js';
import { roleWords } from '../lexicon.js';
import { cvHeadingWordsAt } from '../sections.js';
import { foldWords } from '../text.js';

/** The text cut at its whitespace: tokens[i] follows gaps[i] (gaps[0] is the text's leading whitespace). */
export interface Tokens {
  tokens: string[];
  gaps: string[];
  /** Offset of each gap in the text. */
  offsets: number[];
}

export function tokenize(text: string): Tokens {
  const tokens: string[] = [];
  const gaps: string[] = [];
  const offsets: number[] = [];
  for (const m of text.matchAll(/(\s*)(\S+)/g)) {
    offsets.push(m.index);
    gaps.push(m[1]!);
    tokens.push(m[2]!);
  }
  return { tokens, gaps, offsets };
}

const MONTHS = new Set(MONTH_WORDS);
const BULLET_TOKEN = /^(?:[•●▪■◦○✓✔✗➢➤►▶▸‣⁃◆◇❖□☐⦿∙·*→⇒»>]|\d{1,2}[.)])$/u;
// A dash is a bullet or the middle of a range ("March 2019 – Present"): its own kind, read with its neighbours.
const DASH_TOKEN = /^[-–—]$/;
const EMAIL = /^\S+@\S+\.\S+$/;
const URL_LIKE = /^(?:https?:|www\.)|\.(?:com|org|net|in|io)\/?\S*$/i;

/** A token's shape: capitals X, lower-case x, digits d, other characters themselves, runs collapsed, at most 6. */
export function shape(token: string): string {
  let out = '';
  for (const ch of token) {
    const c = /\p{Lu}/u.test(ch) ? 'X' : /\p{Ll}/u.test(ch) ? 'x' : /\p{N}/u.test(ch) ? 'd' : ch;
    if (!out.endsWith(c)) out += c;
  }
  return out.slice(0, 6);
}

/** What kind of token: the classes that mark where lines start and end. */
function kind(token: string | undefined): string {
  if (token === undefined) return 'none';
  if (DASH_TOKEN.test(token)) return 'dash';
  if (BULLET_TOKEN.test(token)) return 'bullet';
  if (EMAIL.test(token)) return 'email';
  if (URL_LIKE.test(token)) return 'url';
  if (/^\(?(?:19|20)\d\d\)?[,.;:]?$/.test(token)) return 'year';
  const word = foldWords(token);
  if (MONTHS.has(word)) return 'month';
  if (/^(?:present|current|now|till|date|today)$/.test(word)) return 'present';
  if (/^\+?\d[\d()-]{6,}$/.test(token)) return 'phone';
  if (/^\d/.test(token)) return 'number';
  if (findDegrees(token)[0]?.index === 0) return 'degree';
  if (roleWords.has(word)) return 'role';
  return 'word';
}

const WIDTHS = (gap: string) => (gap.includes('\t') ? 'tab' : gap.length >= 3 ? '3+' : String(gap.length));
const bucket = (n: number, edges: readonly number[]) => {
  const i = edges.findIndex((e) => n < e);
  return i < 0 ? `${edges[edges.length - 1]}+` : String(edges[i]);
};
const SINCE_EDGES = [8, 16, 30, 50, 80, 120];

/**
 * Per token, its folded word and where heading phrases start and end, computed once per text, and its kind, looked
 * up once when a gap first asks for it (a degree lookup per token is most of the stage's cost, and a text whose
 * lines an export marked asks a few gaps only).
 */
export interface Context {
  words: string[];
  /** The kind of token i ('none' outside the text). */
  kindAt: (i: number) => string;
  headingStart: number[];
  headingEnd: boolean[];
}

export function contextOf(tokens: readonly string[]): Context {
  // A CV repeats its words: each distinct token is folded once.
  const folded = new Map<string, string>();
  const words = tokens.map((t) => folded.get(t) ?? folded.set(t, foldWords(t)).get(t)!);
  const headingStart = words.map((_, i) => cvHeadingWordsAt(words, i));
  const headingEnd = words.map(() => false);
  headingStart.forEach((n, i) => {
    if (n > 0) headingEnd[i + n - 1] = true;
  });
  const kinds: string[] = [];
  const kindAt = (i: number) => (i < 0 || i >= tokens.length ? 'none' : (kinds[i] ??= kind(tokens[i])));
  return { words, kindAt, headingStart, headingEnd };
}

const caseOf = (token: string) =>
  /^\p{Lu}[\p{Lu}\d&/.-]+$/u.test(token)
    ? 'upper'
    : /^\p{Lu}/u.test(token)
      ? 'title'
      : /^\p{Ll}/u.test(token)
        ? 'lower'
        : 'other';

/**
 * Features of the gap before token i: `since` is the number of characters since the last line break (the true one
 * in training, the predicted one at inference).
 */
export function gapFeatures(t: Tokens, c: Context, i: number, since: number): string[] {
  const left = t.tokens[i - 1]!;
  const right = t.tokens[i]!;
  const ls = shape(left);
  const rs = shape(right);
  // Kinds are looked up once per token (contextOf): a degree or date lookup per token, not per gap.
  const lk = c.kindAt(i - 1);
  const rk = c.kindAt(i);
  const r2k = c.kindAt(i + 1);
  const l2k = c.kindAt(i - 2);
  const lw = c.words[i - 1]!;
  const rw = c.words[i]!;
  const heading = c.headingStart[i]!;
  const f = [
    `w=${WIDTHS(t.gaps[i]!)}`,
    `ls=${ls}`,
    `rs=${rs}`,
    `lrs=${ls}|${rs}`,
    `lk=${lk}`,
    `rk=${rk}`,
    `lrk=${lk}|${rk}`,
    `rk|r2k=${rk}|${r2k}`,
    `lk|rk|r2k=${lk}|${rk}|${r2k}`,
    `l2k|lk|rk=${l2k}|${lk}|${rk}`,
    `lc|rc=${caseOf(left)}|${caseOf(right)}`,
    `lend=${/[.,:;!?)\]|/-]$/.test(left) ? left.slice(-1) : 'a'}`,
    `r2s=${shape(t.tokens[i + 1] ?? '')}`,
    `l2s=${shape(t.tokens[i - 2] ?? '')}`,
    // The top of a CV is its name, title and contact lines, each short: where the gap stands among the first words.
    `pos=${i < 8 ? i : 'body'}|${caseOf(left)}|${caseOf(right)}`,
    `since=${bucket(since, SINCE_EDGES)}`,
    `since|rc=${bucket(since, SINCE_EDGES)}|${caseOf(right)}`,
  ];
  if (lw && lw.length <= 20) f.push(`lw=${lw}`);
  if (rw && rw.length <= 20) f.push(`rw=${rw}`);
  if (heading > 0)
    f.push(`rh=${caseOf(right)}`, `rh|lc=${caseOf(right)}|${caseOf(left)}`, `rh|n=${Math.min(heading, 3)}`);
  if (c.headingEnd[i - 1]) f.push(`lh=${caseOf(left)}`, `lh|rc=${caseOf(left)}|${caseOf(right)}`, `lh|rk=${rk}`);
  return f;
}
