/**
 * Text normalisation shared by every rule. Kept deliberately simple and language-agnostic so that results are
 * reproducible by hand: case and accents are folded, words are Unicode letter/digit runs, and scripts written
 * without spaces (Chinese, Japanese, Thai…) are cut into character bigrams so that token overlap still works.
 */

const MARKS = /\p{M}+/gu;
/** Letter/digit runs; a trailing `+` or `#` stays attached so that C, C++ and C# remain different words. */
const TOKEN = /[\p{L}\p{N}]+[+#]*/gu;
const NO_SPACE_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
/** Printable ASCII and ordinary whitespace only. */
const ASCII = /^[\t\n\r\x20-\x7e]*$/;
const DIGITS = /^\d+[+#]*$/;

/** Lower case without accents (é → e, ü → u, ß → ss). */
export function fold(text: string): string {
  // Fast path: plain ASCII has nothing to decompose (most CV text in Latin-script languages is mostly ASCII).
  if (ASCII.test(text)) return text.toLowerCase();
  return text.normalize('NFKD').replace(MARKS, '').toLowerCase().replace(/ß/g, 'ss');
}

/** Folded words of a text, in order (bigrams for scripts without spaces). */
export function tokens(text: string): string[] {
  const folded = fold(text);
  const words = folded.match(TOKEN) ?? [];
  if (!NO_SPACE_SCRIPT.test(folded)) return words;
  const out: string[] = [];
  for (const token of words) {
    if (NO_SPACE_SCRIPT.test(token)) {
      const chars = Array.from(token);
      if (chars.length === 1) out.push(token);
      for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
    } else out.push(token);
  }
  return out;
}

/**
 * A crude, language-neutral stem: words longer than six letters keep their first six (developer/development,
 * Entwickler/Entwicklung, ingénieur/ingénierie meet), shorter ones lose a plural `s`. No dictionary, so the same
 * input always gives the same stem in every language.
 */
export function stem(token: string): string {
  if (/[+#\d]/.test(token)) return token;
  if (token.length > 6) return token.slice(0, 6);
  if (token.length >= 4 && token.endsWith('s') && !token.endsWith('ss')) return token.slice(0, -1);
  return token;
}

/**
 * Function words (en, de, fr, es, it, nl, pt) and words every job text uses, which say nothing about fit.
 * Compared after folding, so they are written without accents.
 */
export const STOPWORDS: ReadonlySet<string> = new Set(
  `a an and or the of in on at to for with from by as is are be be been this that these those our your their its we you
  they will can must should would could may any all some other such etc e g i ie eg via per than into also well
  very more most plus not no nor but if so
  der die das den dem des ein eine einer eines einem einen und oder mit von zu zum zur fur im in auf als bei aus ist sind
  sowie wir sie ihr ihre unser unsere kein keine gute guter gutes sehr
  le la les un une des du de et ou avec pour par dans sur au aux en est sont vous nous votre vos notre nos bonne bon bonnes
  el los las unos unas del y o con para por en es son su sus nuestro nuestra buen buena
  il lo gli i uno una di da e con per nel nella dei delle degli sono buona buon
  het een en of met voor van in op te is zijn uw onze goede
  o os as um uma do da dos das e ou com para por em no na nos nas seu sua boa bom
  experience experiences experienced year years yrs month months knowledge skill skills ability abilities strong good solid
  proven excellent related field equivalent similar required requirement requirements preferred preferably nice
  have having work working using use understanding familiarity familiar least minimum min candidate ideally
  senior junior mid level m w d f h x
  erfahrung berufserfahrung jahre jahren jahr kenntnisse kenntnis erforderlich wunschenswert mindestens
  ans annee annees mois connaissance connaissances competences requis souhaite minimum
  anos ano meses experiencia conocimiento conocimientos requisito deseable
  anni anno mesi esperienza conoscenza conoscenze richiesta richiesto
  jaar jaren maanden ervaring kennis vereist
  experiencia conhecimento conhecimentos`.split(/\s+/),
);

/** The distinct stems of the words that carry meaning (no stop words, no bare numbers, no single letters). */
export function contentStems(text: string): string[] {
  return contentStemsOf(tokens(text));
}

/** The same, from words already split by `tokens`. */
export function contentStemsOf(words: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const token of words) {
    if (
      STOPWORDS.has(token) ||
      DIGITS.test(token) ||
      (token.length < 2 && !/[+#]/.test(token) && !NO_SPACE_SCRIPT.test(token))
    )
      continue;
    seen.add(stem(token));
  }
  return [...seen];
}

/** Share of `query` stems present in `stems` (0..1); 0 for an empty query. */
export function coverage(query: readonly string[], stems: ReadonlySet<string>): number {
  if (query.length === 0) return 0;
  let hits = 0;
  for (const q of query) if (stems.has(q)) hits++;
  return hits / query.length;
}

/** Splits free text into sentences or bullet lines (full stops inside `Node.js` or `3.5` do not split). */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?;])\s+|[\r\n]+|\s[•·▪]\s?/u)
    .map((s) => s.replace(/^[\s\-*•·▪]+/u, '').trim())
    .filter((s) => s.length > 0);
}

const MAX_QUOTE = 200;

/** Evidence as the reader will find it in the CV: whitespace collapsed, long text cut around `near`, in quotes. */
export function quote(text: string, near?: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= MAX_QUOTE) return `“${clean}”`;
  let start = 0;
  if (near) {
    const folded = fold(clean);
    // Folding keeps positions unless it expanded a character (ß, ligatures); then quote from the start.
    const at = folded.length === clean.length ? folded.indexOf(near) : -1;
    if (at > MAX_QUOTE / 2) start = Math.min(at - 40, clean.length - MAX_QUOTE);
  }
  const body = clean.slice(start, start + MAX_QUOTE).trim();
  return `“${start > 0 ? '…' : ''}${body}${start + MAX_QUOTE < clean.length ? '…' : ''}”`;
}

/** `title (2019-01–2023-06)` with `?` for an unknown date, as experience and education entries are cited. */
export function entryLabel(title: string, start: string, end: string): string {
  const name = title.trim() || '(untitled)';
  return start || end ? `${name} (${start || '?'}–${end || '?'})` : name;
}

/** Rounds to two decimals (the precision of every number the scorer returns). */
export function round2(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

/** An integer score 0..10 from a 0..1 fraction. */
export function toScore(fraction: number): number {
  return Math.max(0, Math.min(10, Math.round(fraction * 10)));
}

/** Makes `key` unique among `used` by appending ` (2)`, ` (3)`… (job texts may repeat a skill or a line). */
export function uniqueKey(key: string, used: Set<string>): string {
  let candidate = key;
  for (let n = 2; used.has(candidate); n++) candidate = `${key} (${n})`;
  used.add(candidate);
  return candidate;
}
