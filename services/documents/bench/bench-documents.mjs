#!/usr/bin/env node
// `pnpm bench:documents` (after `pnpm build`; needs ../shared/data): the documents pipeline measured against
// baselines from the same run on the same machine.
//  1. the 310 dotin-train CV texts through POST /cvs/analyze to COMPLETED vs the same analyzer in-process
//     (same skills service, same concurrency): units/s both ways and the ratio (target ≥ 0.8);
//  2. p50/p95 of one CV with `block: true` (target p50 ≤ 250 ms);
//  3. PDF text extraction per page, in-process extractor vs `pdftotext` (poppler-utils) on the same files;
//  4. peak RSS (VmHWM) of the gateway and documents processes around a 50 MB upload (target < 512 MB each).
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createGrpcClient } from '@talent/platform';
import { billing, skills } from '@talent/proto';
import { repoRoot, startBenchStack } from '@talent/testkit';
import { cvPdfs } from './cv-pdfs.mjs';

const run = promisify(execFile);
const data = join(repoRoot, '../shared/data');
if (!existsSync(join(data, 'cvs/dotin-train'))) {
  console.error('bench:documents needs ../shared/data (cvs/dotin-train, cvs/files)');
  process.exit(2);
}
const { createRulesAnalyzer } = await import('@talent/analysis');
const dist = (path) => join(repoRoot, 'services/documents/dist', path);
const { SkillsPeer } = await import(dist('peers/skills-peer.js'));
const { createTextExtractor } = await import(dist('extraction/index.js'));

const texts = readdirSync(join(data, 'cvs/dotin-train'))
  .filter((f) => f.endsWith('.xml'))
  .map((f) => readFileSync(join(data, 'cvs/dotin-train', f), 'utf8').replace(/<\?xml[^>]*>/, '').replace(/<[^>]+>/g, '').trim());
const CONCURRENCY = 4;
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];

async function pool(items, concurrency, work) {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < items.length) await work(items[next++]);
  }));
}

