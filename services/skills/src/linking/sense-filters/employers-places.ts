import { foldText, type Token } from '../../text/normalize.js';
import { LINKER_VOCABULARY } from '../vocabulary.js';
import { placeAt } from './places.js';

// Sense filter: a match that is part of an employer's or a place's name as CVs and job ads write them in headers
// and addresses ("Cisco Systems -", "Lush Cosmetics, Chadstone", "Montreal, QC", "Silver Spring, MD",
// "Department of Information & Communication Technology"): a name, not a skill. Companion of firm-names.ts (legal
// forms, vendors after "at"); these read the punctuation around the name, so they need the text.

/** The rest of the line after `end`, when the line ends within `reach` characters (else undefined: no header). */
function restOfLine(text: string, end: number, reach: number): string | undefined {
  const after = text.slice(end, end + reach);
  const lineEnd = after.indexOf('\n');
  if (lineEnd >= 0) return after.slice(0, lineEnd);
  return end + reach >= text.length ? after : undefined;
}

/** The start of the line holding `start`, looked for at most `reach` characters back (else `start - reach`). */
function lineStartBefore(text: string, start: number, reach: number): number {
  const from = Math.max(0, start - reach);
  const lineStart = text.lastIndexOf('\n', start - 1);
  return Math.max(from, lineStart + 1);
}

/** Whether a token starts some label of the phrase dictionaries (a skill, not a place, when it does). */
export type StartsLabel = (tokenIndex: number) => boolean;

const CAPITALISED = /^\p{Lu}[\p{L}\p{N}&'’.]*$/u;
const TWO_CAPITALS = /^\p{Lu}{2}$/u;
/** ", New York, NY", ", City of Industry, CA": a town (one to four words) and its state code. */
const STATE_AFTER = /^,\s{1,2}\p{Lu}[\p{L}.]*(?:\s[\p{L}.]+){0,3},\s?\p{Lu}{2}(?![\p{L}\p{N}/])/u;

/**
 * An employer line of its own, as job boards' CV exports write it: a capitalised name, then a dash that closes the
 * line or opens the firm's place ("Cisco Systems -", "Oracle -", "Acme Banking - Pune, Maharashtra -"). Tokens
 * from..to-1 matched a label; every word from the line's start to the dash is capitalised.
 */
export function employerLine(tokens: Token[], from: number, to: number, text: string): boolean {
  // The firm's name may go on after the match ("Cisco SystemsIndPvtLtd -").
  const after = restOfLine(text, tokens[to - 1]!.end, 120);
  if (after === undefined || !/^(?:\s\p{Lu}[\p{L}\p{N}&.]*){0,3}\s*[-–—]\s*(?:$|\p{Lu}[^\n]*[-–—]\s*$)/u.test(after)) return false;
  const lineStart = text.lastIndexOf('\n', tokens[from]!.start - 1) + 1;
  if (tokens[from]!.start - lineStart > 80) return false;
  const words = text.slice(lineStart, tokens[from]!.start).trim().split(/\s+/u).filter(Boolean);
  return words.length <= 4 && words.every((word) => CAPITALISED.test(word));
}

/**
 * The employer after a post in a headline or an entry's header: "ESB Integration Developer - Cisco Systems",
 * "Senior Account Executive – Norvale", "Lead Engineer | Brenford Labs": a post (its last word one of postWords), a
 * dash or bar, then capitalised words to the line's end, the match among them. Tokens from..to-1 matched a label.
 */
export function firmAfterPost(tokens: Token[], from: number, to: number, text: string): boolean {
  for (let k = from; k < to; k++) if (!/^[\p{Lu}\p{N}]/u.test(tokens[k]!.surface)) return false;
  const after = restOfLine(text, tokens[to - 1]!.end, 60);
  if (after === undefined || !/^(?:\s+&?\s*\p{Lu}[\p{L}\p{N}&.]*){0,3}\s*$/u.test(after)) return false;
  const lineStart = lineStartBefore(text, tokens[from]!.start, 120);
  let header = text.slice(lineStart, tokens[from]!.start);
  // Job boards' headlines break the line after the dash ("Project Manager (APAC) -\nAcme GPS"): when the firm's
  // name opens its line, the post is the previous line's.
  if (lineStart > 0 && text[lineStart - 1] === '\n' && /^(?:\p{Lu}[\p{L}\p{N}&.]*\s+){0,3}$/u.test(header))
    header = `${text.slice(lineStartBefore(text, lineStart - 1, 120), lineStart - 1)}\n${header}`;
  // The post may carry a bracketed qualifier before the dash ("Manager (APAC) -").
  const before = /(\p{L}+)\)?(?:\s*\([^()\n]{1,24}\))?\s+[-–—|]\s+((?:\p{Lu}[\p{L}\p{N}&.]*\s+){0,3})$/u.exec(header);
  return before !== null && POST_WORDS.has(foldText(before[1]!));
}

