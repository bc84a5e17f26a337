/**
 * `pnpm train:analysis`: trains the headline model (data/headline-model.json) on generated ads only, with fixed
 * seeds, and prints held-out accuracy per layout and language, the perceptron it was compared with, and a
 * reliability table. Run from the repository root after `pnpm build`; ESCO from ../shared/data or the data folder given as argument.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { HEADLINE_FIELDS, headlineCandidates, score, type HeadlineField, type HeadlineModel } from '../headline.js';
import { foldWords } from '../text.js';
import { generateHeadlines, HELD_OUT_LAYOUTS, LAYOUTS, type HeadlineExample } from './headline-generator.js';
import { seeded } from './random.js';
import { trainLogistic, trainPerceptron, type Sample } from './logistic.js';

export const HEADLINE_MODEL_VERSION = 'headline-lr-1';

/** ESCO occupation labels usable as job titles: preferred labels of at most five words without punctuation. */
export function escoTitles(csvPath: string): string[] {
  const rows = parse(readFileSync(csvPath, 'utf8'), { columns: true, skip_empty_lines: true }) as Array<
    Record<string, string>
  >;
  return rows
    .map((r) => (r['preferredLabel'] ?? '').trim())
    .filter((l) => l && !/[,;()/:]/.test(l) && l.split(/\s+/).length <= 5)
    .sort();
}

const same = (a: string, b: string) => foldWords(a) === foldWords(b);

function samples(examples: readonly HeadlineExample[], field: HeadlineField): Sample[] {
  const out: Sample[] = [];
  for (const ex of examples) {
    const candidates = headlineCandidates(ex.text);
    if (!candidates.some((c) => same(c.value, ex[field]))) continue;
    for (const c of candidates) out.push({ features: c.features, label: same(c.value, ex[field]) ? 1 : 0 });
  }
  return out;
}

interface Outcome {
  field: HeadlineField;
  layout: string;
  language: string;
  right: boolean;
  confidence: number;
}

function evaluate(
  examples: readonly HeadlineExample[],
  weights: HeadlineModel['weights'],
  scoreOf: (w: Record<string, number>, f: readonly string[]) => number,
): Outcome[] {
  const out: Outcome[] = [];
  for (const ex of examples) {
    const candidates = headlineCandidates(ex.text);
    for (const field of HEADLINE_FIELDS) {
      let best: { value: string; p: number } | undefined;
      for (const c of candidates) {
        const p = scoreOf(weights[field], c.features);
        if (!best || p > best.p) best = { value: c.value, p };
      }
      out.push({
        field,
        layout: ex.layout,
        language: ex.language,
        right: !!best && same(best.value, ex[field]),
        confidence: best?.p ?? 0,
      });
    }
  }
  return out;
}

const rate = (xs: readonly Outcome[]) => (xs.length ? xs.filter((x) => x.right).length / xs.length : NaN);
const f3 = (x: number) => x.toFixed(3);

function table(outcomes: readonly Outcome[], by: 'layout' | 'language'): void {
  const keys = [...new Set(outcomes.map((o) => o[by]))].sort();
  console.log(`${by.padEnd(42)} ${HEADLINE_FIELDS.map((f) => f.padStart(7)).join(' ')}   (target >= 0.95)`);
  for (const k of keys) {
    const rows = outcomes.filter((o) => o[by] === k);
    const mark = by === 'layout' && HELD_OUT_LAYOUTS.has(k) ? ' (held-out layout)' : '';
    console.log(
      `${(k + mark).padEnd(42)} ${HEADLINE_FIELDS.map((f) => f3(rate(rows.filter((r) => r.field === f))).padStart(7)).join(' ')}`,
    );
  }
}

export function reliability(outcomes: readonly Outcome[]): void {
  const bins = [0, 0.5, 0.7, 0.8, 0.9, 1.0001];
  console.log('confidence      n   accuracy');
  for (let i = 0; i < bins.length - 1; i++) {
    const rows = outcomes.filter((o) => o.confidence >= bins[i]! && o.confidence < bins[i + 1]!);
    console.log(
      `[${bins[i]!.toFixed(1)}, ${Math.min(1, bins[i + 1]!).toFixed(1)}${i === bins.length - 2 ? ']' : ')'} ${String(rows.length).padStart(6)}   ${f3(rate(rows))}`,
    );
  }
}

