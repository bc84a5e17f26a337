import { pluralStem, type Token } from '../../text/normalize.js';
import type { Match } from '../linker-types.js';
import type { Phrase, PhraseDictionary } from '../phrase-dictionary.js';
import type { Segment } from '../sentences.js';
import { LINKER_VOCABULARY } from '../vocabulary.js';
import { namedAsFirm, namedWithPlace } from './firm-names.js';
import { namedAsFirmTrade, namedAsSector } from './posts.js';
import { namedAsSeason } from './seasons.js';

// Sense filters of one word: a word the text uses as something other than the skill of that name (a firm, a firm's
// trade, a season, an initial, a record, an adjective, a German noun …), and lone everyday words.

/**
 * A product's short name that is an English word, written in lowercase ("oracle", "bamboo", "rally"), is the product
 * only among other skills of the sentence ("fetched data from the oracle with PL/SQL"); alone it is the word
 * ("bamboo flooring and rattan furniture", "the annual charity rally"). So is the bare name of a skill named with a
 * qualifier that is a most common word, in any case ("Source", "Scratch": see Phrase.qualifiedWord).
 */
export function withoutLoneWords(matches: Match[], text: string): Match[] {
  const lone = (m: Match) =>
    (m.phrase.englishWord && text.slice(m.start, m.end) === text.slice(m.start, m.end).toLowerCase()) ||
    m.phrase.qualifiedWord === true;
  if (!matches.some(lone) || matches.some((m) => !lone(m))) return matches;
  return matches.filter((m) => !lone(m));
}

/**
 * A one-word label reached only through stemming: an acronym must keep its capitals ("APIs" is "API", "etc" is
 * not "ETCS", "does" is not "DOEs"), and a word may only differ by its plural: "planning" or "planned" in prose is
 * not the skill "plan", "crafted" is not "crafting" ("databases" still is "database").
 */
