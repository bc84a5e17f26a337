/**
 * `pnpm train:analysis`: trains the headline model (data/headline-model.json) on generated ads only, with fixed
 * seeds, and prints held-out accuracy per layout and language, the perceptron it was compared with, and a
 * reliability table. Run from the repository root after `pnpm build`; ESCO from ../shared/data or the data folder given as argument.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import {
  assignHeadline,
  HEADLINE_FIELDS,
  headlineCandidates,
  logit,
  valueShare,
  type HeadlineCandidate,
  type HeadlineField,
  type HeadlineModel,
} from '../headline.js';
import { foldWords } from '../text.js';
import { parseJob } from '../job-analyzer.js';
import {
  generateHeadlines,
  HELD_OUT_LAYOUTS,
  LAYOUTS,
  type HeadlineExample,
  type TitleSource,
} from './headline-generator.js';
import { seeded } from './random.js';
import { trainLogistic, trainPerceptron, type Sample } from './logistic.js';
import { printReliability, shareRight } from './reliability.js';

export const HEADLINE_MODEL_VERSION = 'headline-lr-12';

const readCsv = (path: string) =>
  parse(readFileSync(path, 'utf8'), { columns: true, skip_empty_lines: true, relax_column_count: true }) as Array<
    Record<string, string>
  >;
/** Labels usable in a headline: at most `maxWords` words without punctuation (ESCO "x/y" forms: the first). */
const usable = (labels: readonly string[], maxWords: number) =>
  [
    ...new Set(
      labels
        .map((l) => (l.split('/')[0] ?? '').trim())
        .filter((l) => l && !/[,;()/:]/.test(l) && l.split(/\s+/).length <= maxWords),
    ),
  ].sort();

/** ESCO occupation labels usable as job titles: preferred labels of at most eight words without punctuation. */
export function escoTitles(csvPath: string): string[] {
  return usable(
    readCsv(csvPath).map((r) => r['preferredLabel'] ?? ''),
    8,
  );
}

/** First sentences (6 to 30 words) of every tenth ESCO skill description: prose below a headline. */
function escoSentences(csvPath: string): string[] {
  return readCsv(csvPath)
    .filter((_, i) => i % 10 === 0)
    .map((r) => (/^[^.!?]+[.!?]/.exec(r['description'] ?? '')?.[0] ?? '').trim())
    .filter((t) => {
      const words = t.split(/\s+/).length;
      return words >= 6 && words <= 30;
    });
}

/** ESCO knowledge labels of one to three words: the specialty after a title's comma. */
function escoSpecialties(csvPath: string): string[] {
  return usable(
    readCsv(csvPath)
      .filter((r) => r['skillType'] === 'knowledge')
      .map((r) => r['preferredLabel'] ?? ''),
    3,
  );
}

const same = (a: string, b: string) => foldWords(a) === foldWords(b);

/** Each example with its candidates, computed once. */
interface Prepared {
  example: HeadlineExample;
  candidates: HeadlineCandidate[];
}
const prepare = (examples: readonly HeadlineExample[]): Prepared[] =>
  examples.map((example) => ({ example, candidates: headlineCandidates(example.text) }));

