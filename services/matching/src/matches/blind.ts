import { emptyCvInformation } from '@talent/records';
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
    // ("photo editing" stays: only a photo said to come with the CV)
    String.raw`\b(?:photo|photograph|foto|lichtbild|headshot|picture)\s*(?:attached|enclosed|included|beigefügt|:)`,
    // contacts and addresses
    String.raw`[\w.+-]+@[\w-]+\.[\w.-]+`,
    String.raw`(?:\+|\b00)\d[\d ()./-]{6,}\d`,
    String.raw`\b(?:phone|tel|telephone|mobile|handy|telefon|e-?mail|linkedin|github|xing|address|adresse|anschrift|wohnort|residence)\s*[:=]`,
    String.raw`\b(?:https?://|www\.)\S+`,
  ].join('|'),
  'iu',
);

/**
 * Street addresses, case-sensitive so that ordinary words do not pass for street names ("Engineering 2019" is not
 * a street, "Baker Street 12" and "Hauptstraße 7" are).
 */
const ADDRESS = new RegExp(
  [
    String.raw`\b\d{1,5}\s+[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?\s+(?:Street|St\.|Avenue|Ave\.|Road|Rd\.|Lane|Boulevard|Blvd\.|Drive|Dr\.|Square)(?=\W|$)`,
    String.raw`\b[A-ZÄÖÜ][a-zäöüß]+(?:straße|strasse|str\.|weg|gasse|allee|platz)\s*\d+`,
    String.raw`\b\d{1,4},?\s+(?:rue|avenue|boulevard|chemin|calle|via|piazza)\s+\p{L}`,
  ].join('|'),
  'u',
);

const isProtected = (sentence: string) => PROTECTED_SENTENCE.test(sentence) || ADDRESS.test(sentence);
/** Words of the longest line counted as a line of personal details ("Nationality: German", "Born 1980 in Ankara"). */
const PERSONAL_DETAIL_WORDS = 12;
const isPersonalDetail = (sentence: string) =>
  isProtected(sentence) && sentence.trim().split(/\s+/).length <= PERSONAL_DETAIL_WORDS;

/**
 * Titles and gendered pronouns are removed wherever they stand; the rest of the sentence stays. Titles only as
 * written before a name (case-sensitive: "MS Office" stays), the German and French pronouns only in lower case or
 * capitalised ("ER nurse" stays).
 */
const GENDER_WORDS = [
  /\b(?:Mr|Mrs|Ms|Miss|Mx|Sir|Madam|Herr|Frau|Fräulein|Mme|Mlle|Madame|Mademoiselle|Monsieur|Señor|Señora|Sra|Srta)\b\.?/gu,
  /\b(?:he|she|him|her|his|hers|himself|herself)\b/giu,
  /\b(?:[Ee]r|[Ss]ie|[Ii]hm|[Ii]hr|[Ii]l|[Ee]lle)\b/gu,
];
const withoutGenderWords = (text: string) => GENDER_WORDS.reduce((rest, pattern) => rest.replace(pattern, ''), text);

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
  return words.length > 0
    ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.join('|')})(?![\\p{L}\\p{N}])`, 'giu')
    : undefined;
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
    .filter((sentence) => !isProtected(sentence))
    .map((sentence) => tidy(withoutGenderWords(name ? sentence.replace(name, '') : sentence)))
    .filter(Boolean)
    .join('\n');
}

/** A short field (a title, a degree): names and gendered words removed, but never dropped whole. */
function redactLabel(text: string, name: RegExp | undefined): string {
  return tidy(withoutGenderWords(name ? text.replace(name, '') : text));
}

/**
 * A skill whose only evidence is a protected sentence ("Nationality: German") goes with it (the sentences that name
 * it, else all of its explanation); the others stay, their explanations redacted like any text.
 */
function blindSkills(skills: CvRecord['hard_skills'], name: RegExp | undefined): CvRecord['hard_skills'] {
  return skills.flatMap((skill) => {
    const word = skill.skill.toLowerCase();
    const sentences = skill.explanation.split(SENTENCE_BREAK).filter((sentence) => sentence.trim());
    const mentions = sentences.filter((sentence) => sentence.toLowerCase().includes(word));
    // Not named (linked through a synonym): dropped only when its evidence is a line of personal details, short;
    // a long paragraph that also holds an e-mail address is evidence of the skill, not of the person.
    const dropped =
      mentions.length > 0 ? mentions.every(isProtected) : sentences.length > 0 && sentences.every(isPersonalDetail);
    if (dropped) return [];
    return [{ ...skill, explanation: redactText(skill.explanation, name) }];
  });
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
    information: emptyCvInformation(),
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
    hard_skills: blindSkills(cv.hard_skills, name),
    soft_skills: blindSkills(cv.soft_skills, name),
  };
}
