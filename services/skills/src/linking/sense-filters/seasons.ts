import type { Token } from '../../text/normalize.js';
import { CONJUNCTION_WORDS as CONJUNCTIONS } from '../phrase-dictionary.js';
import { LINKER_VOCABULARY } from '../vocabulary.js';

// Sense filter: a season written as a time ("Spring 2016"), not the skill or product of that name.

/**
 * A product named by a season ("Spring" of the Spring Framework, "Primavera" of Primavera P6) written as the season:
 * a term or a date, not the product. So when a year follows ("Spring 2014", "Spring, 2015", "Spring of 2016",
 * "primavera de 2018", anonymised "Spring 20XX"), or a word of the academic or working calendar ("Spring semester",
 * "Spring term", "Spring enrollment goals", "Summer internship"), or another season ("Spring and Summer", "Winter
 * and Spring track"), or a word that places it in time ("last Spring", "early Spring", "during Spring"); and a
 * season's name of any of the seven languages written in lowercase ("en primavera", "primavera 2017"), which is how
 * their prose writes seasons. "Spring Boot", "Spring MVC", "Spring and Hibernate", "Primavera P6" stay.
 */
export function namedAsSeason(tokens: Token[], i: number): boolean {
  const token = tokens[i]!;
  if (!SEASONS.has(token.key)) return false;
  if (token.surface === token.surface.toLowerCase()) return true;
  const at = (k: number) => tokens[k]?.key ?? '';
  const year = (k: number) => /^(19|20)[\dx]{2}$/u.test(at(k));
  const next = YEAR_LINKS.has(at(i + 1)) ? i + 2 : i + 1;
  if (year(next) || CALENDAR_WORDS.has(at(i + 1)) || SEASONS.has(at(i + 1)) || TIME_WORDS.has(at(i - 1))) return true;
  return (
    (CONJUNCTIONS.has(at(i + 1)) && SEASONS.has(at(i + 2))) || (CONJUNCTIONS.has(at(i - 1)) && SEASONS.has(at(i - 2)))
  );
}

/** The seasons of the seven languages (folded): English, German, French, Spanish, Italian, Dutch, Portuguese. */
const SEASONS = new Set(LINKER_VOCABULARY.seasons);

/** Words between a season and its year ("Spring of 2016", "primavera de 2018", "voorjaar van 2019"). */
const YEAR_LINKS = new Set(LINKER_VOCABULARY.yearLinks);

/** Words of the academic and working calendar that a season names the time of (folded). */
const CALENDAR_WORDS = new Set(LINKER_VOCABULARY.calendarWords);

/** Words that place a season in time ("last Spring", "during Summer"). */
const TIME_WORDS = new Set(LINKER_VOCABULARY.timeWords);
