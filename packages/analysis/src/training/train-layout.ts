/**
 * Trains the layout model (data/layout-model.json): where a CV whose line breaks were lost had them. Trained on the
 * dotin CVs (CC0) of half A of the eval's split (sha1(file name) first byte even), laid out by cv-variants.ts with
 * their breaks removed; half B, the 'space-tab' form and the '▪' and numbered bullets are held out. Fixed seeds.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readDotinCvs } from '@talent/testkit';
import { contextOf, gapFeatures, tokenize } from '../layout/features.js';
import { predictBreaks, type LayoutModel } from '../layout/line-breaks.js';
import { joinWrapped } from '../text.js';
import {
  BULLET_GLYPHS,
  joinLines,
  linesOf,
  variantLines,
  type CvLayoutVariant,
  type LaidOut,
  type LineBreakForm,
} from './cv-variants.js';
import { trainLogistic, trainPerceptron, type Sample } from './logistic.js';
import { pick, seeded, type Random } from './random.js';

export const LAYOUT_MODEL_VERSION = 'layout-lr-1';

/** The eval's split: sha1(file name) first byte even → A (trained on), odd → B (held out). */
export const cvHalf = (file: string): 'A' | 'B' => (createHash('sha1').update(file).digest()[0]! & 1 ? 'B' : 'A');

/**
 * A CV's lines as its author set them: its line breaks, or in an export that already lost them, the runs of two or
 * more spaces and the tabs that stand where they were.
 */
export function sourceLines(text: string): string[] {
  const t = text.replace(/\\'/g, "'");
  const lines = (t.match(/\n/g) ?? []).length >= 5 ? linesOf(t) : t.trim().split(/\s*(?:\t| {2,})\s*/);
  // A line wrapped mid-sentence (the next one starts in lower case) is one line to the reader: no break to learn.
  return joinWrapped(lines.map((l) => ({ text: l, bullet: false })));
}

const TRAIN_VARIANTS: readonly CvLayoutVariant[] = [
  'normal',
  'headings-recased',
  'headings-missing',
  'bullets',
  'dates-column',
];
const TRAIN_FORMS: readonly LineBreakForm[] = ['one-space', 'mixed', 'one-space'];
const EPOCHS = 4;
const HELD_OUT_FORMS: readonly LineBreakForm[] = ['one-space', 'mixed', 'space-tab'];
// Training never sees the held-out bullets ('▪', numbers).
const TRAIN_GLYPHS = BULLET_GLYPHS.filter((g) => g !== '▪' && g !== '1.');

interface Laid extends LaidOut {
  file: string;
  variant: CvLayoutVariant;
  form: LineBreakForm;
}

function layouts(
  cvs: ReadonlyArray<{ file: string; text: string }>,
  variants: readonly CvLayoutVariant[],
  forms: readonly LineBreakForm[],
  random: Random,
  glyphs: readonly string[],
): Laid[] {
  const out: Laid[] = [];
  for (const cv of cvs) {
    const lines = sourceLines(cv.text);
    // One layout per form, its line-level variant drawn: every CV in every form, the variants spread over them.
    for (const form of forms) {
      const variant = pick(random, variants);
      const varied = variantLines(lines, variant, random, glyphs);
      out.push({ file: cv.file, variant, form, ...joinLines(varied, form, random) });
    }
  }
  return out;
}

/** Per gap: its features (with the distance from the true last break) and whether a line ended there. */
function samples(laid: readonly Laid[]): Sample[] {
  const out: Sample[] = [];
  for (const l of laid) {
    const t = tokenize(l.text);
    const c = contextOf(t.tokens);
    const breaks = new Set(l.breaks);
    let since = 0;
    for (let i = 1; i < t.tokens.length; i++) {
      since += t.tokens[i - 1]!.length + 1;
      const label = breaks.has(t.offsets[i]!) ? 1 : 0;
      out.push({ features: gapFeatures(t, c, i, since), label });
      if (label) since = 0;
    }
  }
  return out;
}

interface Counts {
  tp: number;
  fp: number;
  fn: number;
}
const f1 = (c: Counts) => (2 * c.tp) / Math.max(2 * c.tp + c.fp + c.fn, 1);
const f3 = (x: number) => x.toFixed(3);

/** Break precision, recall and F1 of a model over laid-out texts (decisions in order, as at inference). */
function breakCounts(laid: readonly Laid[], model: LayoutModel): Counts {
  const c = { tp: 0, fp: 0, fn: 0 };
  for (const l of laid) {
    const t = tokenize(l.text);
    const truth = new Set(l.breaks);
    predictBreaks(l.text, model).forEach((p, i) => {
      if (i === 0) return;
      const y = truth.has(t.offsets[i]!);
      if (p && y) c.tp++;
      else if (p) c.fp++;
      else if (y) c.fn++;
    });
  }
  return c;
}

const rounded = (w: Record<string, number>) =>
  Object.fromEntries(
    Object.entries(w)
      .filter(([, v]) => Math.abs(v) >= 1e-3)
      .map(([f, v]) => [f, Math.round(v * 1e4) / 1e4] as const)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );

/** Trains, prints held-out break F1 per form and variant (against an averaged perceptron), writes the model. */
export function trainLayout(sharedData: string, repoRoot: string): void {
  const cvs = readDotinCvs(join(sharedData, 'cvs/dotin-train'));
  const train = layouts(
    cvs.filter((cv) => cvHalf(cv.file) === 'A'),
    TRAIN_VARIANTS,
    TRAIN_FORMS,
    seeded(26),
    TRAIN_GLYPHS,
  );
  const heldOut = layouts(
    cvs.filter((cv) => cvHalf(cv.file) === 'B'),
    TRAIN_VARIANTS,
    HELD_OUT_FORMS,
    seeded(2026),
    BULLET_GLYPHS,
  );
  const s = samples(train);
  const model: LayoutModel = {
    version: LAYOUT_MODEL_VERSION,
    threshold: 0,
    weights: rounded(trainLogistic(s, seeded(7), EPOCHS)),
  };
  const perceptron: LayoutModel = {
    version: 'perceptron',
    threshold: 0,
    weights: trainPerceptron(s, seeded(7), EPOCHS),
  };
  console.log(
    `layout model ${LAYOUT_MODEL_VERSION}: ${train.length} laid-out CVs (half A, ${s.length} gaps, seed 26), ${heldOut.length} held out (half B, seed 2026)`,
  );
  console.log(`  break F1 on half B (held out)         ${'logistic'.padStart(9)} ${'perceptron'.padStart(11)}`);
  const groups: Array<[string, (l: Laid) => boolean]> = [
    ...HELD_OUT_FORMS.map((f): [string, (l: Laid) => boolean] => [
      `form ${f}${TRAIN_FORMS.includes(f) ? '' : ' (held out)'}`,
      (l) => l.form === f,
    ]),
    ...TRAIN_VARIANTS.map((v): [string, (l: Laid) => boolean] => [`variant ${v}`, (l) => l.variant === v]),
  ];
  for (const [name, keep] of groups) {
    const rows = heldOut.filter(keep);
    console.log(
      `  ${name.padEnd(37)} ${f3(f1(breakCounts(rows, model))).padStart(9)} ${f3(f1(breakCounts(rows, perceptron))).padStart(11)}`,
    );
  }
  const json = `${JSON.stringify(model, null, 1)}\n`;
  const out = join(repoRoot, 'packages/analysis/data/layout-model.json');
  writeFileSync(out, json);
  console.log(`wrote ${out} (${json.length} bytes, sha256 ${createHash('sha256').update(json).digest('hex')})`);
}
