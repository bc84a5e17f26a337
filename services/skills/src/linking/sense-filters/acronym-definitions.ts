import { foldText, type Token } from '../../text/normalize.js';
import type { Match } from '../linker-types.js';

// Sense filter: an acronym the text defines itself. "Public Sector Management (PSM)" says what PSM means in this
// text, so the taxonomy's "PSM" (Professional Scrum Master) is not meant, in the brackets nor where the text uses it
// again ("the PSM programme"): the definition — a name, then its initials in brackets (Schwartz & Hearst's pattern)
// — overrides the dictionary. When the defining words name the skill itself ("Cascading Style Sheets (CSS)": the
// skill's name, a label or its description holds them), the acronym stays that skill.

/** Small words a name's initials skip ("Department of Defense" → DD), in the seven languages. */
const SKIPPED = new Set(['of', 'and', 'for', 'the', 'in', 'on', 'to', 'de', 'du', 'des', 'la', 'le', 'der', 'die', 'das', 'und', 'fur', 'von', 'van', 'voor', 'en', 'et', 'y', 'e', 'del', 'di', 'da', 'do', 'het']);

/** Where a text defines an acronym: the folded defining words and their character range. */
export interface AcronymDefinition {
  words: string[];
  from: number;
  to: number;
}

const BRACKETED = /\(\s?(\p{Lu}[\p{L}&]{1,9})\s?\)/gu;
const WORD = /[\p{L}\p{N}]+/gu;

/** The capitalised words right before text[end] whose initials spell `letters` (small words skipped), if any. */
function definingWords(text: string, end: number, letters: string): AcronymDefinition | undefined {
  const before = text.slice(Math.max(0, end - 160), end);
  const offset = end - before.length;
  const words = [...before.matchAll(WORD)];
  let initials = '';
  let k = words.length - 1;
  let last = end;
  for (; k >= 0 && initials.length < letters.length; k--) {
    const word = words[k]!;
    const gapEnd = k === words.length - 1 ? end : offset + words[k + 1]!.index;
    const gap = text.slice(offset + word.index + word[0].length, gapEnd);
    // One space (two before the bracket), "&" or a hyphen between the words: a comma, a line or a dot ends a name.
    if (!/^(?: {1,2}| ?[&-] ?)$/u.test(gap)) return undefined;
    if (/^\p{Lu}/u.test(word[0])) initials = word[0][0]! + initials;
    else if (!SKIPPED.has(foldText(word[0]))) return undefined;
    last = offset + word.index;
  }
  if (initials.toUpperCase() !== letters.toUpperCase()) return undefined;
  return { words: words.slice(k + 1).map((w) => foldText(w[0])), from: last, to: end };
}

let cachedText: string | undefined;
let cachedDefinitions = new Map<string, AcronymDefinition>();

/** Acronyms a text defines, by their surface (the first definition of each); cached for the last text. */
export function acronymDefinitions(text: string): Map<string, AcronymDefinition> {
  if (text === cachedText) return cachedDefinitions;
  const found = new Map<string, AcronymDefinition>();
  if (text.includes('(')) {
    for (const m of text.matchAll(BRACKETED)) {
      const surface = m[1]!;
      const letters = surface.replace(/[^\p{Lu}]/gu, '');
      if (letters.length < 2 || letters.length > 8 || found.has(surface)) continue;
      const definition = definingWords(text, m.index, letters);
      if (definition) found.set(surface, definition);
    }
  }
  cachedText = text;
  cachedDefinitions = found;
  return found;
}

/**
 * Whether tokens[i] is an acronym the text defines as words that do not name `skill`: neither linked to it among
 * `matches` (the sentence's matches so far) nor found by `namesSkill` (the skill's name, labels or description).
 */
export function acronymOfOtherName(
  tokens: Token[],
  i: number,
  text: string,
  matches: readonly Match[],
  skill: number,
  namesSkill: (words: string[]) => boolean,
): boolean {
  const token = tokens[i]!;
  if (!/^\p{Lu}[\p{L}&]{1,9}$/u.test(token.surface) || !/\p{Lu}.*\p{Lu}/u.test(token.surface)) return false;
  const definition = acronymDefinitions(text).get(token.surface);
  if (!definition) return false;
  if (matches.some((m) => m.phrase.skill === skill && m.start < definition.to && m.end > definition.from)) return false;
  return !namesSkill(definition.words);
}

/** Content words' stems as namesSkill compares them: small words dropped, the first five letters of longer words. */
export function definitionStems(words: readonly string[]): string[] {
  return words.filter((w) => w && !SKIPPED.has(w)).map((w) => (w.length > 5 ? w.slice(0, 5) : w.replace(/s$/u, '')));
}
