/**
 * Experience entries of a CV's experience section.
 *
 * Entries are anchored on their date lines ("June 2016 to Present", "2007-Present", "01/2018 – heute"). The short
 * lines next to an anchor are the entry header (title, employer, place); the rest until the next entry is its body.
 *
 * Where the employer goes: the record's experience object has no employer field, and `activity_sector` is the
 * sector (filled only when the CV states one, "Industry: …"). So `description` is the entry's own text in
 * reading order without the title and the dates: the header lines other than the title (which is where the
 * employer and place are written, "Oracle India Pvt Ltd - Bengaluru") followed by the body lines. The employer
 * thus stays as written, with no invented "Company:" label.
 */
import type { CvExperience } from '@talent/records';
import {
  findDateSpans,
  formatYearMonth,
  joinSplitRanges,
  monthsBetween,
  statedMonths,
  type DateSpan,
} from './dates.js';
import { parsePlace } from './contacts.js';
import { cvRoleWords, institutionWords, legalForms, organisationHints, roleWords, type WordSet } from './lexicon.js';
import { DOCUMENT_TITLE_PATTERN, DOCUMENT_TITLES, ENTRY_LABELS, SAMPLE_PAGE_WORDS } from './headings.js';
import { countryNamed, countryOfRegion, countryOfTown } from './places.js';
import { isCvHeading } from './sections.js';
import { foldWords, joinWrapped, tidy, wordCount, type Line } from './text.js';
import { looksLikeName } from './names.js';

