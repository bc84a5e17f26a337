import { createChatModel, createLogger, llmSettingsFrom } from '@talent/platform';
import { cvContent, jobContent } from '@talent/records';
import { fakeAnswer, FakeLlm } from '@talent/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createLlmAnalyzer,
  createRulesAnalyzer,
  RULES_ANALYZER_VERSION,
  type LinkedSkill,
  type LlmCv,
  type LlmJob,
  type SkillLinker,
} from '@talent/analysis';
import { loadDocumentsEnv } from '../src/env.js';

/**
 * The `llm` analyzer with the real LangChain client against a local fake OpenAI-compatible server: what the model
 * answers becomes the record (skills from the taxonomy linker), and a document the model fails on is analyzed by
 * the rules analyzer, logged, and recorded as such.
 */
const NOW = new Date('2025-06-15T12:00:00Z');
const MODEL = 'test-model';
const LLM_VERSION = `llm-1:${MODEL}`;
const IDS: Record<string, string> = {
  python: '1b9d4a2f-6c3e-4d7f-8a8b-2c3d4e5f6071',
  kubernetes: '3dbf6c4b-8e5a-4f9b-8cad-4e5f60718293',
  terraform: '4ec07d5c-9f6b-4a0c-9dbe-5f60718293a4',
};

/** The skills service's stand-in: each known word on a line is a skill, that line its evidence. */
const linker: SkillLinker = {
  async link(text, language) {
    const skills: LinkedSkill[] = [];
    for (const line of text.split('\n'))
      for (const [word, id] of Object.entries(IDS))
        if (new RegExp(`\\b${word}\\b`, 'i').test(line))
          skills.push({ id, name: word, type: 'hard-skill', evidence: line.trim(), confidence: 0.9, hint: undefined });
    return { skills, language };
  },
};

const CV_TEXT = `Lena Hoffmann
lena.hoffmann@example.org · +49 170 5550123
Hamburg, Germany

Experience
Platform Engineer, Nordhafen Logistik GmbH, 04/2021 – present
Runs the Kubernetes clusters and writes Python tooling.

Education
M.Sc. Computer Science, Universität Hamburg, 2016 – 2019

Skills
Python, Kubernetes`;

const CV_ANSWER: LlmCv = {
  information: {
    first_name: 'Lena',
    last_name: 'Hoffmann',
    // The second address is not in the document: a model's guess, which must not reach the record.
    email: ['lena.hoffmann@example.org', 'lena@hoffmann.de'],
    phone: ['+491705550123'],
    linkedin: '',
    github: '',
    website: '',
    address: { city: 'Hamburg', country: 'Germany' },
  },
  experience: [
    {
      title: 'Platform Engineer',
      activity_sector: 'Logistics',
      description: 'Runs the Kubernetes clusters and writes Python tooling.',
      duration: 50,
      start_date: '2021-04',
      end_date: '',
    },
  ],
  education: [
    {
      degree: 'M.Sc.',
      major: 'Computer Science',
      score: '',
      institution_name: 'Universität Hamburg',
      start_date: '2016-01',
      end_date: '2019-01',
    },
  ],
  skill_descriptions: ['Python, Kubernetes'],
  source_language: 'en',
};

const JOB_TEXT = `Site Reliability Engineer
Company: Nordhafen Logistik GmbH
Location: Hamburg, Germany

Requirements
- 3+ years running Kubernetes in production
- Python for automation

Nice to have
- Terraform`;

const JOB_ANSWER: LlmJob = {
  information: {
    title: 'Site Reliability Engineer',
    company: 'Nordhafen Logistik GmbH',
    description: '',
    activity_sector: '',
    locations: [{ city: 'Hamburg', country: 'Germany' }],
    job_type: '',
    contract_type: '',
  },
  experience_preference: {
    title: 'Site Reliability Engineer',
    activity_sector: '',
    description: '3+ years running Kubernetes in production',
    duration: 36,
  },
  education_preference: { degree: '', major: '', score: '' },
  job_requirements: ['3+ years running Kubernetes in production', 'Python for automation', 'Terraform'],
  source_language: 'en',
  preferred: ['Terraform'],
};

