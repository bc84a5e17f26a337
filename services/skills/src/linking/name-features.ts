import { LEGAL_FORMS } from '@talent/platform';
import { foldText, tokenize, type Token } from '../text/normalize.js';
import { sectionAt, type Section } from './cv-sections.js';
import { YEAR } from './link-features.js';
import type { Match } from './linker-types.js';
import { LINKER_VOCABULARY } from './vocabulary.js';

/**
 * What the name model (name-model.ts) knows of one capitalised mention: whether it reads as part of a firm's or a
 * place's name rather than a skill. The shape of the capitalised run of words around it (words before and after the
 * match, a word no language writes in lowercase, a legal form or an organisation noun), what follows the run (a
 * comma and a place, a country, a state code), the line it stands on (a year in it or next to it, a post, "at"
 * before it, the whole cell, prose before it, a list), whether the text writes the words in lowercase elsewhere, and
 * the CV section. Values are 0/1 or in [0, 1]. Lowercase mentions are never names and get no features.
 */
export const NAME_FEATURE_NAMES = [
  'written_capitals',
  'label_lowercase',
  'ordinary_words',
  'label_one_word',
  'words_before',
  'words_after',
  'unknown_neighbour',
  'organisation_word',
  'place_after',
  'town_between_commas',
  'region_after',
  'year_in_cell',
  'year_near',
  'after_preposition',
  'post_in_cell',
  'run_is_cell',
  'run_at_cell_start',
  'after_lowercase_word',
  'list_cell',
  'mentions_in_cell',
  'only_capitalised',
  'section_experience',
  'section_skills',
  'section_education',
  'section_none',
  'cv',
] as const;
export type NameFeatureName = (typeof NAME_FEATURE_NAMES)[number];
export type NameFeatures = Record<NameFeatureName, number>;

/** Every feature 0: copied for each mention (a copy of a fixed shape is cheaper than building the object). */
const NO_FEATURES = Object.fromEntries(NAME_FEATURE_NAMES.map((name) => [name, 0])) as NameFeatures;

/** What name features read about the whole text, computed once per text. */
export interface NameContext {
  text: string;
  cv: boolean;
  sections: readonly { at: number; section: Section }[];
  /** Words the taxonomy's languages write in lowercase: a capitalised word outside it is a proper name. */
  ordinary: Set<string>;
  /** Start offsets of every phrase match of the text, sorted (how many a cell holds: a list of skills holds many). */
  matchStarts: readonly number[];
  /** Per text, filled as mentions are read: fields' tokens by their start, and whether a wording is seen in lowercase. */
  cache?: { fields: Map<string, Token[]>; lowercase: Map<string, boolean> };
}

const ORGANISATION_WORDS = new Set([
  ...LEGAL_FORMS,
  ...LINKER_VOCABULARY.organisationNouns,
  ...LINKER_VOCABULARY.organisationHeads,
]);
const COUNTRIES = new Set(LINKER_VOCABULARY.firmCountries);
const POST_WORDS = new Set(LINKER_VOCABULARY.postWords);
const PREPOSITIONS = new Set([...LINKER_VOCABULARY.employerPrepositions, '@']);
/** Small words inside a name ("Department of Health", "Teaching & Mentoring Communities"). */
const NAME_LINKS = new Set([...LINKER_VOCABULARY.nameLinks, 'and', 'the', 'for', 'on', '&']);
const CAPITALISED = /^\p{Lu}/u;
const SECTION_FEATURE: Partial<Record<Section, NameFeatureName>> = {
  experience: 'section_experience',
  skills: 'section_skills',
  education: 'section_education',
};

/** How far a field reaches on either side of a mention: a longer one is prose. */
const FIELD_REACH = 160;
/** What ends a field of a header line: a line break, a run of two spaces or a tab (exports), a bullet or a bar. */
const FIELD_END = /\n|[ \t]{2,}|\t|[•·▪●◦■►|]/u;
const FIELD_ENDS = new RegExp(FIELD_END.source, 'gu');

/**
 * The field around [start, end): the text between field ends, at most FIELD_REACH characters on either side. Header
 * lines put a firm, its place, a post and dates in fields of their own ("GOOGLE  Kirkland, WA  Software Engineer").
 */
function fieldAround(text: string, start: number, end: number): { from: number; to: number } {
  const left = text.slice(Math.max(0, start - FIELD_REACH), start);
  let cut = -1;
  for (const m of left.matchAll(FIELD_ENDS)) cut = m.index + m[0].length;
  const from = cut >= 0 ? start - left.length + cut : Math.max(0, start - FIELD_REACH);
  const right = text.slice(end, end + FIELD_REACH);
  const next = FIELD_END.exec(right);
  return { from, to: next ? end + next.index : end + right.length };
}

