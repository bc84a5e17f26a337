/**
 * CV field confidence (issue 26) on CVs of invented people: every value the record carries has a probability in
 * [0, 1] and the passage of the text it was read from; a clean e-mail is trusted, a guessed name is not.
 */
import { describe, expect, it } from 'vitest';
import type { CvFieldConfidence } from '@talent/records';
import { parseCv } from '../src/cv-analyzer.js';
import { llmCvSchema } from '../src/llm/schemas.js';
import { createRulesAnalyzer } from '../src/rules-analyzer.js';
import { linesLost } from '../src/training/train-cv-confidence.js';
import type { SkillLinker } from '../src/types.js';

const NOW = new Date('2020-01-01T00:00:00Z');
const noSkills: SkillLinker = { link: async (_text, language) => ({ skills: [], language }) };

const BODY = `
EXPERIENCE
Data Analyst
Northwind Traders, Leeds
Jan 2018 - Present
- Built weekly sales dashboards in SQL and Power BI

Junior Analyst
Contoso Retail Ltd, York
Mar 2015 - Dec 2017
- Cleaned and reconciled supplier data

EDUCATION
BSc in Mathematics, University of Leeds, 2011 - 2014
`;
const CLEAN = `Marta Lindqvist
Email: marta.lindqvist@example.com | Phone: +44 7700 900123
Leeds, United Kingdom
${BODY}`;
// No name anywhere: whatever the rules read as the name is a guess.
const ANONYMOUS = `Contact: ml1984@example.com\n${BODY}`;

const entries = (c: CvFieldConfidence) => [
  ...Object.values(c.information),
  ...c.experience.flatMap((e) => Object.values(e)),
  ...c.education.flatMap((e) => Object.values(e)),
];

describe('CV field confidence', () => {
  it('gives every value of a clean CV a probability and the passage of the text it came from', () => {
    const cv = parseCv(CLEAN, NOW);
    const c = cv.field_confidence!;
    expect(Object.keys(c.information).sort()).toEqual(['city', 'email', 'name', 'phone']);
    expect(c.experience).toHaveLength(cv.experience.length);
    expect(c.education).toHaveLength(cv.education.length);
    expect(c.experience.every((e) => e.title)).toBe(true);
    expect(c.education[0]).toEqual({ degree: expect.any(Object), institution_name: expect.any(Object) });
    for (const entry of entries(c)) {
      expect(entry.confidence).toBeGreaterThanOrEqual(0);
      expect(entry.confidence).toBeLessThanOrEqual(1);
      expect(entry.evidence).not.toBe('');
      expect(CLEAN).toContain(entry.evidence);
    }
    // A phone stored normalised still points at the line it was written on.
    expect(c.information.phone!.evidence).toContain('+44 7700 900123');
    expect(c.information.email!.confidence).toBeGreaterThanOrEqual(0.9);
    expect(c.information.email!.evidence).toContain('marta.lindqvist@example.com');
  });

  it('trusts a name read from the top of the CV more than a name guessed from elsewhere', () => {
    const clean = parseCv(CLEAN, NOW);
    const guessed = parseCv(ANONYMOUS, NOW);
    expect(clean.information.first_name).toBe('Marta');
    const guess = guessed.field_confidence!.information.name;
    // The rules guess a name here; a client sending fields below 0.9 to review sees it there.
    if (guessed.information.first_name || guessed.information.last_name) {
      expect(guess!.confidence).toBeLessThan(0.9);
      expect(guess!.confidence).toBeLessThan(clean.field_confidence!.information.name!.confidence);
    } else expect(guess).toBeUndefined();
  });

  it('keeps evidence inside the text when its line breaks were lost, and is deterministic', () => {
    const text = linesLost(CLEAN);
    const first = parseCv(text, NOW);
    expect(parseCv(text, NOW)).toEqual(first);
    for (const entry of entries(first.field_confidence!)) {
      expect(text).toContain(entry.evidence);
      expect(entry.evidence.length).toBeLessThanOrEqual(200);
    }
  });

  it('reaches the record through the analyzer, and the LLM is never asked for it', async () => {
    const record = await createRulesAnalyzer(noSkills, { now: () => NOW }).analyzeCv(CLEAN);
    expect(record.field_confidence?.information.email?.evidence).toContain('marta.lindqvist@example.com');
    expect(Object.keys(llmCvSchema.shape)).not.toContain('field_confidence');
  });
});
