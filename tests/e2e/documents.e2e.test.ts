import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildDocx, buildPdf } from '../../services/documents/test/fixtures/extraction/builders.js';
import { CV_TEXT, dotinCv, dotinFiles, hasSharedData, JOB_TEXT, SHARED_DATA } from './documents-data.js';
import { readServerSentEvents } from '@talent/testkit';
import { E2eStack, eventually, type DocumentResource } from './harness.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const YEAR_MONTH = /^(\d{4}-(0[1-9]|1[0-2]))?$/;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const FILES = `${SHARED_DATA}cvs/files/`;
const hasFiles = existsSync(`${FILES}soupboss-cc0/01-Accountant.pdf`);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are asserted field by field
type Body = Record<string, any>;

describe('CVs and jobs end to end (REST → gateway → documents → skills/billing, NATS work queue)', () => {
  const e2e = new E2eStack();
  let acme: { workspaceId: string; apiKey: string };
  let other: { workspaceId: string; apiKey: string };

  beforeAll(async () => {
    await e2e.start();
    acme = await e2e.createWorkspace('acme');
    other = await e2e.createWorkspace('other');
    await e2e.billing.grantTokens({
      workspaceId: acme.workspaceId,
      amount: 1000,
      expiresInSeconds: 0,
      idempotencyKey: randomUUID(),
    });
    await e2e.billing.grantTokens({
      workspaceId: other.workspaceId,
      amount: 100,
      expiresInSeconds: 0,
      idempotencyKey: randomUUID(),
    });
  }, 180_000);
  afterAll(() => e2e.stop(), 60_000);
  afterEach((context) => {
    if (context.task.result?.state === 'fail') console.log(e2e.logs.slice(-150).join('\n'));
  });

  const call = (method: string, path: string, apiKey: string, body?: unknown, headers: Record<string, string> = {}) =>
    e2e.json(method, path, apiKey, body, headers);
  const analyze = (resource: 'cvs' | 'jobs', inputs: unknown, apiKey = acme.apiKey, extra: Body = {}) =>
    call('POST', `/${resource}/analyze`, apiKey, { inputs, ...extra });
  const statuses = (resource: 'cvs' | 'jobs', ids: string[], apiKey = acme.apiKey) =>
    call('POST', `/${resource}/status`, apiKey, { ids });
  const upload = async (
    resource: 'cvs' | 'jobs',
    files: { name: string; bytes: Uint8Array }[],
    apiKey = acme.apiKey,
    fields: Record<string, string> = {},
  ) => {
    const form = new FormData();
    for (const file of files) form.append('files', new Blob([Buffer.from(file.bytes)]), file.name);
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const response = await e2e.request(`/${resource}/analyze/files`, { method: 'POST', apiKey, body: form });
    return { status: response.status, body: (await response.json()) as Body };
  };
  /** Polls POST /status (as a client would, with a deadline) until every id is final. */
  const settle = (resource: DocumentResource, ids: string[], apiKey = acme.apiKey, timeoutMs = 60_000) =>
    e2e.settle(resource, ids, apiKey, timeoutMs);
  const balance = async (apiKey: string) => (await call('GET', '/credits/balance', apiKey)).body.data.balance as number;
  const ledger = async (apiKey: string) =>
    (await call('GET', '/credits/history?limit=100', apiKey)).body.data as Body[];

  it('analyzes a CV text into a complete record, charged once', async () => {
    const before = await balance(acme.apiKey);
    const accepted = await analyze('cvs', [CV_TEXT], acme.apiKey, { cache: false });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.status).toBe('PENDING');
    expect(accepted.body.data.ids).toHaveLength(1);
    const [id] = accepted.body.data.ids as string[];
    expect(id).toMatch(UUID);
    expect(await settle('cvs', [id!])).toEqual([{ id, status: 'COMPLETED', original_id: null, failure_reason: null }]);

    const { status, body } = await call('GET', `/cvs/${id}`, acme.apiKey);
    expect(status).toBe(200);
    expect(body.status).toBe('COMPLETED');
    const cv = body.data;
    // The spec's fields, in the spec's order, with the extension field_confidence (per-field confidence) before
    // the timestamps.
    expect(Object.keys(cv)).toEqual([
      'id',
      'information',
      'experience',
      'education',
      'skill_descriptions',
      'source_language',
      'hard_skills',
      'soft_skills',
      'field_confidence',
      'created_at',
      'updated_at',
    ]);
    expect(Object.keys(cv.information)).toEqual([
      'first_name',
      'last_name',
      'email',
      'phone',
      'linkedin',
      'github',
      'website',
      'address',
    ]);
    expect(cv.id).toBe(id);
    expect(cv.created_at).toMatch(ISO_MS);
    expect(cv.information.email).toContain('jane.doe@example.com');
    expect(cv.information.phone.length).toBeGreaterThan(0);
    expect(cv.information.first_name).toBe('Jane');
    expect(cv.information.last_name).toBe('Doe');
    expect(cv.source_language).toBe('en');
    expect(cv.experience.length).toBeGreaterThanOrEqual(2);
    for (const entry of cv.experience) {
      expect(entry.start_date).toMatch(YEAR_MONTH);
      expect(entry.end_date).toMatch(YEAR_MONTH);
      expect(Number.isInteger(entry.duration)).toBe(true);
    }
    expect(cv.education.length).toBeGreaterThanOrEqual(1);
    const hard = cv.hard_skills.map((s: Body) => s.skill.toLowerCase());
    expect(hard).toEqual(expect.arrayContaining(['python', 'postgresql']));
    for (const skill of [...cv.hard_skills, ...cv.soft_skills]) {
      expect(skill).toEqual({
        id: expect.stringMatching(UUID),
        skill: expect.any(String),
        type: expect.any(String),
        relationship: 'satisfies',
        explanation: expect.any(String),
      });
      expect(skill.explanation.length).toBeGreaterThan(0);
    }
    expect(cv.hard_skills.every((s: Body) => s.type === 'hard-skill')).toBe(true);
    expect(cv.soft_skills.every((s: Body) => s.type === 'soft-skill')).toBe(true);
    expect(await balance(acme.apiKey)).toBe(before - 1);
  });

  it('analyzes a job text: requirements, experience in months, required and optional skills', async () => {
    const accepted = await analyze('jobs', [JOB_TEXT]);
    expect(accepted.status).toBe(200);
    const [id] = accepted.body.data.ids as string[];
    expect((await settle('jobs', [id!]))[0]!.status).toBe('COMPLETED');
    const { status, body } = await call('GET', `/jobs/${id}`, acme.apiKey);
    expect(status).toBe(200);
    const job = body.data;
    expect(job.information.title).toBe('Senior Backend Engineer');
    expect(job.information.locations).toEqual(expect.arrayContaining([expect.objectContaining({ city: 'Berlin' })]));
    expect(job.experience_preference.duration).toBe(60);
    expect(job.job_requirements).toEqual(expect.arrayContaining([expect.stringContaining('Python and PostgreSQL')]));
    const byName = new Map(job.hard_skills.map((s: Body) => [s.skill.toLowerCase(), s.relationship]));
    expect(byName.get('python')).toBe('required');
    expect(byName.get('terraform')).toBe('optional');
  });

  it.skipIf(!hasSharedData)('analyzes real labelled CVs and finds their labelled e-mail addresses', async () => {
    const cvs = dotinFiles().slice(0, 5).map(dotinCv);
    const accepted = await analyze(
      'cvs',
      cvs.map((cv) => cv.text),
    );
    expect(accepted.status).toBe(200);
    const ids = accepted.body.data.ids as string[];
    expect((await settle('cvs', ids)).map((s) => s.status)).toEqual(ids.map(() => 'COMPLETED'));
    let found = 0;
    let labelled = 0;
    for (const [index, id] of ids.entries()) {
      const record = (await call('GET', `/cvs/${id}`, acme.apiKey)).body.data;
      const email = cvs[index]!.labels.find((label) => label.type === 'Email Address')
        ?.text.trim()
        .toLowerCase();
      if (!email) continue;
      labelled += 1;
      if (record.information.email.includes(email)) found += 1;
    }
    expect(found).toBeGreaterThanOrEqual(Math.ceil(labelled * 0.8));
  });

  it.skipIf(!hasFiles)('analyzes PDF and DOCX uploads of the same CV into records that agree', async () => {
    const pdf = readFileSync(`${FILES}soupboss-cc0/01-Accountant.pdf`);
    const docx = readFileSync(`${FILES}soupboss-cc0/01-Accountant.docx`);
    const accepted = await upload('cvs', [
      { name: 'cv.pdf', bytes: pdf },
      { name: 'cv.docx', bytes: docx },
    ]);
    expect(accepted.status).toBe(200);
    const ids = accepted.body.data.ids as string[];
    expect(ids).toHaveLength(2);
    expect((await settle('cvs', ids)).map((s) => s.status)).toEqual(['COMPLETED', 'COMPLETED']);
    const [fromPdf, fromDocx] = await Promise.all(
      ids.map(async (id) => (await call('GET', `/cvs/${id}`, acme.apiKey)).body.data),
    );
    expect(fromPdf.information.email).toEqual(fromDocx.information.email);
    expect(fromPdf.information.email.length).toBeGreaterThan(0);
    const skills = (cv: Body) => new Set(cv.hard_skills.map((s: Body) => s.id));
    const shared = [...skills(fromPdf)].filter((id) => skills(fromDocx).has(id)).length;
    expect(shared).toBeGreaterThanOrEqual(Math.floor(Math.max(skills(fromPdf).size, skills(fromDocx).size) * 0.7));
  });

  it('analyzes a job posting uploaded as DOCX and as PDF into the same requirements', async () => {
    const lines = JOB_TEXT.split('\n').filter((line) => line.trim());
    const accepted = await upload('jobs', [
      { name: 'job.docx', bytes: buildDocx(lines) },
      {
        name: 'job.pdf',
        bytes: buildPdf({ blocks: JOB_TEXT.split('\n\n').map((block) => block.split('\n').filter(Boolean)) }),
      },
    ]);
    expect(accepted.status).toBe(200);
    const ids = accepted.body.data.ids as string[];
    expect((await settle('jobs', ids)).map((s) => s.status)).toEqual(['COMPLETED', 'COMPLETED']);
    const [fromDocx, fromPdf] = await Promise.all(
      ids.map(async (id) => (await call('GET', `/jobs/${id}`, acme.apiKey)).body.data),
    );
    for (const job of [fromDocx, fromPdf]) {
      expect(job.information.title).toBe('Senior Backend Engineer');
      expect(job.experience_preference.duration).toBe(60);
      expect(job.job_requirements).toEqual(expect.arrayContaining([expect.stringContaining('Python and PostgreSQL')]));
    }
    expect(fromPdf.job_requirements).toEqual(fromDocx.job_requirements);
  });

  it('refuses files that are not PDF, DOC or DOCX by their bytes, charging nothing', async () => {
    const before = await balance(acme.apiKey);
    const renamed = await upload('cvs', [
      { name: 'cv.pdf', bytes: new TextEncoder().encode('plain text pretending to be a PDF') },
    ]);
    expect(renamed.status).toBe(400);
    expect(renamed.body.error).toMatch(/file format/i);
    const empty = await upload('cvs', [{ name: 'empty.docx', bytes: new Uint8Array() }]);
    expect(empty.status).toBe(400);
    expect(await balance(acme.apiKey)).toBe(before);
  });

  it('ends an unreadable PDF FAILED with a reason and refunds its charge exactly once', async () => {
    // A PDF header followed by garbage: accepted by its magic bytes, unreadable by the extractor.
    const broken = new TextEncoder().encode(`%PDF-1.7\n${'garbage '.repeat(200)}\n%%EOF`);
    const before = await balance(acme.apiKey);
    const accepted = await upload('cvs', [{ name: 'broken.pdf', bytes: broken }], acme.apiKey, { cache: 'false' });
    expect(accepted.status).toBe(200);
    const [id] = accepted.body.data.ids as string[];
    const [failed] = await settle('cvs', [id!]);
    expect(failed!.status).toBe('FAILED');
    // The status says why, in a sentence for the person who sent the file (no stack, no internal detail).
    expect(failed!.failure_reason).toMatch(/^[A-Z].*PDF.*\.$/s);
    const { value: entries } = await eventually(
      () => ledger(acme.apiKey),
      (list) => list.some((entry) => entry.reference === id && entry.kind === 'refund'),
      20_000,
    );
    const mine = entries.filter((entry) => entry.reference === id);
    expect(mine.map((entry) => entry.kind).sort()).toEqual(['charge', 'refund']);
    expect(await balance(acme.apiKey)).toBe(before);
    expect((await call('GET', `/cvs/${id}`, acme.apiKey)).status).toBe(404);
  });

  it('answers 402 for a batch the balance cannot cover, leaving nothing behind', async () => {
    const poor = await e2e.createWorkspace('poor', 2);
    const response = await analyze('cvs', ['CV one with Python', 'CV two with Java', 'CV three with SQL'], poor.apiKey);
    expect(response.status).toBe(402);
    expect(response.body).toEqual({
      code: 'INSUFFICIENT_CREDITS',
      message: expect.any(String),
      balance: 2,
      required: 3,
    });
    expect((await call('GET', '/cvs', poor.apiKey)).body.pagination.total).toBe(0);
    expect(await balance(poor.apiKey)).toBe(2);
    expect((await ledger(poor.apiKey)).map((entry) => entry.kind)).toEqual(['grant']);
  });

  it('returns the existing id, uncharged, for the same content (cache), with original_id set', async () => {
    const text = `${CV_TEXT}\nReference: ${randomUUID()}`;
    const first = await analyze('cvs', [text]);
    const [id] = first.body.data.ids as string[];
    await settle('cvs', [id!]);
    const before = await balance(acme.apiKey);
    const again = await analyze('cvs', [text]);
    expect(again.status).toBe(200);
    expect(again.body.data.ids).toEqual([id]);
    expect(await balance(acme.apiKey)).toBe(before);
    expect((await statuses('cvs', [id!])).body.data).toEqual([{ id, status: 'COMPLETED', original_id: id, failure_reason: null }]);
    const fresh = await analyze('cvs', [text], acme.apiKey, { cache: false });
    expect(fresh.body.data.ids[0]).not.toBe(id);
    expect(await balance(acme.apiKey)).toBe(before - 1);
  });

  it('replays the first answer for a repeated Idempotency-Key and refuses another body with it', async () => {
    const key = randomUUID();
    const text = `Idempotent CV ${randomUUID()} — Python developer`;
    const first = await call(
      'POST',
      '/cvs/analyze',
      acme.apiKey,
      { inputs: [text], cache: false },
      { 'idempotency-key': key },
    );
    const before = await balance(acme.apiKey);
    const replay = await call(
      'POST',
      '/cvs/analyze',
      acme.apiKey,
      { inputs: [text], cache: false },
      { 'idempotency-key': key },
    );
    expect(replay.status).toBe(200);
    expect(replay.body.data.ids).toEqual(first.body.data.ids);
    expect(await balance(acme.apiKey)).toBe(before);
    const reused = await call(
      'POST',
      '/cvs/analyze',
      acme.apiKey,
      { inputs: ['another text'] },
      { 'idempotency-key': key },
    );
    expect(reused.status).toBe(422);
  });

  it('keeps a task PENDING while a peer is down (transient), with GET answering 404 status PENDING, then completes it', async () => {
    await e2e.service('skills').stop();
    try {
      const accepted = await analyze('cvs', [`Pending CV ${randomUUID()} with Python`]);
      expect(accepted.status).toBe(200);
      const [id] = accepted.body.data.ids as string[];
      const pending = await call('GET', `/cvs/${id}`, acme.apiKey);
      expect(pending.status).toBe(404);
      expect(pending.body).toEqual({ message: expect.any(String), status: 'PENDING' });
      expect((await statuses('cvs', [id!])).body.data[0].status).toBe('PENDING');
      await e2e.service('skills').start();
      expect((await settle('cvs', [id!], acme.apiKey, 90_000))[0]!.status).toBe('COMPLETED');
    } finally {
      if (!e2e.service('skills').running) await e2e.service('skills').start();
    }
  }, 120_000);

  it('reports NOT_FOUND for unknown and foreign ids in batch status, and 404 {error} on GET', async () => {
    const mine = (await analyze('cvs', [`Status CV ${randomUUID()}`])).body.data.ids[0] as string;
    const foreign = (await analyze('cvs', [`Foreign CV ${randomUUID()}`], other.apiKey)).body.data.ids[0] as string;
    const unknown = randomUUID();
    const { status, body } = await statuses('cvs', [mine, foreign, unknown]);
    expect(status).toBe(200);
    expect(body.length).toBe(3);
    expect(body.data.map((item: Body) => item.id)).toEqual([mine, foreign, unknown]);
    expect(body.data[1]).toEqual({ id: foreign, status: 'NOT_FOUND', original_id: null, failure_reason: null });
    expect(body.data[2]).toEqual({ id: unknown, status: 'NOT_FOUND', original_id: null, failure_reason: null });
    // A job id is not a CV.
    expect((await statuses('jobs', [mine])).body.data[0].status).toBe('NOT_FOUND');
    await settle('cvs', [foreign], other.apiKey);
    const foreignGet = await call('GET', `/cvs/${foreign}`, acme.apiKey);
    const unknownGet = await call('GET', `/cvs/${unknown}`, acme.apiKey);
    expect(foreignGet.status).toBe(404);
    expect(Object.keys(foreignGet.body)).toEqual(['error']);
    expect(foreignGet.body.error.replace(foreign, 'ID')).toBe(unknownGet.body.error.replace(unknown, 'ID'));
    for (const method of ['PUT', 'DELETE']) {
      const response = await call(
        method,
        `/cvs/${foreign}`,
        acme.apiKey,
        method === 'PUT' ? { content_language: 'en', hard_skills: [] } : undefined,
      );
      expect(response.status).toBe(404);
    }
    expect((await call('GET', `/cvs/${foreign}`, other.apiKey)).status).toBe(200);
    expect((await statuses('cvs', [])).status).toBe(400);
  });

  it('lists completed records newest first with pagination, per workspace', async () => {
    const ws = await e2e.createWorkspace('lister');
    await e2e.billing.grantTokens({
      workspaceId: ws.workspaceId,
      amount: 50,
      expiresInSeconds: 0,
      idempotencyKey: randomUUID(),
    });
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1)
      ids.push((await analyze('cvs', [`List CV number ${index} — Python, SQL`], ws.apiKey)).body.data.ids[0]);
    await settle('cvs', ids, ws.apiKey);
    const page = await call('GET', '/cvs?limit=2&offset=0', ws.apiKey);
    expect(page.status).toBe(200);
    expect(page.body.length).toBe(2);
    expect(page.body.data.map((cv: Body) => cv.id)).toEqual([ids[2], ids[1]]);
    expect(page.body.pagination).toEqual({ total: 3, offset: 0, limit: 2, has_more: true });
    const last = await call('GET', '/cvs?limit=2&offset=2', ws.apiKey);
    expect(last.body.data.map((cv: Body) => cv.id)).toEqual([ids[0]]);
    expect(last.body.pagination.has_more).toBe(false);
    expect((await call('GET', '/jobs', ws.apiKey)).body.pagination.total).toBe(0);
  });

  it('updates a CV (200), refuses unknown skills (400 invalid_skills) and schema mismatches (422), then deletes it', async () => {
    const [id] = (await analyze('cvs', [`${CV_TEXT}\n${randomUUID()}`])).body.data.ids as string[];
    await settle('cvs', [id!]);
    const search = await e2e.request('/skills/search?q=python&limit=1');
    const python = ((await search.json()) as Body).results[0];

    const ok = await call('PUT', `/cvs/${id}`, acme.apiKey, {
      content_language: 'en',
      information: { first_name: 'Janet' },
      hard_skills: [{ id: python.id, relationship: 'satisfies', explanation: 'Corrected by a recruiter.' }],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.information.first_name).toBe('Janet');
    expect(ok.body.data.information.last_name).toBe('Doe');
    expect(ok.body.data.hard_skills).toEqual([
      {
        id: python.id,
        skill: python.skill,
        type: 'hard-skill',
        relationship: 'satisfies',
        explanation: 'Corrected by a recruiter.',
      },
    ]);
    const read = (await call('GET', `/cvs/${id}`, acme.apiKey)).body.data;
    expect(read.information.first_name).toBe('Janet');
    expect(Date.parse(read.updated_at)).toBeGreaterThan(Date.parse(read.created_at));

    const unknownSkill = randomUUID();
    const invalid = await call(
      'PUT',
      `/cvs/${id}`,
      acme.apiKey,
      { hard_skills: [{ id: unknownSkill, relationship: 'satisfies' }] },
      { 'accept-language': 'en' },
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body.detail.message).toEqual(expect.any(String));
    expect(invalid.body.detail.invalid_skills).toEqual([
      { id: unknownSkill, field: 'hard_skills[0]', message: expect.any(String) },
    ]);

    const noLanguage = await call('PUT', `/cvs/${id}`, acme.apiKey, { information: { first_name: 'X' } });
    expect(noLanguage.status).toBe(400);
    expect(noLanguage.body.detail.message).toMatch(/language/i);

    const mismatch = await call('PUT', `/cvs/${id}`, acme.apiKey, {
      content_language: 'en',
      experience: 'not a list',
      salary: 1,
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.detail).toEqual({
      message: expect.any(String),
      schema: 'CvUpdate',
      errors: expect.any(Array),
    });
    expect(mismatch.body.detail.errors.length).toBeGreaterThanOrEqual(2);
    for (const error of mismatch.body.detail.errors)
      expect(error).toEqual({ type: expect.any(String), loc: expect.any(Array), msg: expect.any(String) });

    const deleted = await call('DELETE', `/cvs/${id}`, acme.apiKey);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({});
    expect(deleted.body.message).toContain(id);
    expect(deleted.body.message).toContain('Janet Doe');
    expect((await call('GET', `/cvs/${id}`, acme.apiKey)).status).toBe(404);
    expect((await statuses('cvs', [id!])).body.data[0].status).toBe('NOT_FOUND');
    expect((await call('DELETE', `/cvs/${id}`, acme.apiKey)).status).toBe(404);
  });

  it('answers with final statuses when block is set, and streams status changes as Server-Sent Events', async () => {
    const blocked = await analyze('jobs', [`Blocking job ${randomUUID()}\nRequirements\n- Python`], acme.apiKey, {
      block: true,
    });
    expect(blocked.status).toBe(200);
    expect(blocked.body.data.status).toBe('COMPLETED');
    expect(blocked.body.data.statuses).toEqual([
      { id: blocked.body.data.ids[0], status: 'COMPLETED', original_id: null, failure_reason: null },
    ]);

    const response = await e2e.request('/cvs/analyze', {
      method: 'POST',
      apiKey: acme.apiKey,
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({
        inputs: [`Streamed CV ${randomUUID()} — Java`, `Streamed CV ${randomUUID()} — Go`],
        stream: true,
      }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events: { event: string; data: Body }[] = [];
    await readServerSentEvents(response.body, (event, data) => events.push({ event, data: data as Body }));
    expect(events[0]!.event).toBe('accepted');
    const ids = events[0]!.data.ids as string[];
    expect(ids).toHaveLength(2);
    const finals = events.filter((e) => e.event === 'status' && e.data.status !== 'PENDING');
    expect(finals.map((e) => e.data.id).sort()).toEqual([...ids].sort());
    expect(finals.every((e) => e.data.status === 'COMPLETED')).toBe(true);
    expect(events.at(-1)!.event).toBe('done');
  });

  it('honours Accept-Language for skill names and keeps type and relationship in English', async () => {
    const [id] = (await analyze('cvs', [`Python and PostgreSQL developer ${randomUUID()}`])).body.data.ids as string[];
    await settle('cvs', [id!]);
    const languages = ((await (await e2e.request('/skills/languages')).json()) as Body).data.map(
      (l: Body) => l.code,
    ) as string[];
    const target = languages.find((code) => code !== 'en');
    if (!target) return;
    const english = (await call('GET', `/cvs/${id}`, acme.apiKey)).body.data;
    const translated = (await call('GET', `/cvs/${id}`, acme.apiKey, undefined, { 'accept-language': target })).body
      .data;
    expect(translated.hard_skills.map((s: Body) => s.id)).toEqual(english.hard_skills.map((s: Body) => s.id));
    expect(translated.hard_skills.map((s: Body) => [s.type, s.relationship])).toEqual(
      english.hard_skills.map((s: Body) => [s.type, s.relationship]),
    );
    const listed = (
      await call('GET', '/cvs?limit=100', acme.apiKey, undefined, { 'accept-language': target })
    ).body.data.find((cv: Body) => cv.id === id);
    expect(listed.hard_skills).toEqual(translated.hard_skills);
  });

  it('loses no accepted unit and charges none twice when documents is SIGKILLed with 50 units in flight', async () => {
    const ws = await e2e.createWorkspace('crash');
    await e2e.billing.grantTokens({
      workspaceId: ws.workspaceId,
      amount: 100,
      expiresInSeconds: 0,
      idempotencyKey: randomUUID(),
    });
    const inputs = Array.from(
      { length: 50 },
      (_, index) => `Crash CV ${index} ${randomUUID()}\nSkills: Python, SQL, Docker, teamwork`,
    );
    const accepted = await analyze('cvs', inputs, ws.apiKey);
    expect(accepted.status).toBe(200);
    const ids = accepted.body.data.ids as string[];
    const inFlight = (await statuses('cvs', ids, ws.apiKey)).body.data.filter(
      (item: Body) => item.status === 'PENDING',
    ).length;
    await e2e.service('documents').stop('SIGKILL');
    // 50 analyses take about a second; the kill lands while most are queued or running.
    expect(inFlight).toBeGreaterThan(0);
    await e2e.service('documents').start();
    const final = await settle('cvs', ids, ws.apiKey, 120_000);
    expect(final.filter((item) => item.status === 'PENDING')).toEqual([]);
    const failed = new Set(final.filter((item) => item.status === 'FAILED').map((item) => item.id));
    const { value: entries } = await eventually(
      () => ledger(ws.apiKey),
      (list) => list.filter((entry) => entry.kind === 'refund').length === failed.size,
      20_000,
    );
    const charges = entries.filter((entry) => entry.kind === 'charge').map((entry) => entry.reference as string);
    expect(new Set(charges).size).toBe(charges.length);
    expect(charges.sort()).toEqual([...ids].sort());
    expect(await balance(ws.apiKey)).toBe(100 - 50 + failed.size);
    const verify = await e2e.billing.verify({ workspaceId: ws.workspaceId });
    expect(verify.breaches).toEqual([]);
  }, 180_000);
});
