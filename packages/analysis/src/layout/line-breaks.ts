/**
 * The layout stage: restores the line breaks of a CV whose breaks were lost (pasted text, some PDF and HTML
 * exports), with a logistic regression over the gaps between tokens (features.ts, weights data/layout-model.json,
 * trained by training/train-layout.ts). Text whose lines are broken leaves unchanged; an export that marks its lines
 * with runs of spaces gets back the breaks it left as single spaces at the edges of headings in capitals.
 */
import { committedData } from '../data-files.js';
import { logit } from '../headline.js';
import { cvHeadingWordsAt } from '../sections.js';
import { foldWords } from '../text.js';
import { contextOf, gapFeatures, tokenize } from './features.js';

export interface LayoutModel {
  version: string;
  /** The log-odds above which a gap is a line break. */
  threshold: number;
  weights: Record<string, number>;
}

/** The committed model (data/layout-model.json). */
export const layoutModel = committedData<LayoutModel>('layout-model.json');

// Measured on the dotin CVs: texts that keep their lines mark one every 12–90 characters (a line break, or a run of
// two or more spaces or a tab that toLines reads as one); pasted text with its breaks lost marks none.
const CHARS_PER_MARK = 200;
const MIN_CHARS = 200;

/** The text's line breaks were lost: it is long and its lines are marked neither by breaks nor by runs of spaces. */
export function linesLost(text: string): boolean {
  const t = text.trim();
  if (t.length < MIN_CHARS) return false;
  const marks = (t.match(/\n| {2,}|\t/g) ?? []).length;
  return marks * CHARS_PER_MARK < t.length;
}

/**
 * Text whose lines an export marked with runs of spaces or tabs and not with breaks: long, with hardly a line
 * break, yet marked often enough not to count as lost. Some exports mark only some of the lines so (a single space
 * stands where others were: "… Technologies: Unix, Pl/Sql EDUCATION Bachelor of …").
 */
export function linesMarkedBySpaces(text: string): boolean {
  const t = text.trim();
  return t.length >= MIN_CHARS && !linesLost(t) && (t.match(/\n/g) ?? []).length * CHARS_PER_MARK < t.length;
}

// A break written as such an export writes it, so that the line splitter reads the text's marks as before.
const MARKED_BREAK = '   ';
// A gap that marks where a line ended: a break, a tab or a run of spaces (toLines splits there).
const MARK = /\n|\t| {2,}/;

const SHOUTED = /^[^\p{Ll}]*\p{Lu}[^\p{Ll}]*$/u;
/**
 * The gaps before and after each heading phrase written in capitals ("… Pl/Sql EDUCATION Bachelor of …"): where an
 * export marked its lines, what it left unmarked that the sections need is a heading's edges, and a heading in
 * capitals is no word of a sentence ("Skills" and "Projects" in title case often are). Only words in capitals are
 * folded and looked up (this runs on every such export).
 */
function shoutedHeadingEdges(tokens: readonly string[]): Set<number> {
  const words = tokens.map((token) => (SHOUTED.test(token) ? foldWords(token) : ''));
  const edges = new Set<number>();
  for (let i = 0; i < words.length; i++) {
    const n = words[i] ? cvHeadingWordsAt(words, i) : 0;
    // A phrase's own words are no edges ("WORK EXPERIENCE" is one heading, not "WORK" and "EXPERIENCE").
    if (n > 0) {
      edges.add(i).add(i + n);
      i += n - 1;
    }
  }
  return edges;
}

/**
 * Each gap between tokens, left to right, is a line break when the model says so (the distance from the last
 * break is one of its features, so the decisions are made in order). With `marked`, a gap the export marked
 * (MARK) is a break already, and the model decides the single spaces at the edges of headings in capitals only.
 */
export function predictBreaks(text: string, model: LayoutModel, marked = false): boolean[] {
  const t = tokenize(text);
  const breaks = t.tokens.map(() => false);
  const edges = marked ? shoutedHeadingEdges(t.tokens) : undefined;
  // Most such exports mark every heading's edges: nothing to ask the model.
  if (edges && ![...edges].some((i) => i < t.tokens.length && !MARK.test(t.gaps[i]!))) return breaks;
  const c = contextOf(t.tokens);
  let since = 0;
  for (let i = 1; i < t.tokens.length; i++) {
    since += t.tokens[i - 1]!.length + 1;
    if (marked && MARK.test(t.gaps[i]!)) since = 0;
    else if (marked && !edges!.has(i)) continue;
    else if (logit(model.weights, gapFeatures(t, c, i, since)) > model.threshold) {
      breaks[i] = true;
      since = 0;
    }
  }
  return breaks;
}

/**
 * The text with its line breaks restored when they were lost; where an export marked its lines with runs of
 * spaces, the single spaces the model reads as breaks become breaks and the marks stay for the line splitter;
 * otherwise the text itself.
 */
export function restoreLineBreaks(text: string, model: LayoutModel = layoutModel()): string {
  const marked = linesMarkedBySpaces(text);
  if (!linesLost(text) && !marked) return text;
  const t = tokenize(text);
  const breaks = predictBreaks(text, model, marked);
  if (marked)
    return breaks.some(Boolean)
      ? t.tokens.map((token, i) => (i === 0 ? token : `${breaks[i] ? MARKED_BREAK : t.gaps[i]}${token}`)).join('')
      : text;
  return t.tokens.map((token, i) => (i === 0 ? token : `${breaks[i] ? '\n' : ' '}${token}`)).join('');
}
