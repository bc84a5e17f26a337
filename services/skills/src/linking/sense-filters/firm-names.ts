import { isLegalForm } from '@talent/platform';
import { foldText, type Token } from '../../text/normalize.js';
import { VENDORS } from '../phrase-dictionary.js';
import { LINKER_VOCABULARY } from '../vocabulary.js';

// Sense filter: a match that is part of a firm's or an organisation's name, or a vendor named as the employer.

/**
 * Capitalised words right before a capitalised word for an organisation are its name: "Harlow Marine Insurance
 * Group", "Robotics Society", "Midwifery Association", "Child Care Center of Dunmore", "Sparrow Advertising Agency",
 * "Northgate Gas Company", "Civic Leadership Institute" (English order; Romance languages name the field after the
 * noun, see subjectOfDegree's SCHOOL_OF). Tokens from..to-1 matched a label.
 */
export function inOrganisationName(tokens: Token[], from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (!/^\p{Lu}/u.test(tokens[k]!.surface)) return false;
  // Up to two more capitalised words of the name before its noun: "Norwegian Computing Center", "Chesapeake
  // Neurology Associates".
  for (let k = to; k < to + 3 && k < tokens.length; k++) {
    const next = tokens[k]!;
    // One space between the words, or " & " ("Guidance & Control"); a comma ends the name ("Python, Mat Lab").
    const gap = next.start - tokens[k - 1]!.end;
    if (!/^\p{Lu}\p{Ll}/u.test(next.surface) || (gap !== 1 && !(gap === 3 && k > to))) return false;
    if (ORGANISATION_NOUNS.has(next.key)) return next.start === tokens[k - 1]!.end + 1;
  }
  return false;
}

/** Nouns that end an organisation's name in English and German word order (folded). */
const ORGANISATION_NOUNS = new Set(LINKER_VOCABULARY.organisationNouns);

/**
 * A vendor's name written as the firm, not its product: an employer ("at Oracle", "bei SAP", "chez Oracle") or
 * followed by a legal form or a country ("Oracle Corporation", "SAP Deutschland", "Oracle do Brasil").
 */
export function namedAsFirm(tokens: Token[], i: number): boolean {
  const token = tokens[i]!;
  if (!VENDORS.has(token.surface)) return false;
  // "at SAP implementation partner" names the product: the firm is not followed by a lowercase word.
  const describes =
    tokens[i + 1] !== undefined && tokens[i + 1]!.start === token.end + 1 && /^\p{Ll}/u.test(tokens[i + 1]!.surface);
  if (i > 0 && !token.glued && !describes && EMPLOYER_PREPOSITIONS.has(tokens[i - 1]!.key)) return true;
  const next = tokens[i + 1] && NAME_LINKS.has(tokens[i + 1]!.key) ? i + 2 : i + 1;
  const after = tokens[next];
  return (
    after !== undefined &&
    !after.glued &&
    /^\p{Lu}/u.test(after.surface) &&
    (legalFormAt(tokens, next) > 0 || FIRM_COUNTRIES.has(after.key))
  );
}

/**
 * A vendor's name followed on its line by where the firm is, as employer lines write it: "Cisco - Mumbai,
 * Maharashtra -", "Microsoft - Redmond -", "Oracle – Noida, Uttar Pradesh", "GOOGLE Kirkland, WA", "Google - Kirkland,
 * WA | 2016 – 2019": a place of one to three capitalised words with a region (", WA", ", Maharashtra") or closed by a
 * dash or bar. A list goes on with skills instead ("Oracle - Java, Python" has no region of two capitals).
 */
export function namedWithPlace(tokens: Token[], i: number, text: string, ordinary: Set<string>): boolean {
  const token = tokens[i]!;
  if (!VENDORS.has(token.surface) && !VENDORS.has(titleCase(token.surface))) return false;
  const lineEnd = text.indexOf('\n', token.end);
  const rest = text.slice(token.end, lineEnd < 0 ? text.length : lineEnd);
  const place = PLACE_AFTER_DASH.exec(rest) ?? PLACE_WITH_REGION.exec(rest);
  // A place's name is no word of the languages: "Cisco Routers, Switches" lists products.
  return (
    place !== null &&
    !`${place[1]!} ${place[2] ?? ''}`.split(/[ -]/u).some((word) => word.length > 2 && ordinary.has(foldText(word)))
  );
}