// "Industry: Banking", and Europass's unpunctuated "Business or sector Banking".
const SECTOR_FIELD =
  /^(?:(?:industry|sector|branche|secteur(?:\s+d['’]activit[ée])?|settore|industria|setor|ramo|bedrijfstak)\s*[:：]|(?:type\s+of\s+)?business\s+or\s+sector\b|type\s+ou\s+secteur\s+d['’]activité(?=[\s:：]|$)|tätigkeitsbereich\s+oder\s+branche\b|soort\s+onderneming\s+of\s+sector\b|tipo\s+de\s+empresa\s+ou\s+se(?:c?)tor\b|wirtschaftszweig\s+oder\s+branche\b|activité\s+ou\s+secteur\b|tipo\s+de\s+empresa\s+o\s+sector\b|tipo\s+di\s+attività\s+o\s+settore\b)\s*:?\s*(.+)$/i;
// Abbreviations that end a header line with a period without making it a sentence.
const ABBREVIATION_END =
  /\b(?:ltd|inc|co|corp|pvt|llc|plc|jr|sr|st|dept|univ|gmbh|s\.a|s\.l|b\.v|n\.v|s\.p\.a|s\.r\.l)\.$/i;
const MAX_ENTRIES = 40;
const MAX_DESCRIPTION = 4000;

interface Row {
  line: Line;
  spans: DateSpan[];
  /** Short, not a bullet, not a sentence: can be part of an entry header. */
  header: boolean;
  /** A header line carrying the entry's dates. */
  anchor: boolean;
  /** Opens in lowercase in a section written in capitals: carries on the line above. */
  continues: boolean;
}

// "Designation: X", "Employer: Y" label entry headers; other "Label: value" lines ("Environment: Java",
// "Technologies: …") are details of the entry body.
// The Europass CV (2004–2012 template) labels its work fields in a column apart from their values, with no colon
// ("Occupation or position held Project Manager", "Fonction ou poste occupé Chef de projet", "Name and address of
// employer Acme Ltd, Leeds"): the labels of the title and the employer in its seven languages here.
const EUROPASS_TITLE =
  /^(?:occupation\s+or\s+position\s+held|fonction\s+ou\s+poste\s+occupée?|beruf\s+oder\s+funktion|(?:función|profesión)\s+o\s+(?:puesto|cargo)\s+desempeñad[oa]|lavoro\s+o\s+posizione\s+ricopert[ie]|functie\s+of\s+(?:bekleed\s+ambt|positie)|função\s+ou\s+cargo\s+ocupad[oa])\s*[:：]?\s*/i;
const EUROPASS_EMPLOYER =
  /^(?:name\s+and\s+address\s+of\s+(?:the\s+)?employer|nom\s+et\s+adresse\s+de\s+l['’]employeur|name\s+und\s+adresse\s+des\s+arbeitgebers|nombre\s+y\s+dirección\s+(?:de\s+la\s+empresa\s+o\s+)?(?:del\s+)?empleador|nome\s+e\s+indirizzo\s+del\s+datore\s+di\s+lavoro|naam\s+en\s+adres\s+van\s+(?:de\s+)?werkgever|nome\s+e\s+(?:morada|endereço)\s+do\s+empregador)\s*[:：]?\s*/i;
// Its activities field ("Main activities and responsibilities", "Principales activités et responsabilités", …).
const EUROPASS_ACTIVITIES =
  /^(?:main\s+activities\s+and\s+responsibilities|principales\s+activités\s+et\s+responsabilités|wichtigste\s+tätigkeiten\s+und\s+zuständigkeiten|(?:funciones|actividades)\s+y\s+responsabilidades\s+principales|principali\s+attività\s+e\s+responsabilità|voornaamste\s+werkzaamheden\s+en\s+verantwoordelijkheden|principais\s+a(?:c?)tividades\s+e\s+responsabilidades)\s*[:：]?\s*/i;
const TITLE_LABEL = new RegExp(
  `^(?:designation|position(?:\\s+held)?|job\\s+title|title|role|post|funktion|position|poste|fonction|puesto|cargo|ruolo|posizione|functie|função)\\s*[:：]\\s*|${EUROPASS_TITLE.source}`,
  'i',
);
export const EMPLOYER_LABEL = new RegExp(
  `^(?:company(?:\\s+name)?|employer(?:\\s+name)?|name\\s+of\\s+(?:the\\s+)?(?:employer|company|organi[sz]ation)|firm|client|organi[sz]ation(?:\\s+name)?|arbeitgeber|firma|unternehmen|entreprise|employeur|société|empresa|azienda|datore\\s+di\\s+lavoro|werkgever|bedrijf)\\s*[:：]\\s*|${EUROPASS_EMPLOYER.source}`,
  'i',
);
const HEADER_LABEL = new RegExp(`${TITLE_LABEL.source}|${EMPLOYER_LABEL.source}`, 'i');
// "Duration: Jan 2007 to Sep 2011", "Period 2015 – 2018": the entry's dates under a label.
const DATE_LABEL =
  /^(?:duration|period|dates?|tenure|time\s+period|zeitraum|dauer|période|durée|periodo|duración|durata|período|duração|periode)\b\s*[:：]?\s*/i;
const OTHER_LABEL = /^[\p{L}][\p{L}\s/&]{1,30}[:：]\s*\S/u;

function isHeaderLike(line: Line): boolean {
  const t = line.text;
  if (line.bullet || t.length > 110 || wordCount(t) > 14) return false;
  if (isDetail(t)) return false;
  return !/[.!?;]$/.test(t) || ABBREVIATION_END.test(t);
}

/**
 * "Environment: Java", "Technologies: …" describe the entry; but a label that is a role is the title written
 * before its employer ("Full Time Instructor: Kent Valley College"), and entry fields and dates are headers.
 */
function isDetail(t: string): boolean {
  if (!OTHER_LABEL.test(t) || HEADER_LABEL.test(t) || DATE_LABEL.test(t)) return false;
  return !isRole(t.slice(0, t.search(/[:：]/)));
}

function remainder(text: string, spans: readonly DateSpan[]): string {
  let out = text;
  for (const s of [...spans].sort((a, b) => b.from - a.from)) {
    // Dates inside a note keep it whole ("Substitute Teacher (part-time, Jan. 2004)": the note is cut later).
    const before = out.slice(0, s.from);
    const inNote = (before.match(/[([]/g) ?? []).length > (before.match(/[)\]]/g) ?? []).length;
    const bare = /\(\s*$/.test(before) && /^\s*\)/.test(out.slice(s.to));
    out = `${before}${inNote && !bare ? ' ' : '\uFFFF'}${out.slice(s.to)}`;
  }
  // "ACCOUNT EXECUTIVE (1/99 - 1/01) Company Net": dates written between two parts of the header separate them.
  return tidy(
    out
      .replace(/\(\s*\uFFFF\s*\)/g, '\uFFFF')
      .split('\uFFFF')
      .map((piece) =>
        tidy(
          piece
            .replace(DATE_LABEL, '')
            .replace(SINCE_END, '')
            .replace(/\(\s*\)/g, ''),
        ),
      )
      .filter(Boolean)
      .join(' | '),
  );
}
const SINCE_END =
  /\b(?:since|seit|ab|depuis|dès|desde|a\s+partir\s+de|dal|da|a\s+partire\s+da|sinds|vanaf|from|von|du|de|van)\s*$/i;

// A line opening with a lowercase word right after a bullet or a body line carries on that sentence, which the
// layout wrapped ("• Designed a unit on the history of the city and its" / "architecture"): body, not a header.
// Not a surname's or firm's particle before a capitalised name ("von Braun Digital GmbH", "van der Berg B.V.").
const LOWERCASE_START = /^\p{Ll}+(?:[\s,;.]|$)/u;
const NAME_PARTICLES = /^(?:(?:von|van|der|den|de|ter|te|da|di|du|del|della|dos|das|des|zu|al|el|bin|ibn)\s+)+\p{Lu}/u;
const continuesAbove = (text: string) => LOWERCASE_START.test(text) && !NAME_PARTICLES.test(text);
// A CV typed in lowercase ("software engineer" / "brightleaf technologies, noida"; fewer than one line in five opens
// with a capital) wraps nothing that way.
const inLowercase = (lines: readonly Line[]) =>
  lines.filter((l) => /^\p{Lu}/u.test(l.text)).length * 5 < lines.filter((l) => /^\p{L}/u.test(l.text)).length;

function toRows(lines: readonly Line[], now: Date): Row[] {
  let previousBody = false;
  const cased = !inLowercase(lines);
  return lines.map((line) => {
    const continues = cased && continuesAbove(line.text);
    const header = isHeaderLike(line) && !(previousBody && continues);
    previousBody = !header;
    const spans = header || line.text.length <= 160 ? findDateSpans(line.text, now) : [];
    const detail = isDetail(line.text);
    const anchor =
      !line.bullet &&
      !detail &&
      spans.length > 0 &&
      // Separators ("Acme Inc. / Big University - San Jose, CA") are not words of the header.
      (wordCount(remainder(line.text, spans).replace(/(?:^|\s)[-–—/|•·](?=\s|$)/g, ' ')) <= 10 ||
        listedHeader(remainder(line.text, spans))) &&
      line.text.length <= 160;
    return { line, spans, header, anchor, continues };
  });
}

/**
 * "Principal, Westbury Park High School, Kent County Public Schools, Dover, DE, 1995 to Present", "Staff Counsel
 * (2001-06), Northfield Port Authority, Tacoma, Washington": a one-line header that lists the
 * title, the employer and its place as short capitalised parts may run past ten words; a duty line does not
 * ("Managed a team of 5, cutting costs by 20% in 2015").
 */
function listedHeader(rest: string): boolean {
  if (wordCount(rest) > 18 || /[.!?;:]$/.test(rest)) return false;
  const pieces = rest
    .split(/\s*[,;|•·]\s*|\s+[-–—]\s+/)
    .map(tidy)
    .filter((p) => /\p{L}/u.test(p));
  return (
    pieces.length >= 3 &&
    pieces.every(
      (p) =>
        wordCount(p) <= 8 &&
        /^[\p{Lu}\d]/u.test(p) &&
        !isSentence(p) &&
        (titleShaped(p) || isOrganisation(p) || isPlace(p)),
    )
  );
}

// Splits a header line into its parts: "Senior Engineer at Google", "Developer | ACME GmbH | Berlin".
// "en"/"em"/"na" also mean "in", so they only separate an employer written with a capital ("en Ejemplo S.L.").
const PART_SEPARATOR =
  /\s+(?:at|@|bei|chez|presso|bij)\s+|\s+(?:en|em|na)\s+(?=\p{Lu})|\s+[|•·–—-]\s+|\s*[|•·]\s*|,\s+|[:：]\s+/iu;

function parts(text: string): string[] {
  return text
    .split(PART_SEPARATOR)
    .map(tidy)
    .filter((p) => p && /\p{L}/u.test(p));
}

// "Kelkoo.com", "acme.io": a company named by its web address.
const WEB_NAME = /\b[\p{L}\d-]+\.(?:com|net|org|io|co|biz|info)\b/iu;

export function isOrganisation(text: string): boolean {
  return (
    legalForms.inText(text) || institutionWords.inText(text) || organisationHints.inText(text) || WEB_NAME.test(text)
  );
}

/** Has a role word and no legal form or school word ("Systems Engineer" yes, "Infosys Systems Ltd" no). */
export function isRole(text: string): boolean {
  return hasRole(text, roleWords);
}

function hasRole(text: string, words: WordSet): boolean {
  // "Co-" before a word is a prefix ("Co-Founder", "Co-CEO"), not the legal form "Co.".
  const legal = legalForms.inText(text.replace(/\bco-(?=\p{L})/giu, 'co'));
  if (!words.inText(text) || legal || isSentence(text)) return false;
  return !institutionWords.inText(text) || schoolQualifiedRole(text, words);
}

/**
 * A part of an entry's header that names its title: `isRole` with the occupation head words derived from ESCO as
 * well (`cvRoleWords`: "Elektroniker für Betriebstechnik", "Carreleur", "Onderhoudsmonteur"). Only where a header
 * line's title is chosen; the other rules (positions in an entry's body, employer and place lines, the entry
 * model's features) keep the lexicon's words, which they were written and trained with.
 */
const isTitleRole = (text: string): boolean => hasRole(text, cvRoleWords);

/**
 * "High School Teacher", "Campus Director", "University Lecturer": a title ends on its role word, and a school
 * word before it says where the role is held; a school's name ends on the school word ("Milton Middle School")
 * or links it with "of" ("College of Nursing Instructors"), while a title's own "of" does not ("Director of
 * Professional Development/Assistant School Director").
 */
function schoolQualifiedRole(text: string, roles: WordSet): boolean {
  const words = foldWords(text).split(' ').filter(Boolean);
  const last = words[words.length - 1];
  const named = words.some((w, i) => institutionWords.has(w) && LINK_WORDS.has(words[i + 1] ?? ''));
  return !!last && roles.has(last) && !institutionWords.has(last) && !named;
}
const LINK_WORDS = new Set(['of', 'de', 'di', 'da', 'der', 'des', 'du', 'van', 'do', 'della', 'del']);

// Participles that qualify a title rather than report an action ("Certified Public Accountant"), or open a name
// ("United Bank of …").
const TITLE_PARTICIPLES =
  /^(?:certified|licensed|registered|qualified|chartered|accredited|advanced|experienced|appointed|elected|seconded|detached|united)$/i;

/**
 * A duty line, not a title: titles are short noun phrases that start with a capital; duty lines are longer, or
 * start in lowercase (a wrapped sentence), or open with a past-tense verb ("Assisted students with…",
 * "Trained and supervised staff").
 */
export function isSentence(text: string): boolean {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length > 9 || /^\p{Ll}/u.test(text)) return true;
  const [first = '', second = ''] = words;
  // "Provided IT training to new hires", "Held progressively senior posts": a past tense opening a line of four
  // words or more reports an action, whatever the case of the word after it.
  if (words.length < 2) return false;
  if (IRREGULAR_PAST.has(first.toLowerCase())) return true;
  // "I spent 22 years in full-time posts", "We built …", "My duties included": a first-person subject opens a sentence.
  if (FIRST_PERSON.test(first) && /^\p{Ll}/u.test(second)) return true;
  return (
    /^\p{Lu}\p{Ll}+ed$/u.test(first) && !TITLE_PARTICIPLES.test(first) && (/^\p{Ll}/u.test(second) || words.length >= 4)
  );
}
const FIRST_PERSON = /^(?:I|We|My|Our|Ich|Wir|Je|J['’]ai|Nous|Yo|Io|Ik|Wij|Eu)$/;
// Irregular past tenses that open duty lines; none starts a job title ("Lead" does, "Led" does not).
const IRREGULAR_PAST = new Set(
  'held led built taught ran wrote made grew oversaw drove sold won brought began took gave kept met spent sent found chose undertook understood'.split(
    ' ',
  ),
);

/**
 * "Cleaned molds as needed", "I drafted …": a line that opens as a sentence does (a past tense, a first-person
 * subject), whatever its length; a long header line ("West Bradford Elementary, Downingtown, PA & Fugett Middle
 * School") is not one.
 */
function isDutyLine(text: string): boolean {
  // A line opening in lowercase is left to `continues` (name particles, CVs typed in lowercase).
  const head = text.split(/\s+/).filter(Boolean).slice(0, 9).join(' ');
  return /^\P{Ll}/u.test(head) && isSentence(head);
}

/**
 * A place line of a header ("Pittsburgh, PA", "Kent OH", "Lyon, France"): never the title. Only places a country
 * or region confirms are recognised, so a title is never mistaken for one.
 */
export function isPlace(text: string): boolean {
  if (roleWords.inText(text) || wordCount(text) > 5) return false;
  if (countryNamed(text)) return true;
  if (isCityRegion(text)) return true;
  const place = parsePlace(text, false);
  return !!place?.country;
}

/**
 * "Kent OH", "Austin, TX": a town and its state or province code; "Chatsworth, California", "Marina Del Rey,
 * California": a town and its region's name after a comma (a firm's name is no town: "Acme Corp, California").
 */
function isCityRegion(text: string): boolean {
  const t = text.trim();
  const cityRegion = /^(\p{Lu}[\p{L}.'-]*(?:\s+\p{Lu}[\p{L}.'-]*){0,2}),?\s+([A-Z]{2})$/u.exec(t);
  if (cityRegion) return !!countryOfRegion(cityRegion[2]!);
  const named = /^(\p{Lu}[\p{L}.'-]*(?:\s+(?:\p{Lu}[\p{L}.'-]*|de[lr]?|la|le|los|upon|on|sur|am|im)){0,3}),\s+(\p{Lu}\p{L}{2,}(?:\s+\p{Lu}\p{L}+)?)$/u.exec(t);
  return !!named && !!countryOfRegion(named[2]!) && !isOrganisation(named[1]!);
}

const PERSONAL_LABEL =
  /^(?:date\s+of\s+birth|d\.?o\.?b|birth\s*date|nationality|marital\s+status|gender|sex|geburtsdatum|staatsangeh[öo]rigkeit|familienstand|date\s+de\s+naissance|nationalit[ée]|fecha\s+de\s+nacimiento|nacionalidad|data\s+di\s+nascita|nazionalit[àa]|geboortedatum|nationaliteit|data\s+de\s+nascimento|nacionalidade)\b/i;

function isLabelLine(text: string): boolean {
  const t = text.replace(/[:：]\s*$/, '').trim();
  return isCvHeading({ text: t, bullet: false }) || DOCUMENT_TITLES.includes(t.toLowerCase()) || PERSONAL_LABEL.test(t);
}

/**
 * Picks the title among the header lines; returns it and the header text left for the description.
 * `mayBeTitle` says which lines may be a title without a role word (see titleSlots).
 */
function pickTitle(
  headers: readonly string[],
  mayBeTitle: (line: string) => boolean = () => true,
): { title: string; rest: string[] } {
  for (let i = 0; i < headers.length; i++) {
    const line = headers[i]!;
    // "Worked as a Support Engineer in …": the role a sentence names.
    const named = roleInSentence(line);
    if (named) return { title: named, rest: headers.filter((_, j) => j !== i) };
    const series = roleSeries(line);
    if (series) return { title: series, rest: replaceLine(headers, i, line, series) };
    const pieces = parts(line);
    const k = pieces.findIndex(isTitleRole);
    const part = k >= 0 ? withoutMergedPlace(pieces[k]!, pieces[k + 1]) : pieces.map(roleAfterLegalForm).find(Boolean);
    const role = part && shoutedHead(part);
    if (role) return { title: role, rest: employerFirst(replaceLine(headers, i, line, role), headers, i) };
  }
  // No role word: the first header line that does not name an organisation, a place or a duty, nor is a
  // heading or label the layout left next to the dates ("PROJECT SUMMARY", "Key Result Areas", "Date of Birth").
  const i = headers.findIndex(
    (h) => mayBeTitle(h) && !isOrganisation(h) && !isPlace(h) && !isSentence(h) && !isLabelLine(h),
  );
  if (i < 0) {
    // "Canalizador na Águas do Minho Lda., Braga": a line that opens with a plain part before a firm's name (a
    // legal form) opens with the title, in whatever language the title is written. Not before a school or another
    // organisation: "Practicum, Smith High School" names a programme there, not a post.
    const k = headers.findIndex((h) => mayBeTitle(h) && titleBeforeEmployer(h));
    if (k < 0) return { title: '', rest: [...headers] };
    const first = parts(headers[k]!)[0]!;
    return { title: first, rest: replaceLine(headers, k, headers[k]!, first) };
  }
  const line = headers[i]!;
  const first = parts(line)[0] ?? '';
  return { title: first, rest: replaceLine(headers, i, line, first) };
}

/**
 * "Sr. Web Developer North Hollywood, CA", "Owner/Web Developer West Hills, California": a title cell and the
 * town cell beside it run into one part when an export loses the gap between two columns. When the part after
 * the title is a state or region (code or name), the capitalised words after the title's last role word (one to
 * three, none a role word) are the town, not the title; before a country only a town GeoNames knows is cut
 * ("Manager Operations, India" keeps its department), and without such a part nothing is.
 */
function withoutMergedPlace(part: string, next: string | undefined): string {
  if (!next || !(countryOfRegion(next) || countryNamed(next))) return part;
  const words = part.split(/\s+/);
  const last = words.findLastIndex((w) => roleWords.inText(w));
  const tail = words.slice(last + 1);
  const capitalised = tail.every((w) => /^\p{Lu}\p{Ll}/u.test(w) || MINOR_WORD.test(w));
  const town = tail.length >= 1 && tail.length <= 3 && capitalised && /^\p{Lu}/u.test(tail[0]!);
  const known = countryOfRegion(next) || countryOfTown(tail.join(' '));
  return last >= 0 && town && known ? words.slice(0, last + 1).join(' ') : part;
}

/**
 * "Canalizador, Panificadora Lusa Lda., Porto", "Scaffolder at Northgate Access Ltd": a short capitalised first part
 * that is no organisation, place, duty, label or person's name, followed by a part with a legal form.
 */
function titleBeforeEmployer(line: string): boolean {
  const [first, second] = parts(line);
  return (
    !!first &&
    !!second &&
    /^\p{Lu}/u.test(first) &&
    wordCount(first) <= 5 &&
    !isOrganisation(first) &&
    !isPlace(first) &&
    !isSentence(first) &&
    !isLabelLine(first) &&
    !looksLikeName(first) &&
    legalForms.inText(second) &&
    // "HALLORAN & BIRCH, LLP", "Acme, Inc.": a legal form alone after a comma is the end of the firm's own name.
    foldWords(second)
      .split(' ')
      .some((w) => !legalForms.has(w))
  );
}

/**
 * "Infosys Limited Senior Systems Engineer", "Brennholt GmbH Projektleiterin": an employer's legal form ends its
 * name, so a role written right after it with no separator is the title. "Company" is left out: it also opens
 * titles ("Company Secretary").
 */
function roleAfterLegalForm(text: string): string {
  const words = text.split(/\s+/);
  const at = words.findLastIndex((w, i) => i > 0 && foldWords(w) !== 'company' && legalForms.has(foldWords(w)));
  const tail = at > 0 ? words.slice(at + 1).join(' ') : '';
  if (!(/^\p{Lu}/u.test(tail) && isRole(tail) && titleShaped(tail))) return '';
  // "Brightpath Labs Co Founder": "Co" without its period before a founder or chair is the title's prefix.
  return /^co$/i.test(words[at]!) && CO_PREFIXED.test(tail) ? `${words[at]} ${tail}` : tail;
}
const CO_PREFIXED = /^(?:founder|owner|chair\p{L}*|ordinator|director|host|pilot|author|lead)(?!\p{L})/iu;

/**
 * "Defect Manager, QA" / "Capgemini, Canada": what the title line leaves after its title is the title's
 * department or field, and another header line naming an organisation or "<name>, <place>" is the employer. The
 * description opens with the employer, then the department (the employer is what a reader looks for first).
 */
function employerFirst(rest: string[], headers: readonly string[], i: number): string[] {
  const leftover = rest.length === headers.length ? rest[i] : undefined;
  if (!leftover || isOrganisation(leftover) || isPlace(leftover)) return rest;
  if (!headers.some((h, j) => j !== i && isEmployerLine(h))) return rest;
  return [...rest.slice(0, i), ...rest.slice(i + 1), leftover];
}

/**
 * "Validation" / "Aptuit Inc., India", "Remunerated" / "Nofas AS": of the header lines left after the title, the
 * one that names the employer (an organisation, or a name and its place) opens the description, before a
 * department, a project or a note the layout set above it. A first line that may itself be the employer stays.
 */
function employerLineFirst(rest: string[]): string[] {
  if (rest.length < 2 || mayBeEmployer(rest[0]!)) return rest;
  const k = rest.findIndex(isEmployerLine);
  return k > 0 ? [rest[k]!, ...rest.filter((_, j) => j !== k)] : rest;
}

/**
 * "Shuttl -  Faridabad, Haryana -", "Harbor Lights Food Bank • Portland, OR": an employer line that sets the firm
 * and its place apart with a dash or a bullet (job boards' exports write them so, with a dangling dash at the end).
 * The description opens with the firm alone and its place on the next line, so what a reader takes for the
 * employer is the firm, not "Firm - City". Nothing is dropped but the dangling dash of a line so split; other
 * lines, and a comma-joined "Firm, City", stay as written.
 */
function placeApart(rest: string[]): string[] {
  const first = rest[0];
  if (first === undefined) return rest;
  const line = first.replace(/\s+[-–—]$/, '');
  const dash = /^(.+?)\s+[-–—•·|]\s+(.+)$/u.exec(line);
  const split =
    dash &&
    !/\s[-–—•·|]\s/u.test(dash[2]!) &&
    wordCount(line) <= 14 &&
    /^[\p{Lu}\d]/u.test(dash[1]!) &&
    wordCount(dash[1]!) <= 8 &&
    !isPlace(dash[1]!) &&
    !isRole(dash[1]!) &&
    !isSentence(dash[1]!) &&
    !isOrganisation(dash[2]!) &&
    isPlace(dash[2]!);
  return split ? [dash[1]!, dash[2]!, ...rest.slice(1)] : rest;
}

/** An employer line, an organisation however long its line, or a short name in capitals ("MTN", "KEENSCREEN"). */
function mayBeEmployer(text: string): boolean {
  const letters = text.replace(/[^\p{L}]/gu, '');
  const shouted = letters.length >= 2 && letters === letters.toUpperCase() && wordCount(text) <= 4;
  return isEmployerLine(text) || isOrganisation(text) || (shouted && !isPlace(text));
}

/** "McAfee Inc, Canada", "Acme Corp": an organisation, or a name followed by its place. */
export function isEmployerLine(text: string): boolean {
  if (isOrganisation(text)) return !isSentence(text) && !isRole(text);
  if (isCityRegion(text)) return false;
  const [name, ...more] = parts(text);
  return !!name && more.length > 0 && !isRole(name) && !isSentence(name) && !isPlace(name) && more.some(isPlace);
}

/**
 * "SELF-EMPLOYED LEGAL PRACTITIONER principally" / "working in …": a title shouted in capitals ends where the
 * sentence it runs into starts (the first lowercase word); a capitalised word goes on with it ("SAP ABAP Consultant").
 */
function shoutedHead(text: string): string {
  const words = text.split(/\s+/);
  const n = words.findIndex((w) => !(/\p{Lu}/u.test(w) && w === w.toUpperCase()) && !/^[&/]$/.test(w));
  if (n < 2 || !/^\p{Ll}/u.test(words[n]!)) return text;
  const head = words.slice(0, n).join(' ');
  return isRole(head) ? head : text;
}

/**
 * "Personal Trainer, Nutritionist, and Head Boxing Coach": roles listed with a closing "and" are the posts held
 * together in one position, so the whole list is its title. Every item must be a role ("Manager, Sales and
 * Marketing" is one role and its department).
 */
function roleSeries(line: string): string {
  const m = /^([^,;:|•·]+(?:,\s+[^,;:|•·]+)+),?\s+(?:and|&)\s+([^,;:|•·]+?)(?=,|\s+[-–—|]\s+|$)/.exec(line);
  if (!m) return '';
  const items = [...m[1]!.split(/,\s+/), m[2]!].map(tidy);
  return items.every((item) => isRole(item) && titleShaped(item)) ? tidy(m[0]) : '';
}

/**
 * Header lines written as fields ("Post: Immigration Attorney", "Firm: Alder & Webb"): the title field is the
 * title, whatever its words, and the employer field opens the description.
 */
function labelledTitle(headers: readonly string[]): { title: string; rest: string[] } | undefined {
  const i = headers.findIndex((h) => TITLE_LABEL.test(h));
  if (i < 0) return undefined;
  const title = headers[i]!.replace(TITLE_LABEL, '');
  // "Technical support engineer" / "Microsoft" / "Position: TECHNICAL SUPPORT ENGINEER": a header line that repeats
  // the title field is the title, not the employer line.
  const others = headers.filter((h, j) => j !== i && foldWords(h) !== foldWords(title));
  const employer = others.filter((h) => EMPLOYER_LABEL.test(h));
  const rest = [...employer, ...others.filter((h) => !EMPLOYER_LABEL.test(h))].map((h) => h.replace(HEADER_LABEL, ''));
  return { title, rest: rest.filter(Boolean) };
}

function replaceLine(headers: readonly string[], i: number, line: string, title: string): string[] {
  const at = line.indexOf(title);
  const left =
    at >= 0
      ? tidy(
          line.slice(0, at) +
            ' ' +
            line.slice(at + title.length).replace(/^\s*(?:at|@|bei|chez|presso|bij|em|na|en)\s+/i, ' '),
        )
      : '';
  return headers.flatMap((h, j) => (j === i ? (left ? [left] : []) : [h]));
}

// A body line ending in one of these words carries on into the next line, whatever that line looks like.
const OPEN_END =
  /\s(?:the|a|an|and|or|of|to|for|with|as|in|at|on|by|from|der|die|das|und|le|la|les|et|de|el|los|y|il|e|di|het|en|van|o|do|da)$/i;

/**
 * A line of an entry's body that names another position held with the same employer ("Senior IT Manager" …
 * "Project Management/Technical Lead" …): a title-shaped line (short, role word, no sentence punctuation) after
 * some body text, not continuing the line before it.
 */
function positionTitle(line: Line, previous: Line | undefined): { title: string; rest: string } | undefined {
  if (!previous || line.bullet || !/^\p{Lu}/u.test(line.text)) return undefined;
  if (OPEN_END.test(previous.text) || /[,;]$/.test(previous.text)) return undefined;
  const sentence = sentenceTitle(line.text);
  if (sentence) return sentence;
  const t = line.text;
  if (wordCount(t) > 8 || /[.,;:：]$/.test(t) || isDetail(t) || HEADER_LABEL.test(t)) return undefined;
  const first = parts(t)[0] ?? '';
  return isRole(first) && !isPlace(first) && titleShaped(first) ? { title: first, rest: '' } : undefined;
}

/**
 * "Senior Litigation Paralegal. Assigned to the office of …": a title written as the first sentence of a
 * paragraph that goes on about the position (short, title-shaped, a role word), and the rest of the line.
 */
function sentenceTitle(text: string): { title: string; rest: string } | undefined {
  const stop = SENTENCE_STOP.exec(text);
  if (!stop || !/^\p{Lu}/u.test(text)) return undefined;
  const t = text.slice(0, stop.index);
  if (wordCount(t) > 6 || /[,;:：]/.test(t) || isDetail(t) || HEADER_LABEL.test(t)) return undefined;
  return isRole(t) && !isPlace(t) && titleShaped(t) ? { title: t, rest: text.slice(stop.index + 1).trim() } : undefined;
}

// A course code: a short subject abbreviation and a catalogue number ("PE 1615", "COMP 1120", "CS101").
const COURSE_CODE = /\s+\p{Lu}{2,5}\s?\d{3,4}\p{Lu}?(?![\p{L}\d])/u;

// Posts that teach courses; other titles name standards and fleets the same way ("Quality Manager ISO 9001 Lead
// Auditor", "Captain EMB 175"), which stay in the title.
const TEACHING_ROLE =
  /(?<!\p{L})(?:teach\p{L}*|instructor|lecturer|professor|tutor|adjunct|faculty|graduate\s+assistant|dozent\p{L}*|docente|profes\p{L}*|enseignant\p{L}*|leraar|docent|maestr[ao])(?!\p{L})/iu;

/** "Instructor COMP 1120 Composition": the course a teaching post names by its code (not the title), or ''. */
function courseOf(title: string): string {
  const code = COURSE_CODE.exec(title);
  const role = code ? title.slice(0, code.index) : '';
  return code && isRole(role) && TEACHING_ROLE.test(role) ? tidy(title.slice(code.index)) : '';
}

/** The course a title named by its code ends the description: kept, and never read as the employer. */
function withCourse(lines: string[], title: string): string[] {
  const course = courseOf(title);
  return course ? [...lines, course] : lines;
}

/**
 * The role a line opens with when a place or employer follows it ("Lecturer in …", "Legal officer at …",
 * "Faculty member of the …"; "of" alone goes on with the title: "Manager of University Relations"), or ''. A line
 * opened by a past tense ("Awarded …") reports an action.
 */
function leadingRole(text: string): string {
  const m = /^(\p{Lu}[^,;:()“"]*?)\s+(?:in|at|of\s+the|with|for|bei|an\s+der|am|chez|à|presso|bij|en|em|na|no)\s/u.exec(
    text,
  );
  const role = m?.[1] ?? '';
  const first = role.split(/\s+/)[0] ?? '';
  const action =
    IRREGULAR_PAST.has(first.toLowerCase()) || (/^\p{Lu}\p{Ll}+ed$/u.test(first) && !TITLE_PARTICIPLES.test(first));
  return wordCount(role) <= 6 && !action && isRole(role) ? role : '';
}

// The end of a sentence: a period after a lowercase word (not "Sr.", "U.S."), then a capitalised word.
const SENTENCE_STOP = /(?<=\p{Ll}{3})\.\s+(?=\p{Lu}\p{Ll})/u;

// Titles are written in title case ("Vice President of Sales") or end on their role word ("Software developer");
// a duty line does neither ("Assist staff with instructional techniques", "Updating reports to the manager").
const MINOR_WORD =
  /^(?:of|and|for|the|to|in|at|on|with|und|für|der|des|et|de|du|des|y|del|e|di|della|van|voor|en|do|da|dos|das)$/i;
function titleShaped(text: string): boolean {
  const words = text.split(/\s+/).filter((w) => /\p{L}/u.test(w));
  if (words.every((w) => /^[\p{Lu}\d]/u.test(w) || MINOR_WORD.test(w) || w.length < 4)) return true;
  return words.length <= 4 && roleWords.inText(words[words.length - 1]!);
}

/**
 * An entry and the further positions its body names under the same employer. Those positions have no dates of
 * their own (duration 0: the entry's dates cover them all, and counting them again would inflate the total);
 * their description opens with the employer line of the entry.
 */
function entries(
  headerTexts: string[],
  body: readonly Line[],
  spans: readonly DateSpan[],
  now: Date,
  mayBeTitle?: (line: string) => boolean,
): CvExperience[] {
  const cuts: number[] = [];
  for (let i = 1; i < body.length; i++) if (positionTitle(body[i]!, body[i - 1])) cuts.push(i);
  if (cuts.length === 0) {
    const only = entry(headerTexts, body, spans, now, mayBeTitle).experience;
    return [only, ...fieldPositions(body, [only])];
  }
  // "GOOGLE" … "APPLE COMPUTER" / "Software Engineer, Intern": an employer line right above a position's title
  // names that position's employer, not the entry's; it is not the last line of the body before it.
  const ownEmployer = cuts.map((c) => (c >= 2 && isEmployerAbove(body[c - 1]!) ? body[c - 1]!.text : ''));
  const end = (k: number) => (k < cuts.length ? cuts[k]! - (ownEmployer[k] ? 1 : 0) : body.length);
  const first = entry(headerTexts, body.slice(0, end(0)), spans, now, mayBeTitle);
  const employer = first.rest.filter((h) => !isPlace(h)).slice(0, 1);
  const out = [first.experience];
  cuts.forEach((c, k) => {
    const position = positionTitle(body[c]!, body[c - 1])!;
    const title = position.title;
    const segment = [
      ...(position.rest ? [{ text: position.rest, bullet: false }] : []),
      ...body.slice(c + 1, end(k + 1)),
    ];
    out.push({
      title: cleanTitle(title),
      activity_sector: first.experience.activity_sector,
      description: withCourse(
        withWhereHeld(
          title,
          [...(ownEmployer[k] ? [ownEmployer[k]] : employer), ...joinWrapped(segment)],
          !!ownEmployer[k] || employer.length > 0,
        ),
        title,
      )
        .join('\n')
        .slice(0, MAX_DESCRIPTION),
      duration: 0,
      start_date: '',
      end_date: '',
    });
  });
  return [...out, ...fieldPositions(body, out)];
}

/**
 * "Project: Claims Portal" / "Role: UI Designer" / "Team Size: 6": a title field in an entry's body (a project's
 * role, a "Position:" line under the employer) names a post held with the entry's employer. One that no entry of
 * the group holds already is a further position (duration 0: the entry's dates cover it), its description the
 * employer line of the entry it stands in.
 */
function fieldPositions(body: readonly Line[], held: readonly CvExperience[]): CvExperience[] {
  const seen = held.map((e) => foldWords(e.title)).filter(Boolean);
  if (seen.length === 0) return [];
  const employer = held[0]!.description.split('\n')[0] ?? '';
  const out: CvExperience[] = [];
  for (const line of body) {
    const text = line.text.replace(/^[-–•·*]\s*/, '');
    if (!BODY_TITLE_LABEL.test(text)) continue;
    const title = cleanTitle(parts(text.replace(TITLE_LABEL, ''))[0] ?? '');
    const folded = foldWords(title);
    if (!title || wordCount(title) > 6 || !isRole(title) || !titleShaped(title)) continue;
    if (seen.some((t) => t.includes(folded) || folded.includes(t))) continue;
    seen.push(folded);
    out.push({
      title,
      activity_sector: held[0]!.activity_sector,
      description: employer,
      duration: 0,
      start_date: '',
      end_date: '',
    });
  }
  return out;
}

/**
 * A body line that names an employer: short, not a bullet, a sentence or a role, and an organisation, a name
 * with its place, or a name in capitals as employers are often set ("APPLE COMPUTER").
 */
function isEmployerAbove(line: Line): boolean {
  const t = line.text;
  if (line.bullet || wordCount(t) > 6 || /[.;:：]$/.test(t) || isRole(t) || isDetail(t) || isEntryLabel(t))
    return false;
  if (isEmployerLine(t)) return true;
  const letters = t.replace(/[^\p{L}]/gu, '');
  return letters.length >= 3 && letters === letters.toUpperCase() && !isPlace(t) && /^\p{Lu}/u.test(t);
}

function entry(
  headerTexts: string[],
  body: readonly Line[],
  spans: readonly DateSpan[],
  now: Date,
  mayBeTitle?: (line: string) => boolean,
): { experience: CvExperience; rest: string[] } {
  let activity = '';
  const bodyLines: Line[] = [];
  for (const l of body) {
    // "1 Year 3 Months" under the dates is the job's length, already in `duration`: not its description.
    if (bodyLines.length === 0 && !l.bullet && wordCount(l.text) <= 6 && cleanTitle(l.text) === '') continue;
    const m = SECTOR_FIELD.exec(l.text);
    if (m?.[1] && !activity) activity = tidy(m[1]);
    else bodyLines.push(l);
  }
  const headers = headerTexts
    .filter((h) => {
      const m = SECTOR_FIELD.exec(h);
      if (m?.[1] && !activity) activity = tidy(m[1]);
      return !m;
    })
    .map(unlabelledField)
    .flatMap(bracketedField)
    .filter(Boolean);
  const picked =
    labelledTitle(headers) ??
    pickTitle(headers.map((h) => h.replace(HEADER_LABEL, '')).filter(Boolean), mayBeTitle && ((h) => mayBeTitle(h)));
  const field = picked.title ? -1 : titleInBody(bodyLines);
  if (field >= 0) {
    const text = bodyLines[field]!.text;
    picked.title = (BRACKETED.exec(text)?.[1] ?? text).replace(TITLE_LABEL, '');
    bodyLines.splice(field, 1);
  }
  if (!picked.title) {
    // No title line: the role a sentence of the entry names ("Currently working as a Java Trainer at …").
    const named = bodyLines
      .slice(0, 4)
      .map((l) => roleInSentence(l.text))
      .find(Boolean);
    if (named) picked.title = named;
    // "Records Clerk. Kept the records room …": the body opens with the title as its first sentence.
    const lead = bodyLines[0] && !bodyLines[0].bullet ? sentenceTitle(bodyLines[0].text) : undefined;
    if (!named && lead) {
      picked.title = lead.title;
      bodyLines[0] = { text: lead.rest, bullet: false };
    }
  }
  // What is left of a header once title and dates are out may be only a duration or a date word ("1 Year 3
  // Months", "onwards", "Current:") or a bare field label: nothing of the employer or place.
  const rest = placeApart(employerLineFirst(picked.rest.filter((h) => cleanTitle(h) !== '' && !BARE_LABEL.test(h))));
  // "Part time lecturer in the Department of Nursing, Eastmoor University": with no title yet, the entry's first
  // line may open with the post and where it was held; the line stays whole in the description (the employer).
  const opening = rest[0] ?? (bodyLines[0]?.bullet ? '' : bodyLines[0]?.text);
  const title = cleanTitle(picked.title) || cleanTitle(leadingRole(opening ?? ''));
  const span = spans.find((s) => s.start) ?? spans[0];
  const start = span?.start ?? span?.end;
  const end = span?.end;
  let duration = start && end ? monthsBetween(start, end) : 0;
  if (!span) duration = statedMonths(headers.join(' ')) ?? 0;
  const description = withWhereHeld(
    picked.title,
    withCourse(contentFirst(employerField(rest, joinWrapped(bodyLines)), now), picked.title),
    rest.length > 0,
  )
    .join('\n')
    .slice(0, MAX_DESCRIPTION);
  return {
    experience: {
      title,
      activity_sector: activity,
      description,
      duration,
      start_date: formatYearMonth(start),
      end_date: formatYearMonth(end),
    },
    rest,
  };
}

/**
 * "Technical Support Engineer" / "Position: …" / "Company: Microsoft Corporation, Bangalore" / duties: an employer
 * field among the first lines of the body opens the description when the header names no employer (the header
 * left nothing, or only a place); the other lines keep their order.
 */
function employerField(rest: readonly string[], body: readonly string[]): string[] {
  if (rest.some((h) => !isPlace(h))) return [...rest, ...body];
  const k = body.slice(0, 4).findIndex((l) => EMPLOYER_LABEL.test(l) && wordCount(l) <= 14);
  if (k < 0) return [...rest, ...body];
  return [body[k]!.replace(EUROPASS_EMPLOYER, ''), ...rest, ...body.filter((_, j) => j !== k)];
}

// "[Research Assistant]", "(Designation: Software Intern)": a line set apart in brackets.
const BRACKETED = /^[[(]\s*([^\])]+?)\s*[\])]\.?$/;
// Title fields an entry's body may hold; a bare "Title:" there is as often a project's or a thesis's.
const BODY_TITLE_LABEL = new RegExp(
  `^(?:designation|position(?:\\s+held)?|job\\s+title|role|post|funktion|poste|fonction|puesto|cargo|ruolo|posizione|functie|função)\\s*[:：]\\s*\\S|${EUROPASS_TITLE.source}\\S`,
  'i',
);

/**
 * An entry whose header holds no title may write it on one of its first body lines: as a field ("Position:
 * Tutor (five contact hours per week)") or alone in brackets under the employer line ("[Research Assistant]").
 */
function titleInBody(body: readonly Line[]): number {
  return body.slice(0, 3).findIndex((l) => {
    if (l.bullet) return false;
    const inner = BRACKETED.exec(l.text)?.[1];
    return BODY_TITLE_LABEL.test(inner ?? l.text) || (!!inner && isRole(inner) && titleShaped(inner));
  });
}

const ENTRY_LABEL_SET = new Set(ENTRY_LABELS.map(foldWords));

/** "Responsibilities:", "ROLES AND RESPONSIBILITIES", "LANGUAGES": a label alone, without its value. */
function isBareLabel(text: string): boolean {
  const t = text.replace(/\s*[:：]\s*$/, '');
  return ENTRY_LABEL_SET.has(foldWords(t)) || isLabelLine(t);
}

/** A bare label, or one whose value is a count ("Team Size : 30", "TEAM SIZE 20", "Team Size 15 Members"). */
function isEntryLabel(text: string): boolean {
  return isBareLabel(text) || isBareLabel(text.replace(/\s*[:：]?\s*\d+(?:\s+\p{L}+)?$/u, '')) || isColumnHeads(text);
}

// Column heads of a table of positions, flattened into one line.
const COLUMN_WORDS = new Set(
  'no s sr sl serial name of the and company organisation organization employer designation role position title job duration period from to date dates location client years firma unternehmen arbeitgeber zeitraum dauer entreprise employeur poste fonction periode duree empresa cargo puesto periodo azienda ruolo datore lavoro bedrijf werkgever functie funcao'.split(
    ' ',
  ),
);

/** "No. Company Role Duration", "Organization Designation Duration", "Firma / Position / Zeitraum". */
function isColumnHeads(text: string): boolean {
  const words = foldWords(text).split(' ').filter(Boolean);
  return (
    new Set(words.filter((w) => !['no', 's', 'sr', 'sl', 'of', 'the', 'and', 'di'].includes(w))).size >= 2 &&
    words.every((w) => COLUMN_WORDS.has(w))
  );
}

/** A header line (an employer, a project name) rather than a duty: short, not a sentence. */
function isHeaderText(text: string): boolean {
  return isHeaderLike({ text, bullet: false }) && !isSentence(text) && wordCount(text) <= 6;
}

/** "Apr 2012 - Nov 2013", "2013-To date", "7/6/95": dates and nothing else. */
function isDateOnly(text: string, now: Date): boolean {
  const spans = findDateSpans(text, now);
  return spans.length > 0 && cleanTitle(remainder(text, spans).replace(/[|:：.,;]/g, ' ')) === '';
}

/**
 * The description opens with the entry's own text. Lines that are only dates (a date column the layout set
 * apart) or labels of the entry's parts ("Responsibilities", "TEAM SIZE 20") name no employer, so they do not
 * open it: a header line after them (short, not a sentence: "Nedbank - Transactional Products") comes first;
 * duties after a bare label are introduced by it ("Responsibilities: Trained new agents …"). No text is dropped.
 */
function contentFirst(lines: readonly string[], now: Date): string[] {
  const n = lines.findIndex((l) => !isDateOnly(l, now) && !isEntryLabel(l));
  if (n <= 0) return [...lines];
  const run = lines.slice(0, n);
  const next = lines[n]!;
  const after = lines.slice(n + 1);
  const last = run[run.length - 1]!;
  if (isBareLabel(last) && !isHeaderText(next))
    return [`${last.replace(/\s*[:：]\s*$/, '')}: ${next}`, ...run.slice(0, -1), ...after];
  return [next, ...run, ...after];
}

// What is left of a header line once its dates are cut out is not a title when it is only a duration, a
// "present" word, a season or a connector ("9 months", "Current / 18 months", "summer", "to )").
const NOT_A_TITLE_WORD =
  /^(?:\d+(?:[.,]\d+)?\s*(?:years?|yrs?|months?|mos?|jahre?|monate?|ans?|mois|años|meses|anni|mesi|jaar|maanden|anos)?|years?|months?|present|current|currently|now|today|onwards?|ongoing|heute|aujourd['’]hui|actualidad|oggi|heden|atual|summer|winter|spring|autumn|fall|to|until|till|and|from|since|bis|à|a|al|tot|[/|()+–—-]|\p{L}|beginner|elementary|intermediate|advanced|fluent|native|basic|proficient)$/iu;
// "(at McGraw Hill)", "(with Acme)": the employer written after the title is not part of it.
const EMPLOYER_NOTE = /\s*\((?:at|@|with|for|bei|chez|presso|bij|en|em)\s[^)]*\)/gi;
// "(part-time)", "(temp via Agency)", "(4 hours a week)", "(2015–2016)": terms of the job, not its title.
const TERMS_NOTE =
  /\s*\([^)]*(?:\d|\bpart[\s-]?time|\bfull[\s-]?time|\btemp(?:orary)?\b|\bhours?\b|\bbasis\b|\bvia\b|\bvoluntary\b|\bunpaid\b|\bseasonal\b|\bcasual\b|teilzeit|vollzeit|temps\s+(?:partiel|plein)|tiempo\s+(?:parcial|completo)|tempo\s+(?:parziale|pieno|parcial|integral)|deeltijd|voltijd)[^)]*\)/gi;
