/**
 * Dates, date ranges and stated durations in CV/job lines (en, de, fr, es, it, nl, pt).
 * Output dates are `YYYY-MM`; durations are integer months (DESIGN §9).
 */
import { NUMBER_WORDS } from '@talent/records';
import { foldSameLength, type Line } from './text.js';

export interface YearMonth {
  year: number;
  month: number;
  /** False when only the year was written (the month is then 1). */
  monthKnown: boolean;
}

export interface DateSpan {
  start?: YearMonth;
  end?: YearMonth;
  /** The end was "present", "since …" or "… onwards": `end` is then the current month. */
  ongoing: boolean;
  /** Offsets of the date text in the line, to cut it out. */
  from: number;
  to: number;
}

// Folded (lowercase, accentless) month names and abbreviations → month number.
const MONTHS: Record<string, number> = {};
const MONTH_LISTS: ReadonlyArray<readonly string[]> = [
  [
    'january',
    'jan',
    'januar',
    'janner',
    'jaenner',
    'janvier',
    'janv',
    'enero',
    'ene',
    'gennaio',
    'gen',
    'januari',
    'janeiro',
  ],
  ['february', 'feb', 'febr', 'februar', 'fevrier', 'fevr', 'fev', 'febrero', 'febbraio', 'februari', 'fevereiro'],
  ['march', 'mar', 'marz', 'maerz', 'mrz', 'mars', 'marzo', 'maart', 'mrt', 'marco'],
  ['april', 'apr', 'avril', 'avr', 'abril', 'abr', 'aprile'],
  ['may', 'mai', 'mayo', 'maggio', 'mag', 'mei', 'maio'],
  ['june', 'jun', 'juni', 'juin', 'junio', 'giugno', 'giu', 'junho'],
  ['july', 'jul', 'juli', 'juillet', 'juil', 'julio', 'luglio', 'lug', 'julho'],
  ['august', 'aug', 'aout', 'agosto', 'ago', 'augustus'],
  ['september', 'sep', 'sept', 'septembre', 'septiembre', 'setiembre', 'settembre', 'set', 'setembro'],
  ['october', 'oct', 'oktober', 'okt', 'octobre', 'octubre', 'ottobre', 'ott', 'outubro', 'out'],
  ['november', 'nov', 'novembre', 'noviembre', 'novembro'],
  ['december', 'dec', 'dezember', 'dez', 'decembre', 'diciembre', 'dic', 'dicembre', 'dezembro'],
];
MONTH_LISTS.forEach((names, i) => names.forEach((n) => (MONTHS[n] = i + 1)));
/** Folded month names written out (not three-letter abbreviations, which are words too: "mar", "set", "out"). */
/** Every folded month name and abbreviation ("dec", "sept", "dezember"). */
export const MONTH_WORDS: readonly string[] = Object.keys(MONTHS);
export const MONTH_NAMES: readonly string[] = Object.keys(MONTHS).filter(
  (n) => n.length >= 4 || /^ma[iy]$|^mei$/.test(n),
);
const MONTH_ALT = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');

const SEASONS: Record<string, number> = {
  spring: 3,
  summer: 6,
  fall: 9,
  autumn: 9,
  winter: 1,
  fruhjahr: 3,
  fruhling: 3,
  sommer: 6,
  herbst: 9,
  printemps: 3,
  ete: 6,
  automne: 9,
  hiver: 1,
  primavera: 3,
  verano: 6,
  otono: 9,
  invierno: 1,
  estate: 6,
  autunno: 9,
  inverno: 1,
  lente: 3,
  zomer: 6,
  herfst: 9,
  verao: 6,
  outono: 9,
};
const SEASON_ALT = Object.keys(SEASONS).join('|');

const PRESENT_ALT = [
  'present',
  'current',
  'currently',
  'now',
  'today',
  'ongoing',
  'till date',
  'to date',
  'date',
  'heute',
  'jetzt',
  'aktuell',
  'derzeit',
  'dato',
  'laufend',
  "aujourd'hui",
  'aujourdhui',
  'aujourd’hui',
  'ce jour',
  'maintenant',
  'actuellement',
  'actuel',
  'en cours',
  'actualidad',
  'actualmente',
  'actual',
  'presente',
  'hoy',
  'la fecha',
  'attuale',
  'oggi',
  'in corso',
  'heden',
  'huidig',
  'momenteel',
  'nu',
  'atualmente',
  'atual',
  'hoje',
  'o momento',
  // "fino ad oggi", "a tutt'oggi", "tuttora", "attualmente"; "hasta ahora", "até agora"; "tot op heden", "nog steeds".
  'attualmente',
  'tuttora',
  "tutt'oggi",
  'tutt’oggi',
  'ahora',
  'agora',
  'op heden',
  'nog steeds',
  // Abbreviated: "Apr 2015 - Pres.", "04/2016 - lfd." (laufend), "janv. 2016 - auj."; "2016 - continuing".
  // "hasta el momento", "até à data".
  'momento',
  'a data',
  'pres',
  'lfd',
  'auj',
  // Not "2016 – Continuing Education Program" (a course).
  'continuing(?! (?:education|professional|studies|development|medical|legal|care))',
]
  .sort((a, b) => b.length - a.length)
  .map((s) => s.replace(/ /g, '\\s+'))
  .join('|');

