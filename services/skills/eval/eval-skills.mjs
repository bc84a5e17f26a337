#!/usr/bin/env node
// `pnpm eval:skills`: runs the skill linker (ExtractSkills' domain code, in-process, on the taxonomy the service
// would load: ESCO + seed when the shared ESCO export exists) over
//   - TechWolf validation sets (job-ad sentences, gold = ESCO preferred labels): P/R/F1 of the thresholded set a
//     record carries and R-Precision@5 of the per-sentence ranking, on the tuning half and on the held-out half of
//     each file (fixed split by a hash of the sentence: see heldOut() in benchmarks.mjs), and the gap between them;
//     for RP@5 also an untuned reference ranker's gap on the same halves (plain BM25: referenceRanker()) and the
//     difference of the two gaps (the part tuning explains), with paired bootstrap intervals, and the same gaps over
//     random half-splits (rules fixed): how large a gap the split alone makes
//   - dotin-train CVs (gold = Tech Tools / Job Specific Skills / Soft Skills spans): span-text-level P/R/F1, RP@5,
//     whole and per fixed half (sha1(file name) first byte even → A, odd → B: rules are looked at on A only), and
//     linking throughput in process (CVs/s, warm)
//   - SkillSpan dev (job-posting sentences with skill and knowledge spans): span recall — a gold span counts when
//     the text of a linked skill (its matched words) overlaps it — and the share of linked mentions inside a span
// Needs `pnpm build`. Skips (exit 0) when the shared data folder is absent. SKILLS_EVAL_DIST=<dir> evaluates
// another build of src/ (e.g. an older commit's) with the same measures.
// Optional: with SKILLS_EMBEDDINGS_MODEL (and the other SKILLS_EMBEDDINGS_* settings of the service) set, also the
// RP@5 of the ranking RankSkills answers with the embedding re-ranker, on both halves (labels scored as above).
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { bootstrapGap, bootstrapInterval, heldOut, parseDotin, parseDotinSpans, randomSplits, readSkillSpan, readTechWolf, referenceRanker, skillMeasures } from './benchmarks.mjs';
import { seedDir, sharedDataDir } from './shared-data.mjs';

const dist = pathToFileURL(`${resolve(process.env.SKILLS_EVAL_DIST ?? new URL('../dist', import.meta.url).pathname)}/`);
const { SkillCatalog } = await import(new URL('catalog.js', dist));
const { readTaxonomy } = await import(new URL('taxonomy/taxonomy-loader.js', dist));
const { tokenKeys } = await import(new URL('text/normalize.js', dist));

const data = sharedDataDir();
if (!data) {
  console.log('eval:skills: shared data folder not found (set TALENT_SHARED_DATA or put it at ../shared/data): skipped');
  process.exit(0);
}
const escoDir = existsSync(join(data, 'esco')) ? join(data, 'esco') : undefined;
const started = Date.now();
const taxonomy = readTaxonomy({ ...(escoDir ? { escoDir } : {}), seedDir: seedDir() });
const reranker = await rerankerFromEnv();
const catalog = new SkillCatalog(taxonomy.skills, { ...taxonomy, checksum: '', languages: [], skillCount: taxonomy.skills.length, labelCount: 0, importedAt: new Date() }, {}, reranker);
console.log(`taxonomy: ${taxonomy.version}, ${taxonomy.skills.length} skills (${Date.now() - started} ms)${process.env.SKILLS_EVAL_DIST ? `, build ${process.env.SKILLS_EVAL_DIST}` : ''}\n`);

const byConfidence = (a, b) => b.confidence - a.confidence || b.mentions - a.mentions || a.start - b.start;
const f3 = (x) => x.toFixed(3);

/** The ranking of a sentence: best score per skill over its segments; a build without rank() ranks its links. */
function ranking(text) {
  if (typeof catalog.rank !== 'function') return catalog.extract(text, 'en', 'job').skills.sort(byConfidence).map((s) => s.skill.id);
  const best = new Map();
  for (const sentence of catalog.rank(text, 'en').sentences) for (const s of sentence.skills) best.set(s.skill.id, Math.max(best.get(s.skill.id) ?? -1, s.score));
  return [...best].sort((a, b) => b[1] - a[1]).map(([id]) => id);
}

