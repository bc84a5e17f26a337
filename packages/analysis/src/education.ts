/**
 * Education entries of a CV's education section. Each line may carry a degree, an institution, dates, a score;
 * an entry collects them in any order ("Degree / School / Dates" or "Dates / School: Degree") and a new entry
 * starts when a line brings something the current entry already has.
 */
import type { CvEducation } from '@talent/records';
import { findDateSpans, formatYearMonth, joinSplitRanges, onlyDates, type DateSpan } from './dates.js';
import { degreePhrase, fieldLine, findDegrees, levelName, majorAfter, type DegreeMention } from './degrees.js';
import { isEducationTableHeader } from './headings.js';
import { HIGHER_EDUCATION, legalForms, schoolWords } from './lexicon.js';
import { countryNamed, countryOfRegion } from './places.js';
import { parsePlace } from './contacts.js';
import { tidy, wordCount, type Line } from './text.js';

// "Major: Economics"; also "Major in Economics, Minor in Mathematics", "Majoring in …", "Concentration in …", as US
// CVs write the field under or after the degree.
const MAJOR_LABEL =
  '(?:(?:major|field\\s+of\\s+study|speciali[sz]ation|concentration|fachrichtung|studienfach|schwerpunkt|spécialité|spécialisation|especialidad|especialización|indirizzo|specializzazione|richting|specialisatie|área|especialização)\\s*[:：]\\s*|(?:(?:with\\s+an?\\s+)?major(?:ing)?|concentration|speciali[sz]ation)\\s+in\\s+)';
const MAJOR_FIELD = new RegExp(`^${MAJOR_LABEL}(.+)$`, 'i');
const MAJOR_LEAD = new RegExp(`^${MAJOR_LABEL}`, 'i');
// "Economics, Minor in Mathematics": the minor is no part of the major.
const MINOR_AFTER = /\s*[,;|]\s*(?:minors?|gpa)\b.*$/i;
// "Bachelor of Technology [B.Tech] Specialization: Bioinformatics": the field labelled on the degree's line.
const MAJOR_INLINE = new RegExp(`(?<!\\p{L})${MAJOR_LABEL}(\\p{L}[^,;|()[\\]\\d]*)`, 'iu');
const SCORE_LABELLED =
  /\b(?:c?gpa|grade\s+point\s+average|grade|note|moyenne|mention|nota|voto|cijfer|média|media|percentage|score|marks|aggregate|final\s+grade|abschlussnote|gesamtnote)\s*(?:of|:|-|=)?\s*(\d{1,3}(?:[.,]\d{1,2})?(?:\s*\/\s*\d{1,3}(?:[.,]\d{1,2})?)?\s*%?|(?:sehr\s+)?gut|très\s+bien|assez\s+bien|bien|first\s+class|distinction)/i;
const SCORE_TRAILING =
  /\b(\d{1,3}(?:[.,]\d{1,2})?\s*(?:%|\/\s*(?:4|5|10|20|100|110)(?:[.,]0)?\b)|\d(?:[.,]\d{1,2})?\s*(?:c?gpa))/i;
const HONOURS =
  /\b(?:summa\s+cum\s+laude|magna\s+cum\s+laude|cum\s+laude|with\s+(?:first\s+class\s+)?hono(?:u)?rs|first\s+class(?:\s+hono(?:u)?rs)?|with\s+distinction|mit\s+auszeichnung|con\s+lode|110\s*\/\s*110(?:\s+e\s+lode)?|mention\s+(?:très\s+bien|bien|assez\s+bien))\b/i;
// A period after a word of five letters or more ends a sentence ("Electronics. XYZ College of Engineering");
// after a shorter one it is an abbreviation's ("St. Xavier's College", "Dr. B.R. Ambedkar University").
// "… (MPHE) Degree of Kenyatta University", "Diploma in Nursing (DAN) of Nairobi University": after a degree's last
// word or its abbreviation in brackets, "of" introduces the school that awarded it.
// "Hillcrest College affiliated to Ravindra University": Indian colleges name the university that awards their
// degrees; the college is where the candidate studied.
// "PINECREST HIGH SCHOOL -- Alder Falls, AZ": plain text writes its dash as two hyphens (the place was taken into the
// name).
// "KVU/ Redhill Institute of Technology", "Fenwick Data Lab / University of Harlow": a slash with a space beside it
// separates two bodies (the university and its college, a lab and its university), not a name's words
// ("Erlangen/Nürnberg" keeps its slash).
const SEGMENT =
  /\s*[,|;]\s*|\s+(?:[-–—]|--)\s+|\s*\/\s+|\s+\/\s*|\s+(?:from|at|an\s+der|bei|à|a\s+la|presso|aan\s+de|na|em|pela|pelo|por\s+la|por\s+el|affiliated\s+(?:to|with))\s+|(?<=\bdegree|\))\s+of\s+|:\s+|(?<=\p{L}{5})\.\s+/iu;

const BIRTH_DATE =
  /^(?:d\.?o\.?b\.?|date\s+of\s+birth|born|birth\s*date|geburtsdatum|geboren|date\s+de\s+naissance|n[ée]e?\s+le|fecha\s+de\s+nacimiento|data\s+di\s+nascita|nato\s+il|nata\s+il|geboortedatum|geboren\s+op|data\s+de\s+nascimento)\b/i;
const GENERIC_SCHOOL =
  /^(?:the\s+)?(?:name\s+of\s+(?:the\s+)?)?(?:university|college|school|institute|institution|academy|universit[äa]t|universit[ée]|universidad|universit[àa]|universiteit|universidade|hochschule|[ée]cole|escuela|scuola)\W*$/i;

// A kind of school is no school's name: "Endorsements: Elementary Education (K-9), Middle School", "Graduate
// School", "Community College".
const SCHOOL_KIND =
  /^(?:the\s+)?(?:primary|elementary|middle|junior|senior|high|secondary|grammar|public|private|graduate|law|business|medical|nursing|community|technical|trade|vocational)\s+(?:school|college|university|academy)\W*$/i;

interface Draft {
  degree: string;
  major: string;
  score: string;
  institution: string;
  span?: DateSpan;
  /** A second degree of a double degree written on the same line ("Bachelor of Laws/Bachelor of Arts"). */
  second?: string;
  /** A programme or course the entry names without a qualification ("Executive Education Programme"). */
  programme?: boolean;
  /** The degree's level when the school's name holds it ("Pinecrest High School"): no qualification of its own. */
  named?: number;
}