// Quarters and halves of a year. "Q3 2019", "Q1/2020", "H2 2018", "T3 2020" (trimestre), "2019 Q4"; with an ordinal
// and a word: "2. Halbjahr 2018", "1. Quartal 2019", "1er trimestre 2019", "2º semestre de 2019", "primo semestre
// 2019", "eerste kwartaal 2019", "tweede helft van 2019", "first half of 2017"; "Semester 1, 2019" (Australia).
const ORDINAL =
  '(?:[1-4]\\s?(?:\\.|st|nd|rd|th|er|re|eme|e|°|º|ª|o|a)?|first|second|third|fourth|erste[snr]?|zweite[snr]?|dritte[snr]?|vierte[snr]?|premier|premiere|deuxieme|seconde?|troisieme|quatrieme|primer|primero|segundo|tercer|tercero|cuarto|primo|secondo|terzo|quarto|eerste|tweede|derde|vierde|primeiro|terceiro|i|ii|iii|iv)';
const PART_WORD =
  '(?:quarter|quartal|trimestre|kwartaal|half|halbjahr|hj\\.?|halfjaar|helft|semestre|semester|sem\\.?)';
const PART_WORD_END = '(?!\\p{L})';
const PART_YEAR = "(?:(?:19|20)\\d{2}|['’]\\d{2})(?!\\d)";
const PART_LINK = "\\s*(?:,|/|-)?\\s*(?:(?:of|de|del|van|des|du|dell['’])\\s+)?(?:the\\s+year\\s+)?";
const PART = [
  `(?<![\\p{L}\\p{N}])[qht][1-4]\\s*[/-]?\\s*${PART_YEAR}`,
  `(?<!\\d)(?:19|20)\\d{2}\\s*[/-]?\\s*[qh][1-4](?![\\p{L}\\p{N}])`,
  `(?<![\\p{L}\\p{N}])${ORDINAL}\\s*${PART_WORD}${PART_WORD_END}${PART_LINK}${PART_YEAR}`,
  `(?<![\\p{L}\\p{N}])(?:semester|sem\\.?|quarter|quartal)\\s*[1-4]${PART_LINK}${PART_YEAR}`,
].join('|');
const ORDINAL_WORDS: ReadonlyArray<readonly [RegExp, number]> = [
  [/^(?:first|erste|premier|primer|primo|eerste|primeiro|i$)/, 1],
  [/^(?:second|zweite|deuxieme|segundo|secondo|tweede|ii$)/, 2],
  [/^(?:third|dritte|troisieme|tercer|terzo|derde|terceiro|iii$)/, 3],
  [/^(?:fourth|vierte|quatrieme|cuarto|quarto|vierde|iv$)/, 4],
];