/** The service's re-ranker settings from SKILLS_EMBEDDINGS_*, or undefined (unset, or a build without them). */
async function rerankerFromEnv() {
  if (!process.env.SKILLS_EMBEDDINGS_MODEL) return undefined;
  const { skillsEnvSchema } = await import(new URL('env.js', dist));
  const { rerankerConfig } = await import(new URL('app.js', dist));
  if (typeof rerankerConfig !== 'function') return undefined;
  const keys = Object.keys(skillsEnvSchema.shape).filter((key) => key.startsWith('SKILLS_EMBEDDINGS_'));
  const env = skillsEnvSchema.pick(Object.fromEntries(keys.map((key) => [key, true]))).parse(process.env);
  const logger = { warn: (fields, message) => console.warn(`${message}: ${JSON.stringify(fields)}`), debug: () => {} };
  return rerankerConfig(env, logger);
}

/** The re-ranked ranking (RankSkills with the embedding re-ranker), best blended score per skill over the sentences. */
async function rerankedRanking(text, outcomes) {
  const best = new Map();
  const { sentences, rerank } = await catalog.rankSkills(text, 'en');
  outcomes[rerank?.reranked ? 'reranked' : 'lexical']++;
  for (const sentence of sentences) for (const s of sentence.skills) best.set(s.skill.id, Math.max(best.get(s.skill.id) ?? -1, s.score));
  return [...best].sort((a, b) => b[1] - a[1]).map(([id]) => id);
}

// TechWolf: both halves, and the gap.
const techRows = [];
const overfitRows = [];
const rerankRows = [];
const reference = escoDir ? referenceRanker(taxonomy.skills) : undefined;
const pooled = { tuning: [], 'held-out': [] };
for (const { name, sentences } of escoDir ? readTechWolf(data, catalog.index) : []) {
  const halves = { tuning: [], 'held-out': [] };
  for (const { text, gold } of sentences) {
    const linked = [...new Set(catalog.extract(text, 'en', 'job').skills.map((s) => s.skill.id))];
    halves[heldOut(text) ? 'held-out' : 'tuning'].push({ text, gold, linked, ranked: ranking(text), reference: reference(text) });
  }
  const all = skillMeasures([...halves.tuning, ...halves['held-out']]);
  const tuning = skillMeasures(halves.tuning);
  const held = skillMeasures(halves['held-out']);
  for (const [half, m] of [['all', all], ['tuning', tuning], ['held-out', held]]) {
    techRows.push({ set: `techwolf ${name}`, half, sentences: m.sentences, precision: f3(m.precision), recall: f3(m.recall), f1: f3(m.f1), 'rp@5': f3(m.rp5) });
  }
  techRows.push({ set: `techwolf ${name}`, half: 'gap (tuning − held-out)', sentences: '', precision: f3(tuning.precision - held.precision), recall: f3(tuning.recall - held.recall), f1: f3(tuning.f1 - held.f1), 'rp@5': f3(tuning.rp5 - held.rp5) });
  // How large a gap the split alone makes: the 95% bootstrap interval over sentences (fixed seed).
  const interval = (key) => bootstrapGap(halves.tuning, halves['held-out'], (m) => m[key]).map(f3).join(' … ');
  techRows.push({ set: `techwolf ${name}`, half: 'gap 95% interval', sentences: '', precision: interval('precision'), recall: interval('recall'), f1: interval('f1'), 'rp@5': interval('rp5') });
  overfitRows.push(...overfitting(`techwolf ${name}`, halves.tuning, halves['held-out']));
  if (catalog.reranker) {
    const outcomes = { reranked: 0, lexical: 0 };
    const rp5 = {};
    for (const half of ['tuning', 'held-out']) {
      const results = [];
      for (const r of halves[half]) results.push({ ...r, ranked: await rerankedRanking(r.text, outcomes) });
      rp5[half] = skillMeasures(results).rp5;
    }
    const lexical = { tuning: skillMeasures(halves.tuning).rp5, 'held-out': skillMeasures(halves['held-out']).rp5 };
    rerankRows.push({ set: `techwolf ${name}`, 'lexical rp@5 tuning': f3(lexical.tuning), 're-ranked rp@5 tuning': f3(rp5.tuning), 'lexical rp@5 held-out': f3(lexical['held-out']), 're-ranked rp@5 held-out': f3(rp5['held-out']), 'sentences re-ranked': outcomes.reranked, 'not re-ranked (no candidate, or a failure: see warnings)': outcomes.lexical });
  }
  pooled.tuning.push(...halves.tuning);
  pooled['held-out'].push(...halves['held-out']);
}
// Both files' halves together: twice the sentences, a narrower interval (random splits mix the files' sentences).
if (overfitRows.length > 3) overfitRows.push(...overfitting('techwolf both', pooled.tuning, pooled['held-out']));
if (!escoDir) console.log('techwolf: skipped (needs the ESCO taxonomy)');
if (techRows.length) {
  console.log('TechWolf validation (targets: RP@5 tech ≥ 0.50, house ≥ 0.40; |gap| < 0.03)');
  console.table(techRows);
  console.log('RP@5 gap against an untuned reference (plain BM25 over labels + descriptions; "tuned part" = linker gap − reference gap, same halves;');
  console.log('intervals: paired bootstrap, 2,000 rounds; random splits: 2,000 splits of the sentences into halves of the same sizes, rules fixed;');
  console.log('"splits ≥ this gap": share of random splits with a gap at least the fixed split\'s, a one-sided permutation p-value)');
  console.table(overfitRows);
}
if (rerankRows.length) {
  const { provider, model } = catalog.reranker.model.settings;
  console.log(`RankSkills re-ranked by embeddings (${provider} ${model}, weight ${catalog.reranker.options.weight}, ${catalog.reranker.options.candidates} candidates); the held-out half is the honest figure`);
  console.table(rerankRows);
}

