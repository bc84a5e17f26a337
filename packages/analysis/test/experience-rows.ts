// Shared by the experience rule tests: each entry of an experience section as the fields they assert on.
import { parseExperience } from '../src/experience.js';
import { toLines } from '../src/text.js';

/** Title, start, end and employer line (the description's first line) of each entry of an experience section. */
export const experienceRows = (lines: readonly string[], now: Date) =>
  parseExperience(toLines(lines.join('\n')), now).map((e) => [
    e.title,
    e.start_date,
    e.end_date,
    e.description.split('\n')[0],
  ]);
