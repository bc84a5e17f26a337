/** Document language (ISO 639-1) among the languages the analyzer's vocabulary covers. */
import { francAll } from 'franc-min';

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
/** Below 300 characters, franc's best language must lead the next by this much (scores are relative, best = 1). */
const SHORT_TEXT_MARGIN = 0.95;
/** Below this many characters trigrams are no evidence ("Jane Doe / Skills / Docker, Java"). */
const SHORT_TEXT_MIN = 100;

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
    'at',
    'by',
    'from',
    'my',
    'have',
    'were',
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
    'les',
    'et',
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
    'hasta',
    'según',
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
    'nelle',
    'sulla',
  ]),
  nl: new Set([
    'het',
    'een',
    'van',
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
    'dos',
    'em',
    'com',
    'uma',
    'é',
    'ao',
    'não',
    'você',
    'também',
    'seu',
    'pelo',
    'pela',
    'foi',
    'são',
    'anos',
  ]),
};

// Words of one language only that CVs write even when they hold little running text: months written out, "until
// now", the usual headings. Matched in any case ("MARZO 2018 – ACTUALIDAD"). Words two of the languages share
// ("juni", "abril", "novembre", "formation") are left out.
const CV_MARKERS: Record<string, readonly string[]> = {
  en: [
    'january',
    'february',
    'march',
    'june',
    'july',
    'october',
    'present',
    'experience',
    'education',
    'skills',
    'languages',
  ],
  de: ['januar', 'februar', 'märz', 'dezember', 'heute', 'berufserfahrung', 'ausbildung', 'sprachen', 'kenntnisse'],
  fr: [
    'janvier',
    'février',
    'avril',
    'juin',
    'juillet',
    'août',
    'septembre',
    'octobre',
    'décembre',
    "aujourd'hui",
    'expérience',
    'langues',
    'université',
  ],
  es: [
    'enero',
    'febrero',
    'mayo',
    'junio',
    'julio',
    'septiembre',
    'octubre',
    'noviembre',
    'diciembre',
    'actualidad',
    'experiencia',
    'formación',
    'universidad',
  ],
  it: [
    'gennaio',
    'febbraio',
    'aprile',
    'maggio',
    'giugno',
    'luglio',
    'settembre',
    'ottobre',
    'dicembre',
    'oggi',
    'esperienza',
    'formazione',
    'lingue',
    'università',
  ],
  nl: [
    'januari',
    'februari',
    'maart',
    'mei',
    'augustus',
    'heden',
    'werkervaring',
    'opleiding',
    'talen',
    'vaardigheden',
  ],
  pt: [
    'janeiro',
    'fevereiro',
    'março',
    'maio',
    'junho',
    'julho',
    'setembro',
    'outubro',
    'novembro',
    'dezembro',
    'atual',
    'experiência',
    'formação',
    'universidade',
  ],
};

const LANGUAGES_OF = new Map<string, string[]>();
for (const [lang, words] of Object.entries(FUNCTION_WORDS))
  for (const w of words) LANGUAGES_OF.set(w, [...(LANGUAGES_OF.get(w) ?? []), lang]);
const LANGUAGE_OF_MARKER = new Map<string, string>();
for (const [lang, words] of Object.entries(CV_MARKERS)) for (const w of words) LANGUAGE_OF_MARKER.set(w, lang);
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
    const word = token.replace(EDGE_PUNCTUATION, '');
    const langs = LANGUAGES_OF.get(word) ?? [LANGUAGE_OF_MARKER.get(word.toLowerCase()) ?? ''].filter(Boolean);
    for (const lang of langs) counts.set(lang, (counts.get(lang) ?? 0) + 1);
  }
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  const [top, second] = ranked;
  if (top && top[1] >= 3 && top[1] >= 2 * (second?.[1] ?? 0)) return top[0];
  // Trigram statistics decide when the words do not, on running text; a short text (a job ad's headline, a list of
  // names and tools) only when it has 100 characters and they rank one language clearly first, or when they agree
  // with the words' choice.
  const ranking = francAll(sample, { only: CANDIDATES, minLength: 10 }).map(([code, score]) => ({
    language: ISO_639_3_TO_1[code],
    score,
  }));
  const [best, next] = ranking;
  if (best?.language) {
    const clear = sample.length >= SHORT_TEXT_MIN && (!next || next.score <= SHORT_TEXT_MARGIN);
    if (sample.length >= 300 || clear || best.language === top?.[0]) return best.language;
  }
  return top?.[0] ?? 'en';
}
