/**
 * Page furniture: what a multi-page CV repeats at the top or foot of every page ("Page 2 of 6", the candidate's
 * name alone, a line holding the candidate's own e-mail address). An export keeps it wherever the page broke, in
 * the middle of an entry, where the experience and education rules would read it as an entry's title or employer
 * ("Shelli Kuvalis" as an employer, "Page 2 of 2" as a header). Removed from those sections' lines only: the header
 * and contact sections, where the name and address belong, are read as they are.
 */
import { foldWords, wordCount, type Line } from '../text.js';

// "Adelaida Kozey  Resume  a.kozey@example.com  Page 2 of 6" read as one line is still short.
const MAX_FURNITURE_WORDS = 10;

// "Page 2 of 6", "Page 3/4", "- 2 -", "2 | Page".
const PAGE_MARK = /^(?:page\s+\d+(?:\s*(?:of|\/)\s*\d+)?|-\s*\d+\s*-|\d+\s*\|\s*page)$/i;

/** The lines without page furniture of a CV whose candidate is `name` (first and last) with `emails`. */
export function withoutPageFurniture(lines: readonly Line[], name: string, emails: readonly string[]): Line[] {
  const folded = foldWords(name);
  // A name of one word is too often a word of the CV ("Grant", "Lance"): only a full name is furniture.
  const nameKey = folded.includes(' ') ? folded : '';
  const own = emails.map((e) => e.toLowerCase()).filter(Boolean);
  return lines.filter((l) => {
    const text = l.text.trim();
    if (PAGE_MARK.test(text)) return false;
    if (nameKey && foldWords(text) === nameKey) return false;
    // A sentence that mentions the address is the entry's own text; furniture is a short line around it.
    const lower = text.toLowerCase();
    return wordCount(text) > MAX_FURNITURE_WORDS || !own.some((e) => lower.includes(e));
  });
}
