import { execFile, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTalentClient, verifyWebhookSignature } from '../../packages/client/src/index.js';
import { buildPdf } from '../../services/documents/test/fixtures/extraction/builders.js';
import { CV_TEXT, JOB_TEXT } from './documents-data.js';
import { E2eStack, eventually, type JsonBody } from './harness.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const TALENT = join(root, 'packages/cli/bin/talent.js');
const TSX = join(root, 'node_modules/.bin/tsx');

const PYTHON_CV = `Alex Rivera
alex.rivera@example.org

EXPERIENCE
Platform Engineer
Northwind Data AG
03/2016 - 10/2024
- Python and PostgreSQL services on Kubernetes, built and shipped with Docker

SKILLS
Python, PostgreSQL, Docker, Kubernetes
`;

/** Nothing a backend job asks for. */
const GARDENER_CV = `Sam Okafor
sam.okafor@example.org

EXPERIENCE
Landscape Gardener
Green Corners Ltd
2012 - 2024
- Planted and kept public parks, pruning and lawn care

SKILLS
Horticulture, pruning, lawn care
`;

/** A few clearly fake profiles for the directory provider. */
const PROFILES = Array.from({ length: 8 }, (_, i) => ({
  id: `dir-${i}`,
  full_name: `Test Person ${i}`,
  headline: 'Backend Engineer',
  location: 'Berlin, Germany',
  seniority: 'mid',
  summary: 'Builds backend services with Go and PostgreSQL.',
  experience: [{ title: 'Backend Engineer', company: `Fictional Systems ${i}`, start_date: '2019-03', end_date: null, is_current: true, location: null, summary: 'Go services.' }],
  education: [],
  skills: ['Go', 'PostgreSQL'],
  languages: ['English'],
  links: [],
  emails: [],
  phones: [],
  source: 'directory',
  updated_at: new Date().toISOString(),
}));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(file: string, args: string[], env: Record<string, string>, cwd: string): Promise<Run> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd, env: { PATH: process.env.PATH, HOME: cwd, ...env }, timeout: 120_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