// A thesis title names a topic, often with "University" or "School" in it, never the place of study.
const THESIS =
  /\b(?:thesis|dissertation|tesis|th[èe]se|tesi|scriptie|tese|abschlussarbeit|masterarbeit|bachelorarbeit|diplomarbeit|doktorarbeit|dissertação|tesina)\b.*$/iu;
// An apostrophe inside a word is an elision, not a quote: "Diplômé d'un Master … de l'Université de Nantes",
// "Università dell'Aquila".
const QUOTED = /(?<!\p{L})[‘'“"«„][^‘’'“”"«»„]{3,}[’'”"»“](?!\p{L})/gu;

// A school's name holds no year: "2014 University of Art", "University of Madras in 2007 with 62%" name the school
// and when (or how well) the degree was earned.
// "Westmoor University '12": a class year in its short form.
const YEAR_AROUND =
  /^(?:(?:19|20)\d\d\s*)+|\s+(?:class\s+of\s+)?['’]\d\d$|\s+(?:in\s+(?:the\s+year\s+)?|during\s+|nel\s+|en\s+|em\s+|im\s+(?:jahr\s+)?)?(?:19|20)\d\d\b.*$|\s+with\s+(?:an?\s+)?(?:aggregate|score|gpa|cgpa|grade|distinction|honou?rs|first|second|\d).*$/i;

// A sentence that mentions a school is not its name: "Co-sponsored high school yearbook", "Completed High
// school", "taught at the high school and college levels".
const SENTENCE_START = /^(?:\p{Ll}|\p{Lu}[\p{Ll}-]*ed\s)/u;
const ARTICLE_START = /^(?:an?|any|some|one|every|our|my|this|that|un|une|ein|eine|einer|einem|uno|una|een)\s/;
// "Some college", "Some college coursework completed" (a job board's level of education) names no school.
const SOME_START = /^(?:some|no)\s/i;

function endsWithSchoolWord(s: string): boolean {
  return schoolWords.inText(
    s
      .split(/[\s.]+/)
      .filter(Boolean)
      .pop() ?? '',
  );
}

/** The segment without a degree written before the school ("B.E Anna University") or a sentence's last period. */
function schoolPart(seg: string): string {
  // A bracket the segment split left open ("Missouri University of Science (Rolla" of "(Rolla, MO)") holds a place.
  // "1  B.Com  Redhill College": a table row's number.
  let s = tidy(
    seg
      .replace(/^\s*\d{1,2}[.)]?\s+(?=\p{L})/u, '')
      .replace(/\(.*?\)/g, ' ')
      .replace(/\([^)]*$/, ' ')
      .replace(YEAR_AROUND, ' '),
  );
  const lead = findDegrees(s)[0];
  // "Bachelor of Nursing University of Harlow": the degree's whole name ("of Nursing" too) goes before the school.
  if (lead && lead.index === 0) s = tidy(s.slice(degreePhrase(s, lead).end).replace(/^[.\s]+/, ''));
  // "Wirtschaftsinformatiker mit Master of Science der Technischen Universität Hamburg": a sentence names the
  // degree, then the school that awarded it (a lowercase word before the degree: no school's name). The name is
  // the school word and the capitalised words before it.
  else if (lead && /(?:^|\s)\p{Ll}/u.test(s.slice(0, lead.index))) {
    const words = s.slice(lead.end).split(/\s+/).filter(Boolean);
    let from = words.findIndex((w) => schoolWords.inText(w));
    if (from >= 0) {
      while (from > 0 && /^\p{Lu}/u.test(words[from - 1]!)) from--;
      s = tidy(
        words
          .slice(from)
          .join(' ')
          .replace(/\s\.\s.*$/, ''),
      );
    }
  }
  // "the University of Oslo with courses in …": the name, not the sentence around it.
  s = s.replace(/^the\s+(?=\p{Lu})/u, '').replace(/\s+with\s+\p{Ll}.*$/u, '');
  // "Rockford State University and six years in …", "… Université de Nantes et d'une …": a sentence goes on after the
  // name; a name joins capitalised words ("University of Arts and Design", "Ponts et Chaussées").
  // "Universidade de São Paulo (2016) e MBA em …": so does a second degree.
  for (const m of s.matchAll(/\s+(?:and|und|et|y|e|en|ou|or)(?:\s+(?:\p{Ll}|\d)|$|\s+(?=\S))/gu)) {
    const rest = s.slice(m.index + m[0].length);
    const goesOn = !rest || /^[\p{Ll}\d]/u.test(rest) || findDegrees(rest)[0]?.index === 0;
    if (!goesOn || !schoolWords.inText(s.slice(0, m.index))) continue;
    s = s.slice(0, m.index);
    break;
  }
  // "Universität Leipzig (2008).": the period a removed bracket left alone.
  return s.replace(/(?<=\p{Ll}{3})\.$/u, '').replace(/\s+\.$/, '');
}

// "Faculteit der Economische Wetenschappen, Universiteit van Tilburg": a faculty or department is part of the
// school named after it on the line; the school is where the candidate studied.
const FACULTY =
  /^(?:faculty|faculteit|fakult\p{L}t|facult[ée]|facultad|facolt[àa]|faculdade|department|dept\.?)(?!\p{L})/iu;

function institutionIn(text: string, exclude: string): string {
  const first = schoolIn(text, exclude);
  if (!FACULTY.test(first)) return first;
  const rest = text.slice(text.indexOf(first) + first.length);
  const school = schoolIn(rest, exclude);
  return school && !FACULTY.test(school) ? school : first;
}

// "Diplom Theologie der Katholischen Universität Eichstätt": German declines the adjectives before a feminine school
// word (Universität, Hochschule, Akademie, Schule and their compounds) in the genitive and after a preposition; an
// article before such a declined adjective starts the school's name (the field "Theologie der" was taken with it).
// "Rheinischen Friedrich-Wilhelms-Universität": a name between adjective and school word.
const DECLINED_BEFORE_SCHOOL =
  /(?:^|\s(?:der|an\s+der)\s+)((?:\p{Lu}\p{Ll}+en\s+)+)((?:\p{Lu}[\p{L}-]*-)?(?:\p{Lu}\p{Ll}*(?:universität|hochschule|akademie|schule)|Universität|Hochschule|Akademie|Schule)(?!\p{L}))/u;

