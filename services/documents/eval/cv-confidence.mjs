// `pnpm eval:extraction`'s CV confidence part (issue 26): how often the record's field_confidence is right, per band
// of confidence and per half of the labelled CVs (A: the confidence model was trained on it; B: held out), with the
// headline target: among fields with confidence ≥ 0.9, at least 90 % right on half B. "Right" is the eval's matching
// (cv-labels.ts, shared with the trainer). Baseline of the same run: one constant confidence per field family, its
// share right on half A (what a model that knows nothing of the value would say).
import { cvFieldOutcomes } from '@talent/analysis/training/cv-labels';
import { reliabilityRows, shareRight } from '@talent/analysis/training/reliability';

const TARGET = 0.9;
const f3 = (x) => (Number.isFinite(x) ? x.toFixed(3) : '  -  ');

/** The record's confidence entry at an outcome's path, if any. */
function entryAt(confidence, path) {
  if (!confidence) return undefined;
  if (path.part === 'information') return confidence.information?.[path.field];
  return confidence[path.part]?.[path.index]?.[path.field];
}

/**
 * Prints the reliability table of `records` (the analyzer's output for `cvs`, in the same order); `half(file)` is
 * the eval's split. Returns the held-out figure (accuracy among confidence ≥ 0.9 on half B).
 */
export function printCvConfidence(cvs, records, half) {
  const judged = [];
  let missing = 0;
  cvs.forEach((cv, i) => {
    for (const outcome of cvFieldOutcomes(records[i], cv)) {
      const entry = entryAt(records[i].field_confidence, outcome.path);
      if (!entry) {
        missing++;
        continue;
      }
      judged.push({ ...outcome, half: half(cv.file), confidence: entry.confidence, evidence: entry.evidence, text: cv.text });
    }
  });
  const inHalf = (h) => judged.filter((j) => j.half === h);
  const families = [...new Set(judged.map((j) => j.family))];
  const prior = Object.fromEntries(families.map((f) => [f, shareRight(inHalf('A').filter((j) => j.family === f))]));
  const baseline = judged.map((j) => ({ ...j, confidence: prior[j.family] }));
  const high = (xs) => xs.filter((j) => j.confidence >= TARGET);
  const version = records.find((r) => r.field_confidence) ? 'field_confidence' : 'no field_confidence';

  console.log(`\nCV field confidence (${version}; ${judged.length} labelled fields scored, ${missing} without an entry): reliability per half`);
  console.log(`  ${'confidence'.padEnd(12)} ${'n A'.padStart(6)} ${'right A'.padStart(8)} ${'n B'.padStart(6)} ${'right B'.padStart(8)}`);
  const [a, b] = ['A', 'B'].map((h) => reliabilityRows(inHalf(h)));
  a.forEach((row, k) => console.log(`  ${row.band.padEnd(12)} ${String(row.n).padStart(6)} ${f3(row.accuracy).padStart(8)} ${String(b[k].n).padStart(6)} ${f3(b[k].accuracy).padStart(8)}`));
  const heldOut = shareRight(high(inHalf('B')));
  for (const [name, xs] of [['model', judged], ['baseline (constant per family, half A rate)', baseline]]) {
    for (const h of ['A', 'B']) {
      const rows = xs.filter((j) => j.half === h);
      const top = high(rows);
      const acc = shareRight(top);
      const mark = h === 'B' ? `   target ≥ ${TARGET.toFixed(2)}   ${acc >= TARGET ? 'yes' : 'NO'}` : '';
      console.log(`  ${name.padEnd(44)} half ${h}${h === 'B' ? ' (held out)' : '           '} right among conf ≥ 0.9: ${f3(acc)} (${top.length}/${rows.length} fields ≥ 0.9)${mark}`);
    }
  }
  console.log(`  per family, half B (held out):  ${families.map((f) => {
    const rows = inHalf('B').filter((j) => j.family === f);
    return `${f} ${f3(shareRight(high(rows)))} of ${high(rows).length}/${rows.length} ≥ 0.9 (right overall ${f3(shareRight(rows))})`;
  }).join('; ')}`);
  const notInText = judged.filter((j) => j.evidence && !j.text.includes(j.evidence)).length;
  const noEvidence = judged.filter((j) => !j.evidence).length;
  console.log(`  evidence: ${judged.length - noEvidence - notInText}/${judged.length} a passage of the CV's text, ${noEvidence} empty, ${notInText} not found in the text`);
  return heldOut;
}
