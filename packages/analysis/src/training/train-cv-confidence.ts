/**
 * `pnpm train:analysis` (second step): trains the CV confidence model (data/cv-confidence-model.json), one logistic
 * regression per field family over the features of cv-confidence.ts, on half A of the labelled dotin CVs (CC0) as
 * they are, with their line breaks lost (the eval's lines-lost variant: pasted text, some exports) and, for the
 * name, with the name taken out (anonymised CVs: whatever name is read is wrong), "right" as
 * `pnpm eval:extraction` scores it (cv-labels.ts). Half B is held out: the reliability tables print both halves,
 * next to the baseline of one constant confidence per family (half A's share right). Fixed seed. Run from the
 * repository root after `pnpm build`; the shared data folder from the argument, else ../shared/data.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readCv } from '../cv-analyzer.js';
import {
  CV_CONFIDENCE_FAMILIES,
  observeCvFields,
  pathKey,
  type CvConfidenceFamily,
  type CvConfidenceModel,
} from '../cv-confidence.js';
import { score } from '../headline.js';
import { cvFieldOutcomes, cvHalf, readLabelledCvs, type LabelledCv } from './cv-labels.js';
import { trainLogistic, type Sample } from './logistic.js';
import { seeded } from './random.js';
import { printReliability, shareRight, type Judged } from './reliability.js';

export const CV_CONFIDENCE_VERSION = 'cv-conf-5';

/** The eval's date: "… to Present" spans and the analyzer read dates against the same month. */
export const EVAL_NOW = new Date('2019-06-01T00:00:00Z');

/** The eval's lines-lost variant: every line break a run of three spaces. */
export const linesLost = (text: string) => text.replace(/\s*\n\s*/g, '   ');

/**
 * A CV with its candidate's name taken out (an anonymised CV): whatever name the rules read then is wrong. The
 * labelled CVs' names are nearly all right, so without these the model could not learn what a wrong name looks like.
 */
export function withoutName(text: string, name: string): string {
  const parts = name
    .split(/\s+/)
    .filter((p) => p.length >= 2)
    .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  if (!parts.length) return text;
  return text.replace(new RegExp(`(?<![\\p{L}])(?:${parts.join('|')})(?![\\p{L}])`, 'giu'), '');
}

const VARIANTS = ['as written', 'lines lost', 'name removed'] as const;
type Variant = (typeof VARIANTS)[number];

interface Example extends Sample {
  family: CvConfidenceFamily;
  half: 'A' | 'B';
  variant: Variant;
}

function variantText(cv: LabelledCv, variant: Variant): string | undefined {
  if (variant === 'lines lost') return linesLost(cv.text);
  if (variant === 'as written') return cv.text;
  const name = cv.labels.get('Name')?.[0];
  return name ? withoutName(cv.text, name) : undefined;
}

/** Every scored value of every CV: its features and whether the eval counts it right. */
function examples(cvs: readonly LabelledCv[]): Example[] {
  const out: Example[] = [];
  for (const cv of cvs) {
    for (const variant of VARIANTS) {
      const text = variantText(cv, variant)?.normalize('NFC');
      if (text === undefined) continue;
      const { content, lines, sections } = readCv(text, EVAL_NOW);
      const right = new Map(cvFieldOutcomes(content, { ...cv, text }).map((o) => [pathKey(o.path), o.right]));
      for (const o of observeCvFields(text, lines, sections, content)) {
        // The name-removed variant teaches names only: its other fields are the as-written ones again.
        if (variant === 'name removed' && o.family !== 'name') continue;
        const r = variant === 'name removed' ? false : right.get(pathKey(o.path));
        if (r === undefined) continue;
        out.push({ family: o.family, half: cvHalf(cv.file), variant, features: o.features, label: r ? 1 : 0 });
      }
    }
  }
  return out;
}

// Few examples per family (tens to hundreds): a strong L2 keeps rare features from claiming certainty.
const EPOCHS = 30;
const RATE = 0.05;
const L2 = 3e-3;

