import { cvContent } from '@talent/records';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './harness.js';

const run = promisify(execFile);
const redocly = fileURLToPath(new URL('../../../node_modules/.bin/redocly', import.meta.url));

describe('gateway: the CV and job operations in the OpenAPI document', () => {
  let gateway: TestGateway;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the parsed document is walked freely
  let document: any;
  const dir = mkdtempSync(join(tmpdir(), 'gateway-documents-openapi-'));

  beforeAll(async () => {
    gateway = await startTestGateway({});
    document = (await gateway.get('/api/v1/openapi.json')).body;
  });
  afterAll(async () => {
    await gateway?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const operations = (collection: 'cvs' | 'jobs') => {
    const base = `/${collection}`;
    return {
      analyze: document.paths[`${base}/analyze`].post,
      files: document.paths[`${base}/analyze/files`].post,
      status: document.paths[`${base}/status`].post,
      list: document.paths[base].get,
      get: document.paths[`${base}/{id}`].get,
      put: document.paths[`${base}/{id}`].put,
      delete: document.paths[`${base}/{id}`].delete,
    };
  };

  it('has the 14 operations, tagged CVs and Jobs, with their operation ids', () => {
    const ids = Object.values(document.paths as Record<string, Record<string, { operationId: string; tags: string[] }>>)
      .flatMap((methods) => Object.values(methods))
      .filter((op) => op.tags.includes('CVs') || op.tags.includes('Jobs'))
      .map((op) => op.operationId)
      .sort();
    expect(ids).toEqual(
      [
        'analyzeCvs',
        'analyzeCvFiles',
        'getCvStatuses',
        'listCvs',
        'getCv',
        'updateCv',
        'deleteCv',
        'analyzeJobs',
        'analyzeJobFiles',
        'getJobStatuses',
        'listJobs',
        'getJob',
        'updateJob',
        'deleteJob',
      ].sort(),
    );
    expect(document.tags.map((tag: { name: string }) => tag.name)).toEqual(expect.arrayContaining(['CVs', 'Jobs']));
  });

  it.each(['cvs', 'jobs'] as const)('documents the request bodies of /%s', (collection) => {
    const ops = operations(collection);
    expect(ops.analyze.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/AnalyzeTextsRequest' });
    expect(ops.files.requestBody.content['multipart/form-data'].schema).toEqual({ $ref: '#/components/schemas/AnalyzeFilesRequest' });
    expect(ops.status.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/StatusRequest' });
    expect(ops.put.requestBody.content['application/json'].schema).toEqual({
      $ref: `#/components/schemas/${collection === 'cvs' ? 'CvUpdate' : 'JobUpdate'}`,
    });
    for (const op of [ops.list, ops.get, ops.delete]) expect(op.requestBody).toBeUndefined();
  });

  it.each(['cvs', 'jobs'] as const)('documents the responses and parameters of /%s', (collection) => {
    const ops = operations(collection);
    const Record = collection === 'cvs' ? 'Cv' : 'Job';
    for (const op of [ops.analyze, ops.files]) {
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '402', '422', '429', '500', '503']));
      expect(Object.keys(op.responses[200].content)).toEqual(['application/json', 'text/event-stream']);
      expect(op.parameters.map((p: { name: string }) => p.name)).toContain('idempotency-key');
    }
    expect(ops.analyze.responses[413]).toBeDefined();
    expect(ops.status.responses[200].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/StatusResponse' });
    expect(ops.list.responses[200].content['application/json'].schema).toEqual({ $ref: `#/components/schemas/${Record}ListResponse` });
    expect(ops.list.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['limit', 'offset', 'accept-language']));
    expect(JSON.stringify(ops.get.responses[404])).toContain('#/components/schemas/TaskPending');
    expect(JSON.stringify(ops.put.responses[400])).toContain('#/components/schemas/UpdateInvalid');
    expect(ops.put.responses[422].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/UpdateSchemaMismatch' });
    for (const op of [ops.get, ops.put, ops.delete]) {
      expect(op.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path', required: true })]));
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '401', '404']));
    }
  });

  it('registers the records from @talent/records with id and timestamps', () => {
    const { CvRecord, JobRecord } = document.components.schemas;
    expect(Object.keys(CvRecord.properties).sort()).toEqual([...Object.keys(cvContent.shape), 'id', 'created_at', 'updated_at'].sort());
    expect(CvRecord.required).toEqual(expect.arrayContaining(['id', 'created_at', 'updated_at', 'information', 'hard_skills']));
    expect(JobRecord.properties.experience_preference.properties.duration).toBeDefined();
    expect(document.components.schemas.UpdateSchemaMismatch.properties.detail.properties.errors.items.properties.loc).toBeDefined();
    expect(document.components.schemas.CvUpdate.additionalProperties).toBe(false);
  });

  it('writes the decisions the spec leaves open into the document', () => {
    const description = document.info.description as string;
    for (const decision of [/100 texts/, /100,000 characters/, /32 MB/, /50 MB/, /60 MB in all/, /1,000 ids/, /original_id/, /refunded automatically/, /COMPLETED records only/, /`stream` wins/]) {
      expect(description).toMatch(decision);
    }
    const { analyze, files } = operations('cvs');
    expect(analyze.description).toMatch(/ANALYZE_BLOCK_TIMEOUT_MS/);
    expect(analyze.responses[200].content['text/event-stream'].schema.description).toMatch(/`accepted`.*`status`.*`done`/s);
    expect(files.description).toMatch(/without storing the rest/);
  });

  it('passes redocly lint with no errors', async () => {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const result = await run(redocly, ['lint', file, '--format=json'], { maxBuffer: 16 * 1024 * 1024 }).then(
      (ok) => ({ stdout: ok.stdout }),
      (error: { stdout: string }) => ({ stdout: error.stdout }),
    );
    const problems = (JSON.parse(result.stdout) as { problems: { severity: string; message: string; location: unknown }[] }).problems;
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
  }, 60_000);
});
