import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { E2eStack, type DocumentResource } from './harness.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are asserted field by field
type Body = Record<string, any>;

// Issue 28: a non-IT ad ranks its own occupation's CV first. Invented ad and people.
const TRAINER_AD = `Personal Trainer
Company: Invented Gym Co
Location: Leeds

We are a community gym with group classes and a personal training studio.

Requirements
- Nationally accredited personal trainer certification (NASM, ACE or ACSM)
- Current CPR/AED certification
- One or more years of experience coaching clients one on one on the gym floor
- Teach group fitness classes such as boot camp and circuit training
`;

const TRAINER_CV = `Jordan Vale
jordan.vale@example.org

EXPERIENCE
Fitness Coach
Northside Leisure Centre
03/2019 - 12/2024
- Coached clients one on one on the gym floor and wrote strength and conditioning programs
- Taught boot camp and circuit training classes

CERTIFICATIONS
NASM Certified Personal Trainer; CPR/AED (current)
`;

const HR_CV = `Casey Morrow
casey.morrow@example.org

EXPERIENCE
HR Representative
Brightline Logistics
01/2017 - 12/2024
- Ran onboarding, benefits enrolment and staff training sessions
- Organised interpersonal skills workshops for team leads

SKILLS
Recruitment, onboarding, payroll, interpersonal skills
`;

const ACCOUNTANT_CV = `Robin Hale
robin.hale@example.org

EXPERIENCE
Staff Accountant
Harbour Wholesale
06/2016 - 12/2024
- Month-end close, journal entries and account reconciliations
- Prepared schedules for the external auditors

SKILLS
GAAP, Excel, QuickBooks
`;

describe('matching across occupations end to end (REST → gateway → matching → documents/skills/billing)', () => {
  const e2e = new E2eStack();
  let ws: { workspaceId: string; apiKey: string };
  const call = (method: string, path: string, body?: unknown) => e2e.json(method, path, ws.apiKey, body);
  const analyze = (resource: DocumentResource, texts: string[]) => e2e.analyzeAll(resource, ws.apiKey, texts, { block: true });

  beforeAll(async () => {
    await e2e.start();
    ws = await e2e.createWorkspace('gym');
    await e2e.billing.grantTokens({ workspaceId: ws.workspaceId, amount: 100, expiresInSeconds: 0, idempotencyKey: randomUUID() });
  }, 240_000);
  afterAll(() => e2e.stop(), 60_000);
  afterEach((context) => {
    if (context.task.result?.state === 'fail') console.log(e2e.logs.slice(-120).join('\n'));
  });

  it('ranks the personal trainer first for a personal trainer ad, quoting what matched', async () => {
    const [jobId] = await analyze('jobs', [TRAINER_AD]);
    const [trainer, hr, accountant] = (await analyze('cvs', [TRAINER_CV, HR_CV, ACCOUNTANT_CV])) as [string, string, string];
    const { status, body } = await call('POST', '/match', { jobId, candidatesIds: [hr, accountant, trainer], topK: 3 });
    expect(status).toBe(200);
    const ranked = body.data[0] as Body[];
    expect(ranked.map((c) => c.person_id)[0]).toBe(trainer);
    expect(ranked[0]!.final_score).toBeGreaterThan(ranked[1]!.final_score);
    // The HR CV gets no title credit through an ESCO occupation its title does not name.
    const hrCandidate = ranked.find((c) => c.person_id === hr)!;
    for (const detail of Object.values(hrCandidate.score_dict.experience as Record<string, Body>))
      expect(detail.explanation).not.toContain('human resources officer');
    const relevance = ranked[0]!.score_dict.hard_skills['relevance to the ad'] as Body;
    expect(relevance.explanation).toMatch(/nasm|circuit|gym/);
    expect(relevance.explanation).toContain('Fitness Coach');
  }, 120_000);
});