/** "GOOGLE" → "Google" (a vendor written in capitals, as employer lines often do). */
function titleCase(word: string): string {
  return word.length > 3 ? word.charAt(0) + word.slice(1).toLowerCase() : word;
}

const PLACE = String.raw`(\p{Lu}\p{Ll}+(?:[ -]\p{Lu}\p{Ll}+){0,2})`;

const REGION = String.raw`(\p{Lu}{2}\b|\p{Lu}\p{Ll}+(?: \p{Lu}\p{Ll}+)?)`;

const DASH = String.raw`[-–—|]`;

/** " - Redmond -", " – Pune, Maharashtra -": a place between dashes. */
const PLACE_AFTER_DASH = new RegExp(String.raw`^\s+${DASH}\s+${PLACE}(?:,\s*${REGION})?\s+${DASH}`, 'u');

/** " Kirkland, WA", " - Mumbai, Maharashtra": a place and its region, then the line ends or goes on with dates. Neither is a word of the languages. */
const PLACE_WITH_REGION = new RegExp(String.raw`^(?:\s+${DASH})?\s+${PLACE},\s*${REGION}\s*(?:$|${DASH}|\(|\d)`, 'u');

/**
 * Capitalised words between a firm's own name and its legal form are the firm's name ("Brenner Logistik GmbH",
 * "Arrow Electronics Inc", "Halden Software Solutions Pvt Ltd", "Rossi Impianti Srl"), not its skills: tokens
 * from..to-1 matched a label.
 */
export function inFirmName(tokens: Token[], from: number, to: number): boolean {
  let next = to;
  while (next < tokens.length && FIRM_LINKS.has(tokens[next]!.key) && next < to + 2) next++;
  const form = tokens[next];
  if (!form || !/^\p{Lu}/u.test(form.surface) || legalFormAt(tokens, next) === 0) return false;
  for (let k = from; k < to; k++) if (!/^[\p{Lu}\p{N}]/u.test(tokens[k]!.surface)) return false;
  // The firm's own name comes first: "SPSS Inc." or "Oracle Corporation" name a product's maker (see namedAsFirm).
  const name = tokens[from - 1];
  return name !== undefined && /^\p{Lu}/u.test(name.surface) && tokens[from]!.start - name.end === 1;
}

/**
 * How many tokens from i spell a legal form of firms (the platform's list: 0 when none): after capitalised words it
 * closes a firm's name (inFirmName), after a vendor it names the firm (namedAsFirm). Dotted forms are several tokens
 * glued by their dots ("S.A.", "B.V.", "S.r.l.": letters in groups of one to three).
 */
export function legalFormAt(tokens: Token[], i: number): number {
  const first = tokens[i];
  if (!first) return 0;
  let end = i + 1;
  let dotted = first.surface;
  while (
    dotted.length <= 12 &&
    /^\p{L}{1,3}$/u.test(tokens[end - 1]!.surface) &&
    tokens[end]?.glued === true &&
    tokens[end]!.start === tokens[end - 1]!.end + 1 &&
    /^\p{L}{1,3}$/u.test(tokens[end]!.surface)
  )
    dotted += `.${tokens[end++]!.surface}`;
  if (end > i + 1 && isLegalForm(dotted)) return end - i;
  return isLegalForm(first.surface) ? 1 : 0;
}

/** Words between a firm's name and its legal form ("Weber & Söhne KG" is read from "Söhne"; "(P) Ltd", "Pvt Ltd"). */
const FIRM_LINKS = new Set(LINKER_VOCABULARY.firmLinks);

/** Prepositions that name an employer ("Analyst at Oracle"), in the seed languages where they are unambiguous. */
const EMPLOYER_PREPOSITIONS = new Set(LINKER_VOCABULARY.employerPrepositions);

/** Words between a firm's name and its country ("Oracle do Brasil", "SAP of America"). */
const NAME_LINKS = new Set(LINKER_VOCABULARY.nameLinks);

/**
 * Countries and regions that follow a firm's name ("SAP Deutschland", "Oracle do Brasil", "Microsoft EMEA"), folded;
 * a legal form does too (legalFormAt: "Oracle Corporation", "SAP S.A."). Not "SE": "Oracle SE" is an edition.
 */
const FIRM_COUNTRIES = new Set(LINKER_VOCABULARY.firmCountries);