/**
 * A firm named as a client: capitalised words after "Client:" or "Representative Clients:" on the same line ("Client
 * : British Petroleum (BP)", "Clients: Norvale Pest Control, Brenford Motor Sales").
 */
export function clientName(tokens: Token[], from: number, text: string): boolean {
  const token = tokens[from]!;
  if (!/^\p{Lu}/u.test(token.surface)) return false;
  const before = text.slice(lineStartBefore(text, token.start, 200), token.start);
  const colon = before.lastIndexOf(':');
  if (colon < 0) return false;
  const words = /(?:^|\s)((?:\p{L}+\s+)?(\p{L}+))\s*$/u.exec(before.slice(Math.max(0, colon - 40), colon));
  return words !== null && (CLIENT_WORDS.has(foldText(words[1]!)) || CLIENT_WORDS.has(foldText(words[2]!)));
}

/**
 * The end of a firm's name before its place: a capitalised match right after another capitalised word, followed by
 * a comma and a place ("Lush Cosmetics, Chadstone", "OTC Logic, New York, NY", "Spectrol Electronics, City of
 * Industry, CA"), the place being a capitalised word that starts no label and is no word of the languages, then
 * another comma, a date, a parenthesis, a dash or the cell's end. A list goes on with skills instead ("Core Java,
 * Python" — Python starts a label). A known place also closes a longer name (nameBeforeKnownPlace).
 */
export function firmBeforePlace(
  tokens: Token[],
  from: number,
  to: number,
  text: string,
  ordinary: Set<string>,
  startsLabel: StartsLabel,
): boolean {
  if (nameBeforeKnownPlace(tokens, from, to, text, ordinary, startsLabel)) return true;
  const name = tokens[from - 1];
  const last = tokens[to - 1]!;
  const place = tokens[to];
  if (!name || !place || !CAPITALISED.test(name.surface) || text.slice(name.end, tokens[from]!.start) !== ' ') return false;
  for (let k = from; k < to; k++) if (!CAPITALISED.test(tokens[k]!.surface)) return false;
  if (!/^,\s{1,2}$/u.test(text.slice(last.end, place.start))) return false;
  // "OTC Logic, New York, NY": a town of any words before a state code, none of them a label ("Core Java, Spring
  // Boot, JS" lists skills).
  const state = STATE_AFTER.exec(text.slice(last.end, last.end + 40));
  if (state) {
    const end = last.end + state[0].length;
    let labels = false;
    for (let k = to; k < tokens.length && tokens[k]!.start < end; k++) labels ||= startsLabel(k);
    if (!labels) return true;
  }
  return isPlace(tokens, to, text, ordinary, startsLabel);
}

/**
 * A place named in an address: one to three capitalised words that are no label and no word of the languages,
 * followed by what follows a place in a header — a state or country code (", NY"), a date ("2005", "(Jun 2010"), or
 * another such place and then one of those. A list of names goes on with more names instead ("Singleton, Session
 * Facade").
 */
function isPlace(tokens: Token[], i: number, text: string, ordinary: Set<string>, startsLabel: StartsLabel, depth = 0): boolean {
  for (let k = i; k < tokens.length && k < i + 3; k++) {
    const token = tokens[k]!;
    if (!/^\p{Lu}/u.test(token.surface) || startsLabel(k) || (token.key.length > 2 && ordinary.has(token.key))) return false;
    const after = text.slice(token.end, token.end + 24);
    if (CODE_OR_DATE.test(after)) return true;
    const next = tokens[k + 1];
    if (depth === 0 && next && /^,\s{1,2}$/u.test(text.slice(token.end, next.start)))
      return isPlace(tokens, k + 1, text, ordinary, startsLabel, 1);
    if (!/^ \p{Lu}/u.test(after)) return false;
  }
  return false;
}

/** Where a header's cell ends: the line's end, a run of spaces, a bar or a dash between spaces. */
const CELL_END = /^(?:\s*$|[ \t]*\n|\s{2}|\s*[|–—]|\s+-\s)/u;

