// Layout rules of the rules-12 layouts round (education and sections), each on a CV snippet written for the test
// (fake people, firms and schools).
import { describe, expect, it } from 'vitest';
import { parseCv } from '../src/analysis/cv-analyzer.js';
import { cvSections } from '../src/analysis/sections.js';
import { toLines } from '../src/analysis/text.js';

const NOW = new Date('2025-06-15T12:00:00Z');
const lines = (...xs: string[]) => xs.join('\n');
const kinds = (text: string) => cvSections(toLines(text)).map((s) => s.kind);

describe("a skills table's column names, rules-12 layouts", () => {
  const cv = lines(
    'Mira Kessling',
    'Backend Developer',
    'SKILLS',
    'Name',
    'Skill Level',
    'Kotlin',
    'Advanced',
    'PostgreSQL',
    'Intermediate',
    'Last Used / Experience',
    'Current / 4 years',
    'Current / 18 months',
    '2016 / 9 months',
    'EXPERIENCE',
    'Backend Developer',
    'Quillfern Systems, Graz',
    'March 2019 - Present',
    '• Built billing services.',
  );

  it('"Last Used / Experience" is no experience heading: its cells stay in the skills section', () => {
    expect(kinds(cv)).toEqual(['header', 'skills', 'experience']);
  });

  it('makes no undated posts of the cells "2016 / 9 months"', () => {
    const posts = parseCv(cv, NOW).experience;
    expect(posts.map((p) => [p.title, p.start_date])).toEqual([['Backend Developer', '2019-03']]);
  });

  it('reads the column names one a line too ("Name" / "Last Used" / "Experience")', () => {
    expect(
      kinds(
        lines(
          'Jon Arvik',
          'SKILLS',
          'Name',
          'Last Used',
          'Experience',
          'Go',
          '2024',
          '5 years',
          'EDUCATION',
          'B.Sc. Physics',
        ),
      ),
    ).toEqual(['header', 'skills', 'education']);
  });

  it('leaves "Experience" as a heading after ordinary lines', () => {
    expect(
      kinds(lines('Jon Arvik', 'SKILLS', 'Go, Rust', 'Experience', 'Developer, Tallbrook AB', '2019 - 2024')),
    ).toEqual(['header', 'skills', 'experience']);
  });
});
