import type { Token } from '../../text/normalize.js';
import type { Phrase } from '../phrase-dictionary.js';
import type { Segment } from '../sentences.js';
import { startsName } from '../token-shapes.js';
import { LINKER_VOCABULARY } from '../vocabulary.js';

// Sense filter: a match that names a post or a sector, not the skill ("Executive Chef", "IT consultant", "Software
// Engineer").

/**
 * A label of several words whose last word names an activity ("software engineering", "peer mentoring") reached
 * through stemming from the word for the person who does it ("Software Engineer", "Peer Mentor"): that is a post, a
 * job title, not the skill. `key`: the text's last word (folded); `exactKey`: the label's words.
 */
export function namesPerson(key: string, exactKey: string): boolean {
  const singular = key.endsWith('s') ? key.slice(0, -1) : key;
  if (!PERSON_ENDING.test(singular)) return false;
  const word = exactKey.slice(exactKey.lastIndexOf(' ') + 1);
  return word === `${singular}ing` || word === `${singular}${singular.charAt(singular.length - 1)}ing`;
}

/** Endings of English words for a person who does something ("engineer", "mentor", "tutor"). */
const PERSON_ENDING = /(?:er|or)$/u;

/**
 * A name that is an everyday word (linked only as written) or cut from a longer label ("Chef" of "Chef (tools for
 * software configuration management)") after a rank of a post is the post: "Executive Chef",
 * "Sous Chef", "Head Chef" (no Chef of configuration management). Not when a capitalised word follows: "Senior Chef
 * Engineer" names the tool in a longer title.
 */
export function namedAsPost(tokens: Token[], i: number, phrase: Phrase): boolean {
  if (!(phrase.caseSensitive || phrase.derived) || i === 0) return false;
  const previous = tokens[i - 1]!;
  if (!RANKS.has(previous.key) || !/^\p{Lu}/u.test(previous.surface)) return false;
  return !startsName(tokens, i);
}

/** Words of rank in the title of a post (folded). */
const RANKS = new Set(LINKER_VOCABULARY.ranks);

/**
 * "IT" (or "ICT") written before a word for a sector, a firm, a department or a post names where someone worked, not
 * the skill: "8 years in the IT industry", "a leading IT firm", "IT consultant", "IT Area Manager", "IT
 * operations expenses", and the sector's assets or someone's years in it: "rebuilt the IT infrastructure", "IT
 * assets", "four years of IT experience", "IT expertise". Alone it stays ("LAN, WAN, IT", "a career in IT"); so does
 * "IT consulting", "IT skills", and labels that go on with the noun ("IT support", "IT security").
 */
export function namedAsSector(tokens: Token[], i: number, segment: Segment): boolean {
  const token = tokens[i]!;
  const next = tokens[i + 1];
  if (!SECTOR_ACRONYMS.has(token.surface) || !next || !SECTOR_NOUNS.has(next.key)) return false;
  return /^\s+$/u.test(segment.text.slice(token.end - segment.start, next.start - segment.start));
}

/** Acronyms of the information technology sector in the seven languages ("TI", "TIC" in Spanish and Portuguese). */
const SECTOR_ACRONYMS = new Set(LINKER_VOCABULARY.sectorAcronyms);

/**
 * Words for a sector, a firm, a department, a post, a budget, the sector's assets or experience in it that such an
 * acronym qualifies (folded).
 */
const SECTOR_NOUNS = new Set(LINKER_VOCABULARY.sectorNouns);

/**
 * A lowercase word right before a noun for a firm or its trade is the trade the firm is in, not a skill of the
 * document's subject: "we are a logistics company", "ten years in the banking industry", "a leading marketing agency"
 * (an employer's about-us paragraph, a CV's line about a former employer). Written with capitals it may be the firm's
 * name (firm-names.ts); the skill's own words elsewhere ("logistics planning", "managed logistics") stay.
 */
export function namedAsFirmTrade(tokens: Token[], i: number, segment: Segment): boolean {
  const token = tokens[i]!;
  const next = tokens[i + 1];
  if (token.surface !== token.key || !next || !FIRM_SECTOR_NOUNS.has(next.key)) return false;
  return /^ $/u.test(segment.text.slice(token.end - segment.start, next.start - segment.start));
}

/** Nouns for a firm, a sector or a trade (folded, the seven languages). */
const FIRM_SECTOR_NOUNS = new Set(LINKER_VOCABULARY.firmSectorNouns);
