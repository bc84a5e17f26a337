import { LINKER_VOCABULARY } from '../vocabulary.js';

// Sense filter (CVs): a match that is the subject of a degree or a graded school subject, part of the education
// record rather than a skill.

/**
 * A school subject followed by its grade is the education record: "A levels: Maths (A) English (B) Physics (C)",
 * "GCSE English (A*)". `end`: where the subject ends.
 */
export function gradedSubject(text: string, end: number): boolean {
  return /^\s*\([A-E][*+-]?\)/u.test(text.slice(end, end + 6));
}

/**
 * In a CV, a field named as the subject of a degree or of a school is the education record, not a skill the person
 * claims: "Bachelor of Science in Computer Science", "B.Sc. in Information Technology", "BS, Information
 * Technology", "Major: Politics", "PhD student (Computer Science)", "School of Computer Science", "Licence de
 * physique", "Laurea in Economia", "Studium der Informatik", "Máster en Marketing". The education section carries
 * the degree and its field. Job ads keep them: there "a degree in Computer Science" asks for that knowledge.
 */
export function subjectOfDegree(text: string, start: number): boolean {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const before = text.slice(Math.max(lineStart, start - 80), start);
  // Cheap check first: a field follows a preposition, a mark or a dotted degree.
  const last = before.trimEnd();
  const word = last.slice(last.lastIndexOf(' ') + 1).toLowerCase();
  if (NAMED_DEGREE_END.test(word) && NAMED_DEGREE.test(before)) return true;
  if (!FIELD_MARKS.has(last.charAt(last.length - 1)) && !FIELD_WORDS.has(word) && !/[.'’]/u.test(word)) return false;
  const degree = DEGREE_SUBJECT.exec(before);
  // "Scrum Master: …", "Quality Master (CSM)" name a post: a "Master" after a capitalised word, before a colon or a
  // parenthesis ("Dallas, Texas Masters in Business Administration" is the degree).
  const post =
    degree !== null &&
    /^masters?\b[^]*[:(]\s*$/iu.test(degree[0]) &&
    /\p{Lu}\p{Ll}*\s+$/u.test(before.slice(0, degree.index));
  if (degree && !post) return true;
  return DOTTED_DEGREE.test(before) || SCHOOL_OF.test(before);
}

/** What ends the text before a field: a mark ("Major: ", "(", "MBA – ") or a preposition ("in", "de", "Studium der"). */
const FIELD_MARKS = new Set(LINKER_VOCABULARY.fieldMarks);

const FIELD_WORDS = new Set(LINKER_VOCABULARY.fieldWords);

/**
 * Degrees written as words ("Bachelor", "Licenciatura", "Laurea") and the field words of a programme ("Major"). A
 * "Master" after another word is a post: "Scrum Master: Six Sigma", "Quality Master (CSM)".
 */
const DEGREE_WORDS = LINKER_VOCABULARY.degreeWords.join('|');

/** Degrees written as acronyms ("B.Sc.", "BS", "M.Tech", "MBA"). */
const DEGREE_ACRONYMS = LINKER_VOCABULARY.degreeAcronyms.join('|');

/** Words between a degree and its field ("Bachelor's degree (Hons) of Science in", "PhD student (", "Laurea magistrale in"). */
const DEGREE_QUALIFIERS = String.raw`(?:'s|’s)?(?:\s+(?:degree|diploma|student|candidate|program|programme|studies|course|honours|honors|hons\.?|\(hons\.?\)|triennale|magistrale|specialistica|universitaire|universitario|universitária|of\s+(?:science|arts|engineering|technology|business|commerce|education|laws|fine\s+arts|applied\s+science|computer\s+applications)(?:\s+and\s+engineering)?))*`;

/** The field's preposition ("in", "en", "em", "of", "de", "di", "der", "d'") or a mark ("Major: ", "PhD student ("). */
const FIELD_PREPOSITION = String.raw`\s*(?:\s(?:in|en|em|of|de|di|der|des|du|in\s+de|in\s+der)\s+|[:(]\s*|\sd['’])$`;

/**
 * "… degree in ", "Major: ", "PhD student (", "Licence de "; an acronym also before a dash ("MBA – Finance"). Not
 * before a comma: "Scrum Master, PMP" and "Jane Roe, MBA, PMP" are lists. A minor is a subject the annotators of CVs
 * count as a skill ("Minor in Mathematics").
 */
const DEGREE_SUBJECT = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:(?:${DEGREE_WORDS})${DEGREE_QUALIFIERS}${FIELD_PREPOSITION}|(?:${DEGREE_ACRONYMS})\.?${DEGREE_QUALIFIERS}(?:${FIELD_PREPOSITION}|\s+[–-]\s*$))`,
  'iu',
);

/**
 * A degree that names its field without a preposition: German "Studium Betriebswirtschaft", "Bachelorstudium
 * Informatik", "Masterstudiengang Maschinenbau", and "Bachelor of Arts Betriebswirtschaft", "Master of Science
 * Computer Science" (the name of the degree, then its field). NAMED_DEGREE_END: the cheap check of the last word.
 */
const NAMED_DEGREE =
  /(?<![\p{L}\p{N}])(?:\p{L}*studium|\p{L}*studiengang|(?:bachelor|master)(?:'s|’s)?\s+of\s+(?:arts|science|sciences|engineering))\s+$/iu;

const NAMED_DEGREE_END = /(?:studium|studiengang|arts|science|sciences|engineering)$/u;

/**
 * A field followed by its degree in parentheses is the education record: "Betriebswirtschaft (B.A.)", "Informatik
 * (M.Sc.)", "Economics (BSc)", "Maschinenbau (Diplom)". `end`: where the field ends.
 */
export function degreeAfter(text: string, end: number): boolean {
  return text.charCodeAt(end) === PAREN_CODE || text.charCodeAt(end + 1) === PAREN_CODE
    ? DEGREE_AFTER.test(text.slice(end, end + 20))
    : false;
}

const PAREN_CODE = '('.charCodeAt(0);

const DEGREE_AFTER =
  /^\s?\((?:[BM]\.?\s?(?:A|Sc|S|Eng|Ed|Com|Tech)\.?|MBA|Ph\.?\s?D\.?|Bachelor|Master|Diplom|Magister|Licence|Laurea)\)/u;

/** "B.Sc. Computer Science", "B.A English": a degree written with dots needs no preposition before its field. */
const DOTTED_DEGREE = /(?<![\p{L}\p{N}])(?:b|m)\.\s?(?:sc|s|a|tech|e|eng|com)\.?\s+$/iu;

/** "School of", "Faculty of", "Department of", "Institute of", "Dept. of", "Fakultät für", "Faculté de" … */
const SCHOOL_OF =
  /(?<![\p{L}\p{N}])(?:school|faculty|department|dept\.?|institute|college|fakultät|fachbereich|faculté|facultad|facoltà|faculdade|faculteit|departamento|dipartimento|département)\s+(?:of|für|de|des|di|da|do|der|voor)\s+(?:the\s+)?$/iu;