/** The generated training set and the held-out set (another seed, unseen titles, all layouts). */
function headlineSets(shared: string): { train: HeadlineExample[]; heldOut: HeadlineExample[] } {
  const titles = escoTitles(join(shared, 'esco/v1.1.1-en/classification/occupations_en.csv'));
  // Titles held out by a hash of the label: no held-out example shares its title with a trained one.
  const heldTitle = (t: string) => createHash('sha1').update(t).digest()[0]! < 52;
  const trainLayouts = Object.keys(LAYOUTS).filter((l) => !HELD_OUT_LAYOUTS.has(l));
  const train = generateHeadlines(
    seeded(26),
    titles.filter((t) => !heldTitle(t)),
    trainLayouts,
    6000,
  );
  const heldOut = generateHeadlines(seeded(2026), titles.filter(heldTitle), Object.keys(LAYOUTS), 3000);
  return { train, heldOut };
}

/** `pnpm eval:extraction`'s headline part: the committed model on the held-out ads, per layout and language. */
export function printHeadlineHeldOut(sharedData: string, model: HeadlineModel): void {
  const out = evaluate(headlineSets(sharedData).heldOut, model.weights, score);
  console.log(
    `Job headlines: model ${model.version} on 3,000 generated held-out ads (unseen titles; 3 unseen layouts)`,
  );
  table(out, 'layout');
  table(out, 'language');
  console.log('reliability (held out, all fields):');
  reliability(out);
}

function main(sharedData?: string): void {
  const repoRoot = process.cwd();
  const { train, heldOut } = headlineSets(sharedData ?? join(repoRoot, '../shared/data'));

  const lr = {} as HeadlineModel['weights'];
  const perceptron = {} as HeadlineModel['weights'];
  for (const field of HEADLINE_FIELDS) {
    const s = samples(train, field);
    lr[field] = Object.fromEntries(
      Object.entries(trainLogistic(s, seeded(7)))
        .filter(([, w]) => Math.abs(w) >= 1e-4)
        .map(([f, w]) => [f, Math.round(w * 1e4) / 1e4] as const)
        .sort(([a], [b]) => (a < b ? -1 : 1)),
    );
    perceptron[field] = trainPerceptron(s, seeded(7));
  }
  const lrOut = evaluate(heldOut, lr, (w, f) => {
    let z = w['bias'] ?? 0;
    for (const x of f) z += w[x] ?? 0;
    return 1 / (1 + Math.exp(-z));
  });
  const pOut = evaluate(heldOut, perceptron, (w, f) => f.reduce((z, x) => z + (w[x] ?? 0), w['bias'] ?? 0));
  console.log(
    `headline model ${HEADLINE_MODEL_VERSION}: ${train.length} generated ads (train, seed 26), ${heldOut.length} held out (seed 2026, ESCO titles and 3 layouts never trained on)`,
  );
  for (const field of HEADLINE_FIELDS)
    console.log(
      `  held-out ${field.padEnd(8)} logistic ${f3(rate(lrOut.filter((o) => o.field === field)))}   averaged perceptron ${f3(rate(pOut.filter((o) => o.field === field)))}`,
    );
  table(lrOut, 'layout');
  table(lrOut, 'language');
  console.log('reliability (logistic, held out, all fields):');
  reliability(lrOut);
  const model: HeadlineModel = { version: HEADLINE_MODEL_VERSION, weights: lr };
  const json = `${JSON.stringify(model, null, 1)}\n`;
  const out = join(repoRoot, 'packages/analysis/data/headline-model.json');
  writeFileSync(out, json);
  console.log(`wrote ${out} (${json.length} bytes, sha256 ${createHash('sha256').update(json).digest('hex')})`);
}

if (import.meta.url === `file://${process.argv[1]}`) main(process.argv[2]);
