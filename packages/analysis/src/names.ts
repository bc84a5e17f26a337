/** The candidate's name: a "Name:" field, else the first line near the top that reads like a person's name. */
import { CV_HEADINGS, DOCUMENT_TITLE_PATTERN, DOCUMENT_TITLES, SAMPLE_PAGE_WORDS } from './headings.js';
import { institutionWords, legalForms, organisationHints, roleWords, streetWords } from './lexicon.js';
import { parsePlace } from './contacts.js';
import { countryNamed, countryOfRegion } from './places.js';
import { isCvHeading } from './sections.js';
import { foldWords, isUpper, titleCase, wordCount, type Line } from './text.js';

export interface PersonName {
  first: string;
  last: string;
  /** The CV itself marks which words are the surname (a surname label, "Costa, Rafael Almeida", capitals). */
  stated?: boolean;
}

const PARTICLES = new Set([
  'van',
  'von',
  'de',
  'der',
  'den',
  'da',
  'di',
  'du',
  'del',
  'della',
  // Filipino surnames: "Dela Cruz", "Delos Santos", "De los Reyes".
  'dela',
  'delos',
  'los',
  'des',
  'la',
  'le',
  'dos',
  'das',
  'do',
  'bin',
  'ibn',
  'al',
  'el',
  'ten',
  'ter',
  'zu',
  'y',
]);
const NOT_NAME_WORDS = new Set(
  [
    ...DOCUMENT_TITLES.flatMap((t) => foldWords(t).split(' ')),
    'name',
    'your',
    'sample',
    'template',
    'page',
    'email',
    'mail',
    'phone',
    'mobile',
    'address',
    'contact',
    'profile',
    'summary',
    'objective',
    'personal',
    'details',
    'information',
    'references',
    'confidential',
    // A letter of application's title over the CV ("Bewerbung", "Candidature"), or a portfolio's.
    'application',
    'bewerbung',
    // The posting a letter answers, named under its subject line ("Ihre Stellenanzeige vom …").
    'ihre',
    'stellenanzeige',
    'vacature',
    'vacancy',
    'candidature',
    'candidatura',
    'solicitud',
    'sollicitatie',
    'portfolio',
    'welcome',
    'linkedin',
    'github',
    'date',
    'birth',
    'nationality',
    'gender',
    'male',
    'female',
    'married',
    'single',
    'skills',
    'experience',
    'education',
    'career',
    'professional',
    'work',
    'technical',
    'project',
    'projects',
    'the',
    'and',
    'for',
    'with',
    'indeed',
    'resume',
    'updated',
    'available',
    'authorized',
    'willing',
    'relocate',
    'seeking',
    'looking',
    'position',
    'job',
    'years',
    'year',
    'months',
    'total',
    'mr',
    'mrs',
    'ms',
    'miss',
    'dr',
    'prof',
    'herr',
    'frau',
    'mme',
    'mlle',
    'sr',
    'sra',
    'dott',
    'dhr',
    'mevr',
    'vorname',
    'nachname',
    'nom',
    'prenom',
    'nombre',
    'apellidos',
    'cognome',
    'voornaam',
    'achternaam',
    'sobrenome',
    'street',
    'road',
    'drive',
    'avenue',
    'applicant',
    'candidate',
    'status',
    'marital',
    'children',
    'font',
    'styles',
    // Fields of study and subjects, which fill short capitalised lines near the top ("Computer Science").
    'science',
    'sciences',
    'engineering',
    'arts',
    'computer',
    'computing',
    'business',
    'administration',
    'management',
    'technology',
    'technologies',
    'studies',
    'economics',
    'mathematics',
    'physics',
    'chemistry',
    'biology',
    'law',
    'medicine',
    'nursing',
    'accounting',
    'finance',
    'marketing',
    'design',
    'systems',
    'software',
    'data',
    'development',
    'operations',
    'security',
    'network',
    'cloud',
    'digital',
    'informatik',
    'informatique',
    'size',
    'elementary',
    'margins',
    'example',
    'copy',
    'dear',
    'thank',
    'thanks',
    'regards',
    'sincerely',
    'objective',
    'vitae',
  ].map((w) => foldWords(w)),
);
// Role words that are also common surnames are not evidence against a name.
const SURNAME_ROLES = new Set([
  'cook',
  'driver',
  'coach',
  'pilot',
  'host',
  'guide',
  'head',
  'fellow',
  'partner',
  'chair',
  'member',
  'staff',
  'principal',
  'chef',
  'capo',
  'lead',
  'dean',
  'mason',
  'porter',
  'hunter',
]);
const SALUTATION =
  /^(?:mr|mrs|ms|miss|dr|prof|herr|frau|m|mme|mlle|sr|sra|srta|dott|dott\.ssa|dhr|mevr|sig|sig\.ra)\.?\s+/i;
