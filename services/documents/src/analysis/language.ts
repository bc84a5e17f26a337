/** Document language (ISO 639-1) among the languages the analyzer's vocabulary covers. */
import { franc } from 'franc-min';

const ISO_639_3_TO_1: Record<string, string> = {
  eng: 'en',
  deu: 'de',
  fra: 'fr',
  spa: 'es',
  ita: 'it',
  nld: 'nl',
  por: 'pt',
};
const CANDIDATES = Object.keys(ISO_639_3_TO_1);

// Function words by language: a CV is full of names and tool lists that trigram statistics handle badly, and
// these words are the reliable signal. Words common to two of the languages are left out.
const FUNCTION_WORDS: Record<string, ReadonlySet<string>> = {
  en: new Set([
    'the',
    'and',
    'of',
    'to',
    'with',
    'for',
    'on',
    'is',
    'as',
    'at',
    'by',
    'from',
    'my',
    'have',
    'was',
    'were',
    'will',
    'be',
    'are',
    'this',
    'that',
    'which',
    'our',
    'you',
    'your',
  ]),
  de: new Set([
    'der',
    'die',
    'das',
    'und',
    'mit',
    'für',
    'von',
    'ist',
    'ich',
    'bei',
    'dem',
    'ein',
    'eine',
    'im',
    'zu',
    'auf',
    'als',
    'nicht',
    'sie',
    'wir',
    'auch',
    'sowie',
    'oder',
    'bis',
    'einer',
    'sind',
  ]),
  fr: new Set([
    'le',
    'les',
    'et',
    'des',
    'du',
    'pour',
    'avec',
    'dans',
    'une',
    'au',
    'aux',
    'est',
    'sur',
    'par',
    'je',
    'nous',
    'vous',
    'chez',
    'à',
    'ou',
    'ses',
    'ce',
    'qui',
    'sont',
  ]),
  es: new Set([
    'el',
    'los',
    'las',
    'y',
    'sus',
    'más',
    'muy',
    'también',
    'desde',
    'hasta',
    'según',
    'está',
    'mediante',
    'cuando',
    'donde',
    'pero',
    'años',
  ]),
  it: new Set([
    'gli',
    'di',
    'della',
    'per',
    'è',
    'che',
    'dei',
    'delle',
    'nel',
    'nella',
    'sono',
    'ho',
    'anche',
    'alla',
    'degli',
    'presso',
    'lo',
    'nelle',
    'sulla',
  ]),
  nl: new Set([
    'het',
    'een',
    'en',
    'van',
    'met',
    'voor',
    'op',
    'ik',
    'bij',
    'aan',
    'zijn',
    'dat',
    'naar',
    'door',
    'wij',
    'ook',
    'jij',
    'heb',
    'werd',
    'wordt',
  ]),
  pt: new Set([
    'os',
    'da',
    'dos',
    'das',
    'em',
    'na',
    'com',
    'um',
    'uma',
    'é',
    'ao',
    'sua',
    'não',
    'você',
    'também',
    'seu',
    'pelo',
    'pela',
    'mais',
    'foi',
    'são',
    'anos',
  ]),
};

const LANGUAGES_OF = new Map<string, string[]>();
for (const [lang, words] of Object.entries(FUNCTION_WORDS))
  for (const w of words) LANGUAGES_OF.set(w, [...(LANGUAGES_OF.get(w) ?? []), lang]);
const EDGE_PUNCTUATION = /^[^\p{L}]+|[^\p{L}]+$/gu;

/** ISO 639-1 code of the text's language among en, de, fr, es, it, nl, pt; `en` when undecidable. */
export function detectLanguage(text: string): string {
  // Addresses and URLs ("yahoo.com", "linkedin.com/in/…") are not words of the text.
  const sample = text.length > 6000 ? text.slice(0, 6000) : text;
  const counts = new Map<string, number>();
  for (const token of sample.split(/\s+/)) {
    // Addresses and URLs ("yahoo.com", "linkedin.com/in/…") are not words of the text.
    if (token.length > 12 || token.includes('@') || token.includes('/')) continue;
    // As written: function words are lowercase in running text, while "OS", "IT" or "DA" in a CV are not.
    const langs = LANGUAGES_OF.get(token.replace(EDGE_PUNCTUATION, ''));
    if (langs) for (const lang of langs) counts.set(lang, (counts.get(lang) ?? 0) + 1);
  }
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  const [top, second] = ranked;
  if (top && top[1] >= 3 && top[1] >= 2 * (second?.[1] ?? 0)) return top[0];
  // Trigram statistics need running text; a short list of names and tools is no evidence of a language.
  if (sample.length < 300) return top?.[0] ?? 'en';
  const code = franc(sample, { only: CANDIDATES, minLength: 10 });
  return ISO_639_3_TO_1[code] ?? top?.[0] ?? 'en';
}
