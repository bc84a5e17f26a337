/** CV text → CV record content. */
import type { CvContent, CvEducation } from '@talent/records';
import type { CountryCode } from 'libphonenumber-js';
import type { CvSectionKind } from './headings.js';
import type { SkillLinker } from './types.js';
import { findDateSpans } from './dates.js';
import {
  findEmails,
  findLinks,
  findPhones,
  findPlace,
  hasPhoneLabel,
  otherPhoneCountries,
  phoneCountry,
} from './contacts.js';
import { findDegrees } from './degrees.js';
import { parseEducation } from './education.js';
import { parseExperience, sentencePositions, strayEntries } from './experience.js';
import { detectLanguage } from './language.js';
import { findName, withTwoSurnames } from './names.js';
import { cvSections, isReferencesHeading, type Section } from './sections.js';
import { languageCode, toRecordSkills } from './skills.js';
import { linesLost, restoreLineBreaks } from './layout/line-breaks.js';
import { withoutPageFurniture } from './layout/page-furniture.js';
import { toLines, type Line } from './text.js';
import { HIGHER_EDUCATION } from './lexicon.js';
import { cvConfidenceModel, cvFieldConfidence, observeCvFields } from './cv-confidence.js';
import { entryModel, withEmployerFirst, type EntryModel } from './scoring/employer.js';

export type CvText = Omit<CvContent, 'hard_skills' | 'soft_skills'>;

const MAX_SKILL_LINES = 150;
// Sections where a two-column PDF's interleaved text or a missing heading leaves job entries (not awards or
// activities sections, whose dated roles are mostly not jobs).
const STRAY_ENTRY_KINDS = new Set<CvSectionKind | 'header'>(['header', 'summary', 'skills']);
// An achievements heading written inside a job entry ends the experience section early; the jobs after it are
// still jobs ("Select Achievements" … "ACCOUNT EXECUTIVE (1/99 - 1/01) Company Net").
const ACHIEVEMENTS_HEADING = /\b(?:achievements?|accomplishments?)\b/i;
const strayKind = (s: Section<CvSectionKind>) =>
  STRAY_ENTRY_KINDS.has(s.kind) || (s.kind === 'other' && ACHIEVEMENTS_HEADING.test(s.heading));

// Where a CV sums up its posts in sentences ("Worked as Soft skill trainer in TCS."): the profile at the top.
const SENTENCE_POST_KINDS = new Set<CvSectionKind | 'header'>(['header', 'summary']);

function linesOf(sections: readonly Section<CvSectionKind>[], kind: CvSectionKind): Line[] {
  return sections.filter((s) => s.kind === kind).flatMap((s) => s.lines);
}

/**
 * Degrees written under "Professional Development", "Training" or "Certifications": an academic degree
 * (associate or higher, "Bachelor of Science in Business Administration") is education wherever it is written,
 * and so is a diploma a university, college or faculty awards ("Diploma in Nursing, Westbrook University");
 * certificates, courses and other diplomas stay out of `education[]`.
 */
function degreesAmongCertificates(lines: readonly Line[], now: Date): CvEducation[] {
  const entries = parseEducation(lines, now);
  return entries.filter((e) => isAcademicDegree(e) || (isDiploma(e) && ownAcademy(e, entries)));
}
const ACADEMIC_LEVEL = 3;
// Some degree words are degrees only before their field ("Bacharel em …", "Licence en …", "Mestre em …", "Dottore
// in …"): the entry's degree alone is read with a field after it.
const degreeLevel = (degree: string) =>
  Math.max(0, ...['', ' in x', ' em x', ' en x'].map((field) => findDegrees(`${degree}${field}`)[0]?.level ?? 0));
const isAcademicDegree = (entry: CvEducation) => degreeLevel(entry.degree) >= ACADEMIC_LEVEL;
const isDiploma = (entry: CvEducation) => /^diplom/i.test(findDegrees(entry.degree)[0]?.text ?? '');

/**
 * The school of higher education that awarded this entry alone: a school line above a list of trainings
 * ("University of North Fenwick" / "Bachelor of Science …" / "Diploma in Workplace Safety") is given to every
 * entry under it, and says nothing about who awarded the later ones.
 */
function ownAcademy(entry: CvEducation, entries: readonly CvEducation[]): boolean {
  const school = entry.institution_name;
  return HIGHER_EDUCATION.test(school) && entries.filter((e) => e.institution_name === school).length === 1;
}

// Where a CV with no education heading states its degrees: anywhere but the sections read already.
const NOT_EDUCATION_KINDS = new Set<CvSectionKind | 'header'>(['education', 'certifications', 'experience']);
const BACHELOR_LEVEL = 4;