export function trainCvConfidence(train: readonly Example[]): CvConfidenceModel {
  const weights = {} as CvConfidenceModel['weights'];
  for (const family of CV_CONFIDENCE_FAMILIES) {
    const samples = train.filter((e) => e.family === family);
    weights[family] = Object.fromEntries(
      Object.entries(trainLogistic(samples, seeded(126), EPOCHS, RATE, L2))
        .filter(([, w]) => Math.abs(w) >= 1e-4)
        .map(([f, w]) => [f, Math.round(w * 1e4) / 1e4] as const)
        .sort(([a], [b]) => (a < b ? -1 : 1)),
    );
  }
  return { version: CV_CONFIDENCE_VERSION, weights };
}

const f3 = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : '  -  ');
const logLoss = (xs: readonly Judged[]) =>
  xs.reduce((s, x) => s - Math.log(Math.max(1e-6, x.right ? x.confidence : 1 - x.confidence)), 0) / xs.length;

type Scored = Judged & { half: 'A' | 'B'; family: CvConfidenceFamily };
const judge = (xs: readonly Example[], confidence: (e: Example) => number): Scored[] =>
  xs.map((e) => ({ half: e.half, family: e.family, right: e.label === 1, confidence: confidence(e) }));

/** Per half: share right among confidence ≥ 0.9 (target ≥ 0.90), how many reach it, and the log loss. */
function report(name: string, judged: readonly (Judged & { half: string })[]): void {
  for (const half of ['A', 'B']) {
    const xs = judged.filter((j) => j.half === half);
    const high = xs.filter((j) => j.confidence >= 0.9);
    console.log(
      `  ${name.padEnd(34)} half ${half}${half === 'B' ? ' (held out)' : '           '}  accuracy at conf >= 0.9 ${f3(shareRight(high))} (${high.length}/${xs.length} fields)   target >= 0.90   log loss ${f3(logLoss(xs))}`,
    );
  }
}

/** Trains, reports and writes data/cv-confidence-model.json; `dataDir` holds cvs/dotin-train. */
export function trainCvConfidenceModel(dataDir: string): void {
  const all = examples(readLabelledCvs(dataDir));
  const model = trainCvConfidence(all.filter((e) => e.half === 'A'));
  const asWritten = (e: Example) => e.variant === 'as written';
  const prior = Object.fromEntries(
    CV_CONFIDENCE_FAMILIES.map((f) => [
      f,
      shareRight(
        judge(
          all.filter((e) => e.family === f && e.half === 'A' && asWritten(e)),
          () => 0,
        ),
      ),
    ]),
  );
  console.log(
    `CV confidence model ${CV_CONFIDENCE_VERSION}: logistic regression per family, trained on half A of the dotin CVs (as written, lines lost, name removed), seed 126`,
  );
  for (const variant of VARIANTS) {
    const rows = all.filter((e) => e.variant === variant);
    console.log(` ${variant}:`);
    report(
      'model',
      judge(rows, (e) => score(model.weights[e.family], e.features)),
    );
    report(
      'baseline (constant per family)',
      judge(rows, (e) => prior[e.family]!),
    );
  }
  const judged = judge(all.filter(asWritten), (e) => score(model.weights[e.family], e.features));
  console.log(
    ` as written: ${'family'.padEnd(12)} ${'n A'.padStart(5)} ${'right A'.padStart(8)} ${'n B'.padStart(5)} ${'right B'.padStart(8)}  acc B at >= 0.9`,
  );
  for (const family of CV_CONFIDENCE_FAMILIES) {
    const of = (h: string) => judged.filter((j) => j.family === family && j.half === h);
    const high = of('B').filter((j) => j.confidence >= 0.9);
    console.log(
      `             ${family.padEnd(12)} ${String(of('A').length).padStart(5)} ${f3(shareRight(of('A'))).padStart(8)} ${String(of('B').length).padStart(5)} ${f3(shareRight(of('B'))).padStart(8)}  ${f3(shareRight(high))} (${high.length})`,
    );
  }
  console.log('reliability, half B (held out), as written, all fields:');
  printReliability(judged.filter((j) => j.half === 'B'));
  const json = `${JSON.stringify(model, null, 1)}\n`;
  const out = join(process.cwd(), 'packages/analysis/data/cv-confidence-model.json');
  writeFileSync(out, json);
  console.log(`wrote ${out} (${json.length} bytes, sha256 ${createHash('sha256').update(json).digest('hex')})`);
}

if (import.meta.url === `file://${process.argv[1]}`)
  trainCvConfidenceModel(process.argv[2] ?? join(process.cwd(), '../shared/data'));
