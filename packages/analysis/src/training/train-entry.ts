/**
 * `pnpm train:analysis [data folder] entry`: trains the entry model (data/entry-model.json, scoring/employer.ts):
 * which of an experience entry's first description lines names its employer. Trained on half A of the labelled
 * dotin CVs (CC0) as written and in generated layout variants (cv-variants.ts: headings missing, other bullets, a
 * dates column), read by the rules alone, each entry once more with its candidate lines shuffled; a line is right
 * when it holds a labelled "Companies worked at" span as `pnpm eval:extraction` counts it (cv-labels.ts). CVs without such a span are left
 * out (the labelling is partial). Half B and the variants not trained on are held out: the report prints, per half
 * and variant, the entries whose first line is right with the rules alone and with the model. Fixed seeds.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readCv } from '../cv-analyzer.js';
import { employerCandidates, employerFeatures, withEmployerFirst, type EntryModel } from '../scoring/employer.js';
import { cvLayoutVariant, type CvLayoutVariant } from './cv-variants.js';
import { cvHalf, employerMatch, employerOfLine, readLabelledCvs, type LabelledCv } from './cv-labels.js';
import { trainLogistic, type Sample } from './logistic.js';
import { seeded, type Random } from './random.js';
import { EVAL_NOW } from './train-cv-confidence.js';

export const ENTRY_MODEL_VERSION = 'entry-lr-3';

// Layouts that keep their lines: where the line breaks were lost, the analyzer does not apply the model (readCv).
const TRAIN_VARIANTS: readonly CvLayoutVariant[] = ['normal', 'headings-missing', 'bullets', 'dates-column'];
// Printed on both halves, never trained on: breaks become runs of spaces (the rules split there, the model applies).
const HELD_OUT_VARIANTS: readonly CvLayoutVariant[] = ['lines-lost', 'lines-lost-mixed', 'headings-recased'];
const EPOCHS = 20;
const RATE = 0.05;
const L2 = 1e-3;

interface Entry {
  half: 'A' | 'B';
  variant: CvLayoutVariant;
  lines: string[];
  title: string;
  right: boolean[];
  /** The rules' entry as read, to apply the model to. */
  entry: ReturnType<typeof readCv>['content']['experience'][number];
}

const isRight = (line: string, spans: readonly string[]) => {
  const employer = employerOfLine(line);
  return employer !== undefined && spans.some((s) => employerMatch(employer, s));
};

function entriesOf(cvs: readonly LabelledCv[], variants: readonly CvLayoutVariant[]): Entry[] {
  const out: Entry[] = [];
  for (const cv of cvs) {
    const spans = [...new Set(cv.labels.get('Companies worked at') ?? [])];
    if (!spans.length) continue;
    const seed = createHash('sha1').update(`entry:${cv.file}`).digest().readUInt32LE(0);
    for (const variant of variants) {
      const text = cvLayoutVariant(cv.text, variant, seeded(seed)).normalize('NFC');
      for (const entry of readCv(text, EVAL_NOW, { entry: null }).content.experience) {
        const lines = employerCandidates(entry);
        const right = lines.map((l) => isRight(l, spans));
        out.push({ half: cvHalf(cv.file), variant, lines, title: entry.title, right, entry });
      }
    }
  }
  return out;
}

const samplesOf = (entries: readonly Entry[]): Sample[] =>
  entries.flatMap((e) =>
    employerFeatures(e.lines, e.title).map((features, i) => ({ features, label: e.right[i] ? 1 : 0 }) as const),
  );

/**
 * The entry's candidate lines in another order (seeded): headers set employer, place, department and dates in any
 * order, and the dotin CVs mostly in one (job boards' "Title / Company - City"), so a copy with the lines shuffled
 * teaches what an employer line looks like wherever it stands.
 */
function reordered(e: Entry, random: Random): Entry {
  const order = e.lines.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return { ...e, lines: order.map((i) => e.lines[i]!), right: order.map((i) => e.right[i]!) };
}

export function trainEntry(train: readonly Entry[]): EntryModel {
  const random = seeded(2602);
  const samples = samplesOf([...train, ...train.map((e) => reordered(e, random))]);
  const weights = Object.fromEntries(
    Object.entries(trainLogistic(samples, seeded(2601), EPOCHS, RATE, L2))
      .filter(([, w]) => Math.abs(w) >= 1e-4)
      .map(([f, w]) => [f, Math.round(w * 1e4) / 1e4] as const)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  return { version: ENTRY_MODEL_VERSION, weights };
}

/** Per half and variant: entries whose first line is a right employer, rules alone → with the model. */
function report(entries: readonly Entry[], model: EntryModel): void {
  const variants = [...new Set(entries.map((e) => e.variant))];
  console.log(`  ${'variant'.padEnd(28)} half  entries  right first line: rules → model  (fixed / broken)`);
  for (const variant of variants)
    for (const half of ['A', 'B'] as const) {
      const xs = entries.filter((e) => e.variant === variant && e.half === half);
      let rules = 0;
      let learned = 0;
      let fixed = 0;
      let broken = 0;
      for (const e of xs) {
        const first = employerCandidates(withEmployerFirst(e.entry, model))[0] ?? '';
        const before = e.right[0] ?? false;
        const after = e.lines.some((l, i) => l === first && e.right[i]);
        rules += +before;
        learned += +after;
        fixed += +(after && !before);
        broken += +(before && !after);
      }
      const trained = TRAIN_VARIANTS.includes(variant) && half === 'A' ? 'trained' : 'held out';
      console.log(
        `  ${variant.padEnd(28)} ${half}  ${String(xs.length).padStart(7)}  ${String(rules).padStart(5)} → ${String(learned).padEnd(5)} (${fixed} / ${broken})  ${trained}`,
      );
    }
}

/** Trains, reports and writes data/entry-model.json; `dataDir` holds cvs/dotin-train. */
export function trainEntryModel(dataDir: string): void {
  const cvs = readLabelledCvs(dataDir);
  const entries = entriesOf(cvs, [...TRAIN_VARIANTS, ...HELD_OUT_VARIANTS]);
  const model = trainEntry(entries.filter((e) => e.half === 'A' && TRAIN_VARIANTS.includes(e.variant)));
  console.log(
    `entry model ${ENTRY_MODEL_VERSION}: logistic regression over an entry's first description lines (employer), half A of the dotin CVs in ${TRAIN_VARIANTS.length} layouts, seed 2601`,
  );
  report(entries, model);
  const json = `${JSON.stringify(model, null, 1)}\n`;
  const out = join(process.cwd(), 'packages/analysis/data/entry-model.json');
  writeFileSync(out, json);
  console.log(`wrote ${out} (${json.length} bytes, sha256 ${createHash('sha256').update(json).digest('hex')})`);
}