// "… course at Kingsmere University. I hold a PhD in Health Sciences from Dunholm University (2012).": a
// profile's sentences are read one by one, so a degree takes the school of its own sentence. A sentence ends at a
// period after a word ("University."), a year or a bracket, before a capital ("B.Sc. Computing" is no end).
const SENTENCE_END = /(?<=(?:\p{Ll}{3}|\d|\)|\p{Lu}{2,})\.)\s+(?=\p{Lu})/u;
// An empty line between two sentences keeps the second from being read as the first one's field ("Currently …").
const sentencesOf = (lines: readonly Line[]): Line[] =>
  lines.flatMap((l) =>
    l.text.split(SENTENCE_END).flatMap((text, i) =>
      i === 0
        ? [{ text, bullet: l.bullet }]
        : [
            { text: '', bullet: false },
            { text, bullet: false },
          ],
    ),
  );

// "Senior lecturer who leads the BSc Nursing programme at Westbury University", "coordino las prácticas del Máster
// en …": a degree programme someone teaches, leads or runs now, at the university that employs them.
const TEACHES =
  /(?<!\p{L})(?:teach|teaches|teaching|lectures|lecturing|leads|leading|runs|running|coordinates?|coordinating|supervises?|supervising|tutors?|tutoring|unterrichte|unterrichtet|leite|leitet|betreue|betreut|enseigne|enseignons|dirige|coordonne|coordino|coordina|imparto|imparte|insegno|insegna|doceer|doceert|coördineer|coördineert|leid|leidt|ensino|ensina|coordeno|coordena)(?!\p{L})/iu;
const teachesDegree = (text: string) => {
  const degree = findDegrees(text)[0];
  return !!degree && TEACHES.test(text.slice(0, degree.index));
};

/**
 * A CV without an education heading (a one-page CV, a profile that opens "B.Sc. Computer Science, University of
 * Leeds, 2012", a two-column export whose heading went elsewhere) still states its degrees: an entry with a
 * bachelor's or higher degree and the school that awarded it, read from the header, summary or other sections.
 * Lesser qualifications and entries without a school are left out there (a sentence may name a degree it wants).
 */
function degreesOutsideEducation(sections: readonly Section<CvSectionKind>[], now: Date): CvEducation[] {
  return sections
    .filter((s) => !NOT_EDUCATION_KINDS.has(s.kind))
    .flatMap((s) =>
      parseEducation(
        sentencesOf(s.lines).map((l) => (teachesDegree(l.text) ? { ...l, text: '' } : l)),
        now,
      ),
    )
    .filter((e) => e.institution_name && degreeLevel(e.degree) >= BACHELOR_LEVEL);
}

// A phone label alone on its line, its value on the next: how a form-like CV ("TELEPHONE:" / "0161 496 0000")
// reads once its table is flattened. Alone: no digits, and a colon or at most three words ("Mobile (work)").
const PHONE_LABEL_ALONE = /^(?:[^\d]{0,30}[:：]|[^\d\s]+(?:\s+[^\d\s]+){0,2})\s*$/;

// Referees' contact details are not the candidate's.
const isOwn = (s: Section<CvSectionKind>) => !(s.kind === 'other' && isReferencesHeading(s.heading));

/**
 * The candidate's phone numbers. They sit in the header or a contact section, or after a phone label (on its line
 * or, in a form, above it); digits elsewhere are other things, and lines with a date range are dates, whatever a
 * phone parser makes of their digits. Nothing in the referees' sections, even within the first lines.
 */
function candidatePhones(
  lines: readonly Line[],
  sections: readonly Section<CvSectionKind>[],
  countries: readonly [CountryCode | undefined, readonly CountryCode[]],
  now: Date,
): string[] {
  const referees = new Set(sections.filter((s) => !isOwn(s)).flatMap((s) => s.lines));
  const contactLines = [...(sections[0]?.lines ?? []), ...linesOf(sections, 'contact'), ...lines.slice(0, 30)].filter(
    (l) => hasPhoneLabel(l.text) || !findDateSpans(l.text, now).some((s) => s.start),
  );
  const labelled = lines.filter((l) => hasPhoneLabel(l.text));
  const labelsAboveValues = lines.flatMap((line, i) => {
    const value = lines[i + 1];
    const isPair = value && hasPhoneLabel(line.text) && PHONE_LABEL_ALONE.test(line.text) && !referees.has(value);
    return isPair ? [`${line.text}\n${value.text}`] : [];
  });
  const own = [...new Set([...contactLines, ...labelled])].filter((l) => !referees.has(l));
  return findPhones([...own.map((l) => l.text), ...labelsAboveValues].join('\n'), ...countries);
}

// The country domains of the English-speaking countries whose people write their numbers without the country's
// code ("07912 345678", "0412 345 678"): an English CV that states no country but gives an e-mail address there
// ("…@example.co.uk", "…@bigpond.com.au") reads its numbers as that country's. Domains used for other things
// (.io, .co, .me, .tv) are not countries here.
const MAIL_COUNTRIES: Readonly<Record<string, CountryCode>> = {
  uk: 'GB',
  ie: 'IE',
  au: 'AU',
  nz: 'NZ',
  za: 'ZA',
  in: 'IN',
  sg: 'SG',
};
function mailCountry(emails: readonly string[]): CountryCode | undefined {
  for (const e of emails) {
    const code = MAIL_COUNTRIES[/\.([a-z]{2})$/.exec(e)?.[1] ?? ''];
    if (code) return code;
  }
  return undefined;
}

