import { createGrpcClient, type AsyncClient } from '@talent/platform';
import { common, documents } from '@talent/proto';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assemblePdf, buildDocx, buildPdf, buildZip, contentTypes } from '../../services/documents/test/fixtures/extraction/builders.js';
import { E2eStack, eventually, type JsonBody } from './harness.js';

/**
 * Hostile files through `POST /cvs/analyze/files`: each is refused with a clear 400, or accepted and ends FAILED
 * with a reason and its charge refunded, or (when the bytes really are a readable document) COMPLETED; and the
 * documents service's memory stays bounded through all of them.
 */

const MB = 1024 * 1024;
const WORD = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

/**
 * A DOCX whose word/document.xml is `megabytes` MiB of real, well-formed WordprocessingML (a paragraph repeated):
 * the kind of bomb a parser cannot tell from a long document by its first bytes. Built without holding the XML:
 * independently compressed, sync-flushed deflate segments concatenate into one valid stream.
 */
function xmlBombDocx(megabytes: number, declaredSize?: number): Buffer {
  const head = Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${WORD}"><w:body>`);
  const paragraph = '<w:p><w:r><w:t>Senior engineer with Kubernetes, Go and PostgreSQL experience.</w:t></w:r></w:p>';
  const chunk = Buffer.from(paragraph.repeat(Math.floor(MB / paragraph.length)));
  const tail = Buffer.from('</w:body></w:document>');
  const flushed = (data: Buffer) => deflateRawSync(data, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const repeated = flushed(chunk);
  let crc = crc32(head);
  for (let i = 0; i < megabytes; i++) crc = crc32(chunk, crc);
  crc = crc32(tail, crc);
  const data = Buffer.concat([flushed(head), ...Array.from({ length: megabytes }, () => repeated), deflateRawSync(tail)]);
  const size = head.length + megabytes * chunk.length + tail.length;
  return buildZip([
    { name: '[Content_Types].xml', data: contentTypes() },
    { name: 'word/document.xml', deflated: { data, size: size >>> 0, crc }, ...(declaredSize === undefined ? {} : { declaredSize }) },
  ]);
}

/**
 * A PDF whose object graph loops: the page tree is its own kid and its own parent, the page's contents and
 * resources refer back to themselves, and a stream's /Length is a reference to the stream itself.
 */
function recursivePdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R /Outlines 6 0 R >>',
    '<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 /Parent 2 0 R >>',
    '<< /Type /Page /Parent 3 0 R /Kids [3 0 R] /MediaBox [0 0 612 792] /Resources 3 0 R /Contents [4 0 R 4 0 R] >>',
    '<< /Length 4 0 R >>\nstream\nBT /F1 12 Tf (loop) Tj ET\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '<< /Type /Outlines /First 6 0 R /Last 6 0 R /Next 6 0 R /Count 1 >>',
  ];
  // The trailer's /Prev points at its own xref table: the cross-reference chain loops too.
  return assemblePdf(objects, ' /Prev {xref}');
}

const CV_LINES = [['Jordan Example', 'jordan.example@example.org'], ['EXPERIENCE', 'Backend Engineer', 'Example Corp', '2019 - 2024', 'Go, PostgreSQL, Kubernetes']];

/** Peak resident memory (VmHWM) of a process, in bytes. */
function peakRss(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmHWM:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) * 1024;
}

type Outcome = { refused: string } | { failed: string } | { completed: true };

