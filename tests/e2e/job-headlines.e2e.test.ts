import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2eStack } from './harness.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are asserted field by field
type Body = Record<string, any>;

const BODY = `
Your tasks
- Build and run data pipelines in Python and SQL
- Work with the analytics team

Requirements
- 3+ years of experience with SQL and Python
- Good communication skills`;

/** Headline layouts of real ads (invented companies); title, company and city each record should carry. */
const ADS = [
  {
    head: 'Data Engineer (m/w/d) – Contoso GmbH, Berlin',
    title: 'Data Engineer',
    company: 'Contoso GmbH',
    city: 'Berlin',
  },
  {
    head: 'Senior Data Engineer / Acme Logistics, London, UK',
    title: 'Senior Data Engineer',
    company: 'Acme Logistics',
    city: 'London',
  },
  {
    head: 'Fabrikam Foods is hiring a Data Analyst in Manchester',
    title: 'Data Analyst',
    company: 'Fabrikam Foods',
    city: 'Manchester',
  },
  // Layouts the headline model never trained on (headline-lr-2 and -3): company first with em dashes, city before company.
  {
    head: 'Quillon Logistics — Payroll Specialist — Leeds, United Kingdom',
    title: 'Payroll Specialist',
    company: 'Quillon Logistics',
    city: 'Leeds',
  },
  {
    head: 'Software Engineer, Machine Learning (f/m/x) | Dublin | Brightpath Foods',
    title: 'Software Engineer, Machine Learning',
    company: 'Brightpath Foods',
    city: 'Dublin',
  },
];

describe('job headlines end to end (REST → gateway → documents → skills)', () => {
  const e2e = new E2eStack();
  let apiKey: string;

  beforeAll(async () => {
    await e2e.start();
    apiKey = (await e2e.createWorkspace('headlines', 100)).apiKey;
  });
  afterAll(() => e2e.stop());

  it('reads title, company and city from the headline, and never links the company name as a skill', async () => {
    const ids = await e2e.analyzeAll('jobs', apiKey, ADS.map((a) => a.head + BODY), { block: true });
    for (const [i, ad] of ADS.entries()) {
      const job = (await e2e.json('GET', `/jobs/${ids[i]}`, apiKey)).body.data as Body;
      expect(job.information.title, ad.head).toBe(ad.title);
      expect(job.information.company, ad.head).toBe(ad.company);
      expect(
        job.information.locations.map((l: Body) => l.city),
        ad.head,
      ).toContain(ad.city);
      const skills = [...job.hard_skills, ...job.soft_skills].map((s: Body) => String(s.skill).toLowerCase());
      expect(
        skills.filter((s) => /logistic|contoso|fabrikam|foods|quillon|brightpath/.test(s)),
        ad.head,
      ).toEqual([]);
      expect(job.field_confidence.company.evidence, ad.head).toBe(ad.head);
      expect(job.field_confidence.company.confidence, ad.head).toBeGreaterThan(0.5);
    }
    // A person's edit replaces the analyzer's guess: that field's confidence goes, the others stay.
    const put = await e2e.json('PUT', `/jobs/${ids[0]}`, apiKey, {
      information: { title: 'Lead Data Engineer' },
      content_language: 'en',
    });
    expect(put.status).toBe(200);
    const edited = (await e2e.json('GET', `/jobs/${ids[0]}`, apiKey)).body.data as Body;
    expect(edited.information.title).toBe('Lead Data Engineer');
    expect(edited.field_confidence.title).toBeUndefined();
    expect(edited.field_confidence.company.evidence).toBe(ADS[0]!.head);
  });
});
