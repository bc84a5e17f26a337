/**
 * The layout stage: restores the line breaks of a CV whose breaks were lost (pasted text, some PDF and HTML
 * exports), with a logistic regression over the gaps between tokens (features.ts, weights data/layout-model.json,
 * trained by training/train-layout.ts). Text whose lines are broken leaves unchanged; an export that marks its lines
 * with runs of spaces gets back the breaks it left as single spaces at the edges of headings in capitals.
 */
import { committedData } from '../data-files.js';
import { logit } from '../headline.js';
import { cvRoleWords, streetWords } from '../lexicon.js';
import { looksLikeName, SAMPLE_TITLE } from '../names.js';
import { countryOfTown } from '../places.js';
import { cvHeadingWordsAt } from '../sections.js';
import { foldWords, isUpper } from '../text.js';
import { contextOf, gapFeatures, tokenize, type Context, type Tokens } from './features.js';

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

// Names of more words are rare and one more word is more often a place or a title.
const MAX_NAME_WORDS = 4;
// The log-odds of a break below which a word that reads as part of a name continues it.
const NAME_GOES_ON = 0.5;
const OPENING_QUOTES = /^["'“”‘’«»]+/;

/** The name at the top of a pasted CV: its words are tokens start … end - 1; whether a line ends after it. */
interface NameSpan {
  start: number;
  end: number;
  endsLine: boolean;
}

// A document's title may stand above the name ("CURRICULUM VITAE", "Art Editor Resume Template"): so many words.
const MAX_TITLE_WORDS = 8;
const TITLE_OF = /^(?:of|von|de|di|du|da|do|van)$/i;

/** Where the name starts: the first word, or the word after a document title among the first words; -1 if none. */
function nameStart(words: readonly string[]): number {
  const name = (s: number) => s + 2 < words.length && looksLikeName(`${words[s]} ${words[s + 1]}`);
  if (name(0)) return 0;
  for (let s = 1; s <= MAX_TITLE_WORDS; s++) {
    if (!SAMPLE_TITLE.test(words.slice(0, s).join(' '))) continue;
    // "RESUME OF Adelaida …", "Curriculum Vitae von Jonas …".
    const after = TITLE_OF.test(words[s] ?? '') ? s + 1 : s;
    if (name(after)) return after;
  }
  return -1;
}

/**
 * The name at the top of a pasted CV (nameStart: two words that read as a name, looksLikeName): a line of its
 * own, which the gap-by-gap model often cuts after two words ("Henrietta Mabel" / "Okonkwo") or runs into the
 * address ("Xavier Shaina Hills Warren Ave., …"). The name goes on, to four words, while the next word still reads
 * as part of a name and is no word the model read in CVs and sees a line end before; it ends before a word no name
 * has (a number, a title word, a street's name, a town with its comma). A word with a comma that is no town ("Mei
 * Ruthanne Schuppe, Telangana") ends the name's words, and the model decides whether a line ends there.
 */
function nameSpan(t: Tokens, c: Context, model: LayoutModel): NameSpan | undefined {
  const words = t.tokens.map((token) => token.replace(OPENING_QUOTES, ''));
  const start = nameStart(words);
  if (start < 0) return undefined;
  let k = start + 2;
  let since = t.tokens[start]!.length + t.tokens[start + 1]!.length + 2;
  while (k - start < MAX_NAME_WORDS && k + 1 < t.tokens.length) {
    const longer = words.slice(start, k + 1).join(' ');
    if (!looksLikeName(longer)) {
      const word = words[k]!.replace(/[,;]$/, '');
      // "Justin Hackett Mumbai, Maharashtra": a town and its region end the name's line.
      const surname = word !== words[k] && looksLikeName(longer.slice(0, -1)) && !countryOfTown(word);
      return { start, end: k, endsLine: !surname };
    }
    // "Edmund Israel Stehr Decker St.": a word before a street word is the street's name. "Timmy Sawayn IT SUPPORT",
    // "Tiffany Padberg April 2019", "Bo Haag Lead": a word in another case than the name's, a month, a role word.
    if (streetWords.has(c.words[k + 1]!)) break;
    if (isUpper(words[k]!) !== isUpper(words[start]!) || c.kindAt(k) !== 'word' || cvRoleWords.has(c.words[k]!)) break;
    // A word the model never read in a CV ("Okonkwo", "Wroblewski") is a surname more often than a title word; the
    // words it read ("System", "SAP", "Chief" after "Scarlett McClure") continue the name only where it sees no line
    // end (a score from its weights alone cut new three-word names after two).
    const unseen = model.weights[`rw=${c.words[k]}`] === undefined;
    if (!unseen && logit(model.weights, gapFeatures(t, c, k, since)) >= NAME_GOES_ON) break;
    since += t.tokens[k]!.length + 1;
    k++;
  }
  return { start, end: k, endsLine: true };
}

/**
 * Each gap between tokens, left to right, is a line break when the model says so (the distance from the last
 * break is one of its features, so the decisions are made in order). With `marked`, a gap the export marked
 * (MARK) is a break already, and the model decides the single spaces at the edges of headings in capitals only;
 * without, the name at the top is decided first, as one piece (nameSpan).
 */
export function predictBreaks(text: string, model: LayoutModel, marked = false): boolean[] {
  const t = tokenize(text);
  const breaks = t.tokens.map(() => false);
  const edges = marked ? shoutedHeadingEdges(t.tokens) : undefined;
  // Most such exports mark every heading's edges: nothing to ask the model.
  if (edges && ![...edges].some((i) => i < t.tokens.length && !MARK.test(t.gaps[i]!))) return breaks;
  const c = contextOf(t.tokens);
  const name = marked ? undefined : nameSpan(t, c, model);
  let since = 0;
  for (let i = 1; i < t.tokens.length; i++) {
    since += t.tokens[i - 1]!.length + 1;
    // A break before the name and none inside it; one after it when it ends the line.
    if (name && i >= name.start && (i < name.end || (i === name.end && name.endsLine))) {
      if (i === name.start || i === name.end) {
        breaks[i] = true;
        since = 0;
      }
      continue;
    }
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
