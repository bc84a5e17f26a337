// The CV PDFs of ../shared/data/cvs/files that bench:documents and eval/compare-pdftotext.mjs time and compare:
// every PDF but the edge cases (locked, empty, broken files), which are not CVs.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export function cvPdfs(data) {
  const pdfs = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== 'ewa-edge-case-pdfs') walk(full);
      else if (entry.name.toLowerCase().endsWith('.pdf')) pdfs.push(full);
    }
  };
  walk(join(data, 'cvs/files'));
  return pdfs;
}