/** A quarter or half of a year (folded text matched by PART): its year and first and last months. */
function readPart(text: string): { year: number; first: number; last: number } | undefined {
  const yearText = /(?:19|20)\d{2}|(?<=['’])\d{2}/.exec(text)?.[0];
  const letter = /(?:^|[\s/-])([qht])([1-4])(?![\p{L}\p{N}])/u.exec(text) ?? /^([qht])([1-4])/.exec(text);
  let n: number | undefined;
  let size: number;
  if (letter) {
    n = Number(letter[2]);
    size = letter[1] === 'h' ? 6 : 3;
  } else {
    const digit = /(?<![\d'’])([1-4])(?!\d)/.exec(text.replace(/(?:19|20)\d{2}/, ''));
    const word = text.trim().split(/\s+/)[0] ?? '';
    n = digit ? Number(digit[1]) : ORDINAL_WORDS.find(([re]) => re.test(word))?.[1];
    size = /half|halb|hj|helft|semest|sem\b|sem\./.test(text) ? 6 : 3;
  }
  if (!yearText || !n || n * size > 12) return undefined;
  return { year: Number(yearText), first: (n - 1) * size + 1, last: n * size };
}

// "Mid 2018", "early 2019", "end of 2017" and their like: the year with a rough month (not a known one).
const APPROX_MONTH: ReadonlyArray<readonly [RegExp, number]> = [
  [/^(?:mid|middle|mitte|mi|mediados|meta|medio|half|meados)/, 6],
  [/^(?:late|end|ende|fin|finales|fines|fine|eind|final|finais|fim)/, 12],
];
const APPROX_ALT = [
  'early',
  'beginning\\s+of',
  'start\\s+of',
  'mid',
  'middle\\s+of',
  'late',
  'end\\s+of',
  'anfang',
  'mitte',
  'ende',
  'debut',
  'mi',
  'fin',
  'principios',
  'comienzos',
  'inicios',
  'mediados',
  'finales',
  'fines',
  'inizio',
  'meta',
  'fine',
  'begin',
  'medio',
  'eind',
  'inicio',
  'meados',
  'final',
  'fim',
]
  .sort((a, b) => b.length - a.length)
  .join('|');

const B = '(?<![\\p{L}\\p{N}])'; // start of a word
const E = '(?![\\p{L}\\p{N}])'; // end of a word
const BL = '(?<!\\p{L})'; // start of a word, digits allowed before ("2000Fall 2005" from lost spaces)
const y4 = (name: string) => `(?<${name}>(?:19|20)\\d{2})`;
const TOKEN = new RegExp(
  [
    `(?<dmy>(?<!\\d)(?<dmyA>\\d{1,2})[./-](?<dmyB>\\d{1,2})[./-]${y4('dmyY')}(?!\\d))`,
    `(?<ymd>(?<!\\d)${y4('ymdY')}[./-](?<ymdM>\\d{1,2})[./-]\\d{1,2}(?!\\d))`,
    // "May 2008", "May-2008", "May/2008", "Oct- 2008", "Mar'2015": a month word and its year; "Aug-15", "Mar' 15":
    // its year in two digits.
    `(?<named>${BL}(?:\\d{1,2}(?:st|nd|rd|th|er|\\.)?\\s+)?(?<namedM>${MONTH_ALT})\\.?(?:\\s+\\d{1,2}(?:st|nd|rd|th)?)?(?:[-/'’]\\s*(?=(?:19|20)\\d{2})|[-/](?=\\d{2}(?![\\d./-]))|\\s*[,.]?\\s*(?:de\\s+|del\\s+|of\\s+)?)(?:${y4('namedY')}|(?:['’]\\s?|(?<=[-/]))(?<namedYY>\\d{2}))(?!\\d))`,
    // "Fall '12": a season and its year in two digits after an apostrophe, as US CVs write it.
    `(?<season>${BL}(?<seasonName>${SEASON_ALT})\\s*,?\\s*(?:${y4('seasonY')}|['’](?<seasonYY>\\d{2}))(?!\\d))`,
    // "Q3 2019", "2. Halbjahr 2018", "1er trimestre 2019", "first half of 2017": a quarter or a half of a year.
    `(?<part>${PART})`,
    // "Mid 2018", "end of 2019", "Anfang 2018", "début 2018", "finales de 2019": a part of a year, no month written.
    // "Grado Medio 2012 – 2014", "Ciclo Medio": a Spanish vocational level, not the middle of a year.
    `(?<approx>${BL}(?<!(?:grado|ciclo|t[ée]cnico|nivel|grau)\\s+)(?<approxWord>${APPROX_ALT})\\s*-?\\s*(?:(?:of|de|del|van|des|du|dell['’])\\s*)?(?:the\\s+year\\s+)?${y4('approxY')}(?!\\d))`,
    // A hyphen may stand before it when it ends a range after a year: "05/2005-09/2008".
    `(?<my>(?<![\\d./]|(?<!(?:19|20)\\d\\d\\s?)-)(?<myM>0?[1-9]|1[0-2])\\s?[./-]\\s?${y4('myY')}(?!\\d))`,
    // "7/95", "11/01": month and two-digit year, a date only as an end of a range ("7/95 to present", "8/98 - 1/99").
    `(?<mys>(?<![\\d./-])(?<mysM>0?[1-9]|1[0-2])\\/(?<mysYY>\\d{2})(?![\\d./-]))`,
    // "2015 June - 2017 Aug", "2011 March -Nov 2012": the year first, then the month's name (not a day or a year:
    // "2015 May 2016" and "2015 Mar 12" are read as before).
    `(?<ymn>(?<![\\d./-])${y4('ymnY')}[\\s,/-]+(?<ymnM>${MONTH_ALT})\\.?${E}(?![\\s,]*['’]?\\d))`,
    // "'14" in "Sept 2012 – '14", "'12 – '14": a year in two digits after an apostrophe, likewise only as an end of a
    // range ("the '90s" and quoted numbers are none); after "class of" it is a year of its own ("Class of '12").
    `(?<apos>(?<![\\p{L}\\p{N}'’])['’](?<aposYY>\\d{2})(?![\\d'’]|\\p{L}))`,
    // "… 2010/11 bis 2013/14.": a sentence's period after the two digits is no part of a date.
    `(?<yshort>(?<!\\d)${y4('ysY')}\\s?[-–—/]\\s?(?<ysYY>\\d{2})(?![\\d/-]|\\.\\d))`,
    // "2015.01-2017.03": a hyphen after the month may open the range's end (not a day: "2015-01-01").
    `(?<ym>(?<!\\d)${y4('ymY')}[./-](?<ymM>0[1-9]|1[0-2])(?![\\d./]|-\\d{1,2}(?!\\d)))`,
    `(?<year>(?<!\\d)${y4('yearY')}(?!\\d|[.,]\\d))`,
    // "June 20XX", "19xx-20xx": a template's placeholder year, a date whose value the writer left out.
    `(?<placeholder>(?:${BL}(?:${SEASON_ALT})\\s*,?\\s*)?(?<!\\d)(?:19|20)xx${E})`,
    `(?<present>${BL}(?:${PRESENT_ALT})${E})`,
    `(?<monthonly>${B}(?<monthOnlyM>${MONTH_ALT})\\.?${E})`,
  ].join('|'),
  'gu',
);

// What may separate the two ends of a range (the dash is sometimes lost in extraction, hence "nothing").
// "WS 2008/09 – SS 2014", "Curso 2009/2010 – Curso 2013/2014": the term or year's label may open the end too.
// Europass writes an arrow ("01/09/2017 → aujourd'hui"), and plain text "2015 -> 2018".
// A dash may come before the word and an article after it: "2018 – hasta la fecha", "– até o momento", "– à ce
// jour", "– fino ad oggi", "– tot heden", "– jusqu'à aujourd'hui", "– to the present".
const RANGE_SEP =
  /^\s*(?:-+>?|→|➔|➜|⇒|–|—|~)?\s*(?:to|up\s+to|till|til|until|thru|through|bis|au|a|al|hasta|fino(?:\s+al?)?|tot|t\/m|ate|and|und|et|y|e|en|jusqu['’]?\s*(?:a|au))?\s*:?\s*(?:(?:el|la|le|lo|il|o|ao|ad|the|zum)\s+)?(?:(?:ws|ss|wise|sose|winter\s*semester|sommer\s*semester|curso|a\.\s?a\.|anno\s+accademico|ano\s+letivo|schooljaar|academic\s+year|ay)\s*)?$/u;
const SINCE =
  /(?:since|seit|depuis|desde|dal|dall['’]|sinds|vanaf|a\s+partir\s+de|a\s+partire\s+da|from|ab|des|a\s+partir\s+do)\s*$/u;
const ONWARDS = /^\s*(?:(?:[-–—]+\s*)?(?:onwards?|and\s+ongoing)|[-–—]+\s*$)/u;

interface Token {
  /** `short`: month/two-digit year ("7/95"), a date only inside a range; `placeholder`: "20XX". */
  kind: 'date' | 'present' | 'monthonly' | 'short' | 'placeholder';
  ym?: YearMonth;
  /** An academic or fiscal year ("2013/14", "2013/2014"): the year it ends in (`ym` is the one it starts in). */
  until?: YearMonth;
  /** A quarter or half of a year ("Q3 2019"): its last month, which ends a range it closes (`ym` is its first). */
  last?: YearMonth;
  from: number;
  to: number;
}

const yearOnly = (t: Token | undefined) => t?.kind === 'date' && !t.ym!.monthKnown && !t.until;

/**
 * "2013/14", "WS 2013/2014", "curso 2013/2014", "a.a. 2013/14": one academic or fiscal year written with a slash,
 * which starts in one year and ends in the next (the slash between two years is no range elsewhere: "2010/2014").
 */
function joinAcademicYears(tokens: Token[], folded: string): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const next = tokens[i + 1];
    if (
      yearOnly(t) &&
      yearOnly(next) &&
      next!.ym!.year === t.ym!.year + 1 &&
      /^\s?\/\s?$/.test(folded.slice(t.to, next!.from))
    ) {
      out.push({ ...t, until: next!.ym!, to: next!.to });
      i++;
    } else out.push(t);
  }
  return out;
}

// "SQL Server 2008", "MS Office 2010", "SharePoint Designer 2013", "Visual Studio 2015", "AutoCAD 2018": a product's
// version, no date (it made entries of skill lines); a range after it is still one ("Windows 2010 - 2014").
const PRODUCT_VERSION =
  /(?:office|server|sharepoint|visual\s+studio|windows|excel|outlook|powerpoint|visio|dynamics|autocad|revit|navision|tally\s+erp|exchange\s+server|project\s+server|ms\s+project|ms\s+access|ms\s+word)(?:\s+(?:designer|professional|enterprise|standard|express|nav|crm|ax|gp|foundation))?\s*$/;
const RANGE_NEXT = /^\s*(?:[-–—]|to\s|till\s|until\s)\s*/;
// "ISO 9001:2015", "ISO/IEC 27001:2013", "OHSAS 18001:2007": a standard's edition after its number, no date.
const STANDARD_EDITION = /(?:iso|iec|en|din|ohsas|iatf|as|bs)[\s/\w]*?\d{3,5}(?:-\d{1,2})?\s*:\s*$/;

function plausible(year: number, now: Date): boolean {
  return year >= 1950 && year <= now.getUTCFullYear() + 6;
}

function tokenize(folded: string, now: Date): Token[] {
  const tokens: Token[] = [];
  const add = (from: number, to: number, year: number, month: number | undefined) => {
    if (!plausible(year, now)) return;
    const ok = month !== undefined && month >= 1 && month <= 12;
    tokens.push({ kind: 'date', ym: { year, month: ok ? month : 1, monthKnown: ok }, from, to });
  };
  for (const m of folded.matchAll(TOKEN)) {
    const g = m.groups ?? {};
    const s = m.index;
    const e = s + m[0].length;
    const n = (v: string | undefined) => Number(v);
    if (g.dmy) {
      // Day first in most of Europe; month first when the middle number cannot be a month (US style).
      const a = n(g.dmyA);
      const b = n(g.dmyB);
      add(s, e, n(g.dmyY), b <= 12 ? b : a <= 12 ? a : undefined);
    } else if (g.ymd) add(s, e, n(g.ymdY), n(g.ymdM));
    else if (g.named) {
      const month = MONTHS[g.namedM ?? ''];
      let year = g.namedY ? n(g.namedY) : 2000 + n(g.namedYY);
      if (year > now.getUTCFullYear() + 6) year -= 100;
      add(s, e, year, month);
    } else if (g.season) {
      let year = g.seasonY ? n(g.seasonY) : 2000 + n(g.seasonYY);
      if (year > now.getUTCFullYear() + 6) year -= 100;
      add(s, e, year, SEASONS[g.seasonName ?? '']);
    } else if (g.part) {
      // The part's first month; as the end of a range, its last ("Q1 2020 – Q3 2021" ends in September 2021).
      const part = readPart(g.part);
      let year = part?.year ?? 0;
      if (year < 100) year += year > (now.getUTCFullYear() % 100) + 6 ? 1900 : 2000;
      if (part && plausible(year, now)) {
        const ym = { year, month: part.first, monthKnown: true };
        tokens.push({ kind: 'date', ym, last: { year, month: part.last, monthKnown: true }, from: s, to: e });
      } else if (part) add(s, e, year, undefined);
      else {
        // "4. Semester 2019" (a student's fourth term): no part of a year, but the year stands.
        const y = /(?:19|20)\d{2}/.exec(g.part);
        if (y) add(s + y.index, s + y.index + 4, Number(y[0]), undefined);
      }
    } else if (g.approx) {
      const at = APPROX_MONTH.find(([re]) => re.test(g.approxWord ?? ''))?.[1] ?? 1;
      const before = tokens.length;
      add(s, e, n(g.approxY), undefined);
      if (tokens.length > before) tokens[before]!.ym!.month = at;
    } else if (g.my) add(s, e, n(g.myY), n(g.myM));
    else if (g.mys) {
      let year = 2000 + n(g.mysYY);
      if (year > now.getUTCFullYear() + 6) year -= 100;
      const before = tokens.length;
      add(s, e, year, n(g.mysM));
      if (tokens.length > before) tokens[before]!.kind = 'short';
    } else if (g.ymn) add(s, e, n(g.ymnY), MONTHS[g.ymnM ?? '']);
    else if (g.apos) {
      let year = 2000 + n(g.aposYY);
      if (year > now.getUTCFullYear() + 6) year -= 100;
      const before = tokens.length;
      add(s, e, year, undefined);
      if (tokens.length > before && !/class\s+of\s*$/.test(folded.slice(Math.max(0, s - 12), s)))
        tokens[before]!.kind = 'short';
    } else if (g.yshort) {
      // "1987-92" is a year range; "2019-03" a month; ambiguous "2010-11" is read as a range (more common in CVs).
      const year = n(g.ysY);
      const two = n(g.ysYY);
      if (two > year % 100) {
        const dash = m[0].search(/[-–—/]/);
        add(s, s + dash, year, undefined);
        add(s + dash + 1, e, year - (year % 100) + two, undefined);
      } else if (two >= 1 && two <= 12 && /^\d{4}[-/]\d{2}$/.test(m[0])) add(s, e, year, two);
      else add(s, s + 4, year, undefined);
    } else if (g.ym) add(s, e, n(g.ymY), n(g.ymM));
    else if (g.year) {
      const before = folded.slice(Math.max(0, s - 24), s);
      if (STANDARD_EDITION.test(before)) continue;
      if (!PRODUCT_VERSION.test(before) || RANGE_NEXT.test(folded.slice(e, e + 12))) add(s, e, n(g.yearY), undefined);
    } else if (g.placeholder) tokens.push({ kind: 'placeholder', from: s, to: e });
    else if (g.present) tokens.push({ kind: 'present', from: s, to: e });
    else if (g.monthonly)
      tokens.push({
        kind: 'monthonly',
        ym: { year: 0, month: MONTHS[g.monthOnlyM ?? ''] ?? 1, monthKnown: true },
        from: s,
        to: e,
      });
  }
  return tokens;
}

function index(ym: YearMonth): number {
  return ym.year * 12 + ym.month;
}

/** The line holds dates and nothing else ("2014", "2005 - 2010", "06/2021 | 08/2021"). */
export function onlyDates(text: string, now: Date): boolean {
  const spans = findDateSpans(text, now);
  if (spans.length === 0) return false;
  let rest = text;
  for (const sp of [...spans].sort((a, b) => b.from - a.from)) rest = rest.slice(0, sp.from) + rest.slice(sp.to);
  return /^[\s,;:.()–—|-]*$/.test(rest);
}

/** All dates and ranges in a line, left to right. `now` gives the month that "present" means. */
export function findDateSpans(line: string, now: Date): DateSpan[] {
  // Every date has digits (a year); most lines have none.
  if (!/\d/.test(line)) return [];
  const key = `${now.getTime()}\u0000${line}`;
  const cached = CACHE.get(key);
  if (cached) return cached;
  const spans = computeSpans(line, now);
  // Several steps look at the same lines (sections, phones, entries); a small cache keeps that cheap.
  if (CACHE.size >= 4096) CACHE.clear();
  CACHE.set(key, spans);
  return spans;
}

const CACHE = new Map<string, DateSpan[]>();

function computeSpans(line: string, now: Date): DateSpan[] {
  const folded = foldSameLength(line);
  const tokens = joinAcademicYears(tokenize(folded, now), folded);
  const current: YearMonth = { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1, monthKnown: true };
  const spans: DateSpan[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind === 'present') continue;
    const next = tokens[i + 1];
    const gap = next ? folded.slice(t.to, next.from).replace(/[()[\],]/g, ' ') : '';
    if (t.kind === 'placeholder' || (t.kind === 'monthonly' && next?.kind === 'placeholder' && !gap.trim())) {
      // A placeholder date marks where a date stands (an entry's dates) without giving one.
      let j = t.kind === 'placeholder' ? i : i + 1;
      const after = tokens[j + 1];
      const sep = after ? folded.slice(tokens[j]!.to, after.from).replace(/[()[\],]/g, ' ') : '';
      if (after && after.kind !== 'date' && RANGE_SEP.test(sep)) {
        j++;
        const last = tokens[j + 1];
        if (
          tokens[j]!.kind === 'monthonly' &&
          last?.kind === 'placeholder' &&
          !folded.slice(tokens[j]!.to, last.from).trim()
        )
          j++;
      }
      // "January-March 20XX": the months before it belong to it.
      let from = t.from;
      for (let k = i - 1; k >= 0 && tokens[k]!.kind === 'monthonly'; k--) {
        if (!RANGE_SEP.test(folded.slice(tokens[k]!.to, from).replace(/[()[\],]/g, ' '))) break;
        from = tokens[k]!.from;
      }
      spans.push({ ongoing: tokens[j]!.kind === 'present', from, to: tokens[j]!.to });
      i = j;
      continue;
    }
    // "Feb 2011/Now", "2011 / present", "ene-2016 / dic-2018": a slash before "present", or between two dates with
    // their months, separates a range's ends (between two years it does not: "2010/2014" are two dates).
    const slashToPresent =
      /^\s*\/\s*$/.test(gap) &&
      (next?.kind === 'present' || (!!t.ym?.monthKnown && !!next?.ym?.monthKnown && next.kind === 'date'));
    if (next && next.kind !== 'monthonly' && next.kind !== 'placeholder' && (RANGE_SEP.test(gap) || slashToPresent)) {
      let start = t.ym!;
      if (next.kind === 'present') {
        if (t.kind === 'monthonly') continue;
        spans.push({ start, end: current, ongoing: true, from: t.from, to: next.to });
      } else {
        let end = next.until ?? next.last ?? next.ym!;
        // "January to May 2009": the start month takes the end's year.
        if (t.kind === 'monthonly')
          start = { year: end.month >= start.month ? end.year : end.year - 1, month: start.month, monthKnown: true };
        if (index(end) < index(start)) [start, end] = [end, start];
        // "Jan-Mar/2018 - Present", "Jan–Mar 2018 – Jun 2019": months sharing one year, then a range from them.
        const then = tokens[i + 2];
        const thenGap = then ? folded.slice(next.to, then.from).replace(/[()[\],]/g, ' ') : '';
        if (
          t.kind === 'monthonly' &&
          then &&
          (then.kind === 'present' || then.kind === 'date') &&
          RANGE_SEP.test(thenGap)
        ) {
          const ongoing = then.kind === 'present';
          const last = ongoing ? current : (then.until ?? then.last ?? then.ym!);
          if (index(last) >= index(start)) {
            spans.push({ start, end: last, ongoing, from: t.from, to: then.to });
            i += 2;
            continue;
          }
        }
        spans.push({ start, end, ongoing: false, from: t.from, to: next.to });
      }
      i++;
      continue;
    }
    if (t.kind === 'monthonly' || t.kind === 'short') continue;
    const before = folded.slice(Math.max(0, t.from - 24), t.from);
    const after = folded.slice(t.to);
    if (SINCE.test(before) || ONWARDS.test(after)) {
      const start = t.ym!;
      spans.push({
        start,
        end: index(current) >= index(start) ? current : start,
        ongoing: true,
        from: t.from,
        to: t.to,
      });
    } else if (t.until ?? t.last) {
      // An academic year, or a quarter or half of a year alone ("1. Quartal 2025"): from its first month to its last.
      spans.push({ start: t.ym!, end: (t.until ?? t.last)!, ongoing: false, from: t.from, to: t.to });
    } else {
      spans.push({ end: t.ym!, ongoing: false, from: t.from, to: t.to });
    }
  }
  return spans;
}

export function formatYearMonth(ym: YearMonth | undefined): string {
  return ym ? `${ym.year}-${String(ym.month).padStart(2, '0')}` : '';
}

/** Months covered by a range: inclusive when both months are known ("Jun–Aug 2015" = 3), else the plain difference. */
export function monthsBetween(start: YearMonth, end: YearMonth): number {
  const diff = index(end) - index(start);
  return Math.max(0, diff + (start.monthKnown && end.monthKnown ? 1 : 0));
}

const NUM = `(\\d+(?:[.,]\\d+)?|${Object.keys(NUMBER_WORDS)
  .sort((a, b) => b.length - a.length)
  .join('|')})`;
const YEAR_UNIT = '(?:years?|yrs?\\.?|jahren?|jahr|jahrige[nrs]?|annees?|ans?|anos|anni|anno|jaar|jaren)';
const MONTH_UNIT = '(?:months?|mos?\\.?|monate?n?|monat|mois|meses|mes|mesi|mese|maanden|maand)';
const RANGE_WORD = '(?:-|–|—|to|bis|a|tot|al|ou|or|y|e|and|und|et|o)';
const YEARS_RE = new RegExp(
  `${B}${NUM}\\s*\\+?\\s*(?:${RANGE_WORD}\\s*${NUM}\\s*\\+?\\s*)?-?\\s*${YEAR_UNIT}${E}(?!\\s+(?:old|alt|de\\s+edad|oud))(?:\\s*,?\\s*(?:and|und|et|y|e|en)?\\s*${NUM}\\s*${MONTH_UNIT}${E})?`,
  'u',
);
const MONTHS_RE = new RegExp(`${B}${NUM}\\s*\\+?\\s*${MONTH_UNIT}${E}`, 'u');

function number(word: string | undefined): number | undefined {
  if (word === undefined) return undefined;
  const n = /^\d/.test(word) ? Number(word.replace(',', '.')) : NUMBER_WORDS[word];
  return n === undefined || Number.isNaN(n) ? undefined : n;
}

/**
 * A stated duration in months: "3 years", "2 years 10 months", "5+ Jahre", "3 à 5 ans" (a range gives its
 * minimum), "18 months". Undefined when the text states none.
 */
export function statedMonths(text: string): number | undefined {
  const folded = foldSameLength(text);
  const y = YEARS_RE.exec(folded);
  if (y) {
    const a = number(y[1]);
    const b = number(y[2]);
    const years = a !== undefined && b !== undefined ? Math.min(a, b) : a;
    if (years !== undefined && years <= 60) return Math.round(years * 12) + (number(y[3]) ?? 0);
  }
  const m = MONTHS_RE.exec(folded);
  const months = m ? number(m[1]) : undefined;
  return months !== undefined && months <= 720 ? Math.round(months) : undefined;
}

const DANGLING_RANGE = /^\s*(?:to|till|until|through|bis|au|a|à|al|hasta|tot|até|ate|fino\s+al?)\s*$/iu;
const PRESENT_IN = new RegExp(`${B}(?:${PRESENT_ALT})${E}`, 'u');
const PRESENT_LEAD = new RegExp(`^((?:${PRESENT_ALT}))\\s*[:|,–—-]\\s*(?=\\S)`, 'u');
// "Present", "- today", and with the range's word: "until today)", "bis heute", "à ce jour", "hasta la fecha".
const PRESENT_ONLY = new RegExp(
  `^\\s*(?:[-–—]\\s*)?(?:(?:to|till|until|up\\s+to|bis|au|a|à|al|hasta|tot|até|ate|fino|jusqu['’]?\\s*(?:a|à|au))\\s+)?(?:(?:el|la|le|o|ao|ad|the)\\s+)?(?:${PRESENT_ALT})\\s*[.)]?\\s*$`,
  'u',
);

/**
 * Re-joins a date range that text extraction broke over two lines ("Mar 2011" / "Present", "Nov 2010" /
 * "Mar 2011"): a line ending with a single date followed by a line that is only a date or "present"; a colon may
 * close that date ("1984" / "1986:", a range whose dash the export turned into a gap, labelling what follows).
 */
export function joinSplitRanges(lines: readonly Line[], now: Date): Line[] {
  const out: Line[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const next = lines[i + 1];
    if (next && !next.bullet && next.text.length <= 30) {
      const spans = findDateSpans(line.text, now);
      const last = spans[spans.length - 1];
      if (last && !last.start && last.to >= line.text.replace(/[\s,;)]+$/, '').length) {
        const nextFolded = foldSameLength(next.text);
        const nextSpans = findDateSpans(next.text, now);
        const onlyDate =
          nextSpans.length === 1 &&
          !nextSpans[0]!.start &&
          next.text
            .slice(0, nextSpans[0]!.from)
            .trim()
            .replace(/^[-–—]$/, '') === '' &&
          /^:?$/.test(next.text.slice(nextSpans[0]!.to).trim());
        // "2014" / "2010": a range runs forward, so a line with an earlier date is another entry's date.
        const nextEnd = nextSpans[0]?.end;
        const backwards = onlyDate && !!nextEnd && !!last.end && index(nextEnd) < index(last.end);
        if (PRESENT_ONLY.test(nextFolded) || (onlyDate && !backwards)) {
          out.push({ text: `${line.text} - ${next.text.replace(/^\s*[-–—]\s*/, '')}`, bullet: line.bullet });
          i++;
          continue;
        }
      }
    }
    // "… Institute of Technology, Pune from 01-07-2009 to" / "30-06-2013 (4 years).": the range's word ends the
    // line and its end opens the next, which a layout or an export wrapped; the lines join (read alone, "from … to"
    // was ongoing).
    if (next && !next.bullet) {
      const spans = findDateSpans(line.text, now);
      const last = spans[spans.length - 1];
      const dangling = last ? DANGLING_RANGE.exec(line.text.slice(last.to)) : null;
      const open =
        !!last &&
        (!last.start || (last.ongoing && !PRESENT_IN.test(foldSameLength(line.text.slice(last.from, last.to)))));
      const first = dangling && open ? findDateSpans(next.text, now)[0] : undefined;
      const start = last?.start ?? last?.end;
      // The end opens the next line, a date alone (not a range of its own) and not before the start.
      if (
        first?.end &&
        start &&
        !first.start &&
        next.text.slice(0, first.from).trim() === '' &&
        index(first.end) >= index(start)
      ) {
        out.push({ text: `${line.text.trimEnd()} ${next.text}`, bullet: line.bullet });
        i++;
        continue;
      }
    }
    // "2001" / "Present: Service Technician": the present word joins the date, the rest stays a line.
    if (next && !next.bullet) {
      const lead = PRESENT_LEAD.exec(foldSameLength(next.text));
      const spans = lead ? findDateSpans(line.text, now) : [];
      const last = spans[spans.length - 1];
      if (lead && last && !last.start && last.to >= line.text.replace(/[\s,;)]+$/, '').length) {
        out.push({ text: `${line.text} - ${next.text.slice(0, lead[1]!.length)}`, bullet: line.bullet });
        out.push({ text: next.text.slice(lead[0].length).trim(), bullet: false });
        i++;
        continue;
      }
    }
    out.push(line);
  }
  return out;
}
