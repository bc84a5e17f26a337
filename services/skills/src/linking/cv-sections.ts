import { foldText } from '../text/normalize.js';
import { LINKER_VOCABULARY } from './vocabulary.js';

/** The sections a heading of a CV opens; a mention is read in the light of the last heading before it. */
export const SECTIONS = ['skills', 'experience', 'education', 'projects', 'summary', 'other'] as const;
export type Section = (typeof SECTIONS)[number];

const HEADING_SECTION = new Map<string, Section>();
for (const section of SECTIONS) for (const words of LINKER_VOCABULARY.sectionHeadings[section]) HEADING_SECTION.set(words, section);

/**
 * A heading stands alone: at a line's start (or after a run of spaces, where a CV's export lost its line breaks),
 * one to five words, optionally a colon, then the line's end or a run of spaces. "Skills:" and "WORK EXPERIENCE"
 * are headings; "skills in Java" is prose.
 */
const HEADING = /(?:^|\n|[ \t]{2,}|[•|])[ \t]*([\p{L}][\p{L}'’\-&/ ]{1,50}?)[ \t]*:?[ \t]*(?=\n|[ \t]{2,}|$)/gu;

/** Where each section starts: the headings of the text, in order, with the section each opens. */
export function sectionStarts(text: string): { at: number; section: Section }[] {
  const starts: { at: number; section: Section }[] = [];
  for (const m of text.matchAll(HEADING)) {
    const words = foldText(m[1]!.replace(/&/g, 'and')).replace(/[^\p{L}' -]+/gu, ' ').replace(/\s+/g, ' ').trim();
    const section = HEADING_SECTION.get(words);
    if (section) starts.push({ at: m.index + m[0].length, section });
  }
  return starts;
}

/** The section an offset lies in (the last heading before it), or undefined before the first heading. */
export function sectionAt(starts: readonly { at: number; section: Section }[], offset: number): Section | undefined {
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid]!.at <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 ? starts[lo - 1]!.section : undefined;
}
