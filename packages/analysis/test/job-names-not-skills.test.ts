/**
 * A company's or a place's name is never linked as a skill of a job: "Acme Logistics" made "logistics" a required
 * hard skill, so every candidate was marked down for lacking it. The word still counts where the ad asks for it.
 */
import { describe, expect, it } from 'vitest';
import { createRulesAnalyzer } from '../src/rules-analyzer.js';
import { maskNames } from '../src/name-mask.js';
import type { LinkedSkill, SkillLinker } from '../src/types.js';

/** Links the words "logistics", "london" and "sql" wherever the text it is given has them, as the skills service would. */
function wordLinker(): SkillLinker & { texts: string[] } {
  const texts: string[] = [];
  return {
    texts,
    async link(text, language) {
      texts.push(text);
      const skills: LinkedSkill[] = [];
      for (const [i, word] of ['logistics', 'london', 'sql'].entries()) {
        const line = text.split('\n').find((l) => new RegExp(`\\b${word}\\b`, 'i').test(l));
        if (line)
          skills.push({
            id: `00000000-0000-4000-8000-00000000000${i}`,
            name: word,
            type: 'hard-skill',
            evidence: line.trim(),
            confidence: 0.9,
            hint: undefined,
          });
      }
      return { skills, language };
    },
  };
}

describe('company and place names are not skills', () => {
  it('does not link the company of "Title / Company, City, UK" nor its city', async () => {
    const linker = wordLinker();
    const job = await createRulesAnalyzer(linker).analyzeJob(
      'Senior Data Engineer - Acme Logistics\nLocation: London, United Kingdom\n\nAbout us\nAcme Logistics moves parcels across London.\n\nRequirements\n- 5 years of SQL',
    );
    expect(job.information.company).toBe('Acme Logistics');
    expect(job.hard_skills.map((s) => s.skill)).toEqual(['sql']);
    expect(linker.texts[0]).not.toMatch(/Acme Logistics|London/);
  });

  it('still links the word where the ad asks for it, outside the name', async () => {
    const job = await createRulesAnalyzer(wordLinker()).analyzeJob(
      'Planner - Acme Logistics\n\nRequirements\n- Experience in logistics and SQL',
    );
    expect(job.hard_skills.map((s) => s.skill).sort()).toEqual(['logistics', 'sql']);
  });

  it('blanks whole-word mentions only, keeping every offset', () => {
    const text = 'Acme Logistics (Acme Logisticsware) in Berlin';
    const masked = maskNames(text, ['Acme Logistics', 'Berlin', '']);
    expect(masked).toHaveLength(text.length);
    expect(masked).toBe(`${' '.repeat(14)} (Acme Logisticsware) in ${' '.repeat(6)}`);
  });
});
