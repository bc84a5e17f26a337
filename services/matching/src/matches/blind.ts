import type { CvRecord } from '../scoring/index.js';

/** Stored in a blind result's `versions_used.blind`: the redaction rules it was scored with. */
export const BLIND_VERSION = 'blind-1';

/**
 * A sentence that states a protected attribute or a personal detail is dropped whole: what follows the trigger
 * ("Nationality: …", "born 12.3.1985", "married, two children") may be any word, so removing the trigger alone
 * would leave the attribute itself behind.
 */
const PROTECTED_SENTENCE = new RegExp(
  [
    // date of birth and age
    String.raw`\b(?:date of birth|d\.?o\.?b\b|birth ?date|born\b|birthday|geboren|geburtsdatum|geburtsort|date de naissance|n[ée]e? le|fecha de nacimiento|age\s*[:=]|aged\s+\d|\d{2}\s*(?:years old|yrs old|jahre alt|ans\b))`,
    // gender and sex
    String.raw`\b(?:gender|sex\s*[:=]|geschlecht|sexe|male|female|männlich|weiblich|masculin|féminin|non-binary)\b`,
    // marital status and family
    // ("single" and "children" only as a status: "single sign-on" and "children's hospital" stay)
    String.raw`\b(?:marital status|familienstand|état civil|estado civil|married|unmarried|divorced|widowed|verheiratet|ledig|geschieden|verwitwet|marié|mariée|célibataire|casad[oa]|solter[oa])\b|^\W*single\W*$|\b(?:\d+|one|two|three|four|five|no)\s+(?:children|kids|kinder|enfants)\b`,
    // nationality, citizenship, origin, religion
    String.raw`\b(?:nationality|citizenship|citizen|national of|staatsangehörigkeit|nationalität|nationalité|nacionalidad|passport|reisepass|work permit|visa status|religion|konfession|place of birth)\b`,
    // photo
    String.raw`\b(?:photo|photograph|foto|lichtbild|headshot|picture attached)\b`,
    // contacts and addresses
    String.raw`[\w.+-]+@[\w-]+\.[\w.-]+`,
    String.raw`(?:\+|\b00)\d[\d ()./-]{6,}\d`,
    String.raw`\b(?:phone|tel|telephone|mobile|handy|telefon|e-?mail|linkedin|github|xing|address|adresse|anschrift|wohnort|residence)\s*[:=]`,
    String.raw`\b(?:https?://|www\.)\S+`,
    String.raw`\b\d{1,4}\s+[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?\s+(?:street|st\.|avenue|ave\.?|road|rd\.|lane|boulevard|blvd\.?|drive|dr\.|way|place|square)(?=\W|$)`,
    String.raw`\b[\p{Lu}][\p{L}-]*(?:straße|strasse|str\.|weg|gasse|allee|platz|ring|damm)\s*\d+`,
    String.raw`\b(?:rue|avenue|boulevard|chemin|calle|via|piazza)\s+(?:de\s+|du\s+|des\s+|la\s+)?[\p{L}'-]+[^.]*?\d`,
  ].join('|'),
  'iu',
);

/** Titles and gendered pronouns are removed wherever they stand; the rest of the sentence stays. */
const GENDER_WORDS =
  /\b(?:mr|mrs|ms|miss|mx|sir|madam|herr|frau|fräulein|mme|mlle|madame|mademoiselle|monsieur|m\.|señor|señora|sr|sra|srta|he|she|him|her|his|hers|himself|herself|er|sie|ihm|ihr|il|elle)\b\.?/giu;

const SENTENCE_BREAK = /(?<=[.;!?])\s+|\s*\n\s*/u;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The candidate's own name, word by word (three letters or more, so initials do not eat ordinary words). */
function namePattern(cv: CvRecord): RegExp | undefined {
  const words = `${cv.information.first_name} ${cv.information.last_name}`
    .split(/[\s,.-]+/u)
    .filter((word) => word.length >= 3)
    .map(escapeRegExp);
  return words.length > 0 ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.join('|')})(?![\\p{L}\\p{N}])`, 'giu') : undefined;
}

function tidy(text: string): string {
  return text
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/\s+([,.;:])/g, '$1')
    .replace(/^[\s,;:]+/, '')
    .trim();
}

/** A text with its protected sentences dropped and names, titles and gendered words removed. */
function redactText(text: string, name: RegExp | undefined): string {
  return text
    .split(SENTENCE_BREAK)
    .filter((sentence) => !PROTECTED_SENTENCE.test(sentence))
    .map((sentence) => tidy((name ? sentence.replace(name, '') : sentence).replace(GENDER_WORDS, '')))
    .filter(Boolean)
    .join('\n');
}

/** A short field (a title, a degree): names and gendered words removed, but never dropped whole. */
function redactLabel(text: string, name: RegExp | undefined): string {
  return tidy((name ? text.replace(name, '') : text).replace(GENDER_WORDS, ''));
}

function blindSkills(skills: CvRecord['hard_skills'], name: RegExp | undefined): CvRecord['hard_skills'] {
  return skills
    .filter((skill) => !PROTECTED_SENTENCE.test(skill.explanation))
    .map((skill) => ({ ...skill, explanation: redactLabel(skill.explanation, name) }));
}

/**
 * The CV as blind matching scores it: no name, contact, link or address; no education dates (school-leaving years
 * give away age); every free text without sentences stating a date of birth, age, gender, marital status,
 * nationality, photo or contact, and without the candidate's name, titles (Mr/Ms/Frau/Herr/Mme…) and gendered
 * pronouns. Experience dates stay: they are the months the job asks for. Pure; the record is not changed.
 */
export function blindCv(cv: CvRecord): CvRecord {
  const name = namePattern(cv);
  return {
    ...cv,
    information: {
      first_name: '',
      last_name: '',
      email: [],
      phone: [],
      linkedin: '',
      github: '',
      website: '',
      address: { city: '', country: '' },
    },
    experience: cv.experience.map((entry) => ({
      ...entry,
      title: redactLabel(entry.title, name),
      activity_sector: redactLabel(entry.activity_sector, name),
      description: redactText(entry.description, name),
    })),
    education: cv.education.map((entry) => ({
      ...entry,
      degree: redactLabel(entry.degree, name),
      major: redactLabel(entry.major, name),
      institution_name: redactLabel(entry.institution_name, name),
      start_date: '',
      end_date: '',
    })),
    skill_descriptions: cv.skill_descriptions.map((text) => redactText(text, name)).filter(Boolean),
    // A skill found only in a protected sentence ("Nationality: German") goes with it.
    hard_skills: blindSkills(cv.hard_skills, name),
    soft_skills: blindSkills(cv.soft_skills, name),
  };
}
