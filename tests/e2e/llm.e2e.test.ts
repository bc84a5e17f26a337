import { fakeAnswer, FakeLlm, type FakeLlmRequest } from '@talent/testkit';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { E2eStack, type JsonBody, type DocumentResource } from './harness.js';

/**
 * The optional LLM features over REST, with the real services and a local fake OpenAI-compatible server as the
 * model: documents with ANALYZER=llm (one CV the model answers, one it rate-limits: the rules analyzer takes
 * that one), and matching with MATCH_LLM_* re-scoring the requirement lines; stored results say which analyzer
 * and which model produced what.
 */
const ANALYZER_MODEL = 'e2e-extractor';
const JUDGE_MODEL = 'e2e-judge';

const JOB_TEXT = `Site Reliability Engineer
Company: Nordhafen Logistik GmbH
Location: Hamburg, Germany

Requirements
- 3+ years running Kubernetes in production
- Python for automation

Nice to have
- Terraform`;

const LENA_CV = `Lena Hoffmann
lena.hoffmann@example.org
Hamburg, Germany

Experience
Platform Engineer, Nordhafen Logistik GmbH, 04/2021 – 12/2024
Runs the Kubernetes clusters and writes Python tooling.

Skills
Python, Kubernetes, Terraform`;

const TOMAS_CV = `Tomás Reyes
tomas.reyes@example.org

Experience
Barista, Café Central, 2019 – 2023
Espresso preparation and customer service.`;

const LINES = ['3+ years running Kubernetes in production', 'Python for automation', 'Terraform'];

const answers: Record<string, (prompt: string) => ReturnType<typeof fakeAnswer.structured>> = {
  job_record: () =>
    fakeAnswer.structured({
      information: {
        title: 'Site Reliability Engineer',
        company: 'Nordhafen Logistik GmbH',
        description: '',
        activity_sector: 'Logistics',
        locations: [{ city: 'Hamburg', country: 'Germany' }],
        job_type: '',
        contract_type: '',
      },
      experience_preference: {
        title: 'Site Reliability Engineer',
        activity_sector: '',
        description: LINES[0],
        duration: 36,
      },
      education_preference: { degree: '', major: '', score: '' },
      job_requirements: LINES,
      source_language: 'en',
      preferred: ['Terraform'],
    }),
  cv_record: (prompt) =>
    prompt.includes('Tomás Reyes')
      ? fakeAnswer.status(429, 0)
      : fakeAnswer.structured({
          information: {
            first_name: 'Lena',
            last_name: 'Hoffmann',
            email: ['lena.hoffmann@example.org'],
            phone: [],
            linkedin: '',
            github: '',
            website: '',
            address: { city: 'Hamburg', country: 'Germany' },
          },
          experience: [
            {
              title: 'Platform Engineer',
              // Only the model says so: the document names no sector.
              activity_sector: 'Logistics',
              description: 'Runs the Kubernetes clusters and writes Python tooling.',
              duration: 45,
              start_date: '2021-04',
              end_date: '2024-12',
            },
          ],
          education: [],
          skill_descriptions: ['Python, Kubernetes, Terraform'],
          source_language: 'en',
        }),
  requirement_scores: (prompt) => {
    const fits = prompt.includes('Kubernetes clusters');
    return fakeAnswer.structured({
      scores: LINES.map((_, i) => ({
        line: i + 1,
        score: fits ? 9 : 0,
        evidence: fits ? 'Runs the Kubernetes clusters and writes Python tooling.' : '',
        reason: fits ? 'Runs Kubernetes and Python tooling at work' : 'Not in the CV',
      })),
    });
  },
};

function model(request: FakeLlmRequest) {
  const name = request.body.response_format?.json_schema?.name ?? '';
  const answer = answers[name];
  return answer ? answer(JSON.stringify(request.body.messages)) : fakeAnswer.status(400);
}