describe('hostile files end to end (upload → gateway → documents extraction → billing refund)', () => {
  const e2e = new E2eStack();
  let apiKey: string;
  let workspaceId: string;
  let docs: AsyncClient<documents.DocumentsServiceClient>;
  const outcomes: string[] = [];

  const upload = async (name: string, bytes: Uint8Array) => {
    const form = new FormData();
    form.append('files', new Blob([bytes]), name);
    form.append('cache', 'false');
    const response = await e2e.request('/cvs/analyze/files', { method: 'POST', apiKey, body: form, signal: AbortSignal.timeout(120_000) });
    return { status: response.status, headers: response.headers, body: (await response.json()) as JsonBody };
  };
  const ledgerOf = async (id: string) =>
    ((await e2e.json('GET', '/credits/history?limit=100&action=cv_processing', apiKey)).body.data as JsonBody[]).filter((entry) => entry.reference === id);

  /** Uploads one file and follows it to its end: refused, FAILED (with reason and refund checked) or COMPLETED. */
  async function analyzeHostile(name: string, bytes: Uint8Array): Promise<Outcome> {
    const balanceBefore = (await e2e.json('GET', '/credits/balance', apiKey)).body.data.balance as number;
    const accepted = await upload(name, bytes);
    if (accepted.status !== 200) {
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(400);
      expect(accepted.body).toEqual({ error: expect.any(String) });
      expect((await e2e.json('GET', '/credits/balance', apiKey)).body.data.balance).toBe(balanceBefore);
      outcomes.push(`${name.padEnd(28)} ${String(bytes.length).padStart(10)} B → 400 ${accepted.body.error}`);
      return { refused: accepted.body.error as string };
    }
    const id = accepted.body.data.ids[0] as string;
    const { value } = await eventually(
      () => docs.getStatuses({ workspaceId, kind: common.DocumentKind.DOCUMENT_KIND_CV, ids: [id] }),
      (answer) => answer.items[0]!.status !== documents.TaskStatus.TASK_STATUS_PENDING,
      120_000,
      250,
    );
    const item = value.items[0]!;
    // The REST status agrees with the service's.
    const rest = await e2e.json('POST', '/cvs/status', apiKey, { ids: [id] });
    if (item.status === documents.TaskStatus.TASK_STATUS_COMPLETED) {
      expect(rest.body.data[0].status).toBe('COMPLETED');
      expect((await ledgerOf(id)).map((entry) => entry.kind)).toEqual(['charge']);
      outcomes.push(`${name.padEnd(28)} ${String(bytes.length).padStart(10)} B → COMPLETED (charged once)`);
      return { completed: true };
    }
    expect(item.status, `task ${id} of ${name}`).toBe(documents.TaskStatus.TASK_STATUS_FAILED);
    expect(rest.body.data[0].status).toBe('FAILED');
    expect(item.reason).toMatch(/\w/);
    // REST says why, in the same words.
    expect(rest.body.data[0].failure_reason).toBe(item.reason);
    // Charged at acceptance, refunded when it failed: the balance is back where it was.
    const { value: entries } = await eventually(() => ledgerOf(id), (list) => list.some((entry) => entry.kind === 'refund'), 30_000);
    expect(entries.map((entry) => entry.kind).sort()).toEqual(['charge', 'refund']);
    expect((await e2e.json('GET', '/credits/balance', apiKey)).body.data.balance).toBe(balanceBefore);
    outcomes.push(`${name.padEnd(28)} ${String(bytes.length).padStart(10)} B → FAILED, refunded: ${item.reason}`);
    return { failed: item.reason };
  }

  beforeAll(async () => {
    // A looping parser is stopped by the extraction timeout; 10 s instead of 30 s keeps the test short.
    await e2e.start({ documents: { EXTRACTION_TIMEOUT_MS: '10000' } });
    ({ apiKey, workspaceId } = await e2e.createWorkspace('hostile files'));
    await e2e.billing.grantTokens({ workspaceId, amount: 1_000, expiresInSeconds: 0, idempotencyKey: randomUUID() });
    docs = createGrpcClient(documents.DocumentsServiceClient, e2e.stack.address('documents'));
  }, 240_000);
  afterAll(async () => {
    console.log(`hostile files:\n${outcomes.join('\n')}`);
    docs?.close();
    await e2e.stop();
  }, 60_000);
  afterEach((context) => {
    if (context.task.result?.state === 'fail') console.log(e2e.logs.slice(-80).join('\n'));
  });

  it('refuses a zip-bomb DOCX (1 MB expanding to 500 MB of XML) as a zip bomb, whether its directory tells the truth or lies', async () => {
    const honest = xmlBombDocx(500);
    expect(honest.length).toBeLessThan(2 * MB);
    expect(await analyzeHostile('bomb.docx', honest)).toEqual({ failed: expect.stringMatching(/zip bomb/) });
    const lying = xmlBombDocx(300, 10_000);
    expect(await analyzeHostile('bomb-lying.docx', lying)).toEqual({ failed: expect.stringMatching(/zip bomb/) });
  });

  it('ends a PDF whose object graph refers to itself FAILED, without hanging the worker', async () => {
    expect(await analyzeHostile('recursive.pdf', recursivePdf())).toEqual({ failed: expect.any(String) });
    // The extractor still works afterwards.
    expect(await analyzeHostile('after-recursive.pdf', buildPdf({ blocks: CV_LINES }))).toEqual({ completed: true });
  });

  it('refuses a 60 MB upload with a clear 400 a client sending the whole body reads, charging nothing', async () => {
    const huge = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(60 * MB, 0x20)]);
    expect(await analyzeHostile('huge.pdf', huge)).toEqual({ refused: expect.stringMatching(/too large|larger than 50 MB/) });
  });

  it('refuses an empty file with 400', async () => {
    expect(await analyzeHostile('empty.pdf', new Uint8Array())).toEqual({ refused: expect.stringMatching(/file format|empty/i) });
  });

  it('decides the format from the bytes: a PDF renamed .docx is analyzed as the PDF it is', async () => {
    expect(await analyzeHostile('renamed-pdf.docx', buildPdf({ blocks: CV_LINES }))).toEqual({ completed: true });
  });

  it('ends a truncated PDF and a truncated DOCX FAILED with a reason and a refund', async () => {
    const pdf = buildPdf({ blocks: CV_LINES });
    const docx = buildDocx(CV_LINES.flat());
    // Cut inside the first object: the header is there (accepted by its magic bytes), the document is not.
    expect(await analyzeHostile('truncated.pdf', pdf.subarray(0, 40))).toEqual({ failed: expect.any(String) });
    // Cut before the central directory: a zip header and nothing a reader can use.
    expect(await analyzeHostile('truncated.docx', docx.subarray(0, Math.floor(docx.length / 2)))).toEqual({ failed: expect.any(String) });
  });

  it('keeps the documents service within bounded memory through all of the above', () => {
    const pid = e2e.service('documents').pid!;
    const peak = peakRss(pid);
    console.log(`documents service peak RSS (VmHWM): ${Math.round(peak / MB)} MB`);
    // The bound: Node and the service (~150 MB) + two extraction workers whose V8 heaps are capped at 256 MB each
    // (EXTRACTION_MAX_MEMORY_MB) + the uploads in flight (≤ 60 MB a request, a few copies through gRPC and the
    // database). A bomb inflated into memory, or a parser looping while allocating, would cross it by far.
    expect(peak).toBeLessThan(1_024 * MB);
    expect(e2e.service('documents').running).toBe(true);
  });
});
