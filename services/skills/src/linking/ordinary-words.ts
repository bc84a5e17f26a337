import { createRequire } from 'node:module';
import type { SkillIndex } from '../search/skill-index.js';
import { foldText, tokenize } from '../text/normalize.js';

const stopwords = createRequire(import.meta.url)('stopwords-iso/stopwords-iso.json') as Record<string, string[]>;

/**
 * Words the loaded languages write in lowercase: every word a label (of any language) or a description writes in
 * lowercase, and the stop words of every loaded language. Built from the taxonomy itself, so it needs no word list:
 * ESCO's descriptions alone hold ~15k English words. A technology acronym written lowercase ("sql", "mysql") is
 * read as the acronym only when it is none of these ("led", "cops", "less", "rest", French "mes" are words).
 */
export function ordinaryWords(index: SkillIndex): Set<string> {
  const words = new Set<string>();
  const addLowercase = (text: string) => {
    for (const token of tokenize(text)) if (token.surface === token.key) words.add(token.key);
  };
  for (const text of index.labelText) addLowercase(text);
  for (let skill = 0; skill < index.size; skill++) addLowercase(index.description(skill));
  for (const language of index.languages) for (const word of stopwords[language] ?? []) words.add(foldText(word));
  return words;
}
