/**
 * Job headlines: the candidates stage proposes values for title, company and city from the first lines of an ad
 * (each segment between separators, runs of comma-joined segments for titles like "Engineer, Machine Learning", and
 * the slots of "X is hiring a Y in Z", "About X", "The role: Y"), each with features that say what the segment
 * looks like and what surrounds it, not where it sits (so a layout never trained on still reads); the scoring stage
 * (a logistic regression per field, weights in data/headline-model.json, trained by `pnpm train:analysis`) scores
 * every candidate for every field, and the joint assignment picks the best-scoring (title, company, city) with no
 * two fields on the same words.
 */
import { committedData } from './data-files.js';
import { countryNamed, countryOfCity, countryOfRegion, countryOfTown } from './places.js';
import { legalForms, organisationHints, roleWords } from './lexicon.js';
import { HEADLINE_LANGUAGES, HEADLINE_WORDS, type HeadlineWords } from './headline-data.js';
import { isJobHeading } from './sections.js';
import { foldWords } from './text.js';

export const HEADLINE_FIELDS = ['title', 'company', 'city'] as const;
export type HeadlineField = (typeof HEADLINE_FIELDS)[number];

export interface HeadlineCandidate {
  value: string;
  /** The line it was read from (its evidence). */
  line: string;
  /** Where it sits: the line's index and the character range in it (overlapping candidates exclude each other). */
  lineIndex: number;
  start: number;
  end: number;
  features: readonly string[];
}

export interface HeadlinePick {
  value: string;
  /** Its share of the field's probability among the headline's candidates and "none" (calibrated). */
  confidence: number;
  /** The candidate's own probability of being the field, whatever the others score. */
  probability: number;
  evidence: string;
}

export interface HeadlineModel {
  version: string;
  weights: Record<HeadlineField, Record<string, number>>;
}

