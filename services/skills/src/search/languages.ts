import { negotiateLanguage as negotiate } from '@talent/platform';
import { DEFAULT_LANGUAGE } from '../taxonomy/model.js';

/** The Accept-Language choice among the available languages; English when none is available. */
export const negotiateLanguage = (acceptLanguage: string, available: readonly string[]): string => negotiate(acceptLanguage, available, DEFAULT_LANGUAGE);

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
