/** Text normalisation shared by the analyzers: one logical line per entry, bullets marked, whitespace tidy. */
import { CV_HEADINGS } from './headings.js';

export interface Line {
  /** The line without its bullet glyph, whitespace collapsed. */
  text: string;
  /** Started with a bullet / list glyph: body text, never a heading or an entry header. */
  bullet: boolean;
}

// Glyphs used as list markers. Private-use code points are what Word's Symbol/Wingdings bullets become in extracted
// text.
const BULLET = /^(?:[•●▪■◦○✓✔✗➢➤►▶▸‣⁃◆◇❖□☐⦿⦾∙·*→⇒»>]|[\uE000-\uF8FF]|[-–—](?=\s)|o(?=\s+\S))\s*/u;

/**
 * Folds for vocabulary matching: lowercase, diacritics removed, one char per char (so offsets stay valid
 * for slicing the original line).
 */
export function foldSameLength(s: string): string {
  let out = '';
  for (const ch of s) {
    let f = ch;
    if (ch.charCodeAt(0) > 0x7f) {
      const base = ch.normalize('NFD')[0] ?? ch;
      f = base.length === ch.length ? base : ch;
    }
    const lower = f.toLowerCase();
    out += lower.length === f.length ? lower : f;
  }
  return out;
}

// The rules fold the same lines and words many times over (each word list asks again): folded once, kept while
// the cache is small.
const FOLDED = new Map<string, string>();
const FOLDED_MAX = 50_000;

/** Folds for word matching: lowercase, no diacritics, apostrophes dropped, separators → " and ", punctuation → space. */
export function foldWords(s: string): string {
  let folded = FOLDED.get(s);
  if (folded === undefined) {
    if (FOLDED.size >= FOLDED_MAX) FOLDED.clear();
    FOLDED.set(s, (folded = fold(s)));
  }
  return folded;
}

