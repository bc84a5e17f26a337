/**
 * The layout stage: restores the line breaks of a CV whose breaks were lost (pasted text, some PDF and HTML
 * exports), with a logistic regression over the gaps between tokens (features.ts, weights data/layout-model.json,
 * trained by training/train-layout.ts). Text whose lines are marked leaves unchanged.
 */
import { committedData } from '../data-files.js';
import { logit } from '../headline.js';
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
 * Each gap between tokens, left to right, is a line break when the model says so (the distance from the last
 * break is one of its features, so the decisions are made in order).
 */
export function predictBreaks(text: string, model: LayoutModel): boolean[] {
  const t = tokenize(text);
  const c = contextOf(t.tokens);
  const breaks = t.tokens.map(() => false);
  let since = 0;
  for (let i = 1; i < t.tokens.length; i++) {
    since += t.tokens[i - 1]!.length + 1;
    if (logit(model.weights, gapFeatures(t, c, i, since)) > model.threshold) {
      breaks[i] = true;
      since = 0;
    }
  }
  return breaks;
}

/** The text with its line breaks restored when they were lost; otherwise the text itself. */
export function restoreLineBreaks(text: string, model: LayoutModel = layoutModel()): string {
  if (!linesLost(text)) return text;
  const t = tokenize(text);
  const breaks = predictBreaks(text, model);
  return t.tokens.map((token, i) => (i === 0 ? token : `${breaks[i] ? '\n' : ' '}${token}`)).join('');
}