// dotin CVs: gold are surface spans; a prediction is right when its text equals, contains or is contained in a
// gold span's text (token-wise), per CV.
const dotin = join(data, 'cvs/dotin-train');
if (existsSync(dotin)) {
  const cvs = readdirSync(dotin).filter((f) => f.endsWith('.xml')).map((file) => {
    const xml = readFileSync(join(dotin, file), 'utf8');
    // Where the CV names an employer or a place (same text as parseDotin's): a link there is a name, not a skill.
    const names = parseDotinSpans(xml).spans.filter((s) => s.type === 'Companies worked at' || s.type === 'Location');
    return { file, half: dotinHalf(file), names, ...parseDotin(xml) };
  });
  const namesLinked = [];
  const totals = { whole: dotinCounts(), A: dotinCounts(), B: dotinCounts() };
  let chars = 0;
  for (const { file, half, text, spans, names } of cvs) {
    const gold = [...new Set(spans.map((s) => tokenKeys(s).join(' ')).filter(Boolean))];
    const found = catalog.extract(text, '', 'cv').skills.sort(byConfidence);
    for (const s of found) if (names.some((n) => s.start >= n.start && s.end <= n.end)) namesLinked.push({ half, text: `${file}: "${s.matchedText}" → ${s.skill.name}` });
    chars += text.length;
    const matches = (pred) => gold.some((g) => contains(g, pred) || contains(pred, g));
    const predTexts = [...new Set(found.map((s) => tokenKeys(s.matchedText).join(' ')))];
    for (const counts of [totals.whole, totals[half]]) {
      counts.predicted += predTexts.length;
      counts.tp += predTexts.filter(matches).length;
      counts.goldTotal += gold.length;
      counts.goldHit += gold.filter((g) => predTexts.some((p) => contains(g, p) || contains(p, g))).length;
      counts.cvs++;
      if (gold.length > 0) {
        const top = found.slice(0, 5).map((s) => tokenKeys(s.matchedText).join(' '));
        counts.rp += top.filter(matches).length / Math.min(5, gold.length);
        counts.rpUnits++;
      }
    }
  }
  // Throughput: a second pass, warm (every language's dictionary built), texts already parsed.
  // Wall-clock and CPU-time rates: on a shared, loaded machine the CPU-time one is the steadier figure.
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  for (const { text } of cvs) catalog.extract(text, '', 'cv');
  const perSecond = cvs.length / ((performance.now() - t0) / 1000);
  const cpu = process.cpuUsage(cpu0);
  const perCpuSecond = cvs.length / ((cpu.user + cpu.system) / 1e6);
  const row = (set, { cvs: n, tp, predicted, goldHit, goldTotal, rp, rpUnits }) => {
    const precision = predicted ? tp / predicted : 0;
    const recall = goldTotal ? goldHit / goldTotal : 0;
    return { set, cvs: n, precision: f3(precision), recall: f3(recall), f1: f3(precision + recall ? (2 * precision * recall) / (precision + recall) : 0), 'rp@5': f3(rpUnits ? rp / rpUnits : 0) };
  };
  console.log('dotin-train CVs (target: precision ≥ 0.43 while recall rises; linking ≥ 100 CVs/s in process)');
  console.log('halves: sha1(file name) first byte even → A (rules looked at), odd → B (held out), as eval:extraction');
  console.table([row('dotin-train CVs', totals.whole), row('  half A', totals.A), row('  half B (held out)', totals.B)]);
  const namesIn = (half) => namesLinked.filter((n) => n.half === half).length;
  console.log(`company or place names linked as skills (first mention inside a labelled company or location span; target 0): half A ${namesIn('A')}, half B ${namesIn('B')}${namesLinked.length ? `\n  ${namesLinked.slice(0, 10).map((n) => n.text).join('\n  ')}` : ''}`);
  console.log(`dotin linking in process: ${perSecond.toFixed(0)} CVs/s wall, ${perCpuSecond.toFixed(0)} CVs/s of CPU time (${Math.round(chars / cvs.length)} chars/CV avg; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')})\n`);
}

