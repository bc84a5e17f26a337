/** Section segmentation: finds heading lines (vocabulary in headings.ts) and groups the lines under them. */
import {
  CV_HEADINGS,
  ENTRY_LABELS,
  INTERNSHIP_HEADINGS,
  JOB_HEADINGS,
  PUBLICATION_HEADINGS,
  TEACHING_HEADINGS,
  isEducationTableHeader,
  isSkillTableColumn,
  type CvSectionKind,
  type JobSectionKind,
} from './headings.js';
import { findDateSpans, onlyDates } from './dates.js';
import { findDegrees } from './degrees.js';
import { roleWords } from './lexicon.js';
import { foldWords, isUpper, type Line } from './text.js';

export interface Section<K extends string> {
  /** `header` = the lines before the first heading. */
  kind: K | 'header';
  heading: string;
  lines: Line[];
}

interface Vocabulary<K extends string> {
  exact: Map<string, K>;
  /** Phrases that are a heading only on their own ("Technologies", not "VegaSoft Technologies"). */
  alone: Set<string>;
  suffixes: Array<[string, K]>;
  maxWords: number;
  /** Phrases without their spaces, for headings a PDF broke into letter groups ("E xp er ie nc e"). */
  compact: Map<string, K>;
}

function build<K extends string>(table: Record<K, readonly string[]>): Vocabulary<K> {
  const exact = new Map<string, K>();
  const alone = new Set<string>();
  const suffixes: Array<[string, K]> = [];
  let maxWords = 1;
  for (const kind of Object.keys(table) as K[]) {
    for (const phrase of table[kind]) {
      if (phrase.startsWith('~')) {
        suffixes.push([foldWords(phrase.slice(1)), kind]);
        continue;
      }
      if (phrase.startsWith('=')) alone.add(foldWords(phrase));
      const folded = foldWords(phrase);
      // First listing wins, so a phrase listed under a specific kind is not overridden by a later generic one.
      if (!exact.has(folded)) exact.set(folded, kind);
      maxWords = Math.max(maxWords, folded.split(' ').length);
    }
  }
  const compact = new Map<string, K>();
  for (const [phrase, kind] of exact) if (!alone.has(phrase)) compact.set(phrase.replace(/ /g, ''), kind);
  return { exact, alone, suffixes, maxWords, compact };
}

const CV_VOCABULARY = build(CV_HEADINGS);
const JOB_VOCABULARY = build(JOB_HEADINGS);
// The first words of the CV heading phrases: a word that opens none opens no heading (asked of every word of a text).
const CV_FIRST_WORDS = new Set([...CV_VOCABULARY.exact.keys()].map((phrase) => phrase.split(' ')[0]!));

/**
 * The number of words of the CV heading phrase that starts at `words[i]` (folded words), longest first; 0 when none
 * does. The layout stage asks it where a heading may begin inside text whose line breaks were lost.
 */
export function cvHeadingWordsAt(words: readonly string[], i: number): number {
  if (!CV_FIRST_WORDS.has(words[i]?.split(' ')[0] ?? '')) return 0;
  for (let n = Math.min(CV_VOCABULARY.maxWords, words.length - i); n >= 1; n--)
    if (CV_VOCABULARY.exact.has(words.slice(i, i + n).join(' '))) return n;
  return 0;
}

// A vocabulary word after one of these is part of a phrase ("Bachelor of Education"), not a heading.
const PREPOSITIONS = new Set([
  'of',
  'in',
  'for',
  'at',
  'with',
  'to',
  'on',
  'by',
  'from',
  'as',
  'de',
  'des',
  'du',
  'en',
  'em',
  'do',
  'da',
  'der',
  'die',
  'das',
  'fur',
  'im',
  'von',
  'zu',
  'di',
  'del',
  'della',
  'van',
  'het',
  'para',
  'per',
  'al',
  'a',
  'and',
  'und',
  'et',
  'y',
  'e',
  'o',
  'or',
  'ou',
  'oder',
]);
const DEGREE_WORDS = new Set([
  'bachelor',
  'bachelors',
  'master',
  'masters',
  'doctor',
  'doctorate',
  'associate',
  'diploma',
  'certificate',
  'degree',
  'ba',
  'bs',
  'bsc',
  'ma',
  'ms',
  'msc',
  'phd',
  'licence',
  'licenciatura',
  'laurea',
  'grado',
]);
// Degree names (not abbreviations: "MS Office Skills" is a heading) that make a line an entry.
const DEGREE_NAMES = new Set(['bachelor', 'bachelors', 'master', 'masters', 'associate', 'associates', 'degree']);
// "Graduate School of Education", "Department of Education", "Concentration in Education": a school, a body or a
// degree's field named by the phrase, not a heading ("major", "minor" are left out: "Summary of Major Projects").
const OWNER_WORDS = new Set([
  'school',
  'college',
  'university',
  'faculty',
  'institute',
  'department',
  'academy',
  'board',
  'ministry',
  'council',
  'concentration',
  'specialization',
  'specialisation',
]);
// Lowercase words a heading written in title case may still hold ("Education and other Skills").
const HEADING_MINOR = new Set(['other']);
// "Experience in …": the preposition that names a field.
const FIELD_IN = new Set(['in', 'im', 'en', 'em', 'nel', 'nell', 'nella']);
// What may follow the vocabulary phrase: "Education and Training", "Skills & Abilities", "Experience / History".
const CONNECTORS = new Set(['and', 'und', 'et', 'y', 'e', 'en', 'o', 'or', 'ou', 'oder', 'ed']);

