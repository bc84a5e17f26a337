/**
 * The headline stages on ads in the layouts the issue quotes (invented companies and people): the candidates
 * stage proposes the right values, the committed model picks them, and the job record carries them.
 */
import { describe, expect, it } from 'vitest';
import { headlineCandidates, headlineModel, pickHeadline } from '../src/headline.js';
import { createRulesAnalyzer } from '../src/rules-analyzer.js';
import type { SkillLinker } from '../src/types.js';

const noSkills: SkillLinker = { link: async (_text, language) => ({ skills: [], language }) };
const BODY = '\n\nRequirements\n- 3 years of experience with SQL\n- Good communication';

const ADS: Array<[string, { title: string; company: string; city: string }]> = [
  ['Data Engineer (m/w/d) – Contoso GmbH, Berlin', { title: 'Data Engineer', company: 'Contoso GmbH', city: 'Berlin' }],
  [
    'Senior Data Engineer / Acme Logistics, London, UK',
    { title: 'Senior Data Engineer', company: 'Acme Logistics', city: 'London' },
  ],
  [
    'Fabrikam Foods is hiring a Warehouse Manager in Manchester',
    { title: 'Warehouse Manager', company: 'Fabrikam Foods', city: 'Manchester' },
  ],
  [
    'NORTHWIND SYSTEMS GMBH | Hamburg, Germany\nProjektleiter (m/w/d)',
    { title: 'Projektleiter', company: 'NORTHWIND SYSTEMS GMBH', city: 'Hamburg' },
  ],
  ['Comptable (H/F) – Lumora SAS – Lyon', { title: 'Comptable', company: 'Lumora SAS', city: 'Lyon' }],
  [
    'Kestrel Analytics recrute un Data Analyst à Toulouse',
    { title: 'Data Analyst', company: 'Kestrel Analytics', city: 'Toulouse' },
  ],
];

describe('job headlines', () => {
  it('proposes every expected value among the candidates, with features', () => {
    for (const [head, want] of ADS) {
      const values = headlineCandidates(head + BODY).map((c) => c.value);
      expect(values, head).toEqual(expect.arrayContaining([want.title, want.company, want.city]));
    }
    expect(headlineCandidates('Data Engineer (m/w/d) – Contoso GmbH, Berlin')[0]?.features).toContain('after:gender');
  });

  it('picks title, company and city with a confidence and the line they came from', () => {
    for (const [head, want] of ADS) {
      const picks = pickHeadline(head + BODY, headlineModel());
      expect({ title: picks.title?.value, company: picks.company?.value, city: picks.city?.value }, head).toEqual(want);
      expect(picks.city!.confidence).toBeGreaterThan(0.5);
      expect(picks.city!.confidence).toBeLessThanOrEqual(1);
      expect(head).toContain(picks.company!.evidence);
    }
  });

  it('gives the job record the headline values where the rules mixed them', async () => {
    const analyzer = createRulesAnalyzer(noSkills);
    expect(analyzer.version).toBe('rules-14+headline-lr-2');
    const job = await analyzer.analyzeJob(`Data Engineer (m/w/d) – Contoso GmbH, Berlin${BODY}`);
    expect(job.information.title).toBe('Data Engineer');
    expect(job.information.company).toBe('Contoso GmbH');
    expect(job.information.locations).toEqual([{ city: 'Berlin', country: 'Germany' }]);
    const head = 'Data Engineer (m/w/d) – Contoso GmbH, Berlin';
    for (const field of ['title', 'company', 'city'] as const) {
      expect(job.field_confidence?.[field]?.evidence, field).toBe(head);
      expect(job.field_confidence?.[field]?.confidence, field).toBeGreaterThan(0.5);
      expect(job.field_confidence?.[field]?.confidence, field).toBeLessThanOrEqual(1);
    }
    const london = await analyzer.analyzeJob(`Senior Data Engineer / Acme Logistics, London, UK${BODY}`);
    expect(london.information).toMatchObject({ title: 'Senior Data Engineer', company: 'Acme Logistics' });
    expect(london.information.locations.map((l) => l.city)).toEqual(['London']);
  });
});