type WordKey = { [K in keyof HeadlineWords]: HeadlineWords[K] extends string[] ? K : never }[keyof HeadlineWords];
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const all = (key: WordKey) => [...new Set(HEADLINE_LANGUAGES.flatMap((l) => HEADLINE_WORDS[l][key]))];
// A typographic apostrophe is as common as the straight one ("We’re hiring").
const alternation = (words: readonly string[]) =>
  [...words]
    .sort((a, b) => b.length - a.length)
    .map((w) => escape(w).replace(/['’]/g, "['’]"))
    .join('|');

// Also bare, between spaces ("Pflegefachkraft m/w/d", "Chef de partie H/F - CDI").
const GENDER_TAG = `${alternation(all('gender'))}|[([]\\s*(?:[mwfdhvx]\\s*[/|,]\\s*){1,3}[mwfdhvx]\\s*[)\\]]|(?<=\\s)(?:[mwfdhvx]\\s?/\\s?){1,3}[mwfdhvx](?=\\s|$)`;
const GENDER = new RegExp(`\\s*(?:${GENDER_TAG})`, 'giu');
/** The first gender tag of a text (no global state between calls). */
const FIRST_GENDER_TAG = new RegExp(GENDER.source, 'iu');
/** The text without gender tags of the seven languages ("(m/w/d)", "(gn)", "(H/F)", "(m/v/x)"). */
export const withoutGenderTags = (text: string) => text.replace(GENDER, '');
// A feminine or inclusive ending joined to its word: "Vendedor(a)", "Cocinero/a", "Aide-soignant(e)", "Erzieher*in",
// "Mitarbeiter:in", "Verkäufer(in)". Full-word pairs ("serveur/serveuse") are left as written.
const GENDER_ENDING = /(?<=\p{L})(?:\((?:a|e|ne|in|es|as|os|le|se)\)|\/(?:a|as|e|es|in|innen|ne)(?!\p{L})|[*:](?:in|innen)(?!\p{L}))/gu;
/** The title without gender endings joined to its words ("Impiegato/a amministrativo/a" → "Impiegato amministrativo"). */
export const withoutGenderEndings = (text: string) => text.replace(GENDER_ENDING, '');
/**
 * "We're hiring:", "On recrute :", "Vacature –" opening a line: a prefix, not a hirer ("On" is no company). Whatever
 * mark ends it ("We're hiring!", "Now hiring –") ends the prefix.
 */
const PREFIX_WORDS = all('hiringPrefix').map((p) => p.replace(/\s*[:–—-]$/u, ''));
const MARKED_PREFIX = new RegExp(`^(?:${alternation(PREFIX_WORDS)})\\s*(?:[:!–—-]|\\.{3}|…|$)\\s*`, 'iu');
// A lead word needs no mark, so it counts only as written (or in capitals) and before a capital: "Cercasi Cameriere".
const LEAD_WORDS = all('hiringLead').flatMap((w) => [w, w.toLocaleUpperCase()]);
const HIRING_LEAD = new RegExp(
  `^(?:${alternation(LEAD_WORDS)})\\s+(?:(?:${alternation(all('article'))})\\s+)?(?=[\\p{Lu}\\d])`,
  'u',
);
/** The hiring prefix opening `text` ("Wir suchen: ", "Cercasi "), or ''. */
export const hiringPrefixOf = (text: string) => MARKED_PREFIX.exec(text)?.[0] ?? HIRING_LEAD.exec(text)?.[0] ?? '';
/** The text without a hiring prefix of the seven languages ("Wir suchen: Title" → "Title"). */
export const withoutHiringPrefix = (text: string) => text.slice(hiringPrefixOf(text).length);
export const opensWithHiringPrefix = (text: string) => hiringPrefixOf(text) !== '';
/** The text with every line's hiring prefix blanked, same length: "Offre d'emploi :" names no skill. */
export const blankHiringPrefixes = (text: string) =>
  text
    .split('\n')
    .map((line) => {
      const lead = line.length - line.trimStart().length;
      const prefix = hiringPrefixOf(line.slice(lead));
      return prefix ? line.slice(0, lead) + ' '.repeat(prefix.length) + line.slice(lead + prefix.length) : line;
    })
    .join('\n');
/** Subjects that hire but are no company ("We are hiring", "Our client, a retailer, is recruiting"). */
export const NO_HIRER = alternation(all('pronouns'));
const HIRING = new RegExp(
  `^(?!(?:${NO_HIRER})[\\s,])(.{2,60}?)\\s+(?:${alternation(all('hiring'))})\\s+(?:(?:${alternation(all('hiringWhen'))})\\s+)?(?:(?:${alternation(all('article'))})\\s+)?(.{2,120}?)[.!]?$`,
  'diu',
);
/** "… a Title in City": every "in" word of the rest is a possible split (titles have them too: "Merchant in Metals"). */
const IN_WORD = new RegExp(`\\s+(?:${alternation(all('in'))})\\s+`, 'giu');
const ABOUT = new RegExp(`^(?:${alternation(all('about'))})\\s+(.{2,60}?)\\s*:?$`, 'diu');
const ROLE = new RegExp(`^(?:${alternation(all('role'))})\\s*(.{2,80})$`, 'diu');

/**
 * What separates segments, by kind; the kind on either side of a segment is one of its features. A gender tag is a
 * separator too (it follows the title). Dashes and slashes need spaces so "Full-time" and "B2B/SaaS" stay whole.
 */
const SEPARATORS: ReadonlyArray<readonly [string, string]> = [
  ['gender', GENDER_TAG],
  ['dash', '(?<=\\s)-(?=\\s)|[–—]'],
  ['pipe', '\\|'],
  ['slash', '(?<=\\s)/(?=\\s)'],
  ['dot', '[·•]'],
  ['comma', '[,;](?=\\s)'],
  // "Aide-soignant(e)", "Vendedor(a)", "Mitarbeiter(in)": a gender ending in brackets is part of its word.
  ['open', '[([](?!\\p{Ll}{1,3}[)\\]])|(?<!\\p{L})[([]'],
  ['close', '(?<!\\p{L}[([]\\p{Ll}{1,3})[)\\]]'],
  ['colon', ':(?=\\s)'],
  // "We're hiring! Sous Chef": an exclamation or a question ends a sentence, never a field.
  ['bang', '[!?](?=\\s)'],
  // "Engineer at Acme", "Ingeniero en Acme": a lower-case "at" word before a capital (French/Dutch "en" is "and"
  // or "in" inside titles: "Technicien en Recirculation" stays whole; the run across it is a candidate too).
  ['at', `(?<=\\s)(?:(?:${alternation(all('at'))})(?=\\s+[\\p{Lu}\\d])|@(?=\\s))`], // lower case only: see cells()
  // "Engineer at Acme in London", "Verpleegkundige bij Zorggroep Rivierenland in Tiel": an "in" word after an "at"
  // separator of the same line, before a capital (titles keep theirs: "Master in Business Administration").
  ['in', `(?<=\\s)(?:${alternation(all('in'))})(?=\\s+\\p{Lu})`],
];
const SEPARATOR = new RegExp(SEPARATORS.map(([kind, re]) => `(?<${kind}>${re})`).join('|'), 'giu');

const HIRING_AFTER = new RegExp(`\\s+(?:${alternation(all('hiringAfter'))})\\s*!?$`, 'iu');
const HOURS =
  /^\d{1,2}(?:\s*[-–]\s*\d{1,2})?\s*(?:uur|u|h|hrs?|hours|stunden|std\.?|heures|horas|ore)(?:\s*(?:\/|per|pro|par|por|a)\s*\p{L}+\.?)?$/iu;
/** Headline words that are never a field: work arrangement, employment type, "We're hiring:". */
const NOISE = new Set(
  [...all('remote'), ...all('jobTypes'), ...all('hiringPrefix'), ...all('hiringAfter')]
    .map((w) => foldWords(w))
    .filter(Boolean),
);
const NOISE_WORDS = new Set([...NOISE].filter((w) => !w.includes(' ')));
/**
 * The text without a trailing work arrangement or employment type in parentheses ("Acme Lda. (Temporal)"); nothing
 * when the text is only one ("CDI", "Remote").
 */
export function withoutTrailingNoise(text: string): string {
  if (NOISE.has(foldWords(text))) return '';
  const wanted = HIRING_AFTER.exec(text);
  if (wanted) return text.slice(0, wanted.index);
  // "(Teilzeit, 20 Std./Woche)": an employment type whose other parts are noise or figures (hours, pay) is noise too.
  const m = /\s*\(([^()]+)\)\s*$/u.exec(text);
  // "Kok (32-38 uur)", "Cook (40 hrs/week)": working hours alone.
  if (m && HOURS.test(m[1]!.trim())) return text.slice(0, m.index);
  const parts = m ? m[1]!.split(/\s*[,;]\s*/u) : [];
  if (m && NOISE.has(foldWords(parts[0]!)) && parts.slice(1).every((p) => NOISE.has(foldWords(p)) || /\d/u.test(p)))
    return text.slice(0, m.index);
  // "Pflegefachkraft in Vollzeit", "Comptable en CDI": an employment type joined by a preposition ends the title.
  const joined = /\s+(?:in|en|em|a|à|op|im)\s+(\p{L}[\p{L}-]*)\s*$/iu.exec(text);
  return joined && NOISE.has(foldWords(joined[1]!)) ? text.slice(0, joined.index) : text;
}
const SHIFTS = new Set(all('shifts').map((w) => foldWords(w)));
/** A shift, its plural too ("Night Shifts"). */
const isShift = (folded: string) => SHIFTS.has(folded) || SHIFTS.has(folded.replace(/s$/u, ''));
const partsOf = (text: string) => text.split(/\s*[()[\]/,;|·•–—]\s*|\s+-\s+/u).filter((p) => p.trim());
/** Whether `text` only names work arrangements, employment types or shifts ("Nights", "Remote / Full-time"). */
export function onlyArrangement(text: string): boolean {
  const parts = partsOf(text);
  return parts.length > 0 && parts.every((p) => NOISE.has(foldWords(p)) || isShift(foldWords(p)));
}
/** Whether every part of `text` is a work arrangement, employment type, shift or country ("Remote (UK)"). */
export function onlyArrangementOrCountry(text: string): boolean {
  const parts = partsOf(text);
  return parts.length > 0 && parts.every((p) => onlyArrangement(p) || !!countryNamed(p));
}
const SALARY = /[€$£]|\b\d+\s*k\b|\bR\$|\bRAL\b|\d[.,]\d{3}\b/iu;

/** A line of prose (long, or ending in a full stop) holds no headline field, even cut at its commas. */
export function isProseLine(line: string): boolean {
  const words = line.split(/\s+/).length;
  return words > 14 || (words >= 5 && /\p{Ll}{3}[.!?]$/u.test(line));
}

const HEAD_LINES = 6;
/** At most this many segments make one candidate ("Engineer, Machine Learning, Cloud (EMEA)"). */
const MAX_RUN = 4;
const RUN_JOINS: ReadonlySet<string> = new Set(['comma', 'at', 'in', 'slash', 'open']);

/** What a value looks like, whatever its place: size, capitals, digits, known words and places. */
function shape(value: string): string[] {
  const f: string[] = [];
  const folded = foldWords(value);
  const words = folded.split(' ').filter(Boolean);
  f.push(words.length === 1 ? 'w1' : words.length <= 3 ? 'w2-3' : words.length <= 6 ? 'w4-6' : 'w7+');
  if (/\p{L}.*\p{L}/u.test(value) && value === value.toUpperCase()) f.push('caps');
  if (/\d/.test(value)) f.push('digit');
  if (SALARY.test(value)) f.push('salary');
  if (roleWords.inText(value)) f.push('role');
  if (legalForms.inText(value)) f.push('legal');
  if (organisationHints.inText(value)) f.push('org');
  if (countryOfCity(folded)) f.push('city');
  // A town GeoNames knows beyond our city list ("Kassel", "Wakefield"): weaker evidence, named like words at times.
  else if (words.length <= 4 && countryOfTown(value)) f.push('town');
  if (countryNamed(value) && words.length <= 3) f.push('country');
  // A state or province where the country would stand ("Dayton, OH", "Pune, Maharashtra"): the cell before it is a
  // place even when our city list does not name it.
  else if (words.length <= 3 && countryOfRegion(value)) f.push('region');
  if (NOISE.has(folded) || isShift(folded) || words.some((w) => NOISE_WORDS.has(w))) f.push('noise');
  if (/&/.test(value)) f.push('ampersand');
  f.push(/^\p{Lu}/u.test(value) ? 'upper-initial' : /^\p{Ll}/u.test(value) ? 'lower-initial' : 'other-initial');
  return f;
}

/** The words themselves (learned from ESCO titles, invented companies, headline words): title-likeness. */
function lexical(value: string): string[] {
  const words = foldWords(value)
    .split(' ')
    .filter(Boolean)
    .map((w) => (/\d/.test(w) ? '#' : w));
  if (words.length === 0) return [];
  // The last word's ending generalises to words never seen in training: occupations end alike ("-grapher",
  // "-ista", "-kraft", "-eur"), and so do places ("-burg", "-ville").
  const last = words[words.length - 1]!;
  const ending = last.length >= 5 && !/\d|#/.test(last) ? [`end:${last.slice(-3)}`] : [];
  return [...words.map((w) => `w:${w}`), `first:${words[0]}`, `last:${last}`, ...ending];
}

const NEIGHBOUR_TAGS = new Set(['city', 'town', 'country', 'region', 'legal', 'org', 'role', 'noise', 'salary', 'digit']);
const CROSSED_TAGS = new Set(['role', 'legal', 'city', 'town', 'country', 'caps', 'noise', 'w1', 'w2-3', 'w4-6', 'w7+']);

interface Cell {
  text: string;
  start: number;
  end: number;
  before: string;
  after: string;
}

const AT_NEXT = /^\s+[\p{Lu}\d]/u;
/** A place and a region code written after it without a comma ("Austin TX", "Toronto ON"). */
const REGION_CODE = /^(\p{Lu}[\p{L}.' -]*\p{L})\s+(\p{Lu}{2,3})$/u;
/** A town after its postcode ("74072 Heilbronn", "1012 AB Amsterdam", "1000-001 Lisboa"). */
const POSTCODE_TOWN = /^\d{4,5}(?:-\d{3}|\s?[A-Z]{2})?\s+(\p{Lu}[\p{L}.' -]*\p{L})$/u;
/** A town before a British postcode or its district ("Hexham NE46", "Wakefield WF2 0XQ"). */
const TOWN_POSTCODE = /^(\p{Lu}[\p{L}.' -]*\p{L})\s+[A-Z]{1,2}\d[A-Z\d]?(?:\s+\d[A-Z]{2})?$/u;
/**
 * The town a cell writes beside a capitalised region's code or a postcode, where it starts in the cell and the
 * feature naming which (the three shapes exclude one another).
 */
function townBesideCode(text: string): { value: string; at: number; feature: string } | undefined {
  const region = REGION_CODE.exec(text);
  if (region && countryOfRegion(region[2]!)) return { value: region[1]!, at: 0, feature: 'before-region-code' };
  const after = POSTCODE_TOWN.exec(text);
  if (after) return { value: after[1]!, at: text.length - after[1]!.length, feature: 'beside-postcode' };
  const before = TOWN_POSTCODE.exec(text);
  return before ? { value: before[1]!, at: 0, feature: 'beside-postcode' } : undefined;
}
/** A dash between two amounts is a range ("40.000 – 69.000 €", "77–114k €", "£47,000 – £59,000"), not a separator. */
const AMOUNT_BEFORE = /\d\s*(?:k|[€$£])?\s*$/iu;
const AMOUNT_AFTER = /^\s*(?:R\$|[€$£])?\s*\d/u;

/** The segments of a line between separators, each with the kind of separator on either side. */
function cells(line: string): Cell[] {
  const out: Cell[] = [];
  let from = 0;
  let before = 'start';
  const push = (to: number, after: string) => {
    const raw = line.slice(from, to);
    const lead = raw.length - raw.trimStart().length;
    const text = raw.trim();
    if (text) out.push({ text, start: from + lead, end: from + lead + text.length, before, after });
  };
  let afterAt = false;
  for (const m of line.matchAll(SEPARATOR)) {
    const kind = Object.entries(m.groups ?? {}).find(([, v]) => v !== undefined)?.[0] ?? 'other';
    if (kind === 'in' && (!afterAt || m[0] !== m[0].toLowerCase() || !AT_NEXT.test(line.slice(m.index + m[0].length))))
      continue;
    // The "at" word itself in lower case, before a capital or digit (the 'i' flag folds the lookahead's \p{Lu}:
    // "rédacteur en chef" and "audio- en videoapparatuur" stay whole).
    if (
      kind === 'at' &&
      (m[0] !== m[0].toLowerCase() || (m[0] !== '@' && !AT_NEXT.test(line.slice(m.index + m[0].length))))
    )
      continue;
    if (
      kind === 'dash' &&
      AMOUNT_BEFORE.test(line.slice(from, m.index)) &&
      AMOUNT_AFTER.test(line.slice(m.index + m[0].length))
    )
      continue;
    push(m.index, kind);
    afterAt ||= kind === 'at';
    // A segment's "before" is the separator nearest to it: ") – Company" reads as a dash.
    before = kind;
    from = m.index + m[0].length;
  }
  push(line.length, 'end');
  return out;
}

/** What the segments after the first one of a run look like: their tags, size and words. */
function runParts(rest: readonly Cell[], restTags: readonly string[][]): string[] {
  const out = new Set<string>();
  for (const [k, cell] of rest.entries()) {
    for (const t of restTags[k] ?? []) out.add(`part-${t}`);
    const words = foldWords(cell.text).split(' ').filter(Boolean);
    out.add(`part-w${words.length === 1 ? '1' : words.length <= 3 ? '2-3' : '4+'}`);
    if (/^\p{Lu}/u.test(cell.text)) out.add('part-upper-initial');
    for (const w of words) out.add(`part-w:${w}`);
  }
  return [...out];
}

/** The candidates of every field in the first lines of an ad. */
/** The city of our list that opens a segment followed by at most two more words ("Lyon 7e", "Berlin-Mitte"). */
function knownCityBefore(text: string): string | undefined {
  const words = [...text.matchAll(/[^\s-]+/gu)];
  for (let k = Math.min(3, words.length - 1); k >= 1 && words.length - k <= 2; k--) {
    const last = words[k - 1]!;
    const prefix = text.slice(0, last.index + last[0].length);
    if (countryOfCity(prefix)) return prefix;
  }
  return undefined;
}

export function headlineCandidates(text: string): HeadlineCandidate[] {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, HEAD_LINES);
  const out: HeadlineCandidate[] = [];
  const add = (value: string, li: number, start: number, end: number, context: string[]) => {
    const v = value
      .replace(GENDER, '')
      .replace(/^[\s,;:–—|·•#*-]+|[\s,;:–—|·•!*-]+$/g, '')
      // A full stop ends a sentence, not an abbreviation ("Acme Inc.", "Veltrix Sp. z o.o." keep theirs).
      .replace(/(\p{L}{5,})\.$/u, '$1')
      .trim();
    if (v.length < 2 || v.length > 100) return;
    // Prose, not a headline field: five words or more ending in a full stop, or one inside.
    const prose = /[.!?]$/.test(value.trim()) && v.split(/\s+/).length >= 5;
    const s = [...shape(v), ...(prose || /[a-z]{3}[.!?]\s/u.test(value) ? ['sentence'] : [])];
    const crossed = s.filter((t) => CROSSED_TAGS.has(t));
    out.push({
      value: v,
      line: lines[li]!,
      lineIndex: li,
      start,
      end,
      features: [
        ...context,
        ...s,
        ...lexical(v),
        ...context.filter((c) => !c.startsWith('prevword:')).flatMap((c) => crossed.map((t) => `${c}&${t}`)),
      ],
    });
  };
  // A section heading ("Votre profil", "Requirements") and the lines under it are the ad's body: features, so the
  // model weighs them (the "About Acme" heading may still be followed by "The role: Title").
  const heading = lines.map((l) => isJobHeading({ text: l, bullet: false }));
  const below = (li: number) =>
    heading[li] ? ['heading-line'] : heading.slice(0, li).some(Boolean) ? ['below-heading'] : [];
  const slot = (m: RegExpExecArray, group: number, li: number, name: string) => {
    const at = m.indices?.[group];
    if (m[group] && at) add(m[group], li, at[0], at[1], [li === 0 ? 'first-line' : 'later-line', ...below(li), name]);
  };
  lines.forEach((line, li) => {
    const where = li === 0 ? 'first-line' : /^[-•*–]\s/.test(line) ? 'bullet-line' : 'later-line';
    const prose = isProseLine(line) ? ['prose-line'] : [];
    const hiring = opensWithHiringPrefix(line) ? null : HIRING.exec(line);
    if (hiring) {
      slot(hiring, 1, li, 'slot-hirer');
      const [from, to] = hiring.indices![2]!;
      const context = [where, ...below(li), 'slot-hired'];
      add(line.slice(from, to), li, from, to, [...context, 'slot-hired-whole']);
      // "… sucht eine Verkäuferin (m/w/d) für unsere Filiale in Münster": a gender tag closes the title.
      const tag = FIRST_GENDER_TAG.exec(line.slice(from, to));
      if (tag) add(line.slice(from, from + tag.index), li, from, from + tag.index, [...context, 'slot-before-gender']);
      for (const m of line.slice(from, to).matchAll(IN_WORD)) {
        const cut = from + m.index;
        // What the rest after the cut looks like ("… à sec à Köln": only the last cut leaves a city).
        const rest = shape(line.slice(cut + m[0].length, to)).filter((t) => NEIGHBOUR_TAGS.has(t));
        add(line.slice(from, cut), li, from, cut, [...context, ...rest.map((t) => `rest-${t}`)]);
        add(line.slice(cut + m[0].length, to), li, cut + m[0].length, to, [where, ...below(li), 'slot-in']);
      }
    }
    const about = ABOUT.exec(line);
    if (about) slot(about, 1, li, 'slot-about');
    const role = ROLE.exec(line);
    if (role) slot(role, 1, li, 'slot-role');
    if (hiring || about || role) return;
    const segments = cells(line);
    const tags = segments.map((c) => shape(c.text).filter((t) => NEIGHBOUR_TAGS.has(t)));
    const lastWord = (c: Cell | undefined) => {
      const words = c ? foldWords(c.text).split(' ').filter(Boolean) : [];
      return words.length > 0 && words.length <= 3 ? [`prevword:${words[words.length - 1]}`] : [];
    };
    for (let i = 0; i < segments.length; i++) {
      for (let j = i; j < Math.min(segments.length, i + MAX_RUN); j++) {
        // Runs join segments separated by commas, an "at" word ("Técnico en Mantenimiento"), a slash ("Analog /
        // Mixed Signal Engineer") or a parenthesis ("Account Strategist (Ukrainian)").
        if (j > i) {
          const join = segments[j - 1]!.after;
          const closes = join === 'close' && segments.slice(i, j - 1).some((c) => c.after === 'open');
          if (!RUN_JOINS.has(join) && !closes) break;
        }
        const first = segments[i]!;
        const last = segments[j]!;
        const closing = j > i && last.after === 'close' && line.slice(first.start, last.end).includes('(');
        const end = closing ? line.indexOf(')', last.end) + 1 || last.end : last.end;
        // A run is read by its parts too: "Engineer, Machine Learning" vs "Engineer, Berlin" or "Acme GmbH, Berlin".
        const joins = [...new Set(segments.slice(i, j).map((c) => `run-over-${c.after}`))];
        const parts =
          j > i
            ? [`run${j - i + 1}`, ...joins, ...runParts(segments.slice(i + 1, j + 1), tags.slice(i + 1, j + 1))]
            : [];
        // "Lyon 7e", "Berlin-Mitte": a city of our list before a district is a candidate of its own.
        const district = j === i ? knownCityBefore(first.text) : undefined;
        if (district)
          add(district, li, first.start, first.start + district.length, [where, ...below(li), 'before-district']);
        // "Austin TX", "74072 Heilbronn", "Hexham NE46": the town beside a region's code or a postcode is a candidate
        // of its own.
        const town = j === i ? townBesideCode(first.text) : undefined;
        if (town)
          add(town.value, li, first.start + town.at, first.start + town.at + town.value.length, [
            where,
            ...below(li),
            town.feature,
          ]);
        add(line.slice(first.start, end), li, first.start, end, [
          where,
          ...below(li),
          ...prose,
          segments.length === 1 ? 'line-alone' : `cells-${Math.min(segments.length, 5)}`,
          `before:${first.before}`,
          `after:${last.after}`,
          ...parts,
          ...(tags[i - 1] ?? []).map((t) => `prev-${t}`),
          ...(tags[j + 1] ?? []).map((t) => `next-${t}`),
          ...lastWord(segments[i - 1]),
        ]);
      }
    }
  });
  return out;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** The model's log-odds that a candidate with these features is the field's value. */
export function logit(weights: Readonly<Record<string, number>>, features: readonly string[]): number {
  let z = weights['bias'] ?? 0;
  for (const f of features) z += weights[f] ?? 0;
  return z;
}

export function score(weights: Readonly<Record<string, number>>, features: readonly string[]): number {
  return sigmoid(logit(weights, features));
}

/** Per field, the candidates considered by the joint assignment (best log-odds first). */
const TOP_PER_FIELD = 8;
/** The log-odds of leaving a field empty ("Title – Remote" has no city): a pick needs p > 0.001, so only a
 * field whose every candidate is clearly wrong stays empty. */
const NONE_LOGIT = -7;

const overlap = (a: HeadlineCandidate, b: HeadlineCandidate) =>
  (a.lineIndex === b.lineIndex && a.start < b.end && b.start < a.end) || foldWords(a.value) === foldWords(b.value);

/**
 * The joint assignment: the (title, company, city) with the highest sum of log-odds in which no two fields share
 * words: the sum is the log-probability of the whole assignment when the fields' scores are independent.
 */
export function assignHeadline(
  candidates: readonly HeadlineCandidate[],
  logitOf: (field: HeadlineField, features: readonly string[]) => number,
): Partial<Record<HeadlineField, { candidate: HeadlineCandidate; logit: number }>> {
  type Option = { candidate: HeadlineCandidate; logit: number } | undefined;
  const options = HEADLINE_FIELDS.map((field): Option[] => [
    undefined,
    ...candidates
      // A work arrangement or employment type alone ("Teletrabalho", "Hybride", "CDI") is no field's value; it stays a
      // candidate so that a rules' value equal to it is scored (and replaced).
      .filter((candidate) => !NOISE.has(foldWords(candidate.value)))
      .map((candidate) => ({ candidate, logit: logitOf(field, candidate.features) }))
      .sort((a, b) => b.logit - a.logit)
      .slice(0, TOP_PER_FIELD),
  ]);
  const value = (o: Option) => o?.logit ?? NONE_LOGIT;
  const clash = (a: Option, b: Option) => !!a && !!b && overlap(a.candidate, b.candidate);
  let best: Option[] = [undefined, undefined, undefined];
  let bestScore = -Infinity;
  for (const t of options[0]!)
    for (const c of options[1]!) {
      if (clash(t, c)) continue;
      for (const p of options[2]!) {
        if (clash(t, p) || clash(c, p)) continue;
        const s = value(t) + value(c) + value(p);
        if (s > bestScore) {
          bestScore = s;
          best = [t, c, p];
        }
      }
    }
  const out: Partial<Record<HeadlineField, { candidate: HeadlineCandidate; logit: number }>> = {};
  HEADLINE_FIELDS.forEach((field, i) => {
    if (best[i]) out[field] = best[i];
  });
  return out;
}

const rounded = (p: number) => Math.round(p * 1000) / 1000;

/** The weight of "no candidate is the field" in a value's share: a lone candidate needs log-odds above it. */
const NONE_SHARE_LOGIT = -2.5;

/**
 * The share of the field's probability mass on `value` (all its candidates equal to it) among every candidate of
 * the headline and "none": one value is the field's, so the candidates compete (a lone plausible candidate of
 * p = 0.3 against others of 0.001 is the likely value). Measured calibrated on held-out ads (`pnpm train:analysis`).
 */
export function valueShare(
  candidates: readonly HeadlineCandidate[],
  logitOf: (features: readonly string[]) => number,
  value: string,
): number {
  let total = Math.exp(NONE_SHARE_LOGIT);
  let mine = 0;
  const folded = foldWords(value);
  for (const c of candidates) {
    const e = Math.exp(logitOf(c.features));
    total += e;
    if (folded && foldWords(c.value) === folded) mine += e;
  }
  return mine / total;
}

/** Title, company and city by joint assignment, each with its share of the field's probability and its line. */
export function pickHeadline(text: string, model: HeadlineModel): Partial<Record<HeadlineField, HeadlinePick>> {
  const candidates = headlineCandidates(text);
  const assigned = assignHeadline(candidates, (field, f) => logit(model.weights[field], f));
  const picks: Partial<Record<HeadlineField, HeadlinePick>> = {};
  for (const field of HEADLINE_FIELDS) {
    const a = assigned[field];
    if (a) {
      const share = valueShare(candidates, (f) => logit(model.weights[field], f), a.candidate.value);
      picks[field] = {
        value: a.candidate.value,
        confidence: rounded(share),
        probability: rounded(sigmoid(a.logit)),
        evidence: a.candidate.line,
      };
    }
  }
  return picks;
}

/** The model's probability that `value` is the field's value (its share), with the line of its best candidate. */
export function headlineConfidence(
  candidates: readonly HeadlineCandidate[],
  model: HeadlineModel,
  field: HeadlineField,
  value: string,
): HeadlinePick | undefined {
  let best: { candidate: HeadlineCandidate; z: number } | undefined;
  for (const c of candidates) {
    if (!value || foldWords(c.value) !== foldWords(value)) continue;
    const z = logit(model.weights[field], c.features);
    if (!best || z > best.z) best = { candidate: c, z };
  }
  if (!best) return undefined;
  const share = valueShare(candidates, (f) => logit(model.weights[field], f), value);
  return {
    value: best.candidate.value,
    confidence: rounded(share),
    probability: rounded(sigmoid(best.z)),
    evidence: best.candidate.line,
  };
}

/** The committed model (data/headline-model.json). */
export const headlineModel = committedData<HeadlineModel>('headline-model.json');