// A course or project named in quotes after a title ("Lecturer “International Law”").
const QUOTED_NAME = /\s*[“"«„][^”"»“]{3,}[”"»“]/g;
// "Part-time Lecturer", "Lecturer, full time": how much, not what.
const WORKLOAD = /^(?:part[\s-]?time|full[\s-]?time)\s+|[\s,]+(?:part[\s-]?time|full[\s-]?time)$/gi;
// "Technology Analyst 5 Years 11 Months", "Buchhalterin 3 Jahre": how long the job lasted, written after its title.
const LENGTH_UNIT = 'years?|yrs?|months?|mos?|jahre?n?|monate?n?|ans?|mois|años|meses|anni|mesi|jaar|maanden|anos';
const TRAILING_LENGTH = new RegExp(
  `[\\s,–-]+\\(?\\d+(?:[.,]\\d+)?\\+?\\s*(?:${LENGTH_UNIT})(?:\\s*(?:and\\s+|und\\s+|et\\s+|y\\s+|e\\s+|en\\s+)?\\d+\\s*(?:${LENGTH_UNIT}))?\\)?$`,
  'iu',
);

// "Worked as a Lecturer in the Department of …", "Joined as Software Engineer at …": the role ends at the first
// word that attaches it to a place or an employer.
const AS_ROLE =
  /\b(?:work(?:ed|ing|s)?|serv(?:ed|ing|es)|employed|joined|hired|engaged|appointed|promoted)\s+as\s+(?:an?\s+|the\s+)?(.+)/i;
const ROLE_END =
  /\s+(?:in|at|for|with|from|of\s+the|on|since|to|under|where|and\s+(?:was|am|is|have|had))\b.*$|[,.;:(].*$/i;

function roleInSentence(text: string): string {
  const m = AS_ROLE.exec(text);
  if (!m) return '';
  const role = tidy(m[1]!.replace(ROLE_END, ''));
  return role && wordCount(role) <= 5 && roleWords.inText(role) ? role : '';
}

// "Worked as Soft skill trainer in TCS.", "Presently working as Senior System Engineer.", "tätig als Buchhalterin
// bei …", "j'ai travaillé comme vendeuse chez …": a post the candidate held, named in a sentence with its
// employer. A bare "work as" is an objective ("To work as an Art Editor …"), not a post held.
// The words between the verb and "as" may name the employer ("Working currently with Accenture Pune as a Software
// Test Engineer", "Present working at Al-wadi School as an Arabic teacher").
const HELD_AS =
  /\b(?:worked|working|served|serving|employed|joined|hired|appointed|promoted|experience|tätig|arbeitete|gearbeitet|beschäftigt|travaillé|travaille|travaillant|trabajé|trabajando|trabaja|trabajó|lavorato|lavoro|lavorando|werkzaam|werkte|gewerkt|trabalhei|trabalhando|trabalha|atuei|atuando)((?:\s+[^\s.,;:()]+){0,6}?)\s+(?:as|als|comme|como|come|en\s+tant\s+que)\s+(?:an?\s+|the\s+|une?\s+|un[ao]?\s+|een\s+)?(.+)/iu;
const HELD_ROLE_END =
  /\s+(?:in|at|for|with|from|of\s+the|on|since|to|under|where|and|bei|in|seit|chez|à|pour|depuis|en|para|desde|presso|per|da|dal|bij|voor|sinds|na|no|em)\b.*$|[,.;:(].*$/iu;
const HELD_EMPLOYER =
  /^\s+(?:in|at|for|with|bei|chez|pour|en|para|presso|per|bij|voor|na|no|em)\s+(?:the\s+)?(\p{Lu}[^,.;:()]*)/u;
const OBJECTIVE = /^\s*(?:to|seeking|looking|aspiring|wish|i\s+(?:want|wish|would))\b/i;

/**
 * Posts named in sentences of the summary or the lines above the first heading, each an undated entry (duration 0:
 * no dates to count) whose description is the employer the sentence names; a post an entry already holds is
 * not repeated.
 */
export function sentencePositions(lines: readonly Line[], known: readonly CvExperience[]): CvExperience[] {
  const seen = new Set(known.map((e) => foldWords(e.title)).filter(Boolean));
  const out: CvExperience[] = [];
  const [top, where = ''] = headline(lines);
  if (top && ![...seen].some((t) => t.includes(foldWords(top)) || foldWords(top).includes(t))) {
    seen.add(foldWords(top));
    out.push({ title: top, activity_sector: '', description: where, duration: 0, start_date: '', end_date: '' });
  }
  for (const line of lines) {
    if (OBJECTIVE.test(line.text)) continue;
    const m = HELD_AS.exec(line.text);
    if (!m) continue;
    const role = tidy(m[2]!.replace(HELD_ROLE_END, ''));
    if (!role || wordCount(role) > 5 || !roleWords.inText(role)) continue;
    const folded = foldWords(role);
    if ([...seen].some((t) => t.includes(folded) || folded.includes(t))) continue;
    seen.add(folded);
    const named = (text: string) => tidy(HELD_EMPLOYER.exec(text)?.[1] ?? '');
    // "… experience in IT industry as …": after "experience" the words before "as" are a field, not an employer.
    const gap = /^experience\b/i.test(m[0])
      ? ''
      : named(
          m[1]!.replace(
            /^(?:\s+\p{Ll}+)*?(?=\s+(?:in|at|for|with|bei|chez|pour|en|para|presso|per|bij|voor|na|no|em)\s)/u,
            '',
          ),
        );
    const employer = gap || named(m[2]!.slice(role.length));
    out.push({ title: role, activity_sector: '', description: employer, duration: 0, start_date: '', end_date: '' });
  }
  return out;
}

// "Art Editor Resume Template", "Sample Teacher Resume": the document's own title, not the candidate's post.
const DOCUMENT_WORD = new RegExp(`(?<!\\p{L})(?:${DOCUMENT_TITLE_PATTERN}|${SAMPLE_PAGE_WORDS})(?!\\p{L})`, 'iu');

/**
 * "Dana Whitcombe" / "Senior Payroll Specialist" / "Leeds · dana@…": the title a CV states under the name, the
 * candidate's own post. Looked for among the first lines of the header: a short title-shaped line with a role word
 * (or its part before a colon, a bar, a dash or "with <years>": "Voice Coach : 5 years of experience"), not a
 * firm, a place, a name, a sentence or an objective; "Title at Firm" gives the title and, as the description, the
 * firm.
 */
// "KRANICH & PARTNER", "Hale and Associates", "Dupont & Fils": a firm named after its owners (an agency's
// letterhead above the CV), not a post.
const FIRM_OF_PARTNERS =
  /(?:&|\b(?:and|und|et|e|y|en)\b)\s*(?:partners?|partner(?:in|innen)|associates?|associés|co\.?|cie\.?|sons|söhne|fils|hijos|figli|zonen)$/iu;

// A job advert pasted above the CV ("Job title: Senior Accountant" / "We are looking for …"): its sentence that
// seeks someone, its heading ("Job description", "Stellenangebot", "Offre d'emploi", "Vacature"), or the gender
// marker that ends a posting's title ("Buchhalter (m/w/d)", "Comptable (H/F)"; not a form's "Sex (M/F): …").
const JOB_ADVERT = new RegExp(
  [
    String.raw`^(?:we\s+are\s+(?:looking\s+for|seeking|hiring|recruiting)|we['’]re\s+(?:looking\s+for|seeking|hiring|recruiting)|wir\s+suchen|nous\s+(?:re)?cherchons|(?:estamos\s+)?buscamos|(?:noi\s+)?cerchiamo|stiamo\s+cercando|wij\s+zoeken|we\s+zoeken|(?:nós\s+)?procuramos|estamos\s+(?:à\s+procura|procurando))\s`,
    String.raw`^(?:about\s+the\s+(?:role|job|position)|job\s+(?:description|advert(?:isement)?|posting|offer|vacancy|opening)|vacancy|stellen(?:angebot|anzeige|ausschreibung|beschreibung)|offre\s+d['’]emploi|fiche\s+de\s+poste|descripción\s+del\s+puesto|oferta\s+de\s+(?:empleo|trabajo|emprego)|descrizione\s+del(?:la)?\s+(?:lavoro|posizione|ruolo)|offerta\s+di\s+lavoro|annuncio\s+di\s+lavoro|vacature(?:tekst)?|functieomschrijving|descrição\s+(?:da\s+vaga|do\s+cargo))`,
    String.raw`\((?:m\s*/\s*[wf]\s*/\s*[dx]|[wf]\s*/\s*m\s*/\s*[dx]|h\s*/\s*f|f\s*/\s*h|m\s*/\s*f|h\s*/\s*m|m\s*/\s*v|v\s*/\s*m)\)\s*$`,
  ].join('|'),
  'i',
);

// "Bewerbung als Strategischer Einkäufer (m/w/d)", "Application for the post of …", "Candidature au poste de … (H/F)":
// the subject line of the candidate's own application repeats the posting's title and marker; it is no pasted advert.
const APPLICATION_SUBJECT =
  /^(?:(?:initiativ)?bewerbung\s+(?:als|um|für|auf)|application\s+(?:for|as)|candidature\s+(?:au\s+poste|pour|spontanée)|candidatura\s+(?:a|al|para|per|como|come)|solicitud\s+(?:de\s+empleo|para|al\s+puesto)|sollicitatie\s+(?:als|voor|naar))(?!\p{L})/iu;

function headline(lines: readonly Line[]): [string, string?] {
  // Under a pasted advert the top lines are the advert's: its title is the post offered, not one held.
  if (lines.slice(0, 8).some((l) => JOB_ADVERT.test(l.text) && !APPLICATION_SUBJECT.test(l.text))) return [''];
  for (const line of lines.slice(0, 4)) {
    if (
      line.bullet ||
      OBJECTIVE.test(line.text) ||
      /@|\d{3}/.test(line.text) ||
      DOCUMENT_WORD.test(line.text) ||
      APPLICATION_SUBJECT.test(line.text)
    )
      continue;
    // "Senior Software Engineer with more than 9 years of experience in …": the title before its years.
    const piece = tidy(
      line.text.split(/\s*[:：|•·]\s*|\s+[-–—]\s+|\s+(?:with|having)\s+(?=(?:\p{L}+\s+){0,2}\d)/u)[0] ?? '',
    );
    // "Data Engineer at Brightwave Analytics": the post and its employer, which opens the entry's description.
    // ("Attorney at Law", "Barrister at Law": the idiom is the title.)
    const at = /^(.+?)\s+(?:at|bei|chez|presso|bij)\s+(?!L(?:aw|AW)$)(\p{Lu}.*)$/u.exec(piece);
    const t = at && wordCount(piece) <= 10 && !/[.;!?,]$/.test(piece) ? at[1]! : piece;
    if (!t || wordCount(t) > 6 || /[.;!?,]$/.test(t) || FIRM_OF_PARTNERS.test(t)) continue;
    // isRole already rules out a legal form or a school's name; an organisation hint ("Software", "Systems") is
    // a title's word as often as a firm's.
    if (isRole(t) && titleShaped(t) && !isPlace(t) && !looksLikeName(t))
      return t === piece ? [cleanTitle(t)] : [cleanTitle(t), tidy(at![2]!)];
  }
  return [''];
}

// "Role Developer", "Designation Senior Engineer": a title field whose colon the layout lost (a table's label cell
// run into its value). "Post" and "Title" are left out: they open titles ("Post Graduate Teacher", "Title Examiner").
// (An employer field so written, "Employer Acme Ltd", is left as written: "Company" also opens firms' names.)
const TITLE_WORD =
  /^(?:designation|role|job\s+title|position|funktion|fonction|puesto|cargo|ruolo|functie)\s+(?=\p{Lu})/iu;

/** A header line without the title label its colon was lost from, when the value is a title. */
function unlabelledField(line: string): string {
  const title = TITLE_WORD.exec(line);
  if (!title) return line;
  const value = line.slice(title[0].length);
  const first = parts(value)[0] ?? '';
  return isRole(first) && titleShaped(first) && !isRole(title[0]) ? value : line;
}

// "Corvane Travel Systems L.P. (Designation: Software Intern)", "Acme GmbH (Position: Werkstudent)": a title field in
// brackets after the employer's name.
const BRACKETED_TITLE_FIELD = new RegExp(`\\s*\\(\\s*(${TITLE_LABEL.source.replace(/\^/g, '')})([^()]+)\\)`, 'i');

/** A header line holding a bracketed title field: the line without it, and the field on its own. */
function bracketedField(line: string): string[] {
  const m = BRACKETED_TITLE_FIELD.exec(line);
  if (!m || !tidy(m[2]!)) return [line];
  const rest = tidy(line.slice(0, m.index) + ' ' + line.slice(m.index + m[0].length));
  return [`Designation: ${tidy(m[2]!)}`, ...(rest ? [rest] : [])];
}

// A field label with its value on another line or lost ("Designation", "Duration:").
const BARE_LABEL =
  /^(?:designation|position|job\s+title|title|role|post|company|employer|client|duration|period|dates?|tenure)\s*[:：]?$/i;

const DANGLING_LINK =
  /\s+(?:at|for|of|in|with|from|to|and|the|by|on|as|bei|für|von|und|chez|pour|de|et|presso|per|di|para|con|bij|voor|van|en)$/iu;

/** The title without an employer note or unbalanced brackets; '' when nothing of a title is left. */
export function cleanTitle(title: string): string {
  return titleAndWhere(title).title;
}

/**
 * The description lines with what the title line said beyond the title: the organisation it names after the role
 * ("Partner in the firm of Hale & Ruto") opens them unless the header named an employer line, which stays first;
 * a run-on line's rest ("FOR EAST AFRICA FOR") follows the first line.
 */
function withWhereHeld(title: string, lines: readonly string[], employerNamed: boolean): string[] {
  const { title: t, held, runOn } = titleAndWhere(title);
  if (!t) return [...lines];
  const out = held && !employerNamed ? [held, ...lines] : [...lines];
  out.splice(Math.min(1, out.length), 0, ...[employerNamed ? held : '', runOn].filter(Boolean));
  return out;
}

/**
 * The title, and where the post was held when the title line names it after the role ("Partner in the firm of
 * Hale & Ruto", "REGIONAL REPRESENTATIVE FOR EAST AFRICA FOR"): that part leaves the title but not the record.
 */
function titleAndWhere(title: string): { title: string; held: string; runOn: string } {
  let held = '';
  let runOn = '';
  let t = tidy(
    title
      .replace(/^\[([^\]]+)\]$/, '$1')
      .replace(HEADER_LABEL, '')
      .replace(EMPLOYER_NOTE, ' ')
      .replace(TERMS_NOTE, ' ')
      .replace(QUOTED_NAME, ' ')
      .replace(WORKLOAD, ' ')
      .replace(TRAILING_LENGTH, ''),
  );
  // "SAP as a Consultant": the role named after "as a", the domain before it.
  const as = /^\S.{0,30}?\s+as\s+an?\s+(?=\p{Lu})/u.exec(t);
  if (as && isRole(t.slice(as[0].length)) && !isRole(as[0])) t = t.slice(as[0].length);
  // "Litigation Paralegal. Assigned to the Probate Division": the title ends with its sentence.
  const stop = SENTENCE_STOP.exec(t);
  if (stop && isRole(t.slice(0, stop.index))) t = tidy(t.slice(0, stop.index));
  const course = courseOf(t);
  if (course) t = tidy(t.slice(0, t.lastIndexOf(course)));
  // "REGIONAL REPRESENTATIVE FOR HORN OF AFRICA FOR" / "OXFAM AUSTRALIA …": a title line that ends on a linking
  // word runs on into the next line, which names where the post was held; the title is the role before the first
  // link ("Regional Representative"), or the line without its dangling word.
  if (DANGLING_LINK.test(t)) {
    const role = /^(.+?)\s+(?:at|for|in|with|of\s+the|bei|für|chez|pour|presso|per|en|para|bij|voor)\s/iu.exec(t)?.[1];
    const cut = role && isRole(role) ? role : tidy(t.replace(DANGLING_LINK, ''));
    // Its rest, without the dangling word ("Manager for" leaves nothing; "FOR EAST AFRICA FOR" leaves "FOR EAST
    // AFRICA").
    runOn = tidy(tidy(t.slice(cut.length)).replace(DANGLING_LINK, ''));
    if (DANGLING_LINK.test(` ${runOn}`)) runOn = '';
    t = cut;
  }
  // "Partner in the firm of Hale & Ruto", "Engineer at the Acme Corporation": where the post was held, written after
  // it with an article, is the employer's name, not part of the title.
  const at = /^(.+?)\s+(?:in|at|with|bei|chez|presso|bij)\s+(?:the|der|dem|la|le|l['’]|il|lo|het|de)\s*(.+)$/iu.exec(t);
  if (at && isRole(at[1]!) && titleShaped(at[1]!) && isOrganisation(at[2]!)) {
    held = tidy(t.slice(at[1]!.length));
    t = at[1]!;
  }
  // 'Speaker “Mediation and Negotiation Techniques': a quoted name the line cut before its closing quote.
  const open = /\s+[“"«„][^”"»“]*$/.exec(t);
  if (open && isRole(t.slice(0, open.index))) t = tidy(t.slice(0, open.index));
  if ((t.match(/\(/g) ?? []).length < (t.match(/\)/g) ?? []).length) t = tidy(t.replace(/\)(?!.*\))/, ' '));
  if ((t.match(/\(/g) ?? []).length > (t.match(/\)/g) ?? []).length) t = tidy(t.replace(/\((?!.*\()/, ' '));
  const tokens = t.split(/\s+/).filter(Boolean);
  return tokens.every((w) => NOT_A_TITLE_WORD.test(w.replace(/[,;:]+$/, '')))
    ? { title: '', held: '', runOn: '' }
    : { title: t, held, runOn };
}

/**
 * "January 2014 to June 2015" / "TEAM SIZE 20" / "DURATION Jan-2014 to Jun-2015": a date field repeating the dates
 * of the entry it stands in, with no body between, is a field of that entry, not a second one.
 */
function dropRepeatedDates(rows: Row[]): void {
  let last = -1;
  rows.forEach((r, i) => {
    if (!r.anchor) return;
    const previous = rows[last];
    const repeated =
      !!previous &&
      DATE_LABEL.test(r.line.text) &&
      sameDates(previous.spans, r.spans) &&
      rows.slice(last + 1, i).every((b) => b.header);
    if (repeated) r.anchor = false;
    else last = i;
  });
}

function sameDates(a: readonly DateSpan[], b: readonly DateSpan[]): boolean {
  const key = (s: readonly DateSpan[]) => (s[0] ? `${formatYearMonth(s[0].start)}|${formatYearMonth(s[0].end)}` : '');
  return !!key(a) && key(a) === key(b);
}

/**
 * Three or more dated lines in a row with no role word among them are a list (courses taught, publications,
 * awards: "Operating Systems (1998)"), not job entries, which have a title or a body between their dates.
 */
function dropDatedLists(rows: Row[]): void {
  for (let i = 0; i < rows.length;) {
    let j = i;
    while (j < rows.length && rows[j]!.anchor) j++;
    if (j - i >= 3 && !rows.slice(i, j).some((r) => roleWords.inText(r.line.text)))
      for (let k = i; k < j; k++) rows[k]!.anchor = false;
    i = Math.max(j, i + 1);
  }
}

/**
 * "2009-2011: Graduate Program Coordinator, Department of Political Science. Responsibilities included …": an
 * entry whose header line starts with its dates and runs into its first sentence. The header ends at the first
 * sentence end, so the dates anchor an entry with that header and the rest is its body.
 */
function splitDatedHeaders(lines: readonly Line[], now: Date): Line[] {
  return lines.flatMap((line) => {
    // Cheap test first: the line must open with a number or a month word and a number.
    if (!/^(?:\p{L}{3,10}\.?\s*)?\d/u.test(line.text) || (!line.bullet && wordCount(line.text) <= 10)) return [line];
    const span = findDateSpans(line.text, now)[0];
    if (!span || span.from > 1 || !span.start) return [line];
    const after = line.text.slice(span.to);
    // "2012 onwards: Legal Counsel": a word that ends the range may stand before the colon.
    const lead = /^\s*(?:\p{Ll}+\s*)?[:：–—-]\s*(?=\p{Lu})/u.exec(after);
    if (!lead) return [line];
    // "• 2004-2006: Principal Legal Officer, Coastal Land Services …": a bullet that opens with a range of dates and
    // a post heads an entry, as the same line does without its bullet; a single year ("• 2016: Promoted …") or a
    // duty ("• 2013-2014: Opened two offices") under an entry is an achievement.
    if (line.bullet) {
      const range = span.ongoing || formatYearMonth(span.start) !== formatYearMonth(span.end);
      const post = parts(after.slice(lead[0].length).split(/\.\s/)[0] ?? '')[0] ?? '';
      if (!range || !isRole(post) || isSentence(post)) return [line];
      if (wordCount(line.text) <= 10) return [{ ...line, bullet: false }];
    }
    const stop = /(?<=\p{Ll}{3})\.\s+(?=\p{Lu})/u.exec(after);
    if (!stop || wordCount(after.slice(0, stop.index)) > 10) return [line];
    const cut = span.to + stop.index + 1;
    return [
      { text: line.text.slice(0, cut - 1).trim(), bullet: false },
      { text: line.text.slice(cut).trim(), bullet: false },
    ];
  });
}

/**
 * An undated title line of a flattened table: title-shaped, with a role word (so no legal form), one cell (no
 * comma: "Like Gearboxes, Cylinder Heads" lists products, "Test Lead, QA" is a header line with its department).
 */
function isTitleCell(row: Row): boolean {
  const t = row.line.text;
  if (row.line.bullet || row.spans.length > 0 || /[,;]|\.$/.test(t)) return false;
  return isRole(t) && titleShaped(t);
}

/** An undated employer line of a flattened table: an organisation, or a name and its place. */
function isEmployerCell(row: Row): boolean {
  return !row.line.bullet && row.spans.length === 0 && isEmployerLine(row.line.text);
}

/**
 * "Sr. Game Programmer" / "Game Programmer" / "Twistwood Games Ltd, Indore" / "Pixelmoor Studios Ltd, Pune": a
 * table of positions that text extraction flattened column by column, a run of titles and then as many employer
 * lines, pairs them in order. The pairs are undated entries (`duration` 0) and their rows leave the section.
 */
function flattenedPositions(rows: Row[]): { at: number; entries: CvExperience[] } | undefined {
  for (let i = 0; i < rows.length; i++) {
    let n = 0;
    while (i + n < rows.length && isTitleCell(rows[i + n]!)) n++;
    let m = 0;
    // Employer lines are only looked for after a run of titles (the place test is the costly one).
    while (n >= 2 && i + n + m < rows.length && m <= n && isEmployerCell(rows[i + n + m]!)) m++;
    // Next to a date line the lines are that entry's header ("Sr. Consultant" / "Test Lead" / "CGI" / dates).
    const dated = rows[i - 1]?.anchor || rows[i + 2 * n]?.anchor;
    if (n >= 2 && m === n && !dated) {
      const cut = rows.splice(i, 2 * n);
      const entries = cut.slice(0, n).map((r, k) => ({
        title: cleanTitle(r.line.text),
        activity_sector: '',
        description: cut[n + k]!.line.text,
        duration: 0,
        start_date: '',
        end_date: '',
      }));
      return { at: i, entries };
    }
    i += n;
  }
  return undefined;
}

/**
 * "Occupation or position held" / "Project Manager": a Europass label flattened onto a line of its own goes with
 * the value on the next line, as when the two columns run into one line; the activities label is dropped from its
 * value ("Principales activités et responsabilités Pilotage des projets": the duties, not a header).
 */
function europassFields(lines: readonly Line[]): Line[] {
  const out: Line[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const next = lines[i + 1];
    const bare = (re: RegExp) => re.test(line.text) && line.text.replace(re, '') === '';
    const label = [EUROPASS_TITLE, EUROPASS_EMPLOYER, EUROPASS_ACTIVITIES].some(bare) || bareSector(line.text);
    if (label && next && !next.bullet && !isEuropassLabel(next.text)) {
      out.push({ ...line, text: `${line.text.replace(/\s*[:：]\s*$/, '')} ${next.text}` });
      i++;
    } else out.push(line);
  }
  return out.map((l) => {
    const duties = l.text.replace(EUROPASS_ACTIVITIES, '');
    return duties !== l.text && duties ? { ...l, text: duties } : l;
  });
}
const bareSector = (text: string) =>
  SECTOR_FIELD.test(`${text.replace(/\s*[:：]\s*$/, '')} x`) && !SECTOR_FIELD.test(text);
const isEuropassLabel = (text: string) =>
  [EUROPASS_TITLE, EUROPASS_EMPLOYER, EUROPASS_ACTIVITIES].some((re) => re.test(text)) || SECTOR_FIELD.test(text);

/** Experience entries of one experience section's lines. */
export function parseExperience(lines: readonly Line[], now: Date): CvExperience[] {
  if (lines.length === 0) return [];
  const rows = toRows(splitDatedHeaders(joinSplitRanges(europassFields(lines), now), now), now);
  const table = flattenedPositions(rows);
  if (!table) return datedExperience(rows, now);
  const dated = datedExperience(rows, now);
  // The table stands where it was read: before the dated entries when no date line comes before it.
  const first = rows.findIndex((r) => r.anchor);
  return first < 0 || table.at <= first ? [...table.entries, ...dated] : [...dated, ...table.entries];
}

function datedExperience(rows: Row[], now: Date): CvExperience[] {
  if (rows.length === 0) return [];
  dropDatedLists(rows);
  dropRepeatedDates(rows);
  const anchors = rows.flatMap((r, i) => (r.anchor ? [i] : []));
  if (datesLast(rows, anchors)) return dateLastEntries(rows, anchors, now);
  if (anchors.length === 0) {
    // No date lines: the section is read as one entry, dated by the first date written anywhere in it.
    const lead = rows.findIndex((r) => !r.header);
    const headerEnd = lead < 0 ? Math.min(rows.length, 3) : Math.min(lead, 3);
    const spans = rows.flatMap((r) => r.spans);
    const e = entry(
      rows.slice(0, headerEnd).map((r) => r.line.text),
      rows.slice(headerEnd).map((r) => r.line),
      spans
        .filter((s) => s.start)
        .slice(0, 1)
        .concat(spans.slice(0, 1)),
      now,
    ).experience;
    return e.title || e.description ? [e] : [];
  }
  // Header lines directly above an anchor, not crossing the previous anchor.
  // A line opening in lowercase carries on the line before it ("linguistic and ability backgrounds"): the end
  // of the previous entry's body, so neither it nor what stands above it heads the next entry. Above a later
  // entry's dates, a duty line ("Cleaned molds as needed") is likewise the end of the body before it.
  const above = (a: number, floor: number, later = false) => {
    let n = 0;
    const heads = (r: Row) => r.header && !r.anchor && !r.continues && !(later && isDutyLine(r.line.text));
    while (n < 3 && a - n - 1 > floor && heads(rows[a - n - 1]!)) n++;
    return n;
  };
  const dateFirst = above(anchors[0]!, -1) === 0;
  // A CV repeats one entry layout: the first entry, bounded by the section start, shows how many header lines
  // stand above a date line. Later entries take no more, so a short last line of the previous entry's body
  // ("Query management and outbound sales") is not read as the next entry's header.
  const layoutAbove = above(anchors[0]!, -1);
  const starts = anchors.map((a, k) =>
    dateFirst ? a : a - (k > 0 ? Math.min(above(a, anchors[k - 1]!, true), layoutAbove) : layoutAbove),
  );
  const headed = anchors.map((a, k) => {
    const start = starts[k]!;
    const stop = k + 1 < anchors.length ? starts[k + 1]! : rows.length;
    const own = remainder(rows[a]!.line.text, rows[a]!.spans);
    const pre = rows.slice(start, a).map((r) => r.line.text);
    // Header lines below the anchor: the whole header in date-first layouts; otherwise only when the lines
    // above carry no job title ("Company / Place | Dates / Title").
    let post = 0;
    const maxPost = dateFirst || !pre.some(isRole) ? 3 : 0;
    while (post < maxPost && a + post + 1 < stop && rows[a + post + 1]!.header && !rows[a + post + 1]!.anchor) post++;
    const below = rows.slice(a + 1, a + 1 + post).map((r) => r.line.text);
    const slots: Slot[] = [
      ...pre.map((text, i) => ({ text, at: i - pre.length })),
      ...(own ? [{ text: own, at: 0 }] : []),
      ...below.map((text, i) => ({ text, at: i + 1 })),
    ];
    return {
      slots,
      body: rows.slice(a + 1 + post, stop).map((r) => r.line),
      spans: rows[a]!.spans,
      lines: rows.slice(start, stop).map((r) => r.line),
    };
  });
  const mayBeTitle = titleSlots(headed.map((h) => h.slots));
  const out: CvExperience[] = [];
  for (const h of headed) {
    if (out.length >= MAX_ENTRIES) break;
    const allowed = new Set(h.slots.filter((s) => mayBeTitle(s.at)).map((s) => s.text.replace(HEADER_LABEL, '')));
    const found = entries(
      h.slots.map((s) => s.text),
      h.body,
      h.spans,
      now,
      (line) => allowed.has(line),
    ).filter((e) => !isPageHeader(e));
    const previous = out[out.length - 1];
    if (previous && found.length === 1 && inPassing(found[0]!, h.spans)) {
      previous.description = [previous.description, ...joinWrapped(h.lines)]
        .filter(Boolean)
        .join('\n')
        .slice(0, MAX_DESCRIPTION);
    } else out.push(...found);
  }
  return out;
}

/**
 * "Improved retention to 91% by" / "2009", "Who else?" / "2012", "Spoke at a regional seminar on …" / "May 2011":
 * a date line with no title and no employer around it, only one date (a year or a month, not a range) and text
 * that cannot name an employer (a sentence, a figure, a table row), is a date mentioned in the body of the entry
 * above (a chart's axis, an achievement, an event), not an entry of its own.
 */
function inPassing(e: CvExperience, spans: readonly DateSpan[]): boolean {
  if (e.title) return false;
  const span = spans[0];
  const from = span?.start ?? span?.end;
  const oneDate =
    !span ||
    (spans.length === 1 && !span.ongoing && !!from && formatYearMonth(span.end ?? from) === formatYearMonth(from));
  return oneDate && cannotBeEmployer(e.description.split('\n')[0] ?? '');
}

// "32%", "$3M", "Output | units", "1123 |": figures and table cells.
const FIGURES = /[%$€£|]|\d[\d,.]*\s*[kKmMbB]\b/;

/**
 * A line that cannot be an employer's name: empty or without a word, a sentence (a first person, a past tense, a
 * lowercase start, a question or a sentence's full stop, more words than a name has), or figures.
 */
export function cannotBeEmployer(text: string): boolean {
  const t = text.trim();
  const letters = t.replace(/[^\p{L}]/gu, '').length;
  const digits = t.replace(/\D/g, '').length;
  if (letters < 2 || digits * 2 > letters) return true;
  if (/[?!]$/.test(t) || (/\p{Ll}{2}\.$/u.test(t) && !ABBREVIATION_END.test(t))) return true;
  if (continuesAbove(t) || isSentence(t) || isDutyLine(t)) return true;
  return FIGURES.test(t);
}

/**
 * "Office Assistant" / "D & T Printing, Clayton" / duties … / "March 2012 – current": each entry's dates written
 * under it. The section then ends on a date line, and every entry before each date has a header with a title
 * and a body (a header right above the dates with no body under it is the usual layout, dates under the header).
 */
function datesLast(rows: readonly Row[], anchors: readonly number[]): boolean {
  const last = anchors[anchors.length - 1];
  if (last === undefined || last !== rows.length - 1) return false;
  return anchors.every((a, k) => {
    const block = rows.slice(k ? anchors[k - 1]! + 1 : 0, a);
    const n = headerRun(block);
    return n > 0 && n < block.length && block.slice(0, n).some((r) => parts(r.line.text).some(isRole));
  });
}

/** The header lines a block of rows opens with (at most three). */
function headerRun(block: readonly Row[]): number {
  let n = 0;
  while (n < 3 && n < block.length && block[n]!.header) n++;
  return n;
}

function dateLastEntries(rows: readonly Row[], anchors: readonly number[], now: Date): CvExperience[] {
  return anchors.flatMap((a, k) => {
    const block = rows.slice(k ? anchors[k - 1]! + 1 : 0, a);
    const n = headerRun(block);
    const own = remainder(rows[a]!.line.text, rows[a]!.spans);
    const headers = [...block.slice(0, n).map((r) => r.line.text), ...(own ? [own] : [])];
    return entries(
      headers,
      block.slice(n).map((r) => r.line),
      rows[a]!.spans,
      now,
    ).filter((e) => !isPageHeader(e));
  });
}

/**
 * "Annie Keely" / "Curriculum Vitae" / "April 2013" repeated at the top of each page: the candidate's name, the
 * document's title and its date are page furniture, not a position.
 */
function isPageHeader(e: CvExperience): boolean {
  const description = foldWords(e.description);
  return DOCUMENT_TITLES.some((t) => foldWords(t) === description) && looksLikeName(e.title);
}

/** A header line and where it stands from its entry's date line (-1 the line above, 0 the date line, 1 below). */
interface Slot {
  text: string;
  at: number;
}

/**
 * Where a title without a role word may stand. A CV repeats one entry layout, so once some entries of a section
 * show their title (a role word, a "Title:" field) at a place next to the dates, a line elsewhere without a
 * role word is the employer, a place, a project or a leftover heading ("Competitor analysis", "Intermediate"),
 * not a title. With no role-word title in the section (a vocabulary the lexicon lacks: "Contabile",
 * "Data Steward") any place may hold one.
 */
function titleSlots(entries: readonly (readonly Slot[])[]): (at: number) => boolean {
  const seen = new Set<number>();
  for (const slots of entries) {
    const titled = slots.find(
      (s) => TITLE_LABEL.test(s.text) || !!roleInSentence(s.text) || parts(s.text).some(isTitleRole),
    );
    if (titled) seen.add(titled.at);
  }
  if (seen.size === 0) return () => true;
  const [only] = seen;
  return seen.size === 1 ? (at) => at === only : () => false;
}

/**
 * Job entries outside an experience section (a two-column PDF interleaves columns, a heading is missing): only
 * entries whose title has a role word and whose dates are a range count, so skill lists and summaries give none.
 */
export function strayEntries(lines: readonly Line[], now: Date): CvExperience[] {
  return parseExperience(lines, now).filter(
    (e) => e.start_date && (e.end_date !== e.start_date || e.duration > 1) && isRole(e.title),
  );
}
