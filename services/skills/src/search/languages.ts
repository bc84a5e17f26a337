import Negotiator from 'negotiator';
import { DEFAULT_LANGUAGE } from '../taxonomy/model.js';

/**
 * The language to answer in: the Accept-Language entry with the highest q-value among the available languages
 * ("de-CH" counts as "de"; q=0 excludes), English when none is available or the header is empty.
 */
export function negotiateLanguage(acceptLanguage: string, available: readonly string[]): string {
  const header = acceptLanguage.trim();
  if (!header) return DEFAULT_LANGUAGE;
  const [best] = new Negotiator({ headers: { 'accept-language': header } }).languages([...available]);
  return best ?? DEFAULT_LANGUAGE;
}

const englishNames = new Intl.DisplayNames(['en'], { type: 'language' });

export function languageNames(code: string): { name: string; nativeName: string } {
  let nativeName = code;
  try {
    nativeName = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
  } catch {
    // A code ICU does not know keeps its code as name.
  }
  return { name: englishNames.of(code) ?? code, nativeName };
}