let fake: FakeLlm;
beforeAll(async () => {
  fake = await FakeLlm.start();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const rules = createRulesAnalyzer(linker, { now: () => NOW });

function analyzer(timeoutMs = 2_000) {
  const logger = createLogger('documents-test', 'silent');
  const warn = vi.spyOn(logger, 'warn');
  const info = vi.spyOn(logger, 'info');
  const llm = createLlmAnalyzer({
    model: createChatModel({
      provider: 'openai',
      baseUrl: fake.openAiBaseUrl,
      model: MODEL,
      timeoutMs,
      maxAttempts: 3,
    }),
    modelName: MODEL,
    linker,
    fallback: rules,
    retry: { maxAttempts: 3, timeoutMs, backoffBaseMs: 5 },
    logger,
    now: () => NOW,
  });
  return { llm, warn, info };
}

async function analyzeCv(llm: ReturnType<typeof analyzer>['llm']) {
  let producedBy = llm.version;
  const record = cvContent.parse(await llm.analyzeCv(CV_TEXT, (v) => (producedBy = v)));
  return { record, producedBy };
}

describe('llm analyzer', () => {
  it('turns the model answer into the CV record, with skills linked through the taxonomy', async () => {
    fake.enqueue(fakeAnswer.structured(CV_ANSWER));
    const { llm, info } = analyzer();
    const { record, producedBy } = await analyzeCv(llm);
    expect(producedBy).toBe(LLM_VERSION);
    expect(record.information.email).toEqual(['lena.hoffmann@example.org']);
    expect(record.information.phone).toEqual(['+491705550123']);
    expect(record.experience).toEqual(CV_ANSWER.experience);
    expect(record.education).toEqual(CV_ANSWER.education);
    expect(Object.fromEntries(record.hard_skills.map((s) => [s.skill, s.relationship]))).toEqual({
      kubernetes: 'satisfies',
      python: 'satisfies',
    });
    // The document went to the model, asked for the record's JSON schema.
    const request = fake.requests[0]!.body;
    expect(request.model).toBe(MODEL);
    expect(request.response_format?.json_schema?.name).toBe('cv_record');
    expect(JSON.stringify(request.messages)).toContain('Nordhafen Logistik GmbH');
    // Token usage is logged per document.
    const done = info.mock.calls.find((c) => c[1] === 'llm analysis done')?.[0] as { tokens: { total: number } };
    expect(done.tokens.total).toBeGreaterThan(0);
  });

  it('marks the skills of preferred job lines optional, as the rules analyzer does', async () => {
    fake.enqueue(fakeAnswer.structured(JOB_ANSWER));
    let producedBy = '';
    const job = jobContent.parse(await analyzer().llm.analyzeJob(JOB_TEXT, (v) => (producedBy = v)));
    expect(producedBy).toBe(LLM_VERSION);
    expect(job.information.title).toBe('Site Reliability Engineer');
    expect(job.experience_preference.duration).toBe(36);
    expect(Object.fromEntries(job.hard_skills.map((s) => [s.skill, s.relationship]))).toEqual({
      kubernetes: 'required',
      python: 'required',
      terraform: 'optional',
    });
  });

  it('retries a schema violation and keeps the valid answer that follows', async () => {
    fake.enqueue(
      fakeAnswer.structured({ ...CV_ANSWER, experience: [{ title: 'Platform Engineer' }] }),
      fakeAnswer.structured(CV_ANSWER),
    );
    const { llm, warn } = analyzer();
    const { record, producedBy } = await analyzeCv(llm);
    expect(producedBy).toBe(LLM_VERSION);
    expect(record.information.first_name).toBe('Lena');
    expect(fake.requests).toHaveLength(2);
    expect(warn).not.toHaveBeenCalled();
  });

  const failures = [
    ['invalid JSON', () => fakeAnswer.text('{"information": {"first_name": "Lena"'), 'malformed_output', 2_000],
    [
      'a schema violation',
      () => fakeAnswer.structured({ ...CV_ANSWER, source_language: 42 }),
      'malformed_output',
      2_000,
    ],
    ['a slow answer', () => fakeAnswer.slow(3_000, fakeAnswer.structured(CV_ANSWER)), 'timeout', 300],
    ['429 rate limits', () => fakeAnswer.status(429, 0), 'rate_limited', 2_000],
    ['server errors', () => fakeAnswer.status(503), 'server_error', 2_000],
  ] as const;

  it.each(failures)(
    'falls back to the rules analyzer after %s on every attempt, and logs why',
    async (_, answer, reason, timeoutMs) => {
      fake.respond(answer);
      const { llm, warn } = analyzer(timeoutMs);
      const { record, producedBy } = await analyzeCv(llm);
      expect(fake.requests).toHaveLength(3);
      expect(producedBy).toBe(RULES_ANALYZER_VERSION);
      expect(record).toEqual(cvContent.parse(await rules.analyzeCv(CV_TEXT)));
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]![0]).toMatchObject({
        kind: 'cv',
        reason,
        attempts: 3,
        analyzer: RULES_ANALYZER_VERSION,
      });
      expect(warn.mock.calls[0]![1]).toMatch(/rules analyzer/);
    },
  );

  it('waits out a 429 and uses the answer that follows', async () => {
    fake.enqueue(fakeAnswer.status(429, 0), fakeAnswer.structured(CV_ANSWER));
    const { producedBy } = await analyzeCv(analyzer().llm);
    expect(producedBy).toBe(LLM_VERSION);
    expect(fake.requests).toHaveLength(2);
  });

  it('falls back at once when the server refuses the request (wrong key or model)', async () => {
    fake.respond(() => fakeAnswer.status(401));
    const { llm, warn } = analyzer();
    const job = jobContent.parse(await llm.analyzeJob(JOB_TEXT));
    expect(fake.requests).toHaveLength(1);
    expect(job).toEqual(jobContent.parse(await rules.analyzeJob(JOB_TEXT)));
    expect(warn.mock.calls[0]![0]).toMatchObject({ kind: 'job', reason: 'refused' });
  });
});