function samples(prepared: readonly Prepared[], field: HeadlineField): Sample[] {
  const out: Sample[] = [];
  for (const { example, candidates } of prepared) {
    // An example whose value is not among the candidates teaches nothing (unless the field is absent: all wrong).
    if (example[field] && !candidates.some((c) => same(c.value, example[field]))) continue;
    for (const c of candidates) out.push({ features: c.features, label: same(c.value, example[field]) ? 1 : 0 });
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

/** Per example and field: right or not, and the confidence. An absent field is right when nothing is picked ≥ 0.5. */
function evaluate(
  prepared: readonly Prepared[],
  weights: HeadlineModel['weights'],
  scoreOf: (w: Record<string, number>, f: readonly string[]) => number,
  joint = true,
): Outcome[] {
  const out: Outcome[] = [];
  // The confidence is the pick's share of the field's probability (valueShare), as the analyzer reports it.
  const share = (c: readonly HeadlineCandidate[], w: HeadlineModel['weights'], field: HeadlineField, value: string) =>
    valueShare(c, (f) => scoreOf(w[field], f), value);
  for (const { example, candidates } of prepared) {
    const picks: Partial<Record<HeadlineField, { value: string; p: number }>> = {};
    if (joint) {
      const assigned = assignHeadline(candidates, (field, f) => scoreOf(weights[field], f));
      for (const field of HEADLINE_FIELDS) {
        const a = assigned[field];
        if (a) picks[field] = { value: a.candidate.value, p: share(candidates, weights, field, a.candidate.value) };
      }
    } else {
      for (const field of HEADLINE_FIELDS) {
        let best: { value: string; z: number } | undefined;
        for (const c of candidates) {
          const z = scoreOf(weights[field], c.features);
          if (!best || z > best.z) best = { value: c.value, z };
        }
        if (best) picks[field] = { value: best.value, p: share(candidates, weights, field, best.value) };
      }
    }
    for (const field of HEADLINE_FIELDS) {
      const pick = picks[field];
      const confidence = pick?.p ?? 0;
      out.push({
        field,
        layout: example.layout,
        language: example.language,
        right: example[field] ? !!pick && same(pick.value, example[field]) : confidence < 0.5,
        confidence: example[field] ? confidence : 1 - confidence,
      });
    }
  }
  return out;
}

const rate = shareRight;
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

const TRAIN_ADS = 10000;
const HELD_OUT_ADS = 4000;

/** Trained layouts and held-out layouts, each field's share right in each. */
function summary(outcomes: readonly Outcome[]): void {
  for (const [name, rows] of [
    ['trained layouts (unseen titles and companies)', outcomes.filter((o) => !HELD_OUT_LAYOUTS.has(o.layout))],
    [`${HELD_OUT_LAYOUTS.size} held-out layouts`, outcomes.filter((o) => HELD_OUT_LAYOUTS.has(o.layout))],
  ] as const)
    console.log(
      `  ${name.padEnd(46)} ${HEADLINE_FIELDS.map((f) => `${f} ${f3(rate(rows.filter((r) => r.field === f)))}`).join('   ')}`,
    );
}

/** The generated training set and the held-out set (another seed, unseen titles and specialties, all layouts). */
export function headlineSets(shared: string): { train: HeadlineExample[]; heldOut: HeadlineExample[] } {
  const esco = (path: string) => join(shared, 'esco', path);
  const titles = {
    en: escoTitles(esco('v1.1.1-en/classification/occupations_en.csv')),
    fr: escoTitles(esco('labels-fr/occupations_fr.csv')),
    nl: escoTitles(esco('labels-nl/occupations_nl.csv')),
  };
  const skills = esco('v1.1.1-en/classification/skills_en.csv');
  const specialties = escoSpecialties(skills);
  const sentences = escoSentences(skills);
  // Labels held out by a hash: no held-out example shares its title or specialty with a trained one.
  const held = (t: string) => createHash('sha1').update(t).digest()[0]! < 52;
  const source = (keep: (t: string) => boolean): TitleSource => ({
    titles: { en: titles.en.filter(keep), fr: titles.fr.filter(keep), nl: titles.nl.filter(keep) },
    specialties: specialties.filter(keep),
    sentences: sentences.filter(keep),
  });
  const trainLayouts = Object.keys(LAYOUTS).filter((l) => !HELD_OUT_LAYOUTS.has(l));
  const train = generateHeadlines(
    seeded(26),
    source((t) => !held(t)),
    trainLayouts,
    TRAIN_ADS,
    0.4,
  );
  const heldOut = generateHeadlines(seeded(2026), source(held), Object.keys(LAYOUTS), HELD_OUT_ADS, 0.1);
  return { train, heldOut };
}

/** What a client gets: the job record's title, company and first city (rules + model) for each example. */
function recordOutcomes(examples: readonly HeadlineExample[]): Outcome[] {
  const out: Outcome[] = [];
  for (const example of examples) {
    const job = parseJob(example.text);
    const got = {
      title: job.information.title,
      company: job.information.company,
      city: job.information.locations[0]?.city ?? '',
    };
    for (const field of HEADLINE_FIELDS)
      out.push({
        field,
        layout: example.layout,
        language: example.language,
        right: same(got[field], example[field]),
        confidence: job.field_confidence?.[field]?.confidence ?? 0,
      });
  }
  return out;
}

/** Per language, the trained and the held-out layouts; then every language × layout cell below the target. */
function languageByLayouts(outcomes: readonly Outcome[]): void {
  const groups = [
    ['trained layouts', (o: Outcome) => !HELD_OUT_LAYOUTS.has(o.layout)],
    ['held-out layouts', (o: Outcome) => HELD_OUT_LAYOUTS.has(o.layout)],
  ] as const;
  const fields = (rows: readonly Outcome[]) =>
    HEADLINE_FIELDS.map((f) => f3(rate(rows.filter((r) => r.field === f)))).join('/');
  console.log(`language  ${groups.map(([name]) => name.padEnd(18)).join(' ')}   title/company/city (target >= 0.95)`);
  for (const language of [...new Set(outcomes.map((o) => o.language))].sort())
    console.log(
      `${language.padEnd(9)} ${groups.map(([, keep]) => fields(outcomes.filter((o) => o.language === language && keep(o))).padEnd(18)).join(' ')}`,
    );
  const cells = new Map<string, Outcome[]>();
  for (const o of outcomes)
    cells.set(`${o.language} ${o.layout}`, [...(cells.get(`${o.language} ${o.layout}`) ?? []), o]);
  const below = [...cells]
    .flatMap(([cell, rows]) =>
      HEADLINE_FIELDS.map((f) => [cell, f, rows.filter((r) => r.field === f)] as const).filter(
        ([, , r]) => rate(r) < 0.95,
      ),
    )
    .sort(([a], [b]) => (a < b ? -1 : 1));
  console.log(`language × layout cells below 0.95 (${below.length} of ${cells.size * 3}; about 20 ads each):`);
  for (const [cell, f, rows] of below) console.log(`  ${cell} ${f} ${f3(rate(rows))} (n=${rows.length})`);
}

function report(outcomes: readonly Outcome[], record: readonly Outcome[]): void {
  summary(outcomes);
  table(outcomes, 'layout');
  table(outcomes, 'language');
  console.log('reliability (held out, all fields):');
  printReliability(outcomes);
  console.log('job record (rules + model, what a client gets) on the same held-out ads:');
  summary(record);
  table(record, 'layout');
  languageByLayouts(record);
}

/** `pnpm eval:extraction`'s headline part: the committed model on the held-out ads, per layout and language. */
export function printHeadlineHeldOut(sharedData: string, model: HeadlineModel): void {
  const { heldOut } = headlineSets(sharedData);
  const out = evaluate(prepare(heldOut), model.weights, logit);
  console.log(
    `Job headlines: model ${model.version} on ${HELD_OUT_ADS} generated held-out ads (unseen titles; ${HELD_OUT_LAYOUTS.size} unseen layouts)`,
  );
  report(out, recordOutcomes(heldOut));
}

/** Trains, reports and writes data/headline-model.json; ESCO from `sharedData` (default ../shared/data). */
export function trainHeadlineModel(sharedData?: string): void {
  const repoRoot = process.cwd();
  const sets = headlineSets(sharedData ?? join(repoRoot, '../shared/data'));
  const train = prepare(sets.train);
  const heldOut = prepare(sets.heldOut);

  const lr = {} as HeadlineModel['weights'];
  const perceptron = {} as HeadlineModel['weights'];
  for (const field of HEADLINE_FIELDS) {
    const s = samples(train, field);
    lr[field] = Object.fromEntries(
      Object.entries(trainLogistic(s, seeded(7)))
        // Weights below 1e-3 change no pick on the held-out ads; dropping them keeps the file under 4 MB.
        .filter(([, w]) => Math.abs(w) >= 1e-3)
        .map(([f, w]) => [f, Math.round(w * 1e4) / 1e4] as const)
        .sort(([a], [b]) => (a < b ? -1 : 1)),
    );
    perceptron[field] = trainPerceptron(s, seeded(7));
  }
  const lrOut = evaluate(heldOut, lr, logit);
  const lrAlone = evaluate(heldOut, lr, logit, false);
  const pOut = evaluate(heldOut, perceptron, logit);
  console.log(
    `headline model ${HEADLINE_MODEL_VERSION}: ${train.length} generated ads (train, seed 26, ${Object.keys(LAYOUTS).length - HELD_OUT_LAYOUTS.size} layouts), ${heldOut.length} held out (seed 2026, ESCO titles and ${HELD_OUT_LAYOUTS.size} layouts never trained on)`,
  );
  for (const field of HEADLINE_FIELDS) {
    const share = (o: readonly Outcome[]) => f3(rate(o.filter((x) => x.field === field)));
    console.log(
      `  held-out ${field.padEnd(8)} logistic, joint assignment ${share(lrOut)}   logistic, each field alone ${share(lrAlone)}   averaged perceptron, joint ${share(pOut)}`,
    );
  }
  const model: HeadlineModel = { version: HEADLINE_MODEL_VERSION, weights: lr };
  const json = `${JSON.stringify(model, null, 1)}\n`;
  const out = join(repoRoot, 'packages/analysis/data/headline-model.json');
  // Written first: the job record's figures below read the committed file, as the analyzer does.
  writeFileSync(out, json);
  report(lrOut, recordOutcomes(sets.heldOut));
  console.log(`wrote ${out} (${json.length} bytes, sha256 ${createHash('sha256').update(json).digest('hex')})`);
}

if (import.meta.url === `file://${process.argv[1]}`) trainHeadlineModel(process.argv[2]);