/**
 * A match inside a longer known place's name: "colleges in Tamil Nadu" (not the Tamil language), "Silver Spring",
 * "West Java" (data/places.json; capitalised as the name is). Tokens from..to-1 matched a label.
 */
export function insidePlaceName(tokens: Token[], from: number, to: number, text: string): boolean {
  for (let start = Math.max(0, from - 3); start <= from; start++) {
    const length = placeAt(tokens, start, text);
    if (length > to - from && start + length >= to) return true;
  }
  return false;
}

/**
 * A town before its region or country, as addresses write it: "Cypress, California", "Juno, Nebraska, 1998",
 * "Pune, Maharashtra –" (the region known, data/places.json, and no label's start; then the cell or the line ends
 * or a date follows). Tokens from..to-1 matched a label, every one capitalised.
 */
export function townBeforeRegion(tokens: Token[], from: number, to: number, text: string, startsLabel: StartsLabel): boolean {
  for (let k = from; k < to; k++) if (!/^\p{Lu}/u.test(tokens[k]!.surface)) return false;
  const region = tokens[to];
  if (!region || !/^,\s{1,2}$/u.test(text.slice(tokens[to - 1]!.end, region.start)) || startsLabel(to)) return false;
  const length = placeAt(tokens, to, text, true);
  return length > 0 && AFTER_REGION.test(text.slice(tokens[to + length - 1]!.end, tokens[to + length - 1]!.end + 4));
}

/**
 * firmBeforePlace where the place is known: a match inside a firm's capitalised name that a place follows after a
 * comma ("Siemens PLM Software (UGS), Cypress, California", "Brintex Telephone Banking, Melbourne  Position: …").
 * The name is at least two words (up to three more after the match, then an acronym in brackets); the place is a town
 * before its region, or a known place (data/places.json) that starts no label and is no word of the languages,
 * before the cell's end, a region or a date.
 */
function nameBeforeKnownPlace(tokens: Token[], from: number, to: number, text: string, ordinary: Set<string>, startsLabel: StartsLabel): boolean {
  for (let k = from; k < to; k++) if (!CAPITALISED.test(tokens[k]!.surface)) return false;
  let end = to;
  while (end < to + 3 && tokens[end] && text.slice(tokens[end - 1]!.end, tokens[end]!.start) === ' ' && CAPITALISED.test(tokens[end]!.surface)) end++;
  const before = tokens[from - 1];
  const wordBefore = before !== undefined && CAPITALISED.test(before.surface) && text.slice(before.end, tokens[from]!.start) === ' ';
  if (!wordBefore && end === to) return false;
  const link = /^(?: \(\p{Lu}[\p{Lu}\p{N}&]{1,7}\))?,\s{1,2}(?=\p{Lu})/u.exec(text.slice(tokens[end - 1]!.end, tokens[end - 1]!.end + 16));
  if (!link) return false;
  const placeStart = tokens[end - 1]!.end + link[0].length;
  let place = end;
  while (tokens[place] && tokens[place]!.start < placeStart) place++;
  if (tokens[place]?.start !== placeStart) return false;
  // "…, Cypress, California": a town before its region, known or not, even one a label names.
  if (townBeforeRegion(tokens, place, place + 1, text, startsLabel)) return true;
  if (startsLabel(place)) return false;
  const length = placeAt(tokens, place, text);
  if (length === 0) return false;
  for (let k = place; k < place + length; k++) if (tokens[k]!.key.length > 2 && ordinary.has(tokens[k]!.key)) return false;
  const after = text.slice(tokens[place + length - 1]!.end, tokens[place + length - 1]!.end + 24);
  return CELL_END.test(after) || AFTER_REGION.test(after) || CODE_OR_DATE.test(after);
}

/** After a region in an address: the cell's end, a comma, a date, a bracket or a dash. */
const AFTER_REGION = /^(?:\s*$|[ \t]*\n|\s{2}|\s*[,.;:()|–—-]|\s*\d)/u;