export interface HeadingMatch<K extends string> {
  kind: K;
  /** Text after "Heading:" on the same line, if any. */
  rest: string;
}

/**
 * PDFs set headings with letter tracking, and their text comes out cut into letter groups at kerning pairs
 * ("E xp er ie nc e", "Edu c ati on", "Ke y S ki ll s"): a line made only of such short groups is read with its
 * spaces removed. Ordinary words are rarely all three letters or shorter, so lines of real words are not joined.
 */
function fragmentedHeading<K extends string>(words: readonly string[], vocabulary: Vocabulary<K>): K | undefined {
  if (words.length < 3 || words.length > 20 || !words.every((w) => w.length <= 3 && !/\d/.test(w))) return undefined;
  if (words.filter((w) => w.length <= 2).length < words.length / 2) return undefined;
  return vocabulary.compact.get(words.join(''));
}

// Words a heading may put before its phrase ("Highlights of Professional Experience"); a shouted compound may put
// more when the phrase ends the line ("CLINICAL AND FIELD RESEARCH EXPERIENCE").
const MAX_QUALIFIERS = 3;
const MAX_COMPOUND_QUALIFIERS = 5;

/**
 * A heading in capitals that joins its qualifiers with "and", "&" or "/" ("VISITING STUDENT AND RESEARCHER
 * EXPERIENCES"). A comma marks a title and its employer or field instead ("PROJECT MANAGER, DATA PROJECTS").
 */
function isShoutedCompound(head: string, words: readonly string[]): boolean {
  return isUpper(head) && !head.includes(',') && words.slice(1, -1).some((w) => CONNECTORS.has(w));
}

