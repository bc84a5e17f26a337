#!/usr/bin/env node
// `node services/documents/eval/compare-pdftotext.mjs` (after `pnpm build`; needs ../shared/data or
// TALENT_SHARED_DATA, and poppler-utils' `pdftotext`): would poppler's `pdftotext` give the records the in-process
// extractor (pdf.js) gives? For every readable PDF of cvs/files it rebuilds our lines from pdftotext's word boxes
// (`-tsv`: each word with its box, fed to the same `rebuildLines` as pdf.js's text runs) and compares the
// normalised text with the in-process extractor's. Identical text means identical records; a file that differs
// may still give the same record, but nothing guarantees it. Also prints both per-page times of the same run.
// Exit code 0 whatever the outcome (an evaluation, not a gate); 2 when data or pdftotext are missing.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '@talent/testkit';
import { cvPdfs } from '../bench/cv-pdfs.mjs';

const run = promisify(execFile);
const data = process.env.TALENT_SHARED_DATA ?? join(repoRoot, '../shared/data');
if (!existsSync(join(data, 'cvs/files'))) {
  console.error('compare-pdftotext needs ../shared/data (cvs/files) or TALENT_SHARED_DATA');
  process.exit(2);
}
try {
  await run('pdftotext', ['-v']);
} catch {
  console.error('compare-pdftotext needs pdftotext (apt-get install poppler-utils)');
  process.exit(2);
}
const dist = (path) => join(repoRoot, 'services/documents/dist', path);
const { rebuildLines } = await import(dist('extraction/pdf.js'));
const { createTextExtractor, normalizeText } = await import(dist('extraction/index.js'));

/** pdftotext -tsv rows (level 5 = a word) as text runs, one list per page; a space run between words of a line. */
function runsFromTsv(tsv) {
  const pages = new Map();
  for (const row of tsv.split('\n').slice(1)) {
    const cells = row.split('\t');
    if (cells.length < 12 || cells[0] !== '5') continue;
    const [page, block, line, left, top, width, height] = [1, 3, 4, 6, 7, 8, 9].map((i) => Number(cells[i]));
    const words = pages.get(page) ?? [];
    words.push({ line: `${block}/${line}`, left, top, width, height, str: cells.slice(11).join('\t') });
    pages.set(page, words);
  }
  return [...pages.values()].map((words) =>
    words.flatMap((word, i) => {
      // pdf.js's transform: font size on the diagonal, baseline at y (upwards); the box's height stands in for both.
      const size = word.height * 0.8;
      const run = {
        str: word.str,
        transform: [size, 0, 0, size, word.left, -(word.top + word.height * 0.8)],
        width: word.width,
        height: size,
        hasEOL: false,
      };
      return i > 0 && words[i - 1].line === word.line ? [{ ...run, str: ' ', width: 0 }, run] : [run];
    }),
  );
}

const pdfs = cvPdfs(data);
const extractor = createTextExtractor({ concurrency: 1 });
await extractor
  .extract({ bytes: new Uint8Array(readFileSync(pdfs[0])), type: 'pdf', filename: pdfs[0] })
  .catch(() => undefined);
let same = 0;
let compared = 0;
let pages = 0;
let oursMs = 0;
let popplerMs = 0;
for (const file of pdfs) {
  let ours;
  let t0 = performance.now();
  try {
    ours = await extractor.extract({ bytes: new Uint8Array(readFileSync(file)), type: 'pdf', filename: file });
  } catch {
    continue; // refused (empty, scanned): not a text to compare
  }
  oursMs += performance.now() - t0;
  pages += ours.pages ?? 1;
  t0 = performance.now();
  const { stdout } = await run('pdftotext', ['-tsv', file, '-'], { maxBuffer: 64 * 1024 * 1024 });
  popplerMs += performance.now() - t0;
  const theirs = normalizeText(runsFromTsv(stdout).map(rebuildLines).join('\n\n'));
  compared++;
  const identical = theirs === ours.text;
  if (identical) same++;
  const at = identical ? -1 : ours.text.split('\n').findIndex((line, i) => line !== theirs.split('\n')[i]);
  console.log(
    `${identical ? 'same     ' : 'DIFFERENT'} ${file.slice(data.length + 1)}${identical ? '' : ` (from line ${at + 1}: ${JSON.stringify(ours.text.split('\n')[at] ?? '')} vs ${JSON.stringify(theirs.split('\n')[at] ?? '')})`}`,
  );
}
await extractor.close();
console.log(`\n${same} of ${compared} readable PDFs give the same text (${pdfs.length} files)`);
console.log(
  `per page: in-process ${(oursMs / pages).toFixed(1)} ms, pdftotext -tsv ${(popplerMs / pages).toFixed(1)} ms (spawn included), ratio ${(oursMs / popplerMs).toFixed(2)}`,
);
