/**
 * CV layout variants generated from a CV's text: the layouts real CVs come in (pasted text and exports that lost
 * their line breaks, headings re-cased or missing, other bullets, a dates column beside the entries, entry headers
 * in another order). Used by the layout and entry models' training (`train-layout.ts`, `train-entry.ts`) and by
 * `pnpm eval:extraction` (TALENT_EVAL_CV_VARIANT), so that they read the same layouts.
 */
import { findDateSpans } from '../dates.js';
import { isCvHeading } from '../sections.js';
import { isUpper, titleCase } from '../text.js';
import { pick, type Random } from './random.js';

export { seeded } from './random.js';

/** How the line breaks were lost: what stands where a line ended. */
export const LINE_BREAK_FORMS = {
  'three-spaces': () => '   ',
  'two-spaces': () => '  ',
  // Pasted text: every run of whitespace, inside lines too, becomes one space.
  'one-space': () => ' ',
  'space-tab': () => ' \t',
  mixed: (random: Random) => pick(random, [' ', ' ', '  ', '   ', ' \t']),
} as const satisfies Record<string, (random: Random) => string>;
export type LineBreakForm = keyof typeof LINE_BREAK_FORMS;

export const CV_LAYOUT_VARIANTS = [
  'normal',
  // The eval's first variant (three spaces per break), kept under its name.
  'lines-lost',
  'lines-lost-two-spaces',
  'lines-lost-one-space',
  'lines-lost-space-tab',
  'lines-lost-mixed',
  'headings-recased',
  'headings-missing',
  'headings-missing-one-space',
  'bullets',
  'dates-column',
  'header-reordered',
] as const;
export type CvLayoutVariant = (typeof CV_LAYOUT_VARIANTS)[number];

/** A laid-out text and where its line breaks were: the offsets of the separators that replaced them. */
export interface LaidOut {
  text: string;
  breaks: number[];
}

/** The lines joined with the form's separators (one space inside lines too for 'one-space'), breaks recorded. */
export function joinLines(lines: readonly string[], form: LineBreakForm, random: Random): LaidOut {
  let text = '';
  const breaks: number[] = [];
  for (const [i, line] of lines.entries()) {
    if (i > 0) {
      breaks.push(text.length);
      text += LINE_BREAK_FORMS[form](random);
    }
    text += form === 'one-space' ? line.replace(/\s+/g, ' ') : line;
  }
  return { text, breaks };
}

/** A text's lines: its line breaks, blank lines and the whitespace around them dropped. */
export const linesOf = (text: string): string[] => text.trim().split(/\s*\n\s*/);

const headingLine = (line: string) => line.length <= 60 && isCvHeading({ text: line.trim(), bullet: false });

// Bullets as CVs write them; a numbered list counts its items.
export const BULLET_GLYPHS = ['•', '-', '*', '▪', '1.'] as const;
const LEADING_BULLET = /^\s*(?:[•●▪■◦○✓✔➢➤►▶‣⁃◆❖∙·*]|[-–—](?=\s)|\d{1,2}[.)](?=\s))\s*/u;

function rebulleted(lines: readonly string[], glyph: string): string[] {
  let n = 0;
  return lines.map((line) => {
    if (!LEADING_BULLET.test(line)) {
      n = 0;
      return line;
    }
    n++;
    return `${glyph === '1.' ? `${n}.` : glyph} ${line.replace(LEADING_BULLET, '')}`;
  });
}

// A line that is a period only ("July 2017 to Present"): in a two-column layout it stands in a dates column.
const NOW = new Date('2020-01-01T00:00:00Z');
function isPeriodLine(line: string): boolean {
  const span = findDateSpans(line, NOW).find((s) => s.start && (s.end || s.ongoing));
  return !!span && span.to - span.from >= line.trim().length * 0.6;
}

/**
 * A dates column beside the entries, flattened a row at a time: each period line is printed on the row above it,
 * after a gap ("Senior Associate Consultant        July 2017 to Present").
 */
