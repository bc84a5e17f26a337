/** The headline stage's data files (data/headline/<language>.json, data/cities.json), read once. */
import { dataFile } from './data-files.js';

export const HEADLINE_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt'] as const;
export type HeadlineLanguage = (typeof HEADLINE_LANGUAGES)[number];

export interface HeadlineWords {
  gender: string[];
  hiring: string[];
  /** "sucht ab sofort eine …", "zoekt per direct een …": when, between the hiring verb and the title. */
  hiringWhen: string[];
  /** "Zahnmedizinische Fachangestellte gesucht!", "Line Cook wanted": a hiring word after the title. */
  hiringAfter: string[];
  /** "We", "Wir", "Our client": a subject that is no company ("We are hiring a …", "Our client, a …, is recruiting"). */
  pronouns: string[];
  article: string[];
  in: string[];
  at: string[];
  about: string[];
  role: string[];
  body: string[];
  /** Work arrangement, employment type and salary written in headlines: never a title, company or city. */
  remote: string[];
  jobTypes: string[];
  /** "We're hiring:", "Vacature:" before a title. */
  hiringPrefix: string[];
  /**
   * "Cercasi", "Se busca", "Hiring:": a hiring word straight before the title (read as written or in capitals, before
   * a capital). The generator writes it in one layout ("Hiring: LINE COOK").
   */
  hiringLead: string[];
  /** Shift patterns written in headlines ("Registered Nurse - Med/Surg - Nights"): never a company or city. */
  shifts: string[];
  /** Generator only: seniority words before a title, company sector words, salary patterns ({lo}, {hi}). */
  seniority: string[];
  sectors: string[];
  salary: string[];
  /**
   * Generator only: public employers named after their place ("{place} Public Schools", "Klinikum {place}",
   * "Comune di {place}"), often the ad's own city ("Maple Grove Public Schools — Maple Grove, MN").
   */
  publicEmployers: string[];
}

export const HEADLINE_WORDS: Readonly<Record<HeadlineLanguage, HeadlineWords>> = Object.fromEntries(
  HEADLINE_LANGUAGES.map((lang) => [lang, dataFile<HeadlineWords>(`headline/${lang}.json`)]),
) as Record<HeadlineLanguage, HeadlineWords>;

/** Country → its cities (data/cities.json). */
export const CITIES = dataFile<Readonly<Record<string, readonly string[]>>>('cities.json');