// Academic and professional titles before a name, one or several: "Dipl.-Ing. Hans Weber", "Dr. rer. nat. …",
// "Ing. Marco Conti", "Lic. Sofía Ramos", "Dra. Marta Gil", "Mag. Eva Huber", "Drs. Pieter Smit", "ir. Joost
// Bakker", "Eng. João Lopes", "Arq. …", "Avv. …", "Prof. Dr. …"; each ends with its period, so a given name is never
// taken for one ("Ma." is no title: it is María abbreviated, as Filipino names write it).
const TITLES =
  /^(?:(?:dipl\.?\s?-?\s?(?:ing|kfm|kff|inf|oec|psych|biol|chem|phys|math|volksw|betriebsw)|dr|dra|prof|profa|ing|lic|mag|drs|ir|eng|arq|avv|mtro|mstr|rer\.\s?nat|rer\.\s?pol|med|phil|jur|h\.\s?c|msc|bsc)\.\s*)+(?=\p{Lu})/iu;
// Degrees and credentials after a name without a comma ("Dr. Sarah Lindqvist PhD", "Omar Haddad MBA").
const POST_NOMINALS =
  /\s+(?:Ph\.?\s?D\.?|M\.?D\.?|MBA|M\.?Sc\.?|B\.?Sc\.?|M\.?A\.?|B\.?A\.?|M\.?Eng\.?|B\.?Eng\.?|LL\.?M\.?|CPA|PMP|CFA|RN|PE|P\.E\.)$/u;
const TITLE_PREFIX =
  /^(?:resume|résumé|curriculum\s+vitae|curriculum|cv|bio[\s-]?data|lebenslauf)\s*(?:of|de|von|di|van|do|da|[:\-–])?\s*/i;

// Agencies put their own logo and address on top and the person in a "Candidate:" / "Bewerber:" field.
const FULL_NAME_LABEL =
  "(?:name|full\\s+name|name\\s+and\\s+surname|nombre\\s+y\\s+apellidos?|prénom\\s+et\\s+nom|nome\\s+e\\s+sobrenome|voor-?\\s*en\\s+achternaam|vor-?\\s*und\\s+zuname|candidate(?:['’]s)?(?:\\s+name)?|applicant(?:['’]s)?(?:\\s+name)?|candidat(?:e|o|a)?|kandidaat|kandidat(?:in)?|bewerber(?:in)?|nom\\s+complet|nombre\\s+completo|nome\\s+completo|naam|vor-?\\s*und\\s+nachname|nom\\s+et\\s+prénom|nome\\s+e\\s+cognome)";
const FIRST_NAME_LABEL =
  '(?:first\\s+name|given\\s+name|forename|vorname|prénom|prenom|nombre|nome|voornaam|primeiro\\s+nome)';
const LAST_NAME_LABEL =
  '(?:last\\s+name|surname|family\\s+name|nachname|familienname|nom\\s+de\\s+famille|nom|apellidos?|cognome|achternaam|sobrenome|apelidos?)';