// SkillSpan dev: span recall.
const skillspan = readSkillSpan(data, 'dev');
if (skillspan) {
  const counts = { skill: [0, 0], knowledge: [0, 0] };
  let mentions = 0, mentionsInSpan = 0;
  for (const { text, spans } of skillspan) {
    const linked = catalog.extract(text, 'en', 'job').skills;
    const overlaps = (a, b) => a.start < b.end && b.start < a.end;
    for (const span of spans) {
      counts[span.kind][1]++;
      if (linked.some((s) => overlaps(s, span))) counts[span.kind][0]++;
    }
    mentions += linked.length;
    mentionsInSpan += linked.filter((s) => spans.some((span) => overlaps(s, span))).length;
  }
  const rows = Object.entries(counts).map(([kind, [hit, total]]) => ({ set: 'skillspan dev', spans: kind, total, recall: f3(total ? hit / total : 0) }));
  console.log('SkillSpan dev (span recall: a gold span counts when a linked skill\'s matched words overlap it)');
  console.table(rows);
  console.log(`linked skills inside a gold span: ${f3(mentions ? mentionsInSpan / mentions : 0)} of ${mentions} (${skillspan.length} sentences)`);
}

/**
 * The over-fitting measure of one file's RP@5: the linker's gap (tuning − held-out) and the untuned reference's gap
 * on the same halves, and their difference — the part of the gap that tuning explains, with the halves' difficulty
 * taken out — each with its bootstrap interval and where the fixed split falls among random splits.
 */
function overfitting(set, tuning, held) {
  const rp5 = (results, key) => skillMeasures(key === 'ranked' ? results : results.map((r) => ({ ...r, ranked: r[key] }))).rp5;
  const gap = (key) => (t, h) => rp5(t, key) - rp5(h, key);
  const statistics = [
    ['linker', gap('ranked')],
    ['reference BM25', gap('reference')],
    ['tuned part (linker − reference)', (t, h) => gap('ranked')(t, h) - gap('reference')(t, h)],
  ];
  return statistics.map(([ranker, statistic]) => {
    const split = randomSplits(tuning, held, statistic);
    const row = { set, ranker };
    if (ranker !== statistics[2][0]) {
      const key = ranker === 'linker' ? 'ranked' : 'reference';
      Object.assign(row, { tuning: f3(rp5(tuning, key)), 'held-out': f3(rp5(held, key)) });
    }
    return {
      ...row,
      gap: f3(split.observed),
      'gap 95% interval': bootstrapInterval(tuning, held, statistic).map(f3).join(' … '),
      'random splits 95%': split.range.map(f3).join(' … '),
      'random splits mean |gap|': f3(split.meanAbs),
      'random splits |gap| < .03': f3(split.within(0.03)),
      'splits ≥ this gap': f3(split.atLeast),
    };
  });
}

/** Counts of the dotin measures over some CVs. */
function dotinCounts() {
  return { cvs: 0, tp: 0, predicted: 0, goldTotal: 0, goldHit: 0, rp: 0, rpUnits: 0 };
}

/** The fixed dotin half of a CV file: sha1(file name) first byte even → A, odd → B (as eval:extraction's split). */
function dotinHalf(file) {
  return createHash('sha1').update(file).digest()[0] & 1 ? 'B' : 'A';
}

function contains(haystack, needle) {
  return ` ${haystack} `.includes(` ${needle} `);
}
