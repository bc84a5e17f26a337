/** Instructions for the model; the output format itself is enforced by the JSON schema of the request. */
import type { ChatMessage } from '@talent/platform';

// Long documents are cut: past this the text is mostly publications or boilerplate, and a model's context and the
// token bill both have limits.
export const MAX_DOCUMENT_CHARS = 40_000;

const COMMON = [
  'Copy values from the document as written (names, titles, companies, institutions); never invent or translate them.',
  'Use an empty string or an empty list when the document does not say.',
  'Dates are YYYY-MM (YYYY-01 when only the year is known), or an empty string when unknown or ongoing.',
  'Durations are whole months.',
  'source_language is the ISO 639-1 code of the language the document is written in (en, de, fr, es, it, nl, pt…).',
];

const CV = [
  'You extract a CV (résumé) into a structured record.',
  ...COMMON,
  "information: the candidate's own name split into first_name and last_name, every email and phone number of the candidate (not of referees), LinkedIn, GitHub and personal website URLs, and the city and country they live in.",
  "experience: one entry per position, most recent first; duration is the months between start_date and end_date (today when ongoing); description summarises the entry in the document's words.",
  'education: one entry per degree or diploma; degree is the degree as written, major the field of study, score the grade if given.',
  'skill_descriptions: the lines of the skills section, as written.',
];

const JOB = [
  'You extract a job posting into a structured record.',
  ...COMMON,
  "information: the job title, the hiring company, a short description of the role in the posting's words, the sector, every location as city and country, job_type (full-time, part-time) and contract_type (permanent, temporary, contract, internship, apprenticeship, freelance) when stated.",
  'job_requirements: every requirement or qualification line, required and preferred, each copied as one line.',
  'preferred: those job_requirements lines that are preferred, a plus or nice to have.',
  'experience_preference: the experience the job asks for; duration in months (e.g. "3+ years" is 36), 0 when none is stated.',
  'education_preference: the lowest degree level the job accepts (bachelor, master, doctorate…) and its field.',
];

function messages(rules: readonly string[], text: string, today: Date): ChatMessage[] {
  const document = text.length > MAX_DOCUMENT_CHARS ? text.slice(0, MAX_DOCUMENT_CHARS) : text;
  return [
    { role: 'system', content: [...rules, `Today is ${today.toISOString().slice(0, 10)}.`].join('\n') },
    { role: 'user', content: document },
  ];
}

export const cvMessages = (text: string, today: Date) => messages(CV, text, today);
export const jobMessages = (text: string, today: Date) => messages(JOB, text, today);