export function inflectionAllowed(phrase: Phrase, token: Token): boolean {
  if (/^[\p{Lu}\p{N}]+$/u.test(phrase.surface) && /\p{Lu}/u.test(phrase.surface))
    return token.surface.startsWith(phrase.surface);
  // Labels of several words joined into one ("team-working" → "teamwork") are not one word of prose.
  if (/[^\p{L}\p{N}+#]/u.test(phrase.surface)) return true;
  return pluralStem(token.key) === pluralStem(phrase.exactKey);
}

/**
 * A one-word match that the text uses as something else: a vendor named as the firm or with its place, a season, a
 * person's initial or grade, "history" as a record, "IT" as a sector, a firm's trade ("a logistics company"), an
 * author's initials, a Romance field as an adjective, or a word in its software sense.
 */
export function wordUsedOtherwise(
  tokens: Token[],
  i: number,
  segment: Segment,
  text: string,
  matches: Match[],
  ordinary: Set<string>,
  dictionary: PhraseDictionary,
): boolean {
  return (
    namedAsFirm(tokens, i) ||
    namedWithPlace(tokens, i, text, ordinary) ||
    namedAsSeason(tokens, i) ||
    namedAsInitial(tokens, i, segment, matches) ||
    namedAsRecord(tokens, i) ||
    namedAsSector(tokens, i, segment) ||
    namedAsFirmTrade(tokens, i, segment) ||
    namedAsAuthor(tokens, i, segment) ||
    namedAsAdjective(tokens, i, segment, dictionary) ||
    namedInSoftware(tokens, i) ||
    letterOfName(tokens, i, text)
  );
}

/**
 * A one-letter name ("R", "C") glued to a number after a slash or to an escape is a piece of another name: "SAP
 * R/3", "R\\xc3\\xa9sum\\xc3\\xa9" (an escaped "Résumé"). "C/C++" and "R, Python" stay.
 */
function letterOfName(tokens: Token[], i: number, text: string): boolean {
  const token = tokens[i]!;
  return token.surface.length === 1 && /^(?:\/\d|\\)/u.test(text.slice(token.end, token.end + 2));
}

/**
 * German capitalises its nouns, and some are spelt like a product's everyday English name: "die Führung des Teams",
 * "im Team" (Microsoft Teams), "das Office" (the office), "die Vertretung des Chefs" (Chef of "Chef (Werkzeuge für
 * das Software-Konfigurationsmanagement)"). Such a name, linked only as written (see PhraseDictionary's ambiguous())
 * or cut from a longer label, right after a German article is the noun. "in Excel", "mit Outlook", "Teams und Zoom"
 * stay.
 */
export function germanNoun(tokens: Token[], i: number, phrase: Phrase, dictionary: PhraseDictionary): boolean {
  return (
    dictionary.stemLanguage === 'de' &&
    (phrase.caseSensitive || phrase.derived) &&
    i > 0 &&
    GERMAN_ARTICLES.has(tokens[i - 1]!.key)
  );
}

/** German articles and the prepositions that hold one ("im", "zum", "beim"), folded. */
const GERMAN_ARTICLES = new Set(LINKER_VOCABULARY.germanArticles);

/**
 * Initials of an author in a reference list, as medicine and the sciences write them ("Gunn RA, Rolfs RT, Greenspan
 * JR."): capitals after a capitalised surname, then a comma or a period, with another author written alike in the
 * sentence. "RT" there is no radiotherapy, "JR" no skill.
 */
function namedAsAuthor(tokens: Token[], i: number, segment: Segment): boolean {
  const token = tokens[i]!;
  if (!/^\p{Lu}{1,3}$/u.test(token.surface) || i === 0) return false;
  // Cheap checks first: initials close with a comma or a period and follow a capitalised surname.
  const after = segment.text.charAt(token.end - segment.start);
  if ((after !== ',' && after !== '.') || !/^\p{Lu}\p{Ll}/u.test(tokens[i - 1]!.surface)) return false;
  const authors = [...segment.text.matchAll(AUTHOR)];
  return (
    authors.length >= 2 &&
    authors.some(
      (a) => a.index + a[0].length - (a[0].endsWith(',') || a[0].endsWith('.') ? 1 : 0) === token.end - segment.start,
    )
  );
}

/** A surname and its initials ("Rolfs RT,", "van Dijk M.", "Smith-Jones AB."). */
const AUTHOR = /(?<![\p{L}\p{N}])\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)? \p{Lu}{1,3}[,.]/gu;

/**
 * In French, Spanish, Italian and Portuguese a field's name is also an adjective written after its noun: "activité
 * physique" (physical activity), "educación física", "messagerie électronique", "outils informatiques", "attività
 * fisica". A field's name in lowercase with an adjective's ending right after a word that is no stop word of the
 * text's language (a noun) is that adjective. "licence de physique", "Física y Química" stay the fields.
 */
function namedAsAdjective(tokens: Token[], i: number, segment: Segment, dictionary: PhraseDictionary): boolean {
  const token = tokens[i]!;
  const previous = tokens[i - 1];
  if (
    !ROMANCE.has(dictionary.stemLanguage) ||
    !previous ||
    token.surface !== token.surface.toLowerCase() ||
    !ADJECTIVE_ENDING.test(token.key)
  )
    return false;
  if (!/^\p{L}\p{Ll}{2,}$/u.test(previous.surface) || dictionary.isStopWord(previous.key)) return false;
  return /^\s+$/u.test(segment.text.slice(previous.end - segment.start, token.start - segment.start));
}

const ROMANCE = new Set(LINKER_VOCABULARY.romanceLanguages);

/** Adjectives of fields: French -ique(s), Spanish, Italian and Portuguese -ico/-ica(s) (folded). */
const ADJECTIVE_ENDING = /(?:ique|ica|ico)s?$/u;

/**
 * Words with a meaning of their own in software, read in a sentence about software: "logging" is a program's log
 * there, not tree felling ("monitoring and logging", "structured logging", "alerting and logging"), and
 * "migration" moves code or data, not people ("migration of the billing code to the new cluster",
 * "migration from on-premises servers", "Server Migration"). A software word within three words either side decides.
 */
function namedInSoftware(tokens: Token[], i: number): boolean {
  if (!SOFTWARE_SENSES.has(tokens[i]!.key)) return false;
  for (let k = Math.max(0, i - 3); k <= Math.min(tokens.length - 1, i + 3); k++)
    if (k !== i && SOFTWARE_WORDS.has(tokens[k]!.key)) return true;
  return false;
}

/** Words that software gives a meaning of its own (folded). */
const SOFTWARE_SENSES = new Set(LINKER_VOCABULARY.softwareSenses);

/** Words of a sentence about software (folded; English, and the IT words the other six languages share). */
const SOFTWARE_WORDS = new Set(LINKER_VOCABULARY.softwareWords);

/**
 * A one-letter name ("C", "R") written as a person's initial or a mark: after a name and before a period ("Lisa R.",
 * "Vetter, R., Brown, J.", "Shi, C., & Ye, Y."), or alone in parentheses (a grade, "Physics (C)"; a marker, "(R)").
 * After a skill it is the language again: "Java, C." or "C++, C." end a list. `matches`: the sentence's matches so far.
 */
function namedAsInitial(tokens: Token[], i: number, segment: Segment, matches: Match[]): boolean {
  const token = tokens[i]!;
  if (!/^\p{Lu}$/u.test(token.surface)) return false;
  const before = segment.text.slice(0, token.start - segment.start);
  const after = segment.text.slice(token.end - segment.start);
  if (/\(\s*$/u.test(before) && /^\s*\)/u.test(after)) return true;
  if (!/^\.(?:$|\s*[,;&)])/u.test(after) || i === 0) return false;
  const previous = tokens[i - 1]!;
  const between = segment.text.slice(previous.end - segment.start, token.start - segment.start);
  const named =
    /^\p{Lu}\p{Ll}+$/u.test(previous.surface) &&
    !matches.some((m) => m.start <= previous.start && previous.end <= m.end);
  return named && /^,?\s+$/u.test(between);
}

/**
 * "History" as the record of something, not the discipline: the heading "Employment History" / "Job History" of
 * nearly every other CV, "work history", "academic history", "case histories", "team history". The discipline
 * stays: "U.S. History", "Social History", "taught history and geography".
 */
function namedAsRecord(tokens: Token[], i: number): boolean {
  return (tokens[i]!.key === 'history' || tokens[i]!.key === 'histories') && i > 0 && RECORD_OF.has(tokens[i - 1]!.key);
}

/** Words whose history is a record of them (folded). */
const RECORD_OF = new Set(LINKER_VOCABULARY.recordOf);