function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/['’`´]/g, '')
    .replace(/\s*[&+/|]\s*/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

// Page footers and headers repeated by PDF exports: "Page 1 / 2", "Seite 2 von 3", "© European Union, 2002-2017".
const PAGE_FURNITURE =
  /^(?:(?:page|seite|página|pagina|pag\.?|pág\.?)\s*\d+\s*(?:(?:of|\/|von|de|di|sur|van|da)\s*\d+)?|©.*|\d+\s*\/\s*\d+)$/i;

/**
 * Splits raw extracted text into lines. Extractors (PDF especially) often lose line breaks and leave runs of
 * spaces where the layout had columns or breaks, so a long line with such runs is split on them.
 */
export function toLines(raw: string): Line[] {
  const text = raw
    .replace(/\r\n?|[\u2028\u2029\f\v]/g, '\n')
    .replace(/[\u00a0\u2000-\u200a\u202f\u205f\u3000]/g, ' ')
    .replace(/[\u200b-\u200d\u2060\ufeff\u00ad]/g, '')
    .replace(/[\uE000-\uF8FF]/g, '•');
  const out: Line[] = [];
  for (const physical of columnsInTurn(text.split('\n'))) {
    const cells =
      physical.length > 150 && /\S {2,}\S/.test(physical) ? physical.split(/\s{2,}|\t+/) : physical.split(/\t+|\s{3,}/);
    for (const cell of cells) if (!PAGE_FURNITURE.test(cell.trim())) pushCell(cell, out);
  }
  return out;
}

// Section headings as a side column may hold them ("SKILLS", "Languages", "Contact"), folded.
const COLUMN_HEADINGS = new Set(
  Object.values(CV_HEADINGS)
    .flat()
    .filter((h) => !h.startsWith('~'))
    .map((h) => foldWords(h.replace(/^=/, ''))),
);
const isColumnHeading = (cell: string) =>
  cell.length <= 40 && !/\d/.test(cell) && /^\p{Lu}/u.test(cell) && COLUMN_HEADINGS.has(foldWords(cell));

// Where a side column starts: further right than a cell of a table's first column.
const MIN_COLUMN = 25;
const COLUMN_SLACK = 2;
const MIN_SIDE_ROWS = 3;

/** A physical line of a side-by-side layout: its left cell, and its right cell with the column it starts at. */
interface Row {
  line: string;
  left: string;
  right: string;
  column: number;
}

function rowOf(line: string): Row {
  if (!line.includes('   ')) return { line, left: line.trim(), right: '', column: -1 };
  const gaps = [...line.matchAll(/\S( {3,})(?=\S)/g)];
  const indent = /^ */.exec(line)![0].length;
  if (gaps.length === 1) {
    const column = gaps[0]!.index + 1 + gaps[0]![1]!.length;
    return { line, left: line.slice(0, column).trim(), right: line.slice(column).trim(), column };
  }
  if (gaps.length === 0 && indent >= MIN_COLUMN) return { line, left: '', right: line.trim(), column: indent };
  return { line, left: line.trim(), right: '', column: -1 };
}

/**
 * Two columns printed side by side ("Data Engineer        SKILLS" / "Tollbridge Analytics  Spark, Airflow") come
 * out a row at a time, the side column's headings cutting the main column's entries. A run of rows whose right
 * cells start at one column, holding section headings in that column, is read a column at a time: the left cells,
 * then the right ones. Rows whose left cells are dates are a dated list, not columns, and are left alone.
 */
function columnsInTurn(physical: readonly string[]): string[] {
  const out: string[] = [];
  let block: Row[] = [];
  let column = -1;
  const flush = () => {
    const sided = block.filter((r) => r.right);
    const paired = sided.filter((r) => r.left).length;
    const headings = block.filter((r) => isColumnHeading(r.right)).length;
    const headingsLeft = block.filter((r) => isColumnHeading(r.left)).length;
    const datedLeft = sided.filter((r) => /\d/.test(r.left)).length;
    if (paired >= MIN_SIDE_ROWS && (headings >= 2 || (headings >= 1 && headingsLeft >= 1)) && datedLeft * 2 < paired)
      out.push(...block.filter((r) => r.left).map((r) => r.left), ...sided.map((r) => r.right));
    else out.push(...block.map((r) => r.line));
    block = [];
    column = -1;
  };
  for (const line of physical) {
    const row = line.length > 150 ? undefined : rowOf(line);
    const fits =
      row !== undefined &&
      (row.column < 0
        ? row.left.length < Math.max(column, MIN_COLUMN)
        : row.column >= MIN_COLUMN && (column < 0 || Math.abs(row.column - column) <= COLUMN_SLACK));
    if (!row || !fits) {
      flush();
      if (!row) {
        out.push(line);
        continue;
      }
    }
    if (row.column >= MIN_COLUMN && column < 0) column = row.column;
    block.push(row);
  }
  flush();
  return out;
}

// Markdown from web forms and chat tools: "## Requirements", "**Nice to have**" are headings, not bullets.
const MARKDOWN_HEADING = /^#{1,6}\s+/;
const MARKDOWN_EMPHASIS = /^(\*\*|__)(?=\S)(.+?)\1\s*([:：]?)\s*$/;

// Letter-spaced capitals from PDFs set with tracking ("E D U C AT IO N", words two spaces apart) and small caps
// whose first letter came out as its own glyph run ("S ENIOR P ROJECT M ANAGER").
const LETTER_SPACED = /^[A-Z&]{1,2}(?: {1,3}[A-Z&]{1,2}){3,}$/;
const SMALL_CAPS_WORD = /^[A-Z](?: [A-Z]{2,}[,.]?)$/;

/** Rejoins letter-spaced or split small-caps words; other text is returned unchanged. */
export function unspaceCapitals(text: string): string {
  const t = text.trim();
  if (LETTER_SPACED.test(t) && /(?:^| )[A-Z&](?= |$)/.test(t)) {
    return t
      .split(/ {2,}/)
      .map((w) => w.replace(/ /g, ''))
      .join(' ');
  }
  // "I" and "A" are words of their own in shouted English lines ("I AM A DEVELOPER"): such lines are left alone.
  if (t !== t.toUpperCase() || !/[A-Z]/.test(t) || /(?:^| )[AI](?= )/.test(t)) return text;
  const tokens = t.split(/\s+/);
  const joined: string[] = [];
  let pairs = 0;
  for (let i = 0; i < tokens.length; i++) {
    const pair = `${tokens[i]} ${tokens[i + 1] ?? ''}`;
    if (/^[A-Z]$/.test(tokens[i]!) && i + 1 < tokens.length && SMALL_CAPS_WORD.test(pair)) {
      joined.push(`${tokens[i]}${tokens[i + 1]}`);
      pairs++;
      i++;
    } else if (/^[A-Z]$/.test(tokens[i]!) && !/^[&/|,-]$/.test(tokens[i]!)) {
      return text;
    } else joined.push(tokens[i]!);
  }
  return pairs >= 2 ? joined.join(' ') : text;
}

// "- Education -", "— EXPERIENCE —", "== Skills ==", "*** Languages ***": a short line set between the same rule
// glyphs on both sides is a decorated heading, not a list item.
const DECORATED = /^([-–—=~*_•·]{1,3})\s*([^-–—=~*_•·.!?;]{2,40}?)\s*\1$/u;

function pushCell(cell: string, out: Line[]): void {
  const trimmed = cell.trim();
  let t = unspaceCapitals(
    (DECORATED.exec(trimmed)?.[2] ?? trimmed).replace(MARKDOWN_HEADING, '').replace(MARKDOWN_EMPHASIS, '$2$3'),
  );
  let bullet = false;
  // Strip stacked bullets ("• • text", "o • text").
  for (let m = BULLET.exec(t); m && m[0].length > 0; m = BULLET.exec(t)) {
    bullet = true;
    t = t.slice(m[0].length);
  }
  t = t.replace(/\s+/g, ' ').trim();
  if (!t || !/[\p{L}\p{N}]/u.test(t)) return;
  out.push({ text: t, bullet });
}

/**
 * Joins lines that a layout wrapped mid-sentence (the next one starts in lowercase and is not a bullet),
 * so descriptions and requirements come out as the author's sentences.
 */
export function joinWrapped(lines: readonly Line[]): string[] {
  const out: string[] = [];
  for (const l of lines) {
    const last = out.length - 1;
    const continues = last >= 0 && !l.bullet && /^[\p{Ll}(&,;]/u.test(l.text) && !/[.!?:]$/.test(out[last] ?? '');
    if (continues) out[last] = `${out[last]} ${l.text}`;
    else out.push(l.text);
  }
  return out;
}

export function wordCount(s: string): number {
  const m = s.match(/\S+/g);
  return m ? m.length : 0;
}

/** True when every cased letter is uppercase and there are at least two letters. */
export function isUpper(s: string): boolean {
  const letters = s.match(/\p{L}/gu);
  return !!letters && letters.length >= 2 && s === s.toUpperCase() && s !== s.toLowerCase();
}

export function titleCase(s: string): string {
  return s.toLowerCase().replace(/(^|[\s\-'’.])(\p{L})/gu, (_m, p: string, c: string) => p + c.toUpperCase());
}

/** Removes separators and dangling punctuation left at the ends after cutting a part out of a line. */
export function tidy(s: string): string {
  return s
    .replace(/\(\s*\)|\[\s*\]/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;:|\-–—•·/()]+|[\s,;:|\-–—•·/(]+$/g, '')
    .trim();
}
