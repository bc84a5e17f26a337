import { franc } from 'franc-min';
import { DEFAULT_LANGUAGE } from '../taxonomy/model.js';

// franc speaks ISO 639-3; our API speaks ISO 639-1.
const ISO3: Record<string, string> = { en: 'eng', de: 'deu', fr: 'fra', es: 'spa', it: 'ita', nl: 'nld', pt: 'por' };

/** The language of `text` among `candidates` (ISO 639-1); English when the text is too short to tell. */
export function detectLanguage(text: string, candidates: readonly string[]): string {
  const only = candidates.map((code) => ISO3[code]).filter((code): code is string => code !== undefined);
  if (only.length < 2) return DEFAULT_LANGUAGE;
  const detected = franc(text.slice(0, 4000), { only, minLength: 20 });
  return Object.entries(ISO3).find(([, iso3]) => iso3 === detected)?.[0] ?? DEFAULT_LANGUAGE;
}