describe('client examples and the talent CLI against the real stack (real processes, REST)', () => {
  const e2e = new E2eStack();
  const dir = mkdtempSync(join(tmpdir(), 'client-cli-e2e-'));
  const cvs = join(dir, 'cvs');
  let workspace: { apiKey: string };
  let env: Record<string, string>;
  const talent = (...args: string[]) => run(process.execPath, [TALENT, ...args], env, dir);
  const example = (name: string, ...args: string[]) => run(TSX, [join(root, 'packages/client/examples', name), ...args], env, dir);

  beforeAll(async () => {
    const directory = join(dir, 'profiles.jsonl');
    writeFileSync(directory, PROFILES.map((p) => JSON.stringify(p)).join('\n') + '\n');
    // Webhooks in development mode: the test's receiver is plain http on loopback.
    await e2e.start({ sourcing: { SOURCING_PROVIDER: 'directory', SOURCING_DIRECTORY_PATH: directory }, webhooks: { WEBHOOKS_DEVELOPMENT: 'true', WEBHOOKS_POLL_MS: '100' } });
    workspace = await e2e.createWorkspace('client-cli', 1000);
    env = { TALENT_URL: e2e.stack.gatewayUrl, TALENT_API_KEY: workspace.apiKey };
    mkdirSync(join(cvs, 'more'), { recursive: true });
    writeFileSync(join(cvs, 'jane.txt'), CV_TEXT);
    writeFileSync(join(cvs, 'alex.md'), PYTHON_CV);
    writeFileSync(join(cvs, 'more', 'sam.txt'), GARDENER_CV);
    writeFileSync(
      join(cvs, 'lee.pdf'),
      buildPdf({ blocks: [['Lee Park', 'lee.park@example.org'], ['EXPERIENCE', 'Backend Engineer', 'Acme Corp', '2018 - 2024', '- Go and PostgreSQL services'], ['SKILLS', 'Go, PostgreSQL, Docker']] }),
    );
    writeFileSync(join(cvs, 'broken.pdf'), 'this is not a PDF at all');
    writeFileSync(join(cvs, 'notes.png'), 'ignored');
    writeFileSync(join(dir, 'job.txt'), JOB_TEXT);
  });
  afterAll(async () => {
    await e2e.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const balance = async () => (await e2e.json('GET', '/credits/balance', workspace.apiKey)).body.data as JsonBody;

  it('talent analyze writes one record per CV, lists the failure with its reason, exits 1; a rerun skips what is done and charges nothing', async () => {
    const first = await talent('analyze', 'cvs', '--out', 'results.jsonl');
    expect(first.code, first.stderr).toBe(1);
    const lines = readFileSync(join(dir, 'results.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as JsonBody);
    expect(lines.map((l) => l.file).sort()).toEqual(['cvs/alex.md', 'cvs/jane.txt', 'cvs/lee.pdf', 'cvs/more/sam.txt']);
    expect(lines.find((l) => l.file === 'cvs/more/sam.txt')?.record.information.first_name).toBe('Sam');
    expect(lines.every((l) => /^[0-9a-f-]{36}$/.test(l.id) && l.record.id === l.id)).toBe(true);
    expect(first.stderr).toMatch(/4 analyzed, 1 failed/);
    expect(first.stderr).toMatch(/FAILED cvs\/broken\.pdf: \S+/);
    expect(first.stderr).toContain('skipping 1 file(s) of other types');
    // Not a terminal here: plain progress lines, the last with the totals.
    expect(first.stderr).toMatch(/^CVs: 5\/5 done, 1 failed, \d+\.\d\/s$/m);
    expect(existsSync(join(dir, 'results.jsonl.state.jsonl'))).toBe(true);

    const before = await balance();
    const second = await talent('analyze', 'cvs', '--out', 'results.jsonl');
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/0 analyzed, 4 skipped \(already analyzed\), 1 failed/);
    expect(readFileSync(join(dir, 'results.jsonl'), 'utf8').trim().split('\n')).toHaveLength(4);
    expect((await balance()).balance).toBe(before.balance);
  });

  it('talent analyze killed mid-run resumes: the rerun skips what was recorded and writes each CV once', async () => {
    const many = join(dir, 'many');
    mkdirSync(many);
    for (let i = 0; i < 60; i += 1) writeFileSync(join(many, `cv-${String(i).padStart(2, '0')}.txt`), CV_TEXT.replace('Jane', `Jane${i}`));
    const child = spawn(process.execPath, [TALENT, 'analyze', 'many', '--out', 'many.jsonl'], { cwd: dir, env: { PATH: process.env.PATH, ...env }, stdio: 'ignore' });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const state = join(dir, 'many.jsonl.state.jsonl');
    const recorded = () => Promise.resolve(existsSync(state) ? readFileSync(state, 'utf8').split('\n').filter(Boolean).length : 0);
    const { value: before } = await eventually(recorded, (n) => n > 0, 60_000, 20);
    child.kill('SIGKILL');
    await exited;
    expect(before).toBeGreaterThan(0);

    const rerun = await talent('analyze', 'many', '--out', 'many.jsonl');
    expect(rerun.code, rerun.stderr).toBe(0);
    const skipped = Number(/(\d+) skipped/.exec(rerun.stderr)?.[1] ?? 0);
    expect(skipped).toBeGreaterThan(0);
    const lines = readFileSync(join(dir, 'many.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as JsonBody);
    expect(lines).toHaveLength(60);
    expect(new Set(lines.map((l) => l.sha256)).size).toBe(60);
  });

  it('talent analyze --out x.csv writes a header and one row per CV', async () => {
    const result = await talent('analyze', 'cvs/jane.txt', 'cvs/alex.md', '--out', 'results.csv');
    expect(result.code, result.stderr).toBe(0);
    const [header, ...rows] = readFileSync(join(dir, 'results.csv'), 'utf8').trim().split('\n');
    expect(header).toBe('file,sha256,id,first_name,last_name,email,phone,city,country,hard_skills,soft_skills');
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.startsWith('cvs/jane.txt,'))).toContain('Jane');
  });

  it('talent jobs analyze, talent match --job <file> and <id> in table, csv and json', async () => {
    const jobs = await talent('jobs', 'analyze', 'job.txt', '--out', 'jobs.jsonl');
    expect(jobs.code, jobs.stderr).toBe(0);
    const jobId = (JSON.parse(readFileSync(join(dir, 'jobs.jsonl'), 'utf8').trim()) as JsonBody).id as string;

    const csv = await talent('match', '--job', 'job.txt', 'cvs/jane.txt', 'cvs/alex.md', 'cvs/more', '--top', '2', '--format', 'csv');
    expect(csv.code, csv.stderr).toBe(0);
    const [header, ...rows] = csv.stdout.trim().split('\n');
    expect(header).toBe('rank,file,cv_id,final_score,hard_skills,soft_skills,experience,education');
    expect(rows).toHaveLength(2);
    // The gardener is not among the best two for a backend job.
    expect(rows.join('\n')).not.toContain('sam.txt');

    const json = await talent('match', '--job', jobId, 'cvs/jane.txt', 'cvs/more', '--format', 'json');
    expect(json.code, json.stderr).toBe(0);
    const body = JSON.parse(json.stdout) as JsonBody;
    expect(body.job_id).toBe(jobId);
    expect(body.candidates.map((c: JsonBody) => c.file)).toEqual(['cvs/jane.txt', 'cvs/more/sam.txt']);

    const table = await talent('match', '--job', jobId, 'cvs/jane.txt', '--format', 'table');
    expect(table.stdout).toMatch(/^rank\s+file\s+cv_id\s+final_score/);
    expect(table.stdout).toContain('cvs/jane.txt');
  });

  it('talent credits shows the balance the API reports', async () => {
    const result = await talent('credits', '--format', 'json');
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as JsonBody).available).toBe((await balance()).available);
  });

  it('exit codes: 2 usage, 3 unknown key, 4 no tokens; --config supplies URL and key', async () => {
    expect((await talent('analyze')).code).toBe(2);
    expect((await talent('match', 'cvs', '--format', 'yaml')).code).toBe(2);
    expect((await talent('analyze', 'nowhere')).code).toBe(2);
    const badKey = await run(process.execPath, [TALENT, 'credits'], { ...env, TALENT_API_KEY: '00000000-0000-4000-8000-000000000000' }, dir);
    expect(badKey.code).toBe(3);
    expect(badKey.stderr).toContain('Invalid API Key');

    const poor = await e2e.createWorkspace('poor', 0);
    writeFileSync(join(dir, 'poor.json'), JSON.stringify({ url: e2e.stack.gatewayUrl, apiKey: poor.apiKey }));
    const noTokens = await run(process.execPath, [TALENT, '--config', 'poor.json', 'analyze', 'cvs/jane.txt', '--out', 'poor.jsonl'], { PATH: process.env.PATH! }, dir);
    expect(noTokens.code, noTokens.stderr).toBe(4);
    expect(noTokens.stderr).toMatch(/Insufficient credits/);
  });

  it('--help on every command', async () => {
    for (const args of [[], ['analyze'], ['jobs'], ['jobs', 'analyze'], ['match'], ['credits']]) {
      const help = await talent(...args, '--help');
      expect(help.code).toBe(0);
      expect(help.stdout).toMatch(/^Usage: talent/);
    }
  });

  it('example analyze-folder: texts through the SSE stream, the PDF as an upload from its path', async () => {
    const folder = join(dir, 'example-cvs');
    mkdirSync(folder);
    writeFileSync(join(folder, 'jane.txt'), CV_TEXT);
    writeFileSync(join(folder, 'lee.pdf'), readFileSync(join(cvs, 'lee.pdf')));
    const result = await example('analyze-folder.ts', folder);
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines.find((l) => l.startsWith('jane.txt'))).toMatch(/^jane\.txt\t[0-9a-f-]{36}\tJane Doe\t/);
    expect(lines.find((l) => l.startsWith('lee.pdf'))).toMatch(/^lee\.pdf\t[0-9a-f-]{36}\tLee Park/);
  });

  it('example match-job: ranks every CV of the workspace (paged) against a new job', async () => {
    const result = await example('match-job.ts', 'job.txt', '3');
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^1\t\d+\.\d\d\t[0-9a-f-]{36}\t/);
  });

  it('example source-and-ingest: a search, a second window of the session, ingested CVs COMPLETED', async () => {
    const result = await example('source-and-ingest.ts', 'backend engineer', '2');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^session [0-9a-f-]{36}: 5 of \d+ candidates/);
    expect(result.stdout).toMatch(/second window: 3 more \(cached: false\)/);
    expect(result.stdout.trim().split('\n').filter((l) => /\tCOMPLETED$/.test(l))).toHaveLength(2);
  });

  it('client helpers of the extensions: a quote equals the fairness report\'s charge; a webhook delivery verifies with the client\'s helper', async () => {
    const client = createTalentClient({ baseUrl: e2e.stack.gatewayUrl, apiKey: workspace.apiKey });
    const received: { body: string; signature: string }[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ body, signature: String(req.headers['talent-signature']) });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
      const hook = await client.createWebhook({ url, events: ['match.completed'] });
      expect((await client.listWebhooks()).map((w) => w.id)).toContain(hook.id);

      const cvs = await client.analyzeTexts('cvs', [PYTHON_CV, GARDENER_CV], { wait: 'block', cache: false });
      const job = await client.analyzeTexts('jobs', [JOB_TEXT], { wait: 'block', cache: false });
      expect([cvs.status, job.status]).toEqual(['COMPLETED', 'COMPLETED']);
      const jobId = job.ids[0]!;
      const request = { jobId, topK: 1, candidates: cvs.ids.map((id, i) => ({ id, group: i === 0 ? 'a' : 'b' })) };
      const quote = await client.quote({ operation: 'matchFairness', body: request });
      expect(quote).toMatchObject({ exact: true, covered: true });
      expect(quote.tokens).toBeGreaterThan(0);

      const before = (await client.balance()).available;
      const report = await client.fairness(request);
      expect(report.candidates).toBe(2);
      expect(report.selected).toBe(1);
      expect(report.groups.map((g) => g.group).sort()).toEqual(['a', 'b']);
      expect(before - (await client.balance()).available).toBe(quote.tokens);

      // The report runs the match, so the endpoint hears of it; the client's helper verifies the signature.
      const { value: delivery } = await eventually(() => Promise.resolve(received[0]), (d) => d !== undefined, 30_000);
      const payload = JSON.parse(delivery!.body) as JsonBody;
      expect(payload.type).toBe('match.completed');
      expect(payload.data.job_id).toBe(jobId);
      await expect(verifyWebhookSignature({ secret: hook.secret, signature: delivery!.signature, body: delivery!.body })).resolves.toHaveProperty('timestamp');
      await expect(verifyWebhookSignature({ secret: 'whsec_wrong', signature: delivery!.signature, body: delivery!.body })).rejects.toThrow();
      const { value: deliveries } = await eventually(() => client.webhookDeliveries(hook.id), (d) => d.some((x) => x.status === 'delivered'), 30_000);
      expect(deliveries[0]!.attempts).toBeGreaterThanOrEqual(1);

      await client.deleteWebhook(hook.id);
      expect((await client.listWebhooks()).map((w) => w.id)).not.toContain(hook.id);
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