/** What the rules read from a CV's text, with the lines and sections they read it from. */
export interface CvReading {
  content: Omit<CvText, 'field_confidence'>;
  lines: Line[];
  sections: Section<CvSectionKind>[];
}

/** The text part of CV analysis: everything but the skills, which need the linker, with each field's confidence. */
export function parseCv(text: string, now: Date): CvText {
  const { content, lines, sections } = readCv(text, now);
  const observations = observeCvFields(text, lines, sections, content);
  return { ...content, field_confidence: cvFieldConfidence(observations, content, cvConfidenceModel()) };
}

/**
 * The rules' reading of a CV, with the learned entry scoring, before any confidence (what the confidence model is
 * trained on). `entry: null` leaves the rules' employer lines as they are (what the entry model is trained on).
 */
export function readCv(text: string, now: Date, scoring: { entry?: EntryModel | null } = {}): CvReading {
  // Lines the layout stage guessed (pasted text) are often fragments of the real ones: the entry model, which
  // chooses among whole lines, is not applied there (on half B it moved fragments as often as employers).
  const entry = linesLost(text) ? null : scoring.entry === undefined ? entryModel() : scoring.entry;
  // Layout first: a CV pasted without its line breaks gets them back, so the stages below read lines.
  const lines = toLines(restoreLineBreaks(text));
  const sections = cvSections(lines);
  const own = sections.filter(isOwn);
  const ownText = own.map((s) => [s.heading, ...s.lines.map((l) => l.text)].join('\n')).join('\n');
  const language = detectLanguage(text);
  const headerCount = sections[0]?.lines.length ?? 0;
  // Referees' addresses are not the candidate's (they come after the header, so its line count holds).
  const refereeLines = new Set(sections.filter((s) => !isOwn(s)).flatMap((s) => s.lines));
  const place = findPlace(
    lines.filter((l) => !refereeLines.has(l)).map((l) => l.text),
    headerCount,
    language,
  );
  const emails = findEmails(ownText);
  const countries = [
    phoneCountry(place, language) ?? mailCountry(emails),
    otherPhoneCountries(place, language),
  ] as const;
  const phones = candidatePhones(lines, sections, countries, now);
  const name = withTwoSurnames(findName(lines), language);
  // Page headers and footers a page break left inside an entry are no part of it (the first address is the
  // candidate's; others are referees' or supervisors', which an entry may hold).
  const body = (s: Section<CvSectionKind>) => withoutPageFurniture(s.lines, `${name.first} ${name.last}`, emails.slice(0, 1));
  const experience = [
    ...own.filter((s) => s.kind === 'experience').flatMap((s) => parseExperience(body(s), now)),
    ...own.filter(strayKind).flatMap((s) => strayEntries(s.kind === 'header' ? s.lines : body(s), now)),
  ];
  const profile = own.filter((s) => SENTENCE_POST_KINDS.has(s.kind)).flatMap((s) => s.lines);
  experience.push(...sentencePositions(profile, experience));
  const content = {
    information: {
      first_name: name.first,
      last_name: name.last,
      email: emails,
      phone: phones,
      ...findLinks(ownText),
      address: place,
    },
    experience: entry ? experience.map((e) => withEmployerFirst(e, entry)) : experience,
    education: [
      ...own.filter((s) => s.kind === 'education').flatMap((s) => parseEducation(body(s), now)),
      ...own.filter((s) => s.kind === 'certifications').flatMap((s) => degreesAmongCertificates(s.lines, now)),
      ...(own.some((s) => s.kind === 'education') ? [] : degreesOutsideEducation(own, now)),
    ],
    skill_descriptions: linesOf(own, 'skills')
      .map((l) => l.text)
      .slice(0, MAX_SKILL_LINES),
    source_language: language,
  };
  return { content, lines, sections };
}

export async function analyzeCvText(text: string, linker: SkillLinker, now: Date): Promise<CvContent> {
  return linkCvSkills(parseCv(text, now), text, linker);
}

/** The skills part of CV analysis, shared by every analyzer: taxonomy skills linked in the CV's text. */
export async function linkCvSkills(parsed: CvText, text: string, linker: SkillLinker): Promise<CvContent> {
  const linked = await linker.link(text, parsed.source_language, 'cv');
  const { hard, soft } = toRecordSkills(linked.skills, () => 'satisfies');
  return {
    ...parsed,
    source_language: languageCode(linked.language, parsed.source_language),
    hard_skills: hard,
    soft_skills: soft,
  };
}