const bench = await startBenchStack('benchdocs', { env: { ANALYSIS_CONCURRENCY: String(CONCURRENCY) } });
const { stack } = bench;
const api = `${stack.gatewayUrl}/api/v1`;
try {
  const admin = createGrpcClient(billing.BillingServiceClient, stack.address('billing'));
  const { apiKey } = await admin.createWorkspace({ name: 'bench', grantTokens: 100_000, grantExpiresInSeconds: 0, idempotencyKey: '' });
  admin.close();
  const post = async (path, body) => {
    const response = await fetch(`${api}${path}`, { method: 'POST', headers: { 'x-api-key': apiKey, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };

  // 1. Three alternating rounds of each, medians reported (the machine's noise is larger than one run shows).
  const skillsClient = createGrpcClient(skills.SkillsServiceClient, stack.address('skills'));
  const analyzer = createRulesAnalyzer(new SkillsPeer(skillsClient));
  await analyzer.analyzeCv(texts[0]);
  const inProcessRound = async () => {
    const started = performance.now();
    await pool(texts, CONCURRENCY, (text) => analyzer.analyzeCv(text));
    return texts.length / ((performance.now() - started) / 1000);
  };
  const cpuSeconds = () =>
    Object.fromEntries(
      Object.entries(stack.services).map(([name, service]) => {
        const fields = readFileSync(`/proc/${service.pid}/stat`, 'utf8').split(') ')[1].split(' ');
        return [name, (Number(fields[11]) + Number(fields[12])) / 100];
      }),
    );
  // Through the API: batches of 10, polled every 250 ms (clients are told 2–3 s) until every id is final.
  const apiRound = async () => {
    const started = performance.now();
    const ids = [];
    for (let i = 0; i < texts.length; i += 10) ids.push(...(await post('/cvs/analyze', { inputs: texts.slice(i, i + 10), cache: false })).data.ids);
    for (;;) {
      const { data: items } = await post('/cvs/status', { ids });
      if (items.every((item) => item.status !== 'PENDING')) {
        const failed = items.filter((item) => item.status !== 'COMPLETED').length;
        if (failed) console.log(`  ${failed} of ${ids.length} did not complete`);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return texts.length / ((performance.now() - started) / 1000);
  };
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const inProcessRuns = [];
  const apiRuns = [];
  const cpuBefore = cpuSeconds();
  for (let round = 0; round < 3; round += 1) {
    inProcessRuns.push(await inProcessRound());
    apiRuns.push(await apiRound());
  }
  const cpuAfter = cpuSeconds();
  skillsClient.close();
  const inProcess = median(inProcessRuns);
  const viaApi = median(apiRuns);
  const runs = (values) => values.map((v) => v.toFixed(0)).join(', ');
  console.log(`bench:documents — ${texts.length} dotin CV texts, analysis concurrency ${CONCURRENCY}, 3 alternating rounds, medians`);
  console.log(`  in-process analyzer      ${inProcess.toFixed(1).padStart(7)} CVs/s   (rounds ${runs(inProcessRuns)})`);
  console.log(`  POST /cvs/analyze → done ${viaApi.toFixed(1).padStart(7)} CVs/s   (rounds ${runs(apiRuns)})   ratio ${(viaApi / inProcess).toFixed(2)} (target ≥ 0.8)`);
  console.log(
    `  CPU seconds per 100 CVs through the API: ${Object.keys(cpuAfter)
      .filter((name) => cpuAfter[name] - cpuBefore[name] > 0.05)
      .map((name) => `${name} ${(((cpuAfter[name] - cpuBefore[name]) / (3 * texts.length)) * 100).toFixed(2)}`)
      .join(', ')} (skills also serves the in-process rounds)`,
  );

  // 2. One CV with block: true.
  const latencies = [];
  for (const text of texts.slice(0, 40)) {
    const t0 = performance.now();
    const body = await post('/cvs/analyze', { inputs: [text], cache: false, block: true });
    if (body.data.status !== 'COMPLETED') throw new Error(`block returned ${body.data.status}`);
    latencies.push(performance.now() - t0);
  }
  console.log(`  one CV with block: true  p50 ${percentile(latencies, 50).toFixed(0)} ms   p95 ${percentile(latencies, 95).toFixed(0)} ms (target p50 ≤ 250 ms)`);

  // 3. PDF extraction per page vs pdftotext.
  const pdfs = cvPdfs(data);
  const extractor = createTextExtractor({ concurrency: 1 });
  // The first extraction starts the worker thread and loads pdf.js (a service pays that once per worker, every
  // 100 documents): timed apart, so the per-page figure is the steady state.
  const t00 = performance.now();
  await extractor.extract({ bytes: new Uint8Array(readFileSync(pdfs[0])), type: 'pdf', filename: pdfs[0] }).catch(() => undefined);
  const coldStartMs = performance.now() - t00;
  let ours = 0;
  let pages = 0;
  let poppler = 0;
  let popplerOk = true;
  for (const file of pdfs) {
    const bytes = new Uint8Array(readFileSync(file));
    try {
      const t0 = performance.now();
      const result = await extractor.extract({ bytes, type: 'pdf', filename: file });
      ours += performance.now() - t0;
      pages += result.pages ?? 1;
      const t1 = performance.now();
      await run('pdftotext', ['-layout', file, '-']).catch((error) => {
        if (error.code === 'ENOENT') popplerOk = false;
      });
      poppler += performance.now() - t1;
    } catch {
      // Unreadable files are not part of the speed comparison.
    }
  }
  await extractor.close();
  console.log(`  PDF extraction           ${(ours / pages).toFixed(1)} ms/page in-process (worker thread, warm; its first document took ${coldStartMs.toFixed(0)} ms) over ${pages} pages of ${pdfs.length} files`);
  console.log(popplerOk ? `  pdftotext baseline       ${(poppler / pages).toFixed(1)} ms/page (process spawn included)   ratio ${(ours / poppler).toFixed(2)} (target ≤ 2)` : '  pdftotext baseline       not installed (apt-get install poppler-utils)');

  // 4. Peak RSS around a 50 MB upload: a real PDF padded after %%EOF to just under 50 MB.
  const vmHwm = (pid) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  const base = readFileSync(pdfs[0]);
  const big = Buffer.concat([base, Buffer.alloc(50 * 1024 * 1024 - base.length - 1024, 0x20)]);
  const before = { gateway: vmHwm(stack.services.gateway.pid), documents: vmHwm(stack.services.documents.pid) };
  const form = new FormData();
  form.append('files', new Blob([big]), 'big.pdf');
  form.append('cache', 'false');
  const t0 = performance.now();
  const response = await fetch(`${api}/cvs/analyze/files`, { method: 'POST', headers: { 'x-api-key': apiKey }, body: form });
  const uploaded = await response.json();
  const uploadMs = performance.now() - t0;
  for (;;) {
    const { data: items } = await post('/cvs/status', { ids: uploaded.data.ids });
    if (items.every((item) => item.status !== 'PENDING')) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const after = { gateway: vmHwm(stack.services.gateway.pid), documents: vmHwm(stack.services.documents.pid) };
  console.log(`  50 MB upload             ${response.status} in ${uploadMs.toFixed(0)} ms; peak RSS gateway ${before.gateway.toFixed(0)} → ${after.gateway.toFixed(0)} MB, documents ${before.documents.toFixed(0)} → ${after.documents.toFixed(0)} MB (target < 512 MB each)`);
} finally {
  await bench.stop();
}