function matchHeading<K extends string>(line: Line, vocabulary: Vocabulary<K>): HeadingMatch<K> | undefined {
  if (line.bullet) return bulletHeading(line, vocabulary);
  const text = line.text.replace(/^(?:[ivx]{1,4}|\d{1,2}|[a-h])[.)]\s+/i, '');
  let head = text;
  let rest = '';
  const colon = text.search(/[:：]/);
  if (colon > 0) {
    head = text.slice(0, colon);
    rest = text.slice(colon + 1).trim();
  }
  // "GeneralEducation", "WorkExperience": a PDF that dropped the space between a heading's words.
  head = head
    .replace(/[\s.\-–—_=*#>]+$/, '')
    .replace(/(\p{Ll}{2})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .trim();
  if (!head || head.length > 60 || /\d|@|:\/\//.test(head)) return undefined;
  const words = foldWords(head).split(' ').filter(Boolean);
  if (words.length === 0) return undefined;
  const fragmented = fragmentedHeading(words, vocabulary);
  if (fragmented) return { kind: fragmented, rest };
  if (words.length > 7) return undefined;
  const exact = vocabulary.exact.get(words.join(' '));
  if (exact) return { kind: exact, rest };
  // "Some longer label: content" is a field of the current section, not a heading — unless it is shouted
  // like one ("STUDENT TEACHING EXPERIENCE: Third Street School").
  if (rest && !isUpper(head)) return undefined;
  const styled =
    isUpper(head) || colon > 0 || head.split(/\s+/).every((w) => !/^\p{Ll}{4,}/u.test(w) || HEADING_MINOR.has(w));
  if (!styled) return undefined;
  const compound = isShoutedCompound(head, words);
  // "Kelsey Clinic, Patient Education": words before a comma that are no heading themselves are an employer or a
  // name, and the words after it a title; they qualify no heading phrase after the comma ("Licenses,
  // Certifications" is one).
  const comma = head.indexOf(',');
  const beforeComma = comma > 0 ? foldWords(head.slice(0, comma)) : '';
  const commaWords = beforeComma && !vocabulary.exact.has(beforeComma) ? beforeComma.split(' ').length : Infinity;
  let best: { kind: K; n: number } | undefined;
  for (let i = 0; i < words.length; i++) {
    const before = words.slice(0, i);
    if (i >= commaWords) break;
    // "Highlights of Professional Experience" is a heading; "Bachelor of Education", "Coordinator of
    // Education" are not: a preposition before the phrase is only allowed after ordinary words.
    // "Associate's Degree - Education", "BS Education": a degree named before the phrase is an entry, not a heading.
    // In a shouted compound the connector joins the qualifiers ("STUDENT AND RESEARCHER EXPERIENCES"); more
    // qualifiers than a heading takes, linked by "of" or "for", name an organisation ("STATE BOARD OF TECHNICAL
    // AND CONTINUING EDUCATION", an employer line).
    const prepositions = before.filter((w) => PREPOSITIONS.has(w) && !(compound && CONNECTORS.has(w)));
    if (
      before.length > (compound ? MAX_COMPOUND_QUALIFIERS : MAX_QUALIFIERS) ||
      (before.length > MAX_QUALIFIERS && prepositions.length > 0) ||
      before.some((w) => DEGREE_NAMES.has(w)) ||
      (prepositions.length > 0 && before.some((w) => roleWords.has(w) || DEGREE_WORDS.has(w) || OWNER_WORDS.has(w)))
    )
      break;
    for (let n = Math.min(vocabulary.maxWords, words.length - i); n >= 1; n--) {
      const phrase = words.slice(i, i + n).join(' ');
      let kind = vocabulary.alone.has(phrase) ? undefined : vocabulary.exact.get(phrase);
      if (!kind && n === 1)
        kind = vocabulary.suffixes.find(([suffix]) => phrase.length > suffix.length && phrase.endsWith(suffix))?.[1];
      if (!kind) continue;
      const after = words.slice(i + n);
      if (before.length > MAX_QUALIFIERS && after.length > 0) continue;
      if (after.length > 4 || (after.length > 0 && !CONNECTORS.has(after[0] ?? ''))) continue;
      // "Related Experience in Education", "Erfahrung im Bildungswesen": experience in a field is experience (the
      // posts were read as schools).
      const named = before.findIndex(
        (w, j) => j > 0 && FIELD_IN.has(w) && vocabulary.exact.get(before[j - 1]!) === ('experience' as K),
      );
      if (named > 0) kind = 'experience' as K;
      if (!best || n > best.n) best = { kind, n };
      break;
    }
  }
  return best ? { kind: best.kind, rest } : undefined;
}

// No heading phrase of the vocabulary is longer.
const MAX_HEADING_CHARS = 60;

/**
 * "■ WORK EXPERIENCE", "▸ EDUCATION:": a template may set a glyph before every heading, which reads as a bullet; a
 * shouted line that is a heading phrase of the vocabulary as it stands is that heading, not a list item.
 */
function bulletHeading<K extends string>(line: Line, vocabulary: Vocabulary<K>): HeadingMatch<K> | undefined {
  if (line.text.length > MAX_HEADING_CHARS) return undefined;
  const head = line.text.replace(/[\s:：.]+$/, '');
  if (!isUpper(head)) return undefined;
  const phrase = foldWords(head);
  const kind = vocabulary.alone.has(phrase) ? undefined : vocabulary.exact.get(phrase);
  return kind ? { kind, rest: '' } : undefined;
}

// Where posts land when their heading is missed: above the first heading, in the profile or the skills.
const POSTS_ASTRAY = new Set<string>(['header', 'summary', 'skills']);

/**
 * "Experience Halvorsen Freight Ltd January 2008": an experience heading in title case run into its first post, an
 * employer and the post's dates, in a section posts are not read from ("Experience Designer" in an experience
 * section is a title, "Career Achievement Award, 2016" among awards an award).
 */
function datedPost<K extends string>(word: string, tokens: readonly string[], current: Section<K>): boolean {
  const kind = CV_VOCABULARY.exact.get(foldWords(word));
  return (
    kind === 'experience' &&
    POSTS_ASTRAY.has(current.kind) &&
    findDateSpans(tokens.slice(1).join(' '), DATES_NOW).length > 0
  );
}

/**
 * A heading that lost its line break and runs into the first line of its section ("Work Experience Carnegie
 * Mellon University", "PROFESSIONAL EXPERIENCE Senior Analyst, Acme"): a capitalised heading phrase of two or
 * more words, then a capitalised word that does not continue the phrase. A one-word heading is read this way only
 * in capitals before words that are not ("EDUCATION Bachelor of Arts, …"): "Experience with SQL", "Education
 * Coordinator" are a sentence and a title.
 */
function gluedHeading<K extends string>(
  line: Line,
  vocabulary: Vocabulary<K>,
  kinds: ReadonlySet<K>,
  current: Section<K>,
): (HeadingMatch<K> & { heading: string }) | undefined {
  if (line.bullet) return undefined;
  const tokens = line.text.split(' ');
  for (let n = Math.min(vocabulary.maxWords, tokens.length - 1); n >= 1; n--) {
    const head = tokens.slice(0, n);
    if (!head.every((t) => /^\p{Lu}/u.test(t))) continue;
    if (n === 1 && !(isUpper(head[0]!) && !isUpper(tokens.slice(1).join(' '))) && !datedPost(head[0]!, tokens, current))
      continue;
    const kind = vocabulary.exact.get(foldWords(head.join(' ')));
    if (!kind || !kinds.has(kind) || vocabulary.alone.has(foldWords(head.join(' ')))) continue;
    const next = tokens[n]!;
    if (!/^\p{Lu}/u.test(next) || CONNECTORS.has(foldWords(next)) || PREPOSITIONS.has(foldWords(next)))
      return undefined;
    return { kind, rest: tokens.slice(n).join(' '), heading: head.join(' ') };
  }
  return undefined;
}

function segment<K extends string>(
  lines: readonly Line[],
  vocabulary: Vocabulary<K>,
  // A kind returned instead of true heads the section with that kind.
  isHeading: (current: Section<K>, m: HeadingMatch<K>, line: Line, next: Line | undefined) => boolean | K,
  gluedKinds: ReadonlySet<K> = new Set(),
  isColumnName: (current: Section<K>, m: HeadingMatch<K>, next: Line | undefined) => boolean = () => false,
  extraHeading: (current: Section<K>, line: Line) => HeadingMatch<K> | undefined = () => undefined,
): Section<K>[] {
  const sections: Section<K>[] = [{ kind: 'header', heading: '', lines: [] }];
  for (const [i, line] of lines.entries()) {
    const current = sections[sections.length - 1]!;
    const m = matchHeading(line, vocabulary) ?? extraHeading(current, line);
    const glued = m || gluedKinds.size === 0 ? undefined : gluedHeading(line, vocabulary, gluedKinds, current);
    // A table's column name, like a heading, names what follows and is no content of its own.
    if (m && isColumnName(current, m, lines[i + 1])) continue;
    const heads = m ? isHeading(current, m, line, lines[i + 1]) : false;
    if (m && heads !== false) {
      const section: Section<K> = { kind: heads === true ? m.kind : heads, heading: line.text, lines: [] };
      if (m.rest) section.lines.push({ text: m.rest, bullet: false });
      sections.push(section);
    } else if (glued) {
      sections.push({ kind: glued.kind, heading: glued.heading, lines: [{ text: glued.rest, bullet: false }] });
    } else {
      current.lines.push(line);
    }
  }
  return sections;
}

/**
 * CV sections. Inside an experience or project entry, "Skills: …" / "Project: …" style label lines describe the
 * entry, so a label with content there does not open a new section (education and experience still do).
 */
/** How a heading is written: shouted or not, with a colon or not. */
function headingStyle(text: string): string {
  const head = text.split(/[:：]/)[0] ?? '';
  return `${isUpper(head) ? 'upper' : 'mixed'}${/[:：]/.test(text) ? ':' : ''}`;
}

/**
 * CV sections. Inside an experience or project entry, label lines ("Tools:", "Technologies: …", "Project
 * Overview") describe the entry: a skills/summary/other heading only ends an experience or projects section
 * when it is written like that section's own heading, or when it is an education/experience heading.
 */
const GLUED_CV_HEADINGS = new Set<CvSectionKind>(['experience', 'education']);
// Labels of an entry's parts that are no section heading of their own ("Achievements" alone is one).
const ENTRY_LABEL = new Set(ENTRY_LABELS.map(foldWords).filter((l) => !CV_VOCABULARY.exact.has(l)));
const isEntryLabel = (line: Line) => ENTRY_LABEL.has(foldWords(line.text.split(/[:：]/)[0] ?? ''));
const PUBLICATIONS = new Set(PUBLICATION_HEADINGS.map(foldWords));

const TEACHING = new Set(TEACHING_HEADINGS.map(foldWords));
const isTeachingHeading = (line: Line) => TEACHING.has(foldWords(line.text.split(/[:：]/)[0] ?? ''));

const REFERENCES_HEADING =
  /\b(?:references?|referees?|referenzen|références|referencias|referenze|referenties|referências)\b/i;

const ENTRY_REFERENCES = /\b(?:client|customer|project|kunden|projekt)\p{L}*\s+referen/iu;

/** A heading of the referees' section ("References", "REFEREES:", "Referenzen"). */
export function isReferencesHeading(heading: string): boolean {
  return REFERENCES_HEADING.test(heading);
}

/**
 * "EDUCATION" / "Certification" / "Institute" / "Year" / "B.Tech" …: an education table flattened column by
 * column names its first column "Certification" or "Qualification"; that cell, right under the heading and above
 * another column's name, is no heading (the rows stay in the education section) but the first column's name.
 */
function isEducationTableColumn(
  current: Section<CvSectionKind>,
  m: HeadingMatch<CvSectionKind>,
  next: Line | undefined,
): boolean {
  return (
    current.kind === 'education' &&
    current.lines.length === 0 &&
    !m.rest &&
    next !== undefined &&
    isEducationTableHeader(next.text.trim())
  );
}

// Only whether a line is dates is asked, not which.
const DATES_NOW = new Date('2020-01-01T00:00:00Z');

/**
 * "Curriculum Advisor" / "3/2012 - 8/2016" / "Northgate Adult Education" / "Fairview, OR": in an experience section a
 * line right after an entry's dates that reads like a qualified education heading ("Adult Education", "Higher
 * Education") is the entry's employer; a heading of the vocabulary as it stands ("Education") still opens the
 * section, and so does one shouted like the section's own heading ("EMPLOYMENT" … "HIGHER EDUCATION") or followed by
 * a degree ("Higher Education" / "BA (Hons) History, …").
 */
function entryFirm(current: Section<CvSectionKind>, line: Line, next: Line | undefined): boolean {
  const last = current.lines[current.lines.length - 1];
  const head = foldWords(line.text.split(/[:：]/)[0] ?? '');
  // "E du c ati on": a heading a PDF cut into letter groups is the vocabulary's as it stands too.
  if (!last || CV_VOCABULARY.exact.has(head) || CV_VOCABULARY.compact.has(head.replace(/ /g, ''))) return false;
  const shouted = headingStyle(line.text) === 'upper' && headingStyle(current.heading) === 'upper';
  if (shouted || (next && findDegrees(next.text).length > 0)) return false;
  const spans = findDateSpans(last.text, DATES_NOW);
  if (spans.length === 0) return false;
  let rest = last.text;
  for (const sp of [...spans].sort((a, b) => b.from - a.from)) rest = rest.slice(0, sp.from) + rest.slice(sp.to);
  return /^[\s,;:.()–—-]*$/.test(rest);
}
// What an education entry lists under a label with its content ("Honors: Dean's List (2010)", "Courses: …").
const EDUCATION_FIELD_KINDS = new Set<CvSectionKind>(['other', 'certifications', 'projects']);

/**
 * "Honors: Dean's List (2010)", "Relevant Courses: Genetics, Ecology", "Thesis project: …": inside an education
 * section such a label with its content on the line is a field of the entry above, not a new section (the entries
 * after it were lost to it), unless written like the section's own heading.
 */
function isEducationField(current: Section<CvSectionKind>, m: HeadingMatch<CvSectionKind>, line: Line): boolean {
  return !!m.rest && EDUCATION_FIELD_KINDS.has(m.kind) && headingStyle(line.text) !== headingStyle(current.heading);
}

// "Onderwijs" is education, and on a Dutch academic's CV also the courses taught: after an education section of its
// own ("Opleiding"), a section headed "Onderwijs" alone that names no degree lists the teaching.
const AMBIGUOUS_EDUCATION = new Set(['onderwijs']);

function teachingBesideEducation(sections: Section<CvSectionKind>[]): Section<CvSectionKind>[] {
  const ambiguous = (s: Section<CvSectionKind>) =>
    s.kind === 'education' && AMBIGUOUS_EDUCATION.has(foldWords(s.heading.split(/[:：]/)[0] ?? ''));
  const first = sections.findIndex((s) => s.kind === 'education' && !ambiguous(s));
  if (first < 0) return sections;
  return sections.map((s, i) =>
    i > first && ambiguous(s) && !s.lines.some((l) => findDegrees(l.text).length > 0) ? { ...s, kind: 'other' } : s,
  );
}

// "Diploma in" / "Data Systems" / "Certificate (Std X)" / "Certification" / "Course" / "University (Year)": in an
// education
// table flattened a column at a time, a qualification's cell may wrap after a heading word; the word that ends it alone
// on the next line ("Course", "Program") joins it, among the column's short cells (the table's other columns, its
// schools and years, went to a certifications section).
const CELL_END = /^(?:courses?|program(?:me)?s?|training|exam(?:ination)?s?)$/i;
const TABLE_CELL_WORDS = 4;
function wrappedCell(current: Section<CvSectionKind>, line: Line, next: Line | undefined): boolean {
  const prev = current.lines[current.lines.length - 1];
  return (
    !/[:：]/.test(line.text) &&
    prev !== undefined &&
    prev.text.split(/\s+/).length <= TABLE_CELL_WORDS &&
    next !== undefined &&
    !next.bullet &&
    CELL_END.test(next.text.trim())
  );
}

/** "Experience" among a skills table's column names: on one line with them, or right under one alone on its line. */
function skillTableHead(current: Section<CvSectionKind>, line: Line): boolean {
  const prev = current.lines[current.lines.length - 1];
  return isSkillTableColumn(line.text) || (prev !== undefined && !prev.bullet && isSkillTableColumn(prev.text));
}

// A line this long holds a whole CV or a stretch of one: a PDF export that lost every line break.
const ONE_LINE_EXPORT = 200;
const ALNUM_START = /^[\p{Lu}\d]/u;
const LOWER_START = /^\p{Ll}/u;
const upperToken = (t: string) => isUpper(t) || t === '&';
const ABBREVIATION = /^(?:\p{Lu}{2,3}|(?:\p{Lu}{1,2}\.)+\p{Lu}?)[,:;]?$/u;

/**
 * Where a heading stands inside a one-line export: its first token and token count, and whether it is read only
 * beside others ("Formation Master …" alone is a sentence's noun as often as a heading).
 */
interface InlineHeading {
  at: number;
  n: number;
  weak: boolean;
}

function inlineHeadingAt(tokens: readonly string[], i: number): InlineHeading | undefined {
  const prev = tokens[i - 1];
  if (prev === undefined || !/^\p{Lu}/u.test(tokens[i]!)) return undefined;
  const prevWord = foldWords(prev);
  // "Bachelor of Education", "Graduate School of Education", "Experience with SQL": a phrase, not a heading.
  if (PREPOSITIONS.has(prevWord) || DEGREE_WORDS.has(prevWord) || OWNER_WORDS.has(prevWord) || roleWords.has(prevWord))
    return undefined;
  const shoutedBefore = upperToken(prev);
  for (let n = Math.min(CV_VOCABULARY.maxWords, tokens.length - i - 1); n >= 1; n--) {
    const words = tokens.slice(i, i + n);
    const phrase = foldWords(words.join(' '));
    if (!phrase || CV_VOCABULARY.alone.has(phrase) || !CV_VOCABULARY.exact.has(phrase)) continue;
    const next = tokens[i + n]!;
    const nextWord = foldWords(next);
    if (LOWER_START.test(next) || CONNECTORS.has(nextWord) || PREPOSITIONS.has(nextWord)) return undefined;
    // "… Leeds WORK EXPERIENCE Senior Analyst …": capitals between words that are not, or before an abbreviation
    // ("EDUCATION BA Fashion …"; "EDUCATION COORDINATOR" is a title).
    if (words.every(upperToken))
      return shoutedBefore || (upperToken(next) && !ABBREVIATION.test(next)) ? undefined : { at: i, n, weak: false };
    if (!ALNUM_START.test(next)) return undefined;
    // "Expérience professionnelle Responsable …", "Ausbildung 2010 - 2014 …": several words, or dates after it.
    return { at: i, n, weak: n === 1 && !/^\d/.test(next) };
  }
  return undefined;
}

/**
 * A one-line export ("Tessa Marlowe … PROFILE Analyst … WORK EXPERIENCE Senior Analyst … EDUCATION MSc …") is
 * cut before each heading it runs into, so that the sections are found: a shouted heading between words that are
 * not, or one in title case followed by a capital or a date; a one-word heading in title case followed by a word
 * only where such a heading and another were found on the line.
 */
function inlineHeadings(line: Line): Line[] {
  if (line.text.length < ONE_LINE_EXPORT) return [line];
  const tokens = line.text.split(' ');
  const found: InlineHeading[] = [];
  for (let i = 1; i < tokens.length - 1; i++) {
    const h = inlineHeadingAt(tokens, i);
    if (!h) continue;
    found.push(h);
    i += h.n - 1;
  }
  const strong = found.filter((f) => !f.weak).length;
  const cuts = found.filter((h) => !h.weak || (strong >= 1 && found.length >= 3));
  if (cuts.length === 0) return [line];
  const out: Line[] = [];
  let from = 0;
  let kind: CvSectionKind | undefined;
  const body = (text: string) =>
    (kind === 'experience' || kind === 'education' ? entryLines(text, kind) : [text]).map((t) => ({
      text: t,
      bullet: false,
    }));
  for (const h of cuts) {
    if (h.at > from) {
      if (from === 0) out.push({ text: tokens.slice(0, h.at).join(' '), bullet: line.bullet });
      else out.push(...body(tokens.slice(from, h.at).join(' ')));
    }
    const heading = tokens.slice(h.at, h.at + h.n).join(' ');
    kind = CV_VOCABULARY.exact.get(foldWords(heading));
    out.push({ text: heading, bullet: false });
    from = h.at + h.n;
  }
  out.push(...body(tokens.slice(from).join(' ')));
  return out;
}

// A sentence ends after a word of two letters or more, before a capital ("Dr. Lang" and "B.Sc. Physics" go on).
const SENTENCE_BREAK = /(?<=\p{Ll}{2}[.!?])\s+(?=\p{Lu})/u;

/**
 * The posts or degrees of a one-line export, one line each part: a sentence ends a line, and so does a date
 * ("… University of Eastwick 2013 BSc …"); a post's period stands on its own line ("Analyst Harrowgate Foods,
 * York" / "June 2015 - February 2019" / "Ran the promotions."), as in the layouts the entries are read from.
 */
function entryLines(text: string, kind: 'experience' | 'education'): string[] {
  const out: string[] = [];
  for (const sentence of text.split(SENTENCE_BREAK)) {
    let from = 0;
    for (const sp of findDateSpans(sentence, DATES_NOW)) {
      if (kind === 'experience' && !(sp.start && (sp.end || sp.ongoing))) continue;
      if (kind === 'experience') out.push(sentence.slice(from, sp.from));
      out.push(sentence.slice(kind === 'experience' ? sp.from : from, sp.to));
      from = sp.to;
    }
    out.push(sentence.slice(from));
  }
  return out.map((t) => t.trim()).filter((t) => /[\p{L}\p{N}]/u.test(t));
}

export function cvSections(lines: readonly Line[]): Section<CvSectionKind>[] {
  const sections = cvSectionsOf(lines.flatMap(inlineHeadings)).map(overviewOfPosts);
  return teachingBesideEducation(teachingAsEducation(sections));
}

// A post's header is short and no sentence.
const POST_HEADER_CHARS = 120;

/**
 * "CAREER OVERVIEW" / "ASSOCIATE PRINCIPAL (8/01 to Present) Brightwater, Austin, TX": a summary heading over a
 * list of posts, the first line a post's header with its period, is the experience section (its posts were read
 * as a profile's sentences).
 */
function overviewOfPosts(section: Section<CvSectionKind>): Section<CvSectionKind> {
  const first = section.lines[0];
  if (section.kind !== 'summary' || !first || first.bullet || first.text.length > POST_HEADER_CHARS) return section;
  // A year alone ("2005-06") dates a highlight as often as a post: the line names the post too.
  if (/[.!?]$/.test(first.text) || onlyDates(first.text, DATES_NOW)) return section;
  const period = findDateSpans(first.text, DATES_NOW).some((sp) => sp.start && (sp.end || sp.ongoing));
  return period ? { ...section, kind: 'experience' } : section;
}

const INTERNSHIP = new Set(INTERNSHIP_HEADINGS.map(foldWords));
const MAX_INTERNSHIP_CHARS = 30;

/**
 * "INTERNSHIP" / "STAGE" shouted alone outside an experience section heads the internships (they were read into
 * the education section above). Inside an experience section, or right under an entry's dates, it is an entry's
 * title.
 */
function internshipHeading(current: Section<CvSectionKind>, line: Line): HeadingMatch<CvSectionKind> | undefined {
  if (line.bullet || current.kind === 'experience' || line.text.length > MAX_INTERNSHIP_CHARS) return undefined;
  const head = line.text.replace(/[\s:：.]+$/, '');
  if (!isUpper(head) || !INTERNSHIP.has(foldWords(head))) return undefined;
  // Under an education entry the dates above are its own ("2022"), not the internship's.
  const last = current.kind === 'education' ? undefined : current.lines[current.lines.length - 1];
  return last && onlyDates(last.text, DATES_NOW) ? undefined : { kind: 'experience', rest: '' };
}

/**
 * "ENSEIGNEMENT" is the courses an academic taught, and on a Belgian CV the candidate's own schooling: a teaching
 * section whose lines open with a degree ("Bachelier en comptabilité, Haute École …") on a CV without an education
 * section lists the candidate's degrees. One split from the posts above that is no education goes back to them (a
 * lecturer's posts list the teaching under their own heading's style).
 */
function teachingAsEducation(sections: Section<CvSectionKind>[]): Section<CvSectionKind>[] {
  const hasEducation = sections.some((s) => s.kind === 'education');
  const out: Section<CvSectionKind>[] = [];
  for (const s of sections) {
    const prev = out[out.length - 1];
    if (s.kind !== 'other' || !isTeachingHeading({ text: s.heading, bullet: false })) out.push(s);
    else if (!hasEducation && s.lines.some((l) => findDegrees(l.text)[0]?.index === 0))
      out.push({ ...s, kind: 'education' });
    else if (prev && (prev.kind === 'experience' || prev.kind === 'projects'))
      prev.lines.push({ text: s.heading, bullet: false }, ...s.lines);
    else out.push(s);
  }
  return out;
}

function cvSectionsOf(lines: readonly Line[]): Section<CvSectionKind>[] {
  return segment(
    lines,
    CV_VOCABULARY,
    (current, m, line, next) => {
      // "Certification" / "Course" in an education table: a qualification's cell wrapped, not a heading.
      if (current.kind === 'education' && m.kind === 'certifications' && wrappedCell(current, line, next)) return false;
      // "Skill Level" / "Last Used / Experience" / "Current / 3 years": a skills table's column names, not a heading.
      if (m.kind === 'experience' && !m.rest && skillTableHead(current, line)) return false;
      // "Teaching" after the education section of an academic (a master's or doctorate above): the courses the
      // candidate taught, in the style of the section's heading (a lone "Lehre" cell of an apprentice's row is
      // none: "Lehre" is also the apprenticeship); inside an experience section they stay with the posts.
      if (current.kind === 'education' && isTeachingHeading(line))
        return (
          !m.rest &&
          headingStyle(line.text) === headingStyle(current.heading) &&
          current.lines.some((l) => findDegrees(l.text).some((d) => d.level >= 5))
        );
      if (current.kind === 'education') return !isEducationField(current, m, line);
      if (current.kind !== 'experience' && current.kind !== 'projects') return true;
      // Split off in the section heading's style, to be read as education or put back (teachingAsEducation).
      if (isTeachingHeading(line)) return !m.rest && headingStyle(line.text) === headingStyle(current.heading);
      // "Responsibilities & Achievements" under each post: a part of the entry, whatever its style (the posts after
      // it were read as achievements).
      if (m.kind !== 'education' && m.kind !== 'experience' && isEntryLabel(line)) return false;
      if (m.kind === 'education' && entryFirm(current, line, next)) return false;
      if (m.kind === 'education' || m.kind === 'experience' || m.kind === 'contact') return true;
      // Referees end the CV's own details whatever their heading's style: their names and numbers are not the
      // candidate's. Clients or projects named as references ("Client References") may be a field of an entry,
      // which ends the section only in the section heading's style.
      if (!m.rest && isReferencesHeading(line.text) && !ENTRY_REFERENCES.test(line.text)) return true;
      // "Publications: Books" after the last position: a list of citations, never a field of an entry.
      if (PUBLICATIONS.has(foldWords(line.text.split(/[:：]/)[0] ?? '')) && !/\d/.test(m.rest)) return true;
      return !m.rest && headingStyle(line.text) === headingStyle(current.heading);
    },
    GLUED_CV_HEADINGS,
    isEducationTableColumn,
    internshipHeading,
  );
}

export function jobSections(lines: readonly Line[]): Section<JobSectionKind>[] {
  return segment(lines, JOB_VOCABULARY, () => true);
}

export function isCvHeading(line: Line): boolean {
  return matchHeading(line, CV_VOCABULARY) !== undefined;
}

export function isJobHeading(line: Line): boolean {
  return matchHeading(line, JOB_VOCABULARY) !== undefined;
}
