import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * The linker's word lists (what its sense filters look for around a match: ranks of posts, organisation nouns, firm
 * links, seasons, degree words …), data in services/skills/data/linker-vocabulary.json rather than code; the file
 * ships with the service next to dist/ (as seed/ does) and is read once, on first import. Words are folded (see
 * text/normalize's foldText) unless the list says otherwise (sectorAcronyms are written as in the text); degreeWords
 * and degreeAcronyms are regular-expression alternatives.
 */
const vocabularySchema = z.object({
  organisationNouns: z.array(z.string()),
  /** Heads of public bodies and schools named with "of" ("Office of …", "College of …"; employers-places.ts). */
  organisationHeads: z.array(z.string()),
  ranks: z.array(z.string()),
  germanArticles: z.array(z.string()),
  sectorAcronyms: z.array(z.string()),
  sectorNouns: z.array(z.string()),
  /** Nouns for a firm or its trade that a lowercase word before them qualifies ("a logistics company"; posts.ts). */
  firmSectorNouns: z.array(z.string()),
  romanceLanguages: z.array(z.string()),
  softwareSenses: z.array(z.string()),
  softwareWords: z.array(z.string()),
  recordOf: z.array(z.string()),
  seasons: z.array(z.string()),
  yearLinks: z.array(z.string()),
  calendarWords: z.array(z.string()),
  timeWords: z.array(z.string()),
  firmLinks: z.array(z.string()),
  employerPrepositions: z.array(z.string()),
  nameLinks: z.array(z.string()),
  firmCountries: z.array(z.string()),
  fieldMarks: z.array(z.string()),
  fieldWords: z.array(z.string()),
  degreeWords: z.array(z.string()),
  degreeAcronyms: z.array(z.string()),
  /** Words that end the title of a post ("Developer", "Engineer"): "<post> - <Name>" names the employer. */
  postWords: z.array(z.string()),
  /** Words that introduce a firm's clients ("Client: …", "Representative Clients: …"). */
  clientWords: z.array(z.string()),
  /** CV section headings by the section they open (folded; see cv-sections.ts). */
  sectionHeadings: z.object({
    skills: z.array(z.string()),
    experience: z.array(z.string()),
    education: z.array(z.string()),
    projects: z.array(z.string()),
    summary: z.array(z.string()),
    other: z.array(z.string()),
  }),
});

export type LinkerVocabulary = z.infer<typeof vocabularySchema>;

/** src/linking and dist/linking are both two folders below the package, where data/ is. */
export const vocabularyFile = new URL('../../data/linker-vocabulary.json', import.meta.url);

export const LINKER_VOCABULARY: LinkerVocabulary = vocabularySchema.parse(
  JSON.parse(readFileSync(vocabularyFile, 'utf8')),
);