/** Whether a mention is written capitalised: only those can be names. */
export function writtenCapitalised(text: string, match: Match): boolean {
  return CAPITALISED.test(text.slice(match.start, match.start + 1));
}

/** One space, or " & ", between two words of one name. */
const NAME_GAP = /^(?: | & | and )$/;

/**
 * The capitalised run around tokens [first, last] of a cell: neighbours joined by one space (or " & "), capitalised
 * or small linking words between capitalised ones. Returns the run's first and last token.
 */
function runAround(tokens: Token[], cell: string, first: number, last: number): { from: number; to: number } {
  const joined = (a: Token, b: Token) => NAME_GAP.test(cell.slice(a.end, b.start));
  let from = first;
  while (from > 0 && joined(tokens[from - 1]!, tokens[from]!)) {
    const word = tokens[from - 1]!;
    if (CAPITALISED.test(word.surface)) from--;
    else if (NAME_LINKS.has(word.key) && from > 1 && CAPITALISED.test(tokens[from - 2]!.surface) && joined(tokens[from - 2]!, word)) from -= 2;
    else break;
  }
  let to = last;
  while (to < tokens.length - 1 && joined(tokens[to]!, tokens[to + 1]!)) {
    const word = tokens[to + 1]!;
    if (CAPITALISED.test(word.surface)) to++;
    else if (NAME_LINKS.has(word.key) && to < tokens.length - 2 && CAPITALISED.test(tokens[to + 2]!.surface) && joined(word, tokens[to + 2]!)) to += 2;
    else break;
  }
  return { from, to };
}

/** ", Pune", ", New York, NY", ", India": a place after a name, up to a comma, a date, a bracket, a dash or the cell's end. */
const PLACE_AFTER = /^\s?,\s{1,2}((?:\p{Lu}[\p{L}.'’-]*)(?: \p{Lu}[\p{L}.'’-]*){0,2})(?=\s*(?:$|[,(|–—-]|\d|\s{2}))/u;

/** A field that is a place by itself: "Kirkland, WA", "Coventry", "Pune, India" (after "GOOGLE  "). */
const PLACE_FIELD = /^((?:\p{Lu}[\p{L}.'’-]*)(?: \p{Lu}[\p{L}.'’-]*){0,2})(?:,\s?(\p{Lu}{2}|\p{Lu}\p{Ll}+))?\s*$/u;

function isPlaceName(place: string, ordinary: Set<string>): boolean {
  const words = place.split(' ').map(foldText);
  if (COUNTRIES.has(words.join(' '))) return true;
  // A town is a word no language writes in lowercase ("Chadstone", "Bangalore"; not "Marketing").
  return words.every((w) => !ordinary.has(w));
}

/**
 * Whether a place follows a name: after a comma in its field, or as the next field of the line. `isSkill(offset)`:
 * a skill's mention starts there (a list goes on with skills: "Core Java, Spring, UI, QC").
 */
function placeAfter(rest: string, nextField: string, ordinary: Set<string>, isSkill: (offset: number) => boolean): boolean {
  const field = PLACE_FIELD.exec(nextField.trim());
  if (field && isPlaceName(field[1]!, ordinary)) return true;
  const place = PLACE_AFTER.exec(rest);
  if (!place || isSkill(place[0].length - place[1]!.length)) return false;
  return /^\p{Lu}{2}$/u.test(place[1]!) || isPlaceName(place[1]!, ordinary);
}

/** Whether the text writes `written` in lowercase somewhere, as whole words. */
function writtenLowercaseElsewhere(text: string, written: string): boolean {
  const lower = written.toLowerCase();
  if (lower === written) return true;
  for (let at = text.indexOf(lower); at >= 0; at = text.indexOf(lower, at + 1)) {
    const before = text[at - 1] ?? ' ';
    const after = text[at + lower.length] ?? ' ';
    if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after)) return true;
  }
  return false;
}

function mentionsBetween(starts: readonly number[], from: number, to: number): number {
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid]! < from) lo = mid + 1;
    else hi = mid;
  }
  let count = 0;
  for (let i = lo; i < starts.length && starts[i]! < to; i++) count++;
  return count;
}