const FULL_NAME_FIELD = new RegExp(`^${FULL_NAME_LABEL}\\s*[:：]\\s*(.+)$`, 'iu');
const FIRST_NAME_FIELD = new RegExp(`^${FIRST_NAME_LABEL}\\s*[:：]\\s*(.+)$`, 'iu');
const LAST_NAME_FIELD = new RegExp(`^${LAST_NAME_LABEL}\\s*[:：]\\s*(.+)$`, 'iu');
// "Nome" / "Giulia Ferraro", "Nom" / "DUPONT" / "Prénom" / "Claire": a form-like CV (Europass, a table exported
// line by line) writes the label alone on its line and the value on the next, without a colon.
const LONE_NAME_LABEL = new RegExp(`^(?:${FULL_NAME_LABEL}|${FIRST_NAME_LABEL}|${LAST_NAME_LABEL})\\s*$`, 'iu');
// The value under such a label: one to five capitalised words (particles and initials allowed), nothing else.
// Only at the top, above every section but the personal details: further down a lone "Name" heads a table's
// column ("Name" / "Skill Level" / "Java" / "Advanced").
const CONTACT_HEADINGS = new Set(CV_HEADINGS.contact.map(foldWords));
const LABELLED_VALUE = /^(?:(?:\p{Lu}[\p{L}'’-]*\.?|\p{Ll}{1,3})\s+){0,4}\p{Lu}[\p{L}'’-]*\.?$/u;

// The Europass CV (2004–2012 template) labels the name "Surname(s) / First name(s)" ("Nom(s) / Prénom(s)",
// "Cognome(i) / Nome(i)", "Apellido(s) / Nombre(s)", "Nachname(n) / Vorname(n)", "Apelido(s) / Nome(s) próprio(s)",
// "Naam / Voornaam")
// without a colon, the value in the next column, surname first; some translations put the given name first.
const PAREN = '(?:\\s*\\([^)]*\\))*';
const SURNAME_WORD = `(?:surname|last\\s+name|family\\s+name|cognome|nom|apellido|nachname|familienname|achterna{1,2}m|na{1,2}m|apelido|sobrenome)${PAREN}`;
const GIVEN_WORD = `(?:first\\s+name|given\\s+name|forename|nome|pr[ée]nom|nombre|vorname|voorna{1,2}m)${PAREN}(?:\\s+pr[óo]prio${PAREN})?`;
const EUROPASS_SURNAME_FIRST = new RegExp(`^${SURNAME_WORD}\\s*\\/\\s*${GIVEN_WORD}\\s*[:：]?\\s+(.+)$`, 'iu');
const EUROPASS_GIVEN_FIRST = new RegExp(`^${GIVEN_WORD}\\s*\\/\\s*${SURNAME_WORD}\\s*[:：]?\\s+(.+)$`, 'iu');

function europassName(text: string): PersonName | undefined {
  const surnameFirst = EUROPASS_SURNAME_FIRST.exec(text);
  // "van der Berg, Sanne", "Costa, Rafael Almeida": a comma after the surname, then the given names.
  const comma = surnameFirst && /^([^,;|]+),\s*([^,;|]+)$/u.exec(clean(surnameFirst[1] ?? ''));
  if (comma && looksLikeName(`${comma[2]} ${comma[1]}`)) {
    // "Costa, Rafael Almeida da": the particle the comma moved to the end starts the surname ("da Costa").
    const given = comma[2]!.trim().split(/\s+/);
    let cut = given.length;
    while (cut > 1 && PARTICLES.has(given[cut - 1]!.toLowerCase())) cut--;
    const last = [...given.slice(cut), comma[1]!.trim()].join(' ');
    return { first: given.slice(0, cut).join(' '), last, stated: true };
  }
  const value = clean((surnameFirst ?? EUROPASS_GIVEN_FIRST.exec(text))?.[1] ?? '').replace(/[,;|].*$/, '');
  if (!value || !looksLikeName(value)) return undefined;
  const tokens = value.split(' ');
  // "DUPONT Jean": the capitals mark the surname whatever the order.
  if (!surnameFirst || tokens.some((t) => t.length > 1 && t === t.toUpperCase())) return splitName(value);
  return { first: tokens.slice(1).join(' '), last: tokens[0]!, stated: true };
}

function tokenOk(token: string, i: number): boolean {
  if (i > 0 && PARTICLES.has(token.toLowerCase())) return true;
  if (/^\p{Lu}\.$/u.test(token)) return true;
  // Placeholders ("Xxxx") are not names.
  if (!/^\p{Lu}[\p{L}'’-]*\p{L}$/u.test(token) || /x{3,}/i.test(token)) return false;
  const folded = foldWords(token);
  if (NOT_NAME_WORDS.has(folded) || legalForms.has(folded) || institutionWords.has(folded) || streetWords.has(folded))
    return false;
  return !roleWords.has(folded) || SURNAME_ROLES.has(folded);
}

// "Brightmoor Staffing Group", "Harlow Recruitment Partners": words firms end their names with (an agency's
// letterhead above the CV), which no person's name ends with; "Bank" is also a surname.
const endsLikeFirm = (tokens: readonly string[]) => {
  const last = foldWords(tokens[tokens.length - 1]!);
  return last !== 'bank' && organisationHints.has(last);
};

/** Whether a short text reads like a person's name: 2–5 capitalised words, no title, company or place words. */
export function looksLikeName(text: string): boolean {
  const tokens = text.trim().split(/\s+/);
  // "Ana María de la Cruz Rodríguez": particles do not count towards the five words a name may have.
  const particles = tokens.filter((t, i) => i > 0 && PARTICLES.has(t.toLowerCase())).length;
  if (tokens.length < 2 || tokens.length - particles > 5 || tokens.length > 8 || text.length > 60) return false;
  // A name does not end with a particle ("Ana María de" is the start of one).
  if (PARTICLES.has(tokens[tokens.length - 1]!.toLowerCase())) return false;
  if (!tokens.every(tokenOk) || endsLikeFirm(tokens)) return false;
  if (tokens.filter((t, i) => !/^\p{Lu}\.$/u.test(t) && (i === 0 || !PARTICLES.has(t.toLowerCase()))).length < 2)
    return false;
  return !countryNamed(text) && !parsePlace(text, false);
}

/**
 * Splits a full name. "DUPONT Jean" (surname in capitals, French/Italian style) → last = DUPONT; a particle
 * starts the surname ("Ludwig van Beethoven"); otherwise the last word is the surname and middle names stay
 * with the first name.
 */
export function splitName(full: string): PersonName {
  let tokens = full.trim().split(/\s+/);
  const upper = tokens.map((t) => t.length > 1 && t === t.toUpperCase() && t !== t.toLowerCase());
  if (upper.some(Boolean) && !upper.every(Boolean) && !tokens.some((t) => /^\p{Lu}\.$/u.test(t))) {
    const last = tokens.filter((_, i) => upper[i]);
    const first = tokens.filter((_, i) => !upper[i]);
    return { first: first.join(' '), last: titleCase(last.join(' ')) };
  }
  if (upper.every(Boolean))
    tokens = tokens.map((t) => (PARTICLES.has(t.toLowerCase()) ? t.toLowerCase() : titleCase(t)));
  if (tokens.length === 1) return { first: tokens[0]!, last: '' };
  const particle = tokens.findIndex((t, i) => i > 0 && i < tokens.length - 1 && PARTICLES.has(t.toLowerCase()));
  const cut = particle > 0 ? particle : tokens.length - 1;
  return { first: tokens.slice(0, cut).join(' '), last: tokens.slice(cut).join(' ') };
}

function clean(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

const CONTACT_LABEL =
  /^(?:phone|tel|telephone|mobile|mob|cell|e-?mail|address|linkedin|github|website|telefon|téléphone|teléfono|telefono|telefoon|telefone|adresse|dirección|indirizzo|adres|endereço)\.?:?$/iu;

/** The longest 2–4 word prefix that reads like a name and is followed by something that is not part of it. */
function namePrefix(cell: string): string {
  const tokens = cell.split(/\s+/);
  for (let n = Math.min(4, tokens.length - 1); n >= 2; n--) {
    const prefix = tokens.slice(0, n);
    const next = tokens[n]!;
    const shouting = prefix.every((t) => t === t.toUpperCase());
    const nextSameStyle = /^\p{Lu}\p{Ll}/u.test(next)
      ? !shouting
      : next === next.toUpperCase() && /\p{L}{2}/u.test(next)
        ? shouting
        : false;
    // "Jane Doe Phone: 555 …", "Jane Doe Email jane@…": a field's label after the name ends it.
    if (nextSameStyle && !roleWords.inText(next) && !CONTACT_LABEL.test(next)) continue;
    if (looksLikeName(prefix.join(' '))) return prefix.join(' ');
  }
  return '';
}

/** The candidate's name from the first lines of a CV. Empty strings when nothing reads like a name. */
/**
 * Spanish and Portuguese names carry two family names ("Lucía Fernández Ortega", "João Pereira Santos"): with
 * three or more words and no particle, capitalised surname or label already marking the split, the last two are the
 * surname.
 */
export function withTwoSurnames(name: PersonName, language: string): PersonName {
  if ((language !== 'es' && language !== 'pt') || name.stated) return name;
  const given = name.first.split(/\s+/).filter(Boolean);
  const family = name.last.split(/\s+/).filter(Boolean);
  if (given.length < 2 || family.length !== 1) return name;
  const moved = given[given.length - 1]!;
  if (PARTICLES.has(moved.toLowerCase()) || moved === moved.toUpperCase()) return name;
  return { first: given.slice(0, -1).join(' '), last: `${moved} ${name.last}` };
}

// "Clayton VIC 3204", "New South, NC 27509": a town, its state and postcode close an address, whatever the town's
// name (one the place list lacks reads like a person's name).
const REGION_POSTCODE = /(?:,\s*|\s+)([A-Z]{2,3})\s+\d{4,5}(?:-\d{4})?$/;
function isTownLine(text: string): boolean {
  const m = REGION_POSTCODE.exec(text.trim());
  return !!m && !!countryOfRegion(m[1]!);
}

export function findName(lines: readonly Line[]): PersonName {
  let first = '';
  let last = '';
  let familyName = '';
  const top = lines.slice(0, 80);
  let atTop = true;
  for (const [i, line] of top.entries()) {
    if (atTop && isCvHeading(line) && !CONTACT_HEADINGS.has(foldWords(line.text))) atTop = false;
    // "Name:" with the value in the next column (a tab in extracted text) or on the next line.
    const below = top[i + 1]?.text ?? '';
    const text =
      /[:：]$/.test(line.text) && below && !/[:：]/.test(below)
        ? `${line.text} ${below}`
        : atTop && LONE_NAME_LABEL.test(line.text) && LABELLED_VALUE.test(below) && !LONE_NAME_LABEL.test(below)
          ? `${line.text}: ${below}`
          : line.text;
    // The label alone in its cell, the name in the next one.
    const europass =
      europassName(line.text) ?? (top[i + 1] ? europassName(`${line.text} ${top[i + 1]!.text}`) : undefined);
    if (europass) return europass;
    const full = FULL_NAME_FIELD.exec(text);
    // "Name: Dr. Anna Weber", "Name: Mr. John Smith": a title or salutation before the name is no part of it.
    const fullValue = clean(full?.[1] ?? '')
      .replace(/[,;|].*$/, '')
      .replace(SALUTATION, '')
      .replace(TITLES, '');
    if (fullValue && looksLikeName(fullValue)) return splitName(fullValue);
    // "Name: Karthik V.": a given name and an initial is a whole name when a label says it is one.
    const initial = fullValue ? NAME_AND_INITIAL.exec(fullValue) : null;
    if (initial && tokenOk(initial[1] ?? initial[4] ?? '', 0))
      return { first: initial[1] ?? initial[4] ?? '', last: initials(initial) };
    // "Name: Albrecht" / "Vorname: Jonas", "Naam: de Vries" / "Voornaam: Sanne": beside a first-name field, the
    // name field holds the surname.
    if (fullValue && !familyName && LABELLED_VALUE.test(fullValue) && wordCount(fullValue) <= 3) familyName = fullValue;
    const f = FIRST_NAME_FIELD.exec(text);
    if (f?.[1]) first = clean(f[1]);
    const l = LAST_NAME_FIELD.exec(text);
    if (l?.[1]) last = clean(l[1]);
  }
  if (first && !last) last = familyName;
  const unshout = (s: string) => (s.length > 1 && s === s.toUpperCase() ? titleCase(s) : s);
  if (first && last && first.length < 40 && last.length < 40)
    return { first: unshout(first), last: unshout(last), stated: true };
  // A lone "Nombre: Juan García López" / "Nom: Jean Dupont" field holding the full name.
  const lone = first || last;
  if (lone && looksLikeName(lone)) return splitName(lone);
  const near = nameNearTop(lines);
  if (near) return near;
  // "Sales Representative Resume Example" under a page of advice: the CV, and its name, start below it.
  for (let i = 0; i < Math.min(lines.length, 40); i++) {
    const t = lines[i]!.text;
    if (i > 0 && SAMPLE_TITLE.test(t) && wordCount(t) <= 8) {
      const below = nameNearTop(lines.slice(i + 1));
      if (below) return below;
    }
  }
  const paged = pageHeaderName(lines);
  return paged.first ? paged : (shortNameAtTop(lines) ?? paged);
}

// The surname's particles, without the conjunction "y" that joins two Spanish surnames.
const SURNAME_PARTICLES = [...PARTICLES].filter((p) => p !== 'y').join('|');
const SURNAME_COMMA = new RegExp(
  `^((?:(?:${SURNAME_PARTICLES})\\s+){0,3}\\p{Lu}[\\p{L}'’-]+),\\s*(\\p{Lu}[\\p{L}'’-]+(?:\\s+\\p{Lu}[\\p{L}'’-]+)?)$`,
  'u',
);
// One given name and an initial or two, as many South Indian names are written ("Karthik.V", "Priya S.", "R. Meena",
// "K. S. Ramesh", "Lakshmi R. K.").
const NAME_AND_INITIAL =
  /^(?:(\p{Lu}\p{Ll}{2,})(?:\s*\.\s*|\s+)(\p{Lu}(?:\s*\.\s*\p{Lu}){0,2})\.?|(\p{Lu}(?:\s*\.\s*\p{Lu}){0,2})\s*\.\s*(\p{Lu}\p{Ll}{2,}))$/u;
/** The initials of a NAME_AND_INITIAL match, each with its period: "K. S.". */
const initials = (m: RegExpExecArray) =>
  (m[2] ?? m[3] ?? '')
    .split(/[\s.]+/)
    .filter(Boolean)
    .map((c) => `${c}.`)
    .join(' ');
const ONE_NAME = /^\p{Lu}\p{Ll}{2,}(?:['’-]\p{L}+)?$/u;
const CAPS_NAME = /^\p{Lu}{2,}(?:['’-]\p{Lu}+)?$/u;
// What a CV's contact block holds: an e-mail, a phone number, an address with a house number or a postcode.
const CONTACT_CUE = /@|\d[\d\s().-]{6,}\d|^\d+[\s,/]|\b\d{5,6}\b/;

/**
 * A one-word name, or a given name with an initial, alone on the CV's first line right above its contact details:
 * mononyms and initials are how many people write their names, and nothing else on a CV stands there. Only when
 * nothing reads like a longer name.
 */
function shortNameAtTop(lines: readonly Line[]): PersonName | undefined {
  const top = lines[0];
  if (!top || top.bullet || isCvHeading(top)) return undefined;
  if (!lines.slice(1, 5).some((l) => CONTACT_CUE.test(l.text))) return undefined;
  const text = top.text.trim().replace(/[\s,:;]+$/, '');
  const initial = NAME_AND_INITIAL.exec(text);
  if (initial) {
    const given = initial[1] ?? initial[4] ?? '';
    return tokenOk(given, 0) ? { first: given, last: initials(initial) } : undefined;
  }
  const word = text.replace(/\.$/, '');
  return ONE_NAME.test(word) && tokenOk(word, 0) && !countryNamed(word) && !parsePlace(word, false)
    ? { first: word, last: '' }
    : undefined;
}

/** The first line near the top (the first 12) that reads like a name, or where one starts. */
function nameNearTop(lines: readonly Line[]): PersonName | undefined {
  let seen = 0;
  for (const line of lines) {
    if (seen >= 12) break;
    seen++;
    if (line.bullet || isCvHeading(line) || isTownLine(line.text)) continue;
    const text = line.text
      .replace(/^["'“”‘’«»]+/, '')
      .replace(TITLE_PREFIX, '')
      .replace(SALUTATION, '')
      .replace(TITLES, '');
    // The name comes first in its line: "Jane Doe | jane@x.org", "Alix Berge, Ph.D., Professor".
    const cell = (text.split(/\s+[|•·■▪–—-]\s+|\s*[,;(]\s*|(?<=\p{L}{3})\.\s+|\s{2,}|\t/u)[0] ?? '')
      .replace(/[\s.:"'“”‘’«»]+$/, '')
      .replace(SALUTATION, '')
      .replace(POST_NOMINALS, '');
    if (looksLikeName(cell)) return splitName(cell);
    // "Jane<tab>Doe": the given name and the surname in two cells of the first line, which become two lines.
    const below = lines[seen]?.text.trim() ?? '';
    if (seen <= 2 && ONE_NAME.test(cell) && ONE_NAME.test(below) && looksLikeName(`${cell} ${below}`))
      return { first: cell, last: below };
    // "Camille" / "DURAND-LEROY", "DURAND" / "Camille": the French and Italian surname in capitals on a line of its
    // own, above or below the given name, at the very top with contact details under both.
    const twoLines = seen <= 2 && lines.slice(seen + 1, seen + 5).some((l) => CONTACT_CUE.test(l.text));
    if (twoLines && ONE_NAME.test(cell) && CAPS_NAME.test(below) && looksLikeName(`${cell} ${below}`))
      return { first: cell, last: titleCase(below) };
    if (twoLines && CAPS_NAME.test(cell) && ONE_NAME.test(below) && looksLikeName(`${below} ${cell}`))
      return { first: below, last: titleCase(cell) };
    // "Weber, Hans", "van den Berg, Jan": the surname first and a comma, as German, Dutch and academic CVs write
    // it; the line is nothing else, at the very top above the contact details ("Selenium, Java" is a list), and
    // what follows the comma is a given name, not a credential or a place.
    const inverted = seen <= 2 ? SURNAME_COMMA.exec(text.trim()) : null;
    const contactBelow = lines.slice(seen, seen + 4).some((l) => CONTACT_CUE.test(l.text));
    if (inverted && contactBelow && !parsePlace(text, false) && !countryNamed(inverted[2]!)) {
      const given = inverted[2]!;
      const family = isUpper(inverted[1]!) ? titleCase(inverted[1]!) : inverted[1]!;
      if (!isUpper(given) && looksLikeName(`${given} ${family}`)) return { first: given, last: family, stated: true };
    }
    // At the very top, the name may run into the next item: "Jane Doe 12 High Street", "Jane Doe Java Developer".
    if (seen <= 2 || /^[^\s]+\s+[^\s]+\s+\d/.test(cell)) {
      const prefix = namePrefix(cell);
      if (prefix) return splitName(prefix);
    }
  }
  return undefined;
}

// "Resume", "Sales Representative Resume Example", "CV Template": the title of a sample CV's page.
export const SAMPLE_TITLE = new RegExp(
  `(?<!\\p{L})(?:${DOCUMENT_TITLE_PATTERN})(?:\\s+(?:${SAMPLE_PAGE_WORDS}|format))?\\s*$`,
  'iu',
);
const CONTINUED = /\((?:cont(?:['’]?d|inued|\.)?)\)|\bcontinued\b/i;

/**
 * No name at the top: the header of a later page names the candidate above the heading it continues ("Vern
 * Becker" / "PROFESSIONAL EXPERIENCE (Cont.)").
 */
function pageHeaderName(lines: readonly Line[]): PersonName {
  for (let i = 0; i + 1 < lines.length; i++) {
    const next = lines[i + 1]!.text;
    if (CONTINUED.test(next) && isCvHeading({ text: next.replace(CONTINUED, '').trim(), bullet: false }))
      if (looksLikeName(lines[i]!.text)) return splitName(lines[i]!.text);
  }
  return { first: '', last: '' };
}