describe('llm analyzer settings', () => {
  const base = { DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/postgres' };

  it('stays on the rules analyzer, offline, when nothing is set', () => {
    const env = loadDocumentsEnv(base);
    expect(env.ANALYZER).toBe('rules');
    expect(llmSettingsFrom(env, 'LLM_')).toBeUndefined();
  });

  it('refuses ANALYZER=llm without a model, naming the variable', () => {
    expect(() => loadDocumentsEnv({ ...base, ANALYZER: 'llm' })).toThrow(/LLM_MODEL: is required with ANALYZER=llm/);
  });

  it('reads the provider, server, model, key and limits', () => {
    const env = loadDocumentsEnv({
      ...base,
      ANALYZER: 'llm',
      LLM_PROVIDER: 'ollama',
      LLM_BASE_URL: 'http://ollama.internal:11434',
      LLM_MODEL: 'llama3.1:8b',
      LLM_TIMEOUT_MS: '20000',
    });
    expect(llmSettingsFrom(env, 'LLM_')).toEqual({
      provider: 'ollama',
      baseUrl: 'http://ollama.internal:11434',
      model: 'llama3.1:8b',
      apiKey: undefined,
      timeoutMs: 20_000,
      maxAttempts: 3,
    });
    expect(() => loadDocumentsEnv({ ...base, LLM_PROVIDER: 'anthropic' })).toThrow(/LLM_PROVIDER/);
    // Ten two-minute attempts would outlast the work queue's patience with one task.
    expect(() => loadDocumentsEnv({ ...base, LLM_TIMEOUT_MS: '120000', LLM_MAX_ATTEMPTS: '10' })).toThrow(
      /LLM_TIMEOUT_MS: × LLM_MAX_ATTEMPTS must not exceed/,
    );
  });
});