/**
 * The school's name from its declined adjective on. After "der" or "zur" ("an der Technischen Universität München",
 * "Master der Freien Universität Berlin", "zur Katholischen Hochschule …") the name is given in the nominative
 * ("Technische Universität München"): a feminine singular after its article declines its adjectives with "-en".
 */
function declinedSchool(name: string, line: string): string {
  const m = DECLINED_BEFORE_SCHOOL.exec(name);
  if (!m) return name;
  const from = m.index + m[0].length - m[1]!.length - m[2]!.length;
  const whole = name.slice(from);
  if (!new RegExp(`(?<!\\p{L})(?:der|zur)\\s+${whole.split(/\s+/)[0]}(?!\\p{L})`, 'u').test(line)) return whole;
  return m[1]!.replace(/(\p{Ll})en(?=\s)/gu, '$1e') + whole.slice(m[1]!.length);
}

// "University of Texas at Dallas", "University of Illinois at Urbana-Champaign", "University at Buffalo": a state
// university names its campus with "at" (elsewhere "at" introduces the school: "MBA at Westmoor University").
const CAMPUS_AT = /(\bUniversit\p{L}*(?:\s+of(?:\s+\p{Lu}[\p{L}&.'’-]*){1,4})?)\s+at\s+(?=\p{Lu})/gu;
const AT_MARK = '\uE000';
// "M.B.A. (Marketing) 2010 Westmoor University": a year inside the line before a capitalised word ends what comes
// before it (a table row's cells run together); no school's name holds a year.
const YEAR_BETWEEN = /\s+(?:19|20)\d\d\s+(?=\p{Lu})/gu;

function schoolIn(text: string, exclude: string): string {
  const marked = text
    .replace(THESIS, ' ')
    .replace(QUOTED, ' ')
    .replace(CAMPUS_AT, `$1${AT_MARK}`)
    .replace(YEAR_BETWEEN, ' | ');
  for (const raw of marked.split(SEGMENT)) {
    // "presso l'Università di Padova", "de l'Université de Nantes": an elided article is no part of the name.
    const seg = raw.replace(/^\s*(?:l|dell|all|nell|dall)['’](?=\p{Lu})/u, '').replaceAll(AT_MARK, ' at ');
    // Only a segment with a school word can name one (checked first: most segments have none).
    if (!schoolWords.inText(seg)) continue;
    const s = declinedSchool(schoolPart(seg), text);
    // A CV written all in lowercase still names its schools head-last ("narayana jr. college").
    // "… from an accredited university" (a job ad's requirement): an article opens no school's name.
    if (SENTENCE_START.test(s) && !(s === s.toLowerCase() && endsWithSchoolWord(s) && !ARTICLE_START.test(s))) continue;
    if (SOME_START.test(s)) continue;
    // A lone "University" is a wrapped line's tail, not a name ("IIT" is one).
    if (
      s &&
      s !== exclude &&
      !exclude.includes(s) &&
      schoolWords.inText(s) &&
      !GENERIC_SCHOOL.test(s) &&
      !SCHOOL_KIND.test(s) &&
      !countryNamed(s) &&
      wordCount(s) <= 12
    )
      return s;
  }
  return '';
}

/**
 * The line after a degree names its school even without a school word, written before the school's place
 * ("Magadh Univercity - Patna, Bihar", "Gtti - Kolkata, West Bengal"): the place must be one a country or region
 * confirms, so a field of study or a grade on that line is not taken for a school.
 */
const SENTENCE_BEFORE_PLACE = /^\p{Lu}\p{Ll}+ing\s|\s(?:as|for|with|to)\s/u;
function schoolAfterDegree(text: string): string {
  if (/[:：@]|\d/.test(text) || wordCount(text) > 10 || findDegrees(text).length > 0) return '';
  const m = /^(.+?)\s+(?:[-–—|]|--)\s+(.+)$/.exec(text) ?? /^([^,]+),\s+(.+)$/.exec(text);
  if (!m) return '';
  const name = tidy(m[1]!);
  // "Working as Consultant for Fakecorp, Canada": a sentence before a place names no school.
  if (SENTENCE_BEFORE_PLACE.test(name)) return '';
  const place = parsePlace(m[2]!, false);
  return place?.country && wordCount(name) <= 7 && !countryNamed(name) && !countryOfRegion(name) ? name : '';
}

// "Bachelor’s degree, Economics · Universidade de São Paulo · 2010 – 2014" (a LinkedIn profile's export): a middle dot
// between spaces separates cells, as a bar does.
const dotCells = (line: Line): Line => ({ ...line, text: line.text.replace(/\s+·\s+/g, ' | ') });
const DASHED_ABBREVIATION = /^\s+[-–]\s+([A-Z][A-Za-z.]{0,7})(?=\s*,)/;

/**
 * "Ph.D. August 1991 Political Science", "MSc, 2019, Data Science": the field written after the degree's date, read
 * as if it followed the degree.
 */
function fieldAfterDate(text: string, end: number, now: Date): string {
  const span = findDateSpans(text, now).find((s) => s.from >= end && /^[\s,:–—-]*$/.test(text.slice(end, s.from)));
  return span ? majorAfter(text, span.to) : '';
}

// A school known by its acronym, alone ("NIIT", "INSEAD") or before its town ("BI Stavanger", "HEC Paris").
const ACRONYM_NAME = /^(?:\p{Lu}{3,}|\p{Lu}{2,}(?:\s+\p{Lu}\p{Ll}[\p{L}-]*){1,2})$/u;

/**
 * "Diploma in Computer Applications, NIIT, 2010", "MSc Finance, HEC Paris, 2016": a school named by its acronym has no
 * school word; a cell after the degree's field that an acronym opens, that is no degree, board, grade or place, and
 * that a place or a year follows, is the school ("Jane Roe, MBA, PMP": letters after a name are no
 * school). A line written all in capitals is not read so (a field would pass for an acronym).
 */
function acronymSchoolAfter(text: string, end: number): string {
  if (!/\p{Ll}/u.test(text)) return '';
  const cells = text
    .slice(end)
    .split(/\s*(?:[,;|]|\s[-–—]\s)\s*/u)
    .map((c) => tidy(c));
  // The first cell written after the degree is its field ("B.Tech, CSE, 2012"; "MBA, INSEAD" is not read so).
  const at = cells.findIndex(
    (c, i) =>
      cells.slice(0, i).some(Boolean) &&
      ACRONYM_NAME.test(c) &&
      !findDegrees(c).length &&
      !BOARD.test(c) &&
      !scoreIn(c) &&
      !isPlace(c),
  );
  const placed = at > 0 && cells.slice(at + 1).some((c) => /\b(?:19|20)\d\d\b/.test(c) || isPlace(c));
  return placed ? cells[at]! : '';
}

/** "Marietta, Ohio", "Chennai, Tamil Nadu": a place a country or region confirms, written where a field may stand. */
function isPlace(text: string): boolean {
  return !!countryNamed(text) || !!parsePlace(text, false)?.country;
}

function withoutSpans(text: string, spans: readonly DateSpan[]): string {
  let out = text;
  for (const s of [...spans].sort((a, b) => b.from - a.from)) out = `${out.slice(0, s.from)} ${out.slice(s.to)}`;
  return tidy(out);
}

function scoreIn(text: string): string {
  const labelled = SCORE_LABELLED.exec(text);
  if (labelled?.[1]) return labelled[0].trim();
  const honours = HONOURS.exec(text);
  if (honours) return honours[0];
  const trailing = SCORE_TRAILING.exec(text);
  return trailing?.[1]?.trim() ?? '';
}

// A school whose name says it is a secondary school ("Day Adventist Matric Hr.Sec School", "Greenvale High
// School", "South Oakleigh Secondary College", "Goethe-Gymnasium", "Lycée Victor Hugo", "Liceo Galilei") gives the
// entry its level when no qualification is written: school-leaving, so the record does not read as a degree
// left blank.
const SECONDARY_SCHOOL =
  /(?:\bhigh\s+school|(?:\b(?:higher|senior|sr\.?)\s*|\bh(?:r|igher)?\.\s*)sec(?:ondary|\.)?\s*school|\bsecondary\s+(?:school|college)|\bmatric(?:ulation)?\s+school|gymnasium\b|\blyc[ée]e\b|\bliceo\b|\binstituto\s+de\s+educaci[óo]n\s+secundaria\b|\bescola\s+secund[áa]ria\b|\bmiddelbare\s+school\b)/iu;

// A programme or course attended without a qualification: at a school named after a person ("The Wharton School" /
// "Executive Education Programme") it says the school is no secondary school.
const PROGRAMME =
  /(?<!\p{L})(?:program(?:me)?s?|courses?|exchange|semester|seminars?|workshops?|executive\s+education|summer\s+school)(?!\p{L})/iu;

// "St. Anne's School", "Delhi Public School", "Hollybrook Convent School" with no qualification: a school named after a
// person or place is the candidate's secondary school, as a "… High School" is; not a school of a discipline
// ("Harlan Law School", "… School of …") nor one below secondary ("Pinewood Middle School").
const NAMED_SCHOOL =
  /^(?!.*\bschool\s+of\b)(?!.*\b(?:business|law|management|medical|medicine|nursing|engineering|graduate|art|arts|design|film|music|hotel|language|languages|driving|flight|dental|pharmacy|technology|divinity|theology|economics|journalism|architecture|aviation|computer|training|professional|vocational|trade|technical|summer|night|evening|online|motor|beauty|cooking|culinary|dance|drama|acting|sports?|elementary|primary|middle|nursery|sunday)\s+school\b).*\bschool\W*$/i;

function finish(d: Draft): CvEducation | undefined {
  if (!d.degree && !d.institution) return undefined;
  const namedSecondary = NAMED_SCHOOL.test(d.institution) && !d.programme;
  if (!d.degree && (SECONDARY_SCHOOL.test(d.institution) || namedSecondary)) d.degree = levelName(1);
  const start = d.span?.start;
  // "2014 - Current": a degree still being studied has no end yet (the record would otherwise claim it ended
  // this month); an expected end written as a date ("Expected May 2026") is kept.
  const end = d.span?.ongoing ? undefined : d.span?.end;
  return {
    degree: d.degree,
    major: d.major,
    score: d.score,
    institution_name: d.institution,
    start_date: formatYearMonth(start),
    end_date: formatYearMonth(end),
  };
}

// A school's name or a field the layout wrapped: a lone school word on the next line ("Michigan Technological" /
// "University"), or a line with a school or degree cut after a joining word ("St Mary Institute of" /
// "Technology, Hyderabad"; "B.Tech in Electronics and" / "Communication Engineering").
const OPEN_NAME_END = /\s(?:of|for|and|&|de|des|du|der|für|di|del|della|van|voor|do|da|ng)$/i;

// "B.TECH" / "(Electronics and" / "Communication)": a table cell wrapped inside a bracket, or a bracket under a
// degree qualifying it, continues the line above.
const openBracket = (t: string) => (t.match(/\(/g)?.length ?? 0) > (t.match(/\)/g)?.length ?? 0);

// "B.E. (Computer" / "Sri Venkata College of" / "2014" / "72%" / "Science)": a flattened table row whose first cell
// wraps; its bracket closes a row later, so the next cells are not the bracket's words. A bracket continues on a
// line only when that line or the one after it closes it.
const closesBracket = (lines: readonly Line[], at: number) => lines.slice(at, at + 2).some((l) => l.text.includes(')'));

const PROSE_WORDS = 8;

function joinWrappedSchools(lines: readonly Line[]): Line[] {
  const out: Line[] = [];
  for (const [i, line] of lines.entries()) {
    const prev = out[out.length - 1];
    const wrapped =
      prev &&
      !line.bullet &&
      // "Degree" / "Institute": a table's column names one a line are no school name wrapped.
      !isEducationTableHeader(prev.text) &&
      ((openBracket(prev.text) && prev.text.length < 120 && closesBracket(lines, i)) ||
        (/^\(/.test(line.text) && findDegrees(prev.text).length > 0 && !/\)\s*$/.test(prev.text)) ||
        // "Senior Secondary" / "examination(Class XII)": a qualification's name wrapped in its cell.
        (/^\p{Ll}/u.test(line.text) &&
          wordCount(prev.text) <= 4 &&
          findDegrees(prev.text).length > 0 &&
          findDegrees(line.text).length > 0) ||
        (!/[.;:]$/.test(prev.text) &&
          (GENERIC_SCHOOL.test(line.text) ||
            (OPEN_NAME_END.test(prev.text) &&
              (schoolWords.inText(prev.text) || findDegrees(prev.text).length > 0) &&
              /^\p{L}/u.test(line.text) &&
              // "… an MSc from the University of Branford and" / "a BSc in Mathematics, …": a sentence of a
              // profile wrapped before a second degree, not a name; a table cell is short.
              !(
                wordCount(prev.text) > PROSE_WORDS &&
                /^(?:a|an)\s/.test(line.text) &&
                findDegrees(line.text).length > 0
              )))));
    if (wrapped) out[out.length - 1] = { ...prev, text: `${prev.text} ${line.text}` };
    else out.push(line);
  }
  return out;
}

/**
 * A layout that lists the entries first and their dates after them in a column of their own ("B.A., …, National
 * Louis University" / "A.A., …, St Augustine College" / "2014" / "2010"): as many date-only lines as the undated
 * degree lines right before them, taken in order. Each date line is moved to just after its degree line.
 */
function datesAfterEntries(lines: readonly Line[], now: Date): Line[] {
  const out = [...lines];
  for (let end = 0; end < out.length; end++) {
    if (!onlyDates(out[end]!.text, now) || (end + 1 < out.length && onlyDates(out[end + 1]!.text, now))) continue;
    let start = end;
    while (start > 0 && onlyDates(out[start - 1]!.text, now)) start--;
    const count = end - start + 1;
    if (count < 2) continue;
    // The entries above the column, back to the previous date.
    let top = start;
    while (top > 0 && findDateSpans(out[top - 1]!.text, now).length === 0) top--;
    const degreeLines: number[] = [];
    for (let i = top; i < start; i++) if (findDegrees(out[i]!.text).length > 0) degreeLines.push(i);
    if (degreeLines.length !== count) continue;
    const dates = out.slice(start, end + 1);
    const rest = out.slice(top, start);
    const merged: Line[] = [];
    rest.forEach((line, i) => {
      merged.push(line);
      const k = degreeLines.indexOf(top + i);
      if (k >= 0) merged.push(dates[k]!);
    });
    out.splice(top, end + 1 - top, ...merged);
  }
  return out;
}

// What a line of the section brings: a qualification, a school, dates (bits of a mask; 0 for anything else).
const QUALIFICATION = 1;
const SCHOOL = 2;
const DATES = 4;
// "Research stay at the … Institute", "Exchange semester at …", "Auslandssemester an der …": a stay at another school
// during the studies of an entry that has its school, a field of that entry, not its school (nor a school cell of a
// flattened column); a row of its own ("2018  Auslandssemester, Universidad de …") stays an entry, as before.
const STAY =
  /^(?:(?:research|exchange|study|visiting)\s+(?:stay|semester|year|visit|period|student|scholar|researcher)|erasmus|auslands(?:semester|aufenthalt|studium)|forschungsaufenthalt|gastsemester|s[ée]jour\s+(?:de\s+recherche|d['’][ée]tudes)|semestre\s+d['’][ée]change|estancia|semestre\s+de\s+intercambio|soggiorno|semestre\s+(?:di\s+scambio|all['’]estero)|uitwisseling|onderzoeksverblijf|interc[âa]mbio|est[áa]gio\s+de\s+investiga[çc][ãa]o)(?!\p{L})/iu;

function brings(text: string, now: Date): number {
  if (wordCount(text) > 16 || STAY.test(text)) return 0;
  return (
    (degreeIn(text) ? QUALIFICATION : 0) |
    (institutionIn(text, '') ? SCHOOL : 0) |
    (findDateSpans(text, now).length > 0 ? DATES : 0)
  );
}

/**
 * A layout of two or three columns flattened a column at a time: the qualifications, then their schools (and
 * dates), each column as many lines or groups of lines as there are entries ("M.F.A., Painting" / "B.F.A.,
 * Sculpture" / "Westmoor University, 2014 – 2016" / "Ashdown College of Art, 2008 – 2012"; "M.F.A., Painting" /
 * "B.F.A., Sculpture" / "Westmoor University" / "2014 – 2016" / "Ashdown College of Art" / "2008 – 2012"; or the
 * dates' column first). Read row by row, each degree keeps its own school and years (the B.F.A. took the M.F.A.'s).
 * A column is a group of up to three lines repeated two times or more, each time bringing the same things; the
 * columns of one layout repeat as many times, and none brings what another brings.
 */
const COLUMN_GROUP = 3;
/**
 * Two cells of a column bring the same things; in a column of one line a cell, a school's line may name its
 * qualification or not ("2014 – 2016" / "2011 – 2014" / "Valmont Business School, Master in Finance" / "Lirac
 * Polytechnic, School of Applied Engineering": the school column was not read as one, and the master's took the last
 * years above it).
 */
const alike = (k: number | undefined, ref: number, size: number) =>
  k === ref || (size === 1 && k !== undefined && !!(k & ref & SCHOOL) && !((k ^ ref) & DATES));
function zipColumns(lines: readonly Line[], now: Date): Line[] {
  const kinds = lines.map((l) => brings(l.text, now));
  // How many times the group of `size` lines at `at` repeats, and what its lines bring (0 when one brings nothing or
  // two bring the same).
  const column = (at: number, size: number) => {
    const group = kinds.slice(at, at + size);
    let mask = 0;
    for (const k of group) {
      if (!k || k & mask) return { times: 0, mask: 0 };
      mask |= k;
    }
    if (group.length < size) return { times: 0, mask: 0 };
    let times = 1;
    while (group.every((k, n) => alike(kinds[at + times * size + n], k, size))) {
      for (const k of kinds.slice(at + times * size, at + (times + 1) * size)) mask |= k;
      times++;
    }
    return { times, mask };
  };
  // The columns that start at `at`: a first one repeated, then others repeated as often, bringing other things.
  const layoutAt = (at: number) => {
    for (let size = 1; size <= COLUMN_GROUP; size++) {
      const first = column(at, size);
      if (first.times < 2) continue;
      const cols = [{ at, size }];
      let seen = first.mask;
      let end = at + first.times * size;
      for (;;) {
        const next = Array.from({ length: COLUMN_GROUP }, (_, n) => n + 1)
          .map((n) => ({ n, ...column(end, n) }))
          .find((c) => c.times === first.times && !(c.mask & seen));
        if (!next) break;
        cols.push({ at: end, size: next.n });
        seen |= next.mask;
        end += next.times * next.n;
      }
      if (cols.length >= 2 && seen & QUALIFICATION) return { cols, rows: first.times, end };
    }
    return undefined;
  };
  const out: Line[] = [];
  let i = 0;
  while (i < lines.length) {
    const layout = layoutAt(i);
    if (!layout) {
      out.push(lines[i]!);
      i++;
      continue;
    }
    for (let row = 0; row < layout.rows; row++)
      for (const c of layout.cols) out.push(...lines.slice(c.at + row * c.size, c.at + (row + 1) * c.size));
    i = layout.end;
  }
  return out;
}

// "BS Engineering, University of Michigan": in an education section a two-letter degree opening the line needs no
// "in" (elsewhere "MS Office" is software); not before the names of office software.
// The year may open the line ("2003: BA Fine Arts, Lakeview College").
const BARE_ABBREVIATION =
  /^((?:(?:19|20)\d\d\s*[:–—-]\s*)?)(?:(BS|BA|BE)|(MS|MA|ME))\s+(?=\p{Lu}\p{Ll})(?!(?:Office|Excel|Word|Access|Project|PowerPoint|Windows|Visio|Outlook|Dynamics|Teams|Paint|DOS)\b)/u;
// "Westmoor University – MS Computer Science – 2016", "Westmoor University (2012 - 2016): BE Mechanical
// Engineering", "Northfield College, ME in Thermal Engineering": after the school, a separator, then the degree
// and its capitalised field; not a US state after a place ("Portland, ME United States", "Boston, MA Campus": after a
// comma "MS", "MA" and "ME" need "in").
const SEGMENT_ABBREVIATION =
  /(?:(?:[|–—:;(]|\s-|,)\s*(BS|BA|BE)|(?:[|–—:;(]|\s-)\s*(MS|MA|ME)|,\s*(MS|MA|ME)(?=\s+in\s))(?=\s+(?:in\s+)?\p{Lu}\p{Ll})(?!\s+(?:Office|Excel|Word|Access|Project|PowerPoint|Windows|Visio|Outlook|Dynamics|Teams|Paint|DOS)\b)/u;
function segmentAbbreviation(text: string): DegreeMention | undefined {
  const m = SEGMENT_ABBREVIATION.exec(text);
  if (!m) return undefined;
  const abbreviation = (m[1] ?? m[2] ?? m[3])!;
  const end = m.index + m[0].length;
  const field = text.slice(end).split(/\s*[,|;–—(]\s*|\s+-\s+/)[0]!;
  if (isPlace(field.replace(/^\s*in\s+/, ''))) return undefined;
  return { level: m[1] ? 4 : 5, text: abbreviation, index: end - abbreviation.length, end };
}

function bareAbbreviation(text: string): DegreeMention | undefined {
  const m = BARE_ABBREVIATION.exec(text);
  if (!m) return segmentAbbreviation(text);
  const abbreviation = (m[2] ?? m[3])!;
  const index = m[1]!.length;
  return { level: m[2] ? 4 : 5, text: abbreviation, index, end: index + abbreviation.length };
}

// In an education section a table cell "XII" / "X" (Indian school years), "Intermediate" and "PUC" (Indian
// pre-university years) name school-leaving qualifications; elsewhere "Intermediate" is a level of skill.
const SCHOOL_LEAVING_CELL =
  /^(?:(XII|X)(?:th)?|(?:Intermediate|INTERMEDIATE|PUC|Pre-University|P\.U\.C\.?))(?=\s*(?:$|[|,;:(–—-]|\s+(?:from|in|at|with|board|examination|exam)\b))/u;
function schoolLeavingCell(text: string): DegreeMention | undefined {
  const m = SCHOOL_LEAVING_CELL.exec(text);
  return m ? { level: 1, text: m[0], index: 0, end: m[0].length } : undefined;
}

const BOARD = /\b(?:board|CBSE|ICSE)\b/i;

// "Student Teaching:" / "Oak Hill Elementary School, Fall 2024": teachers' and nurses' CVs list their training
// placements under their degree; the schools and clinics there are where they trained, not where they studied.
// They end at the next qualification or the next school of higher education.
const PLACEMENTS =
  /^(?:student\s+teaching|practicum|teaching\s+(?:practice|placements?|internships?)|field\s+(?:experience|placements?)|clinical\s+(?:placements?|rotations?|experience)|schulpraktikum|praxissemester|stages?\s+(?:p[ée]dagogiques?|d['’]enseignement)|pr[áa]cticas\s+(?:docentes|de\s+ense[ñn]anza)|tirocinio(?:\s+formativo)?|onderwijsstage|lio-stage|est[áa]gio\s+(?:supervisionado|docente|curricular))\s*:?\s*$/i;

// "University of Redlands, School of Business" / "Riverside Campus": a campus line names the site of the school
// above it, not another school.
const CAMPUS = /\bcampus\b/i;

const ACTIVITY_WORDS = 10;
// "Honors: Dean's List (2010)", "Thesis: … (2011)", "Auszeichnungen: …": a labelled field of the entry; its dates are
// the field's, not the entry's.
const ENTRY_FIELD_LABEL =
  /^(?:honou?rs|awards?|achievements?|activities|extra-?curricular(?:\s+activities)?|scholarships?|thesis|dissertation|(?:relevant\s+)?course(?:s|work)|projects?|publications?|auszeichnungen|abschlussarbeit|distinctions?|th[èe]se|m[ée]moire|premios|tesis|premi|tesi|onderscheidingen|scriptie|pr[ée]mios|tese)\s*[:：]/iu;

// German names a course of study ("Bachelorstudium", "Masterstudium") and then, labelled, the degree it led to.
const STUDY_PROGRAMME = /studium$/i;
const AWARDED_LABEL =
  /^(?:abschluss|akademischer\s+grad|degree(?:\s+(?:obtained|awarded))?|qualification(?:\s+(?:obtained|awarded))?|dipl[oô]me(?:\s+obtenu)?|t[ií]tulo(?:\s+obtenido)?|titolo(?:\s+conseguito)?|graad|grau)\s*[:：]/i;

const AWARDING_UNIVERSITY = /(?<!\p{L})(?:universit\p{L}*|univ)(?!\p{L})/iu;

// "2005 – 2008 Lehre, Fakefirma GmbH", "Ausbildung bei …": in an education section the German apprenticeship named
// alone is a qualification (elsewhere "Lehre" is teaching: "Forschung und Lehre").
const APPRENTICESHIP_CELL =
  /^((?:(?:\d{1,2}[./])?(?:19|20)\d\d\s*(?:[-–—]|bis)?\s*)*:?\s*)(?:Lehre(?=\s*$)|(?:Lehre|Ausbildung)(?=\s*[,;|(–—-]|\s+(?:bei|im|in)\s))/u;
function apprenticeshipCell(text: string): DegreeMention | undefined {
  const m = APPRENTICESHIP_CELL.exec(text);
  if (!m) return undefined;
  const index = m[1]!.length;
  return { level: 2, text: m[0].slice(index), index, end: m[0].length };
}

const degreeIn = (text: string) =>
  schoolLeavingCell(text) ?? findDegrees(text)[0] ?? bareAbbreviation(text) ?? apprenticeshipCell(text);

/**
 * The section's first entry opens on its school ("Westbrook University" / "MSc Physics" / "BSc Physics"): then a
 * school line without a qualification opens an entry, and a further qualification under a school is from it.
 */
function schoolFirstLayout(lines: readonly Line[], now: Date): boolean {
  const content = lines.filter((l) => !isEducationTableHeader(l.text) && !BIRTH_DATE.test(l.text));
  const first = content.find(
    (l) => degreeIn(l.text) || institutionIn(l.text, '') || findDateSpans(l.text, now).length > 0,
  );
  return !!first && opensOnSchool(content, content.indexOf(first), now);
}

/**
 * A line that starts with a school's name ("Westbrook University, Leeds"; not "Evening courses, Westbrook
 * University") with its qualification on the next line, past any line of place or dates only.
 */
function opensOnSchool(lines: readonly Line[], at: number, now: Date): boolean {
  const text = lines[at]!.text;
  const school = institutionIn(text, '');
  if (!school || degreeIn(text) || text.replace(/^\s*the\s+/i, '').indexOf(school) > 0) return false;
  const next = lines.slice(at + 1).find((l) => !onlyDates(l.text, now) && !parsePlace(l.text, false)?.country);
  return !!next && !!degreeIn(next.text);
}

// A short name in capitalised words ("Niels Brock", "Instituto Ramos & Filhos"); not a wrapped thesis title or a note.
const CAPITALISED_NAME =
  /^\p{Lu}[\p{L}'’.&-]*(?:\s+(?:\p{Lu}[\p{L}'’.&-]*|&|of|the|and|de|di|da|do|du|der|van|von))*$/u;
const mayNameSchool = (text: string) => wordCount(text) <= 5 && CAPITALISED_NAME.test(text.trim()) && !isPlace(text);

// "UNDERGRADUATE DEGREE" / "BA - History" / …, "Postgraduate" / "MBA …": a level alone on its line above the
// qualification it sorts is a sub-heading of the section, no entry (it was an entry with no school or years).
const LEVEL_HEADING =
  /^(?:(?:under|post[\s-]?)?graduate(?:\s+(?:degrees?|studies|education|qualifications?|programmes?))?)\s*:?$/i;
const levelHeading = (lines: readonly Line[], at: number) =>
  LEVEL_HEADING.test(lines[at]!.text.trim()) &&
  lines[at + 1] !== undefined &&
  !LEVEL_HEADING.test(lines[at + 1]!.text.trim()) &&
  !!degreeIn(lines[at + 1]!.text);

/** Education entries of one education section's lines. */
export function parseEducation(lines: readonly Line[], now: Date): CvEducation[] {
  const out: CvEducation[] = [];
  let cur: Draft = { degree: '', major: '', score: '', institution: '' };
  const flush = () => {
    const e = finish(cur);
    if (e) out.push(e);
    // A double degree is two qualifications from the same school and years.
    if (e && cur.second) out.push({ ...e, degree: cur.second, major: '' });
    cur = { degree: '', major: '', score: '', institution: '' };
  };
  // The line after a degree line may hold only its field ("BA (Hons)" / "Marketing" / "Nuneaton University").
  let afterDegree = false;
  const read = datesAfterEntries(zipColumns(joinWrappedSchools(joinSplitRanges(lines.map(dotCells), now)), now), now);
  const schoolFirst = schoolFirstLayout(read, now);
  let placements = false;
  // A line naming neither qualification nor school nor dates may be a school the lexicon does not know ("Niels
  // Brock" / "Diploma in Marketing"): a qualification after it is not from the school above it.
  let unknownSinceEntry = false;
  // The line before named a school and nothing else.
  let prevSchoolOnly = false;
  for (const [at, line] of read.entries()) {
    const text = line.text;
    if (levelHeading(read, at)) continue;
    const prevSchool = prevSchoolOnly;
    prevSchoolOnly = false;
    if (PLACEMENTS.test(text)) placements = true;
    if (placements && !degreeIn(text) && !HIGHER_EDUCATION.test(text)) continue;
    placements = false;
    const wasAfterDegree = afterDegree;
    afterDegree = false;
    // A date line moved under its degree line: the field may still follow it ("BA (Hons)" / "2014" / "Marketing").
    if (wasAfterDegree && !cur.span && onlyDates(text, now)) {
      const spans = findDateSpans(text, now);
      cur.span = spans.find((s) => s.start) ?? spans[0];
      afterDegree = true;
      continue;
    }
    if (wordCount(text) > 30 || isEducationTableHeader(text)) continue;
    // "DOB: 12/09/1985" between entries is the candidate's birth, not a date of study.
    if (BIRTH_DATE.test(text)) continue;
    const majorField = MAJOR_FIELD.exec(text);
    // "Major in Finance, Ashdown University": a line that also names the school is read whole.
    if (majorField?.[1] && !(/[:：]/.test(text) ? false : schoolWords.inText(text))) {
      if (!cur.major) cur.major = tidy(majorField[1].replace(MINOR_AFTER, ''));
      continue;
    }
    let mention = degreeIn(text);
    let degree = '';
    let major = '';
    let second = '';
    let phraseEnd = 0;
    if (mention) {
      const phrase = degreePhrase(text, mention);
      phraseEnd = phrase.end;
      // "Master of Science - MS, Computer Science" (a LinkedIn profile's export): the degree's abbreviation after a
      // dash is no field; the field follows it.
      const abbreviation = DASHED_ABBREVIATION.exec(text.slice(phrase.end));
      const fieldFrom =
        abbreviation && findDegrees(`${abbreviation[1]} in X`)[0]?.index === 0
          ? phrase.end + abbreviation[0].length
          : phrase.end;
      degree = tidy(phrase.degree);
      // "Bachelor of Laws/Bachelor of Arts", "B.Com / LL.B": a double degree written with a slash.
      const slash = /^\s*\/\s*/.exec(text.slice(phrase.end));
      const next = slash ? findDegrees(text).find((d) => d.index === phrase.end + slash[0].length) : undefined;
      if (next && next.level >= 3) second = tidy(degreePhrase(text, next).degree);
      // "Master en informatique, Université de Lyon": the field stops where the school starts.
      const fieldParts = (majorAfter(text, fieldFrom) || fieldAfterDate(text, fieldFrom, now)).split(/\s*,\s*/);
      // "Ausbildung zum Fachinformatiker, Fakefirma AG, Köln": the training firm is no field either.
      let school = fieldParts.findIndex((p) => schoolWords.inText(p) || legalForms.inText(p));
      if (school < 0) school = fieldParts.length;
      // "Lehre als Tischler, Bremen": nor is a place after the field (a place as a whole is dropped below).
      const place = fieldParts.findIndex((p, i) => i > 0 && i < school && isPlace(p));
      if (place > 0 && !isPlace(fieldParts.slice(0, school).join(', '))) school = place;
      // "HSC, Maharashtra Board": the board that set the examination is no field of study.
      major = fieldParts
        .slice(0, school)
        .filter((p) => !BOARD.test(p))
        .join(', ');
      if (!major) major = tidy(MAJOR_INLINE.exec(text.slice(phrase.end))?.[1] ?? '');
      // "M.A., Concentration in Public Policy": the label is no part of the field.
      major = major.replace(MAJOR_LEAD, '');
    }
    let institution = STAY.test(text) && cur.institution ? '' : institutionIn(text, degree);
    const acronym = mention && mention.level > 1 && !institution ? acronymSchoolAfter(text, phraseEnd) : '';
    if (acronym) {
      institution = acronym;
      // The field ends where the school starts (its place may follow).
      const parts = major.split(/\s*,\s*/);
      if (parts.includes(acronym)) major = parts.slice(0, parts.indexOf(acronym)).join(', ');
    }
    // "Govt. Higher Secondary School, Palakkad": a qualification's words inside the school's name; what follows the
    // name is its place, not a field of study. Under an entry's qualification with no school yet ("HSC (State
    // Board)" / "Govt. Boys Higher Secondary School"), the line names that entry's school, not a qualification.
    if (mention && institution.includes(mention.text)) {
      major = '';
      if (cur.degree && !cur.institution) [mention, degree, second] = [undefined, '', ''];
    }
    if (major && isPlace(major)) major = '';
    // "Baccalauréat S, mention Bien", "Laurea, 110/110": a grade written where a field may stand is the score.
    if (major && scoreIn(major) === major) major = '';
    // "+2, St. Joseph's Higher Secondary School": an abbreviation's period cut the school's first word off as a field.
    if (major && institution.startsWith(`${major}.`)) major = '';
    if (institution && cur.institution && !mention && CAMPUS.test(institution)) institution = '';
    if (!institution && !mention && cur.degree && !cur.institution) institution = schoolAfterDegree(text);
    const spans = findDateSpans(text, now);
    // "Chair, Student Yearbook (2009 – 2011): Helped relaunch it in 2010 …": a line of ten words or more besides its
    // dates, naming no qualification or school, is a sentence of the entry's body; its dates are an activity's, so
    // they neither date the entry nor open another.
    const activity =
      !mention &&
      !institution &&
      (wordCount(withoutSpans(text, spans)) >= ACTIVITY_WORDS || ENTRY_FIELD_LABEL.test(text));
    const span = activity ? undefined : (spans.find((s) => s.start) ?? spans[0]);
    if (!mention && !institution && wasAfterDegree && cur.degree && !cur.major) {
      const field = fieldLine(withoutSpans(text, spans));
      if (field && !isPlace(field)) {
        cur.major = field;
        if (span && !cur.span) cur.span = span;
        continue;
      }
    }
    afterDegree = !!mention;
    // A dated activity's percentage ("re-audit showed 35% improvement") is no grade of the entry.
    const score = activity && spans.length > 0 ? '' : scoreIn(text);
    // In a school-first layout a school line opens the next entry even when the current one has no school yet,
    // and a further qualification under a school is from that school.
    const opensEntry = schoolFirst && !!institution && !mention && !!cur.degree;
    const sameSchool = schoolFirst && degree && cur.degree && !institution && !unknownSinceEntry ? cur.institution : '';
    // "B.E (Mechanical)" / "Greenfield College of Engineering" / "Anna University" / "2013": a table row flattened a
    // cell a line names the college, then the university that awards its degrees (as "affiliated to" does on one
    // line); the university cell is no second entry, which would take the row's year from the degree.
    const affiliating =
      !schoolFirst &&
      prevSchool &&
      !!institution &&
      !mention &&
      !span &&
      !!cur.degree &&
      !cur.span &&
      AWARDING_UNIVERSITY.test(institution) &&
      !AWARDING_UNIVERSITY.test(cur.institution);
    if (affiliating) continue;
    prevSchoolOnly = !!institution && !mention && !span && !score;
    // "Bachelorstudium Betriebswirtschaftslehre, Hochschule Bremen" / "Abschluss: Bachelor of Arts": the line naming
    // the qualification a course of study led to names the entry's degree, not a second entry.
    const awarded =
      !!degree && !!cur.degree && !institution && STUDY_PROGRAMME.test(cur.degree) && AWARDED_LABEL.test(text);
    // "PINECREST HIGH SCHOOL -- Alder Falls, AZ" / "High School Diploma, 2012": the qualification of the level under a
    // school whose name gave the entry that level is that entry's (it was a second entry, without the school).
    const named = !!degree && mention?.level === cur.named && !institution && !cur.span;
    const clash =
      (degree && cur.degree && !awarded && !named) ||
      (institution && cur.institution) ||
      (span && cur.span) ||
      opensEntry;
    if (clash) flush();
    if (named) cur.named = undefined;
    if (sameSchool) cur.institution = sameSchool;
    if (degree) {
      cur.degree = degree;
      if (major && !(awarded && cur.major)) cur.major = major;
      if (second) cur.second = second;
      if (mention && institution.includes(mention.text)) cur.named = mention.level;
    }
    if (institution) cur.institution = institution;
    if (span && !cur.span) cur.span = span;
    if (score && !cur.score) cur.score = score;
    if (!mention && PROGRAMME.test(text)) cur.programme = true;
    unknownSinceEntry = !mention && !institution && (unknownSinceEntry || (!span && !score && mayNameSchool(text)));
  }
  flush();
  return out;
}