/** After a place: ", NY", ", IN", or a date ("  2005", " (Jun 2010", " | Nov 2010", " - 2012"). */
const CODE_OR_DATE = /^(?:,\s?\p{Lu}{2}(?![\p{L}\p{N}])|\s*[,(|–—-]?\s*(?:\p{L}{3,9}\.?\s+)?(?:19|20)\d\d(?!\d))/u;

/**
 * A one-word match that is a place in an address: a town before its state code ("Silver Spring, MD", "Cypress, CA"),
 * a town between commas before a place ("Juno High School, Juno, Nebraska, 1998"), a state or province code after
 * its town ("Montreal, QC    123"), the first word of a region in capitals after its town ("Chennai, TAMIL NADU").
 * The neighbouring place words are no labels and no words of the languages: a list of skills goes on with skills.
 */
export function placeInAddress(
  tokens: Token[],
  i: number,
  text: string,
  ordinary: Set<string>,
  startsLabel: StartsLabel,
): boolean {
  const token = tokens[i]!;
  const previous = tokens[i - 1];
  const next = tokens[i + 1];
  const afterText = text.slice(token.end, token.end + 4);
  // A town before the match: capitalised, no label, no word of the languages, then a comma.
  const townBefore =
    previous !== undefined &&
    /^\)?,\s{1,2}$/u.test(text.slice(previous.end, token.start)) &&
    /^\p{Lu}/u.test(previous.surface) &&
    !startsLabel(i - 1) &&
    !ordinary.has(previous.key);
  // "Montreal, QC", "Pune, MH": a code after a town, then digits, a run of spaces or the line's end.
  if (TWO_CAPITALS.test(token.surface) && townBefore && /^(?:\s*\d|\s{2}|\s*\n|\s*$|,)/u.test(afterText)) return true;
  if (!/^\p{Lu}/u.test(token.surface) || !next) return false;
  const comma = /^,\s{1,2}$/u.test(text.slice(token.end, next.start));
  // "Silver Spring, MD", "Cypress, CA": a state code after the town (the code no label), the town's first word before.
  const nameBefore =
    previous !== undefined &&
    previous.end + 1 === token.start &&
    /^\p{Lu}/u.test(previous.surface) &&
    !startsLabel(i - 1);
  if (
    comma &&
    TWO_CAPITALS.test(next.surface) &&
    !startsLabel(i + 1) &&
    (townBefore || nameBefore) &&
    /^(?:\s*\d|\s{2}|\s*\n|\s*$|,|\s*[-–—(|])/u.test(text.slice(next.end, next.end + 4))
  )
    return true;
  // "…, Juno, Nebraska, 1998": between commas after a town, before a place.
  if (comma && townBefore && isPlace(tokens, i + 1, text, ordinary, startsLabel)) return true;
  // "Chennai, TAMIL NADU": a region's first word after its town, written like the word after it.
  const sameShape =
    next.start === token.end + 1 &&
    ((/^\p{Lu}+$/u.test(token.surface) && /^\p{Lu}{3,}$/u.test(next.surface)) ||
      (/^\p{Lu}\p{Ll}+$/u.test(token.surface) && /^\p{Lu}\p{Ll}{2,}$/u.test(next.surface)));
  return townBefore && sameShape && !startsLabel(i + 1) && !ordinary.has(next.key);
}

/**
 * Capitalised words after an organisation's head and "of" are its name: "Department of Information & Communication
 * Technology", "Office of the Commissioner of Securities", "Center on Sustainable International Investment",
 * "College of Social and Behavioral Sciences". Tokens from..to-1 matched a label.
 */
export function afterOrganisationHead(tokens: Token[], from: number, text: string): boolean {
  if (!/^\p{Lu}/u.test(tokens[from]!.surface)) return false;
  // Back over the name's capitalised words and links ("&", "and", "the") to "of"/"on"/"for", then the head; one
  // space or " & " between them (a dash or a comma ends the name).
  for (let k = from - 1, steps = 0; k >= 0 && steps < 6; k--, steps++) {
    const token = tokens[k]!;
    const gap = text.slice(token.end, tokens[k + 1]!.start);
    if (gap !== ' ' && gap !== ' & ') return false;
    if (OF.has(token.key) && token.surface === token.key) {
      const head = tokens[k - 1];
      return head !== undefined && /^\p{Lu}/u.test(head.surface) && ORGANISATION_HEADS.has(head.key);
    }
    if (!/^\p{Lu}/u.test(token.surface) && !NAME_LINKS.has(token.key)) return false;
  }
  return false;
}

const POST_WORDS = new Set(LINKER_VOCABULARY.postWords);
const CLIENT_WORDS = new Set(LINKER_VOCABULARY.clientWords);
const OF = new Set(['of', 'on', 'for']);
const NAME_LINKS = new Set(['and', 'the', '&']);
/** The organisation nouns of firm-names and the heads of public bodies and schools ("Office", "College"). */
const ORGANISATION_HEADS = new Set([...LINKER_VOCABULARY.organisationNouns, ...LINKER_VOCABULARY.organisationHeads]);