describe('LLM analyzer and re-scoring end to end (REST → documents/matching → fake model server)', () => {
  const e2e = new E2eStack();
  let fake: FakeLlm;
  let apiKey: string;

  const call = (method: string, path: string, body?: unknown) => e2e.json(method, path, apiKey, body);
  const analyze = (resource: DocumentResource, texts: string[]) => e2e.analyzeAll(resource, apiKey, texts, { block: true });

  let jobId: string;
  let lena: string;
  let tomas: string;

  beforeAll(async () => {
    fake = await FakeLlm.start();
    fake.respond(model);
    const llm = { BASE_URL: fake.openAiBaseUrl, TIMEOUT_MS: '5000', MAX_ATTEMPTS: '2', API_KEY: 'sk-e2e' };
    await e2e.start({
      documents: {
        ANALYZER: 'llm',
        LLM_MODEL: ANALYZER_MODEL,
        ...Object.fromEntries(Object.entries(llm).map(([k, v]) => [`LLM_${k}`, v])),
      },
      matching: {
        MATCH_LLM_MODEL: JUDGE_MODEL,
        ...Object.fromEntries(Object.entries(llm).map(([k, v]) => [`MATCH_LLM_${k}`, v])),
      },
    });
    const workspace = await e2e.createWorkspace('llm');
    apiKey = workspace.apiKey;
    await e2e.billing.grantTokens({
      workspaceId: workspace.workspaceId,
      amount: 100,
      expiresInSeconds: 0,
      idempotencyKey: randomUUID(),
    });
    [jobId] = (await analyze('jobs', [JOB_TEXT])) as [string];
    [lena, tomas] = (await analyze('cvs', [LENA_CV, TOMAS_CV])) as [string, string];
  }, 240_000);
  afterAll(async () => {
    await e2e.stop();
    await fake?.close();
  }, 60_000);
  afterEach((context) => {
    if (context.task.result?.state === 'fail') console.log(e2e.logs.slice(-120).join('\n'));
  });

  it('stores what the model extracted, with skills linked through the taxonomy', async () => {
    const cv = (await call('GET', `/cvs/${lena}`)).body.data;
    expect(cv.information.first_name).toBe('Lena');
    expect(cv.experience[0]).toMatchObject({ title: 'Platform Engineer', activity_sector: 'Logistics' });
    expect(cv.hard_skills.map((s: JsonBody) => s.skill)).toEqual(expect.arrayContaining(['Kubernetes', 'Python']));
    const job = (await call('GET', `/jobs/${jobId}`)).body.data;
    expect(job.job_requirements).toEqual(LINES);
    const terraform = job.hard_skills.find((s: JsonBody) => s.skill === 'Terraform');
    expect(terraform?.relationship).toBe('optional');
    // The key went out with every request.
    expect(fake.requests.every((r) => r.authorization === 'Bearer sk-e2e')).toBe(true);
  });

  it('analyzes a document the model rate-limits with the rules analyzer, and says so in the logs', async () => {
    const cv = (await call('GET', `/cvs/${tomas}`)).body.data;
    expect(cv.information.email).toEqual(['tomas.reyes@example.org']);
    const warning = e2e.logs.find(
      (l) => l.startsWith('documents') && l.includes('the rules analyzer analyzes this document'),
    );
    expect(warning).toContain('rate_limited');
  });

  it('re-scores requirement lines with the model and names every analyzer and model in versions_used', async () => {
    const { status, body } = await call('POST', '/match', {
      jobId,
      candidatesIds: [tomas, lena],
      topK: 2,
      cache: true,
    });
    expect(status).toBe(200);
    const ranked = body.data[0] as JsonBody[];
    expect(ranked.map((c) => c.person_id)).toEqual([lena, tomas]);
    const line = ranked[0]!.score_dict.experience[LINES[0]!] ?? ranked[0]!.score_dict.hard_skills[LINES[0]!];
    expect(line).toEqual({
      score: 9,
      criteria: `requirement line, re-scored by ${JUDGE_MODEL}`,
      explanation:
        'Runs Kubernetes and Python tooling at work. CV: "Runs the Kubernetes clusters and writes Python tooling."',
    });
    const stored = (await call('GET', `/match/${jobId}`)).body.data;
    expect(stored.versions_used).toMatchObject({
      scorer: 'rules-11',
      requirement_rescorer: JUDGE_MODEL,
      job_analyzer: `llm-1:${ANALYZER_MODEL}`,
      cv_analyzers: [`llm-1:${ANALYZER_MODEL}`, expect.stringMatching(/^rules-\d+(\+[a-z-]+-\d+)*$/)],
    });
  });
});