function datesBeside(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const last = out.length - 1;
    if (last >= 0 && isPeriodLine(line) && !isPeriodLine(out[last]!)) out[last] = `${out[last]}        ${line.trim()}`;
    else out.push(line);
  }
  return out;
}

// A cell of an entry header: a line, or a part of an export's line between runs of two or more spaces.
const CELL_SEPARATOR = /(\n\s*|[ \t]{2,})/;
const MAX_HEADER_WORDS = 8;
const MAX_HEADER_CELLS = 3;
const isHeaderCell = (cell: string) =>
  !!cell.trim() &&
  cell.trim().split(/\s+/).length <= MAX_HEADER_WORDS &&
  !LEADING_BULLET.test(cell) &&
  !/[.:;]$/.test(cell.trim()) &&
  !headingLine(cell) &&
  findDateSpans(cell, NOW).length === 0;

/**
 * Entry headers in another common order: the header cells before each period (at most three) move their first
 * cell last ("Software Engineer" / "Infosys Limited -" / "Pune -" / "July 2015 to Present" becomes "Infosys
 * Limited -" / "Pune -" / "Software Engineer" / …: firm first, the title above the dates), in lines and in an
 * export's cells alike. CVs set title, firm and place in any order; the labelled ones mostly in one.
 */
function headersReordered(text: string): string {
  const parts = text.split(CELL_SEPARATOR);
  // parts alternate cell, separator, cell, …: cells at even indexes.
  for (let i = 2; i < parts.length; i += 2) {
    if (!isPeriodLine(parts[i]!)) continue;
    let first = i;
    while (first - 2 >= 0 && i - (first - 2) <= 2 * MAX_HEADER_CELLS && isHeaderCell(parts[first - 2]!)) first -= 2;
    if (i - first < 4) continue;
    const cells = Array.from({ length: (i - first) / 2 }, (_, k) => parts[first + 2 * k]!);
    cells.push(cells.shift()!);
    cells.forEach((cell, k) => (parts[first + 2 * k] = cell));
  }
  return parts.join('');
}

/** The lines with a line-level variant applied (headings, bullets, dates); the others leave them as they are. */
export function variantLines(
  lines: readonly string[],
  variant: CvLayoutVariant,
  random: Random,
  glyphs: readonly string[] = BULLET_GLYPHS,
): string[] {
  switch (variant) {
    case 'headings-recased':
      return lines.map((l) => (headingLine(l) ? (isUpper(l) ? titleCase(l) : l.toUpperCase()) : l));
    case 'headings-missing':
    case 'headings-missing-one-space':
      return lines.filter((l) => !headingLine(l));
    case 'bullets':
      return rebulleted(lines, pick(random, glyphs));
    case 'dates-column':
      return datesBeside(lines);
    default:
      return [...lines];
  }
}

const FORM_OF: Partial<Record<CvLayoutVariant, LineBreakForm>> = {
  'lines-lost': 'three-spaces',
  'lines-lost-two-spaces': 'two-spaces',
  'lines-lost-one-space': 'one-space',
  'lines-lost-space-tab': 'space-tab',
  'lines-lost-mixed': 'mixed',
  'headings-missing-one-space': 'one-space',
};

/**
 * The CV's text in a layout variant. 'normal' is the text itself; the lines-lost variants replace each line break
 * (with the blank lines and spaces around it) by the form's separator ('lines-lost': three spaces).
 */
export function cvLayoutVariant(text: string, variant: CvLayoutVariant, random: Random): string {
  if (variant === 'normal') return text;
  if (variant === 'header-reordered') return headersReordered(text);
  const form = FORM_OF[variant];
  if (variant === 'lines-lost' || variant === 'lines-lost-two-spaces' || variant === 'lines-lost-space-tab')
    return text.replace(/\s*\n\s*/g, LINE_BREAK_FORMS[form!](random));
  const lines = variantLines(text.split('\n'), variant, random);
  return form ? joinLines(linesOf(lines.join('\n')), form, random).text : lines.join('\n');
}
