// Rules of the rules-19 round, each on an ad or CV written for the test (fake people and employers): hiring
// prefixes however they are punctuated, a lone city's country from the city list (ads and CVs), and a pay line that
// is no requirement.
import { describe, expect, it } from 'vitest';
import { parseJobLocation } from '../src/job-analyzer.js';
import { createRulesAnalyzer } from '../src/index.js';

const noSkills = { link: async (_text: string, language: string) => ({ language, skills: [] }) };
const analyzer = createRulesAnalyzer(noSkills, { now: () => new Date('2026-11-29T12:00:00Z') });
const job = (lines: readonly string[]) => analyzer.analyzeJob(lines.join('\n'));

describe('a hiring prefix ends at whatever mark closes it', () => {
  for (const prefix of ["We're hiring!", 'We’re hiring!', 'We are hiring:', 'Now hiring –']) {
    it(`"${prefix} Sous Chef at …" keeps the prefix out of the title`, async () => {
      const record = await job([
        `${prefix} Sous Chef at The Brass Ladle (Manchester)`,
        '',
        'What you will do',
        '- Run the pass in the head chef’s absence',
      ]);
      expect(record.information.title).toBe('Sous Chef');
      expect(record.information.company).toBe('The Brass Ladle');
    });
  }
});

describe('a place written alone', () => {
  it('takes the country our city list gives it', () => {
    expect(parseJobLocation('Lisboa')).toEqual({ city: 'Lisboa', country: 'Portugal' });
    expect(parseJobLocation('Leeds')).toEqual({ city: 'Leeds', country: 'United Kingdom' });
  });
  it('keeps an unknown city without inventing a country', () => {
    expect(parseJobLocation('Vila Nova de Paiva')).toEqual({ city: 'Vila Nova de Paiva', country: '' });
  });
  it('reads a known city’s country over a region it cannot place', () => {
    expect(parseJobLocation('München, Oberbayern')).toEqual({ city: 'München', country: 'Germany' });
  });
});

describe('a pay line under the requirements', () => {
  it('is no requirement', async () => {
    const record = await job([
      'Line Cook',
      'The Brass Ladle, Manchester',
      '',
      'Requirements',
      '- 2+ years on a busy grill section',
      '- Level 2 Food Hygiene certificate',
      '£26,000 – £29,000 + tips. 45 hours per week.',
    ]);
    expect(record.job_requirements).toEqual(['2+ years on a busy grill section', 'Level 2 Food Hygiene certificate']);
  });
  it('keeps a requirement that mentions money', async () => {
    const record = await job(['Finance Manager', '', 'Requirements', '- Managed budgets above €5M']);
    expect(record.job_requirements).toEqual(['Managed budgets above €5M']);
  });
});

describe('a CV address that names only its city', () => {
  it('takes the country our city list gives the city', async () => {
    const cv = await analyzer.analyzeCv(
      ['Lena Vogt', 'Anschrift: Lindenweg 5, 70173 Stuttgart', 'E-Mail: lena.vogt@example.de'].join('\n'),
    );
    expect(cv.information.address).toEqual({ city: 'Stuttgart', country: 'Germany' });
  });
});