/** The name features of one capitalised mention. */
export function nameFeatures(match: Match, at: NameContext): NameFeatures {
  const f: NameFeatures = { ...NO_FEATURES };
  const { text } = at;
  const written = text.slice(match.start, match.end);
  const { from, to } = fieldAround(text, match.start, match.end);
  const cell = text.slice(from, to);
  const cache = (at.cache ??= { fields: new Map(), lowercase: new Map() });
  const tokens: Token[] = cache.fields.get(`${from}:${to}`) ?? tokenize(cell);
  cache.fields.set(`${from}:${to}`, tokens);
  const first = tokens.findIndex((t) => t.end > match.start - from);
  let last = first;
  while (last + 1 < tokens.length && tokens[last + 1]!.start < match.end - from) last++;
  const run = first >= 0 ? runAround(tokens, cell, first, last) : { from: 0, to: -1 };
  const outside = [...tokens.slice(run.from, first), ...tokens.slice(last + 1, run.to + 1)].filter((t) => !NAME_LINKS.has(t.key));

  f.written_capitals = +(/\p{L}{2}/u.test(written) && written === written.toUpperCase());
  f.label_lowercase = +(match.phrase.surface === match.phrase.surface.toLowerCase());
  f.label_one_word = +(first === last);
  // A common noun written capitalised ("Banking", "Energy"), whatever case the label has.
  f.ordinary_words = +(first >= 0 && tokens.slice(first, last + 1).every((t) => at.ordinary.has(t.key)));
  f.words_before = Math.min(3, first - run.from) / 3;
  f.words_after = Math.min(3, run.to - last) / 3;
  f.unknown_neighbour = +outside.some((t) => t.key.length > 1 && !at.ordinary.has(t.key) && !ORGANISATION_WORDS.has(t.key));
  f.organisation_word = +outside.some((t) => ORGANISATION_WORDS.has(t.key));
  const runEnd = run.to >= 0 ? tokens[run.to]!.end : match.end - from;
  // The next field, when the line goes on after a run of spaces ("GOOGLE  Kirkland, WA").
  const nextField = /^[ \t]{2,}([^\n]{1,40}?)(?=\n|[ \t]{2,}|$)/u.exec(text.slice(to, to + 60))?.[1] ?? '';
  const skillAt = (offset: number) => mentionsBetween(at.matchStarts, from + runEnd + offset, from + runEnd + offset + 1) > 0;
  f.place_after = +placeAfter(cell.slice(runEnd), nextField, at.ordinary, skillAt);
  f.year_in_cell = +YEAR.test(cell);
  // The fields next to it: a header's dates stand in a field of their own ("Acme Ltd  2015 – 2019").
  f.year_near = +YEAR.test(text.slice(Math.max(0, from - 40), from) + ' ' + text.slice(to, to + 40));
  const before = run.from > 0 ? tokens[run.from - 1] : undefined;
  f.after_preposition = +(
    (before !== undefined && PREPOSITIONS.has(before.key)) ||
    /@\s*$/.test(cell.slice(0, tokens[run.from]?.start ?? 0))
  );
  f.post_in_cell = +tokens.some((t) => POST_WORDS.has(t.key));
  const runStart = tokens[run.from]?.start ?? match.start - from;
  const lead = cell.slice(0, runStart).replace(/^[\s•·▪●◦■►✓*\-–]+/u, '');
  const tail = cell.slice(runEnd).replace(/[\s.,;:|\-–—]+$/u, '');
  f.run_at_cell_start = +(lead === '');
  f.run_is_cell = +(lead === '' && tail === '');
  f.after_lowercase_word = +(
    before !== undefined &&
    before.surface === before.key &&
    /\p{L}/u.test(before.surface) &&
    !PREPOSITIONS.has(before.key)
  );
  // "Cypress, CA", "Rotterdam, Netherlands": a state code or a country right after the name: a town.
  const region = /^,\s?(\p{Lu}{2}\b|\p{Lu}[\p{L}]+)/u.exec(cell.slice(runEnd));
  f.region_after = +(
    region !== null &&
    !skillAt(region[0].length - region[1]!.length) &&
    (/^\p{Lu}{2}$/u.test(region[1]!) || COUNTRIES.has(foldText(region[1]!)))
  );
  // "Acme Logistics, Cypress, CA": a word alone between a name's comma and its place's.
  f.town_between_commas = +(
    run.from === first &&
    run.to === last &&
    /,\s{1,2}$/u.test(cell.slice(0, tokens[first]?.start ?? 0)) &&
    f.place_after === 1
  );
  f.list_cell = +((cell.match(/[,;|]/g)?.length ?? 0) >= 2);
  f.mentions_in_cell = Math.min(1, Math.log(mentionsBetween(at.matchStarts, from, to) || 1) / Math.log(8));
  let lowercase = cache.lowercase.get(written);
  if (lowercase === undefined) cache.lowercase.set(written, (lowercase = writtenLowercaseElsewhere(text, written)));
  f.only_capitalised = +!lowercase;
  f.cv = +at.cv;
  const section = at.cv ? sectionAt(at.sections, match.start) : undefined;
  const sectionFeature = section ? SECTION_FEATURE[section] : undefined;
  if (sectionFeature) f[sectionFeature] = 1;
  else if (!section) f.section_none = 1;
  return f;
}
