import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The hand-written job-ad evaluation set (eval/job-ads): every ad has exactly one label line, so adding or
// removing an ad without its label cannot silently shift every label after it.
const setDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'eval', 'job-ads');
const languages = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt'];

describe('job-ad evaluation set', () => {
  for (const language of languages) {
    it(`${language}: 15 ads of 4–15 lines, one label line of three fields per ad`, () => {
      const ads = readFileSync(join(setDir, `${language}.txt`), 'utf8').replace(/\n+$/, '').split(/\n====\n/);
      const labels = readFileSync(join(setDir, `${language}.labels.tsv`), 'utf8').replace(/\n+$/, '').split('\n');
      expect(ads).toHaveLength(15);
      expect(labels).toHaveLength(ads.length);
      for (const ad of ads) expect(ad.split('\n').length).toBeGreaterThanOrEqual(4);
      for (const ad of ads) expect(ad.split('\n').length).toBeLessThanOrEqual(15);
      for (const label of labels) expect(label.split('\t')).toHaveLength(3);
      for (const label of labels) expect(label.split('\t')[0]).not.toBe('');
    });
  }
});
