#!/usr/bin/env node
// `pnpm eval:matching`: ranking quality of the matching scorer against a plain BM25 baseline, fully in-process
// (no services, no database). Needs `pnpm build` (runs against the compiled dist/ of documents, skills, matching).
//
// Records: the documents rules analyzer (createRulesAnalyzer) turns posting and CV texts into Job/CV record
// content; its skill linker is the skills service's own linker over the taxonomy the service would load (ESCO +
// seed when the shared ESCO export exists, else the seed), in memory, adapted to the analyzer's SkillLinker
// interface. The SkillGraph given to the scorer (broader/narrower/name, ESCO skill-skill relations, title →
// occupation mapping) comes from the same in-memory taxonomy, through the catalog methods the skills RPCs use.
//
// Labelled set (from ../shared/data, or TALENT_SHARED_DATA; exit 2 when absent). Relevance comes from the
// datasets' own labels, never from anything the analyzer, linker or scorer compute, and no scorer rule reads
// these labels:
//   - jobs: jobs/google-careers-1250.csv (Company;Title;Category;Location;Responsibilities;Minimum
//     Qualifications;Preferred Qualifications), each turned into a posting text with headed sections
//     (Responsibilities / Minimum qualifications / Preferred qualifications);
//   - CVs: cvs/dotin-train/*.xml, text = the XML body with the <label> tags stripped; the `Designation` spans
//     (job titles the person held) are the CV's labels.
//   - Role families: ROLE_FAMILIES below, fixed before any figure was looked at, each a pattern over normalised
//     title words (lowercase, punctuation to spaces). A job's families = those matching its Title; a CV's
//     families = those matching any of its Designation spans. A CV is relevant to a job when they share a family.
//   - Pool: POOL_SIZE CVs drawn with a fixed seed from the CVs that have at least one Designation (CVs without
//     one cannot be judged); the same pool for every job.
//   - Jobs: JOB_COUNT jobs drawn with a fixed seed from the jobs with at least one family that has at least
//     MIN_RELEVANT relevant CVs in the pool, stratified: round-robin over those families so one family (sales,
//     marketing) does not dominate.
// Caveat: the documents analyzer's tests and eval:skills also read these datasets (for parsing and skill linking,
// not for matching relevance), so the analyzer and linker are not strictly blind to the texts.
//
// Rankers, same texts, same run:
//   - ours: scoreCandidates(job, cvs, equal weights 0.25, graph), in the scorer's own order;
//   - BM25: job text as the query (its distinct terms), CV texts as the documents, k1 = 1.2, b = 0.75,
//     idf = ln(1 + (N - df + 0.5) / (df + 0.5)), tokens = lowercase runs of letters/digits minus a short English
//     stop list; ties broken by CV id.
// Figures: MAP, nDCG@10 (binary gains), precision@5, averaged over the jobs; also per half of a fixed split of the
// jobs (first byte of sha1(job id) even → A, odd → B). Rules are tuned looking at half A's jobs only; half B is
// held out, and the gap between the halves' differences to BM25 says how much the rules fit the jobs they were
// looked at on.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { SkillCatalog } from '../../skills/dist/catalog.js';
import { readTaxonomy } from '../../skills/dist/taxonomy/taxonomy-loader.js';
// The analyzer package and the documents service's text extractor: the one place this eval imports them from.
import { createRulesAnalyzer } from '@talent/analysis';
import { createTextExtractor } from '../../documents/dist/extraction/index.js';
import { GROUP_SHARES, prepareDetails, relevanceScale, scoreCandidates, scoringOccupations, SET_SHARES } from '../dist/scoring/index.js';

const POOL_SIZE = 150;
const JOB_COUNT = 40;
const MIN_RELEVANT = 3;
const SEED = 20261123;
const TARGET_POINTS = 10;
/** The silver set's nDCG@10 before the across-occupations work (issue 28): it must not fall below. */
const SILVER_FLOOR = 0.444;
/** `--fit`: learn the groups' shares (scoring/shares.ts) on half A and the silver set, print them, and stop. */
const FIT = process.argv.includes('--fit');
/** L2 penalty on the log-shares and the logistic temperature of the fit (chosen once; see fitShares). */
const FIT_L2 = 0.003;
const FIT_TEMPERATURE = 20;
const FIT_ITERATIONS = 60;
const STOP = new Set(
  'a an and are as at be but by for from has have in into is it its of on or our that the their this to was were will with you your we us i my me he she they them not no yes can may also than then there these those which who whom what when where why how all any each other such only own same so too very s t just do does did done been being over under about after before between through during above below up down out off again further once more most some few both nor'.split(' '),
);

// Title-word patterns, applied to job titles and CV designations alike (normalised: lowercase, non-alphanumerics
// to spaces, single spaces, padded with a space on each side).
const ROLE_FAMILIES = {
  'software development': / (software (engineer|developer|development|engineering)|developer|programmer|web development|app develop) /,
  'project / program management': / (project|program|programme) (manager|management|lead|leader|coordinator) /,
  sales: / (sales|account (manager|executive)) /,
  marketing: / (marketing|social media) /,
  legal: / (legal|paralegal|attorney|lawyer|counsel) /,
  administrative: / (secretary|receptionist|administrative|office manager|executive assistant) /,
  'support / customer service': / (support|help ?desk|customer service) /,
  'network / systems': / (network|systems? (engineer|administrator)) /,
  'data / business analysis': / (data|business|financial) analyst /,
  design: / (designer|ux|user experience) /,
  'finance / accounting': / (finance|financial|accountant|accounting) /,
  'writing / editing': / (writer|editor) /,
  'hr / recruiting': / (recruiter|recruiting|human resources|hr) /,
};
// Google job titles that match a pattern word but name another role.
const NOT_SOFTWARE = / developer (advocate|relations|programs?|marketing|partner|ecosystem) /;

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const data = sharedDataDir();
if (!data) {
  console.error('eval:matching: shared data folder not found (need ../shared/data/jobs/google-careers-1250.csv and ../shared/data/cvs/dotin-train/, or set TALENT_SHARED_DATA)');
  process.exit(2);
}

const t0 = performance.now();
const escoDir = existsSync(join(data, 'esco')) ? join(data, 'esco') : undefined;
const taxonomy = readTaxonomy({ ...(escoDir ? { escoDir } : {}), seedDir: process.env.SKILLS_SEED_DIR ?? join(repoRoot, 'services/skills/seed/skills') });
const catalog = new SkillCatalog(
  taxonomy.skills,
  { ...taxonomy, checksum: '', languages: [], skillCount: taxonomy.skills.length, labelCount: 0, importedAt: new Date() },
  { relations: taxonomy.relations, occupations: taxonomy.occupations },
);
const linker = {
  async link(text, language, context) {
    const result = catalog.extract(text, language, context);
    return {
      language: result.language,
      skills: result.skills.map((s) => ({ id: s.skill.id, name: s.skill.name, type: s.skill.type, evidence: s.evidence, confidence: s.confidence, hint: s.hint })),
    };
  },
};
// What the matching service builds from GetRelatedSkills and MatchOccupations (peers/skill-graph.ts), in memory:
// the same catalog methods the RPCs call, and the same number of occupations per title (3).
const occupationCache = new Map();
const graph = {
  broader: (id) => catalog.hierarchy.broader(id),
  narrower: (id) => catalog.hierarchy.narrower(id),
  name: (id) => catalog.index.get(id, 'en')?.name,
  related: (id) => catalog.related([id]).skills[0]?.related ?? [],
  occupations: (query) => {
    if (!occupationCache.has(query)) occupationCache.set(query, catalog.matchOccupations([query], 3).results[0].occupations);
    return occupationCache.get(query);
  },
};
const analyzer = createRulesAnalyzer(linker, { now: () => new Date('2026-01-01T00:00:00Z') });
console.log(`taxonomy: ${taxonomy.version}, ${taxonomy.skills.length} skills (${(performance.now() - t0).toFixed(0)} ms)`);

// --- labelled set ---------------------------------------------------------------------------------------------
const random = mulberry32(SEED);
const families = (title) => {
  const t = norm(title);
  return Object.entries(ROLE_FAMILIES)
    .filter(([name, re]) => re.test(t) && !(name === 'software development' && NOT_SOFTWARE.test(t) && !/ software /.test(t)))
    .map(([name]) => name);
};

const dotinDir = join(data, 'cvs/dotin-train');
const cvAll = readdirSync(dotinDir)
  .filter((f) => f.endsWith('.xml'))
  .sort((a, b) => parseInt(a, 10) - parseInt(b, 10) || a.localeCompare(b))
  .map((file) => {
    const { text, designations } = parseDotin(readFileSync(join(dotinDir, file), 'utf8'));
    return { id: `dotin-${file.replace(/\.xml$/, '')}`, text, designations, families: new Set(designations.flatMap(families)) };
  });
const labelled = cvAll.filter((cv) => cv.designations.length > 0);
const pool = shuffle(labelled, random).slice(0, POOL_SIZE).sort((a, b) => a.id.localeCompare(b.id));

const jobRows = parseCsv(readFileSync(join(data, 'jobs/google-careers-1250.csv'), 'utf8'), ';');
const header = jobRows.shift();
const col = (name) => header.indexOf(name);
const jobAll = jobRows
  .filter((r) => r.length >= header.length)
  .map((r, i) => {
    const title = r[col('Title')].trim();
    return {
      id: `google-${i + 1}`,
      title,
      category: r[col('Category')].trim(),
      families: families(title),
      text: postingText(r[col('Company')], title, r[col('Location')], r[col('Responsibilities')], r[col('Minimum Qualifications')], r[col('Preferred Qualifications')]),
    };
  });
const relevantTo = (job) => new Set(pool.filter((cv) => job.families.some((f) => cv.families.has(f))).map((cv) => cv.id));
const familySupport = new Map(Object.keys(ROLE_FAMILIES).map((f) => [f, pool.filter((cv) => cv.families.has(f)).length]));
const eligibleFamilies = Object.keys(ROLE_FAMILIES).filter((f) => familySupport.get(f) >= MIN_RELEVANT);
const byFamily = new Map(
  eligibleFamilies.map((f) => [f, shuffle(jobAll.filter((j) => j.families[0] === f && j.text.length > 0), random)]),
);
const jobs = [];
for (let round = 0; jobs.length < JOB_COUNT; round++) {
  let added = false;
  for (const f of eligibleFamilies) {
    const job = byFamily.get(f)[round];
    if (job && jobs.length < JOB_COUNT) {
      jobs.push(job);
      added = true;
    }
  }
  if (!added) break;
}

console.log(`labelled set: ${jobs.length} jobs (of ${jobAll.length}), pool of ${pool.length} CVs (of ${labelled.length} dotin CVs with a Designation, ${cvAll.length} in all), seed ${SEED}`);
console.log('role families (CVs in the pool / jobs sampled):');
for (const f of Object.keys(ROLE_FAMILIES)) {
  const nJobs = jobs.filter((j) => j.families[0] === f).length;
  console.log(`  ${f.padEnd(30)} ${String(familySupport.get(f)).padStart(3)} / ${nJobs}${eligibleFamilies.includes(f) ? '' : `  (left out: < ${MIN_RELEVANT} CVs)`}`);
}

// --- records ----------------------------------------------------------------------------------------------------
const a0 = performance.now();
const cvRecords = [];
for (const cv of pool) cvRecords.push({ ...(await analyzer.analyzeCv(cv.text)), id: cv.id });
const jobRecords = [];
for (const job of jobs) jobRecords.push({ ...(await analyzer.analyzeJob(job.text)), id: job.id });
const analyzeMs = performance.now() - a0;
console.log(`analysis: ${cvRecords.length} CVs + ${jobRecords.length} jobs in ${analyzeMs.toFixed(0)} ms`);

// --- ranking ----------------------------------------------------------------------------------------------------
const weights = { experience: 0.25, hard_skills: 0.25, soft_skills: 0.25, education: 0.25 };
const bm25 = new Bm25(pool.map((cv) => ({ id: cv.id, text: cv.text })));
const totals = { ours: { map: 0, ndcg: 0, p5: 0 }, bm25: { map: 0, ndcg: 0, p5: 0 } };
let relevantSum = 0;
let scoreMs = 0;
let bm25Ms = 0;
const perJob = [];
for (let i = 0; i < jobs.length; i++) {
  const job = jobs[i];
  const relevant = relevantTo(job);
  relevantSum += relevant.size;
  const s0 = performance.now();
  const ours = scoreCandidates(jobRecords[i], cvRecords, weights, graph).map((c) => c.person_id);
  const s1 = performance.now();
  const base = bm25.rank(job.text);
  const s2 = performance.now();
  scoreMs += s1 - s0;
  bm25Ms += s2 - s1;
  const mo = metrics(ours, relevant);
  const mb = metrics(base, relevant);
  for (const [k, v] of Object.entries(mo)) totals.ours[k] += v;
  for (const [k, v] of Object.entries(mb)) totals.bm25[k] += v;
  perJob.push({ half: jobHalf(job), job: job.title.slice(0, 48), family: job.families.join(', ').slice(0, 28), relevant: relevant.size, 'ours nDCG@10': mo.ndcg.toFixed(3), 'bm25 nDCG@10': mb.ndcg.toFixed(3) });
}
const n = jobs.length;
const avg = (t) => ({ MAP: t.map / n, 'nDCG@10': t.ndcg / n, 'P@5': t.p5 / n });
const ours = avg(totals.ours);
const base = avg(totals.bm25);

console.log('\nper job:');
console.table(perJob);
console.log(`\n${n} jobs, pool ${pool.length} CVs, ${(relevantSum / n).toFixed(1)} relevant CVs per job on average (${((100 * relevantSum) / n / pool.length).toFixed(1)}% of the pool)`);
console.table({
  'ours (rules scorer, equal weights)': fmt(ours),
  'BM25 (k1=1.2, b=0.75)': fmt(base),
});
const diff = 100 * (ours['nDCG@10'] - base['nDCG@10']);
// The spread of the per-job differences says how much of the difference a different sample of jobs could move.
const perJobDiffs = perJob.map((row) => 100 * (Number(row['ours nDCG@10']) - Number(row['bm25 nDCG@10'])));
const meanDiff = perJobDiffs.reduce((a, b) => a + b, 0) / n;
const stdError = Math.sqrt(perJobDiffs.reduce((a, d) => a + (d - meanDiff) ** 2, 0) / (n - 1) / n);
console.log(`nDCG@10 difference (ours − BM25): ${diff >= 0 ? '+' : ''}${diff.toFixed(2)} points (standard error over the ${n} jobs ±${stdError.toFixed(1)})`);
console.log(`MAP difference: ${fmtPts(ours.MAP - base.MAP)}, P@5 difference: ${fmtPts(ours['P@5'] - base['P@5'])}`);
for (const half of ['A', 'B']) {
  const rows = perJob.filter((row) => row.half === half);
  const mean = (key) => rows.reduce((a, row) => a + Number(row[key]), 0) / rows.length;
  const [o, b] = [mean('ours nDCG@10'), mean('bm25 nDCG@10')];
  console.log(`half ${half} (${rows.length} jobs): nDCG@10 ${o.toFixed(3)} vs BM25 ${b.toFixed(3)} (${fmtPts(o - b)})`);
}
console.log(`target: beat BM25 by ≥ ${TARGET_POINTS} points of nDCG@10 — ${diff >= TARGET_POINTS ? 'met' : 'NOT met'}`);
(await import('./blind-check.mjs')).blindCheck({ jobs: jobRecords, cvs: cvRecords, weights, graph, relevant: jobs.map(relevantTo) });
const silverNdcg = ours['nDCG@10'];
console.log(`silver set target: nDCG@10 not below ${SILVER_FLOOR} — ${silverNdcg >= SILVER_FLOOR ? 'met' : 'NOT met'} (${silverNdcg.toFixed(3)})`);
console.log(`time: ${((performance.now() - t0) / 1000).toFixed(1)} s (analysis ${(analyzeMs / 1000).toFixed(1)} s, scorer ${scoreMs.toFixed(0)} ms, BM25 ${bm25Ms.toFixed(0)} ms)`);

// --- across occupations -------------------------------------------------------------------------------------------
// One job ad per livecareer category (eval/occupation-ads/<CATEGORY>.txt, written before the CVs were opened and
// never edited to suit the scorer); 10 CV PDFs per category, turned into records as a client's upload is: text by
// the documents service's extractor (in-process parsers, the service's default), then the rules analyzer + linker.
// A CV is relevant to an ad when it is from the ad's category. Categories are split into two fixed halves by
// sha1(category name): the 12 smallest hashes are half A (rules are tuned looking at A only), the rest B (held out).
const occupationDir = join(data, 'cvs/livecareer-by-category');
if (existsSync(occupationDir)) {
  const adsDir = fileURLToPath(new URL('./occupation-ads/', import.meta.url));
  const categories = readdirSync(occupationDir).filter((c) => existsSync(join(adsDir, `${c}.txt`))).sort();
  const byHash = [...categories].sort((a, b) => sha1(a).localeCompare(sha1(b)));
  const halfOf = new Map(byHash.map((c, i) => [c, i < byHash.length / 2 ? 'A' : 'B']));
  const o0 = performance.now();
  const extractor = createTextExtractor({ concurrency: 1 });
  const cvs = [];
  const refused = [];
  for (const category of categories) {
    for (const file of readdirSync(join(occupationDir, category)).filter((f) => f.endsWith('.pdf')).sort()) {
      // A PDF without a text layer is refused at upload (422), so a client never gets a record for it: left out.
      const extracted = await extractor
        .extract({ bytes: new Uint8Array(readFileSync(join(occupationDir, category, file))), type: 'pdf', filename: file })
        .catch((error) => (refused.push(`${category}/${file}: ${error.message}`), undefined));
      if (!extracted) continue;
      const { text } = extracted;
      cvs.push({ id: `${category}/${file}`, category, text, record: { ...(await analyzer.analyzeCv(text)), id: `${category}/${file}` } });
    }
  }
  await extractor.close();
  const ads = [];
  for (const category of categories) {
    const text = readFileSync(join(adsDir, `${category}.txt`), 'utf8');
    ads.push({ category, text, record: { ...(await analyzer.analyzeJob(text)), id: `ad-${category}` } });
  }
  if (FIT) {
    const tuning = [
      ...jobRecords.map((job, i) => ({ job, cvs: cvRecords, relevant: relevantTo(jobs[i]) })),
      ...ads.filter((ad) => halfOf.get(ad.category) === 'A').map((ad) => ({ job: ad.record, cvs: cvs.map((cv) => cv.record), relevant: new Set(cvs.filter((cv) => cv.category === ad.category).map((cv) => cv.id)) })),
    ];
    printShares(fitShares(tuning));
    process.exit(0);
  }
  console.log(`\nacross occupations: ${ads.length} ads, ${cvs.length} CVs (PDF → extractor → analyzer) in ${((performance.now() - o0) / 1000).toFixed(1)} s${refused.length ? `; ${refused.length} refused by the extractor, left out: ${refused.join('; ')}` : ''}`);
  const occBm25 = new Bm25(cvs.map((cv) => ({ id: cv.id, text: cv.text })));
  const records = cvs.map((cv) => cv.record);
  const rows = [];
  let occScoreMs = 0;
  for (const ad of ads) {
    const relevant = new Set(cvs.filter((cv) => cv.category === ad.category).map((cv) => cv.id));
    const s0 = performance.now();
    const ranked = scoreCandidates(ad.record, records, weights, graph).map((c) => c.person_id);
    occScoreMs += performance.now() - s0;
    rows.push({ category: ad.category, half: halfOf.get(ad.category), ours: metrics(ranked, relevant), bm25: metrics(occBm25.rank(ad.text), relevant), top3: ranked.slice(0, 3).map((id) => id.split('/')[0]).join(' ') });
  }
  console.table(
    Object.fromEntries(
      rows.map((r) => [
        r.category,
        { half: r.half, 'ours nDCG@10': r.ours.ndcg.toFixed(3), 'bm25 nDCG@10': r.bm25.ndcg.toFixed(3), 'ours MAP': r.ours.map.toFixed(3), 'bm25 MAP': r.bm25.map.toFixed(3), 'ours P@5': r.ours.p5.toFixed(2), 'bm25 P@5': r.bm25.p5.toFixed(2), 'ours top 3': r.top3 },
      ]),
    ),
  );
  const mean = (subset, who) => {
    const m = { 'nDCG@10': 0, MAP: 0, 'P@5': 0 };
    for (const r of subset) {
      m['nDCG@10'] += r[who].ndcg / subset.length;
      m.MAP += r[who].map / subset.length;
      m['P@5'] += r[who].p5 / subset.length;
    }
    return m;
  };
  const summary = {};
  for (const [name, subset] of [['all', rows], ['half A (tuning)', rows.filter((r) => r.half === 'A')], ['half B (held out)', rows.filter((r) => r.half === 'B')]]) {
    summary[`${name}: ours`] = fmt(mean(subset, 'ours'));
    summary[`${name}: BM25`] = fmt(mean(subset, 'bm25'));
  }
  console.table(summary);
  console.log(`halves: A = ${categories.filter((c) => halfOf.get(c) === 'A').join(' ')}; B = ${categories.filter((c) => halfOf.get(c) === 'B').join(' ')}`);
  const heldOut = rows.filter((r) => r.half === 'B');
  const gap = mean(heldOut, 'ours')['nDCG@10'] - mean(heldOut, 'bm25')['nDCG@10'];
  console.log(`target: held-out half nDCG@10 ≥ BM25 + 0.10 — ${gap >= 0.1 ? 'met' : 'NOT met'} (${gap >= 0 ? '+' : ''}${gap.toFixed(3)})`);
  const worst = rows.map((r) => ({ category: r.category, d: r.ours.ndcg - r.bm25.ndcg })).sort((a, b) => a.d - b.d);
  const below = worst.filter((w) => w.d < -0.05);
  console.log(`target: every category nDCG@10 ≥ BM25 − 0.05 — ${below.length ? `NOT met (${below.map((w) => `${w.category} ${w.d.toFixed(3)}`).join(', ')})` : 'met'} (worst ${worst[0].category} ${worst[0].d >= 0 ? '+' : ''}${worst[0].d.toFixed(3)})`);
  console.log(`scorer time across occupations: ${occScoreMs.toFixed(0)} ms for ${ads.length} × ${cvs.length}`);
} else {
  console.log(`\nacross occupations: ${occupationDir} not found, skipped`);
}

// --- title → occupation mapping precision ---------------------------------------------------------------------------
// eval/occupation-mapping-labels.tsv: title query, ESCO occupation name, 1 (right) or 0 (wrong), labelled by hand.
// The mappings that score are those scoringOccupations keeps (the scorer's gate); precision = right / labelled
// among them. A kept mapping missing from the file is reported, not counted.
{
  const labels = new Map();
  const labelFile = fileURLToPath(new URL('./occupation-mapping-labels.tsv', import.meta.url));
  for (const line of readFileSync(labelFile, 'utf8').split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const [title, occupation, ok] = line.split('\t');
    labels.set(`${title}\t${occupation}`, ok.trim() === '1');
  }
  const titles = [...new Set([...labels.keys()].map((k) => k.split('\t')[0]))];
  let right = 0;
  let judged = 0;
  const unlabelled = [];
  const wrong = [];
  for (const title of titles) {
    for (const o of scoringOccupations(graph, title)) {
      const ok = labels.get(`${title}\t${o.name}`);
      if (ok === undefined) unlabelled.push(`${title} → ${o.name}`);
      else {
        judged++;
        if (ok) right++;
        else wrong.push(`${title} → ${o.name}`);
      }
    }
  }
  const precision = judged ? right / judged : 0;
  console.log(`\ntitle → occupation: ${titles.length} labelled titles, ${judged} mappings that score, precision ${precision.toFixed(3)}${wrong.length ? ` (wrong: ${wrong.join('; ')})` : ''}${unlabelled.length ? `; ${unlabelled.length} unlabelled: ${unlabelled.join('; ')}` : ''}`);
  console.log(`target: mapping precision ≥ 0.95 — ${precision >= 0.95 ? 'met' : 'NOT met'}`);
}
console.log(`time: ${((performance.now() - t0) / 1000).toFixed(1)} s in all`);

// --- learning the groups' shares (--fit) ---------------------------------------------------------------------------
// Pairwise logistic regression on the scorer's own aggregation: for each job, every (relevant, irrelevant) CV pair
// should score relevant first; score = mean over the dimensions the job states of Σ share × group mean ÷ Σ share
// (the group means are the details' weighted means, 0..1, exactly as applyShares and assemble compute them).
// Shares = exp(θ), θ from 0 (equal shares), L2 FIT_L2 on θ, full batch, numerical gradient, fixed step rule:
// deterministic, no seed needed. Tuning jobs only: the silver set and half A of the across-occupations set.
// A share a rule sets (SET_SHARES in scoring/shares.ts: the soft skills an ad names, since rules-10) is applied as
// the scorer applies it; its learned value, which only the relevance scale reads, is kept as GROUP_SHARES has it.
function fitShares(tuning) {
  const params = Object.entries(GROUP_SHARES).flatMap(([dimension, groups]) => Object.keys(groups).map((group) => `${dimension}\t${group}`));
  const set = params.map((p) => {
    const [dimension, group] = p.split('\t');
    return SET_SHARES[dimension]?.[group];
  });
  const fixed = params.map((p, i) => {
    const [dimension, group] = p.split('\t');
    return set[i] === undefined ? undefined : GROUP_SHARES[dimension][group];
  });
  const examples = tuning.map(({ job, cvs, relevant }) => {
    const details = prepareDetails(job, graph);
    const rows = cvs.map((cv) => {
      const sums = new Map();
      for (const d of details(cv)) {
        const key = params.indexOf(`${d.dimension}\t${d.group}`);
        const s = sums.get(key) ?? [0, 0];
        s[0] += d.weight * d.detail.score;
        s[1] += d.weight;
        sums.set(key, s);
      }
      const dims = new Map();
      for (const [key, [a, w]] of sums) {
        if (w <= 0) continue;
        const dimension = params[key].split('\t')[0];
        dims.set(dimension, [...(dims.get(dimension) ?? []), [key, a / w / 10]]);
      }
      // The groups each dimension holds (the same for every CV of a job): the relevance scale depends on them.
      const groups = {};
      for (const [dimension, items] of dims) groups[dimension] = items.map(([key]) => params[key].split('\t')[1]);
      return { relevant: relevant.has(cv.id), dims: [...dims.values()], groups, pattern: JSON.stringify(groups) };
    });
    return { pos: rows.filter((r) => r.relevant), neg: rows.filter((r) => !r.relevant) };
  });
  // The scorer's aggregation (applyShares): the relevance group's shares × the job's relevanceScale.
  const scaled = (row, w, scales) => {
    let scale = scales.get(row.pattern);
    if (scale === undefined) {
      const shares = {};
      params.forEach((p, i) => {
        const [dimension, group] = p.split('\t');
        (shares[dimension] ??= {})[group] = w[i];
      });
      scale = relevanceScale(row.groups, shares);
      scales.set(row.pattern, scale);
    }
    return params.map((p, i) => (p.endsWith('\trelevance') ? w[i] * scale : (set[i] ?? w[i])));
  };
  const score = (row, w, scales) => {
    const ws = scaled(row, w, scales);
    const dims = row.dims;
    let t = 0;
    for (const items of dims) {
      let a = 0;
      let b = 0;
      for (const [i, v] of items) {
        a += ws[i] * v;
        b += ws[i];
      }
      t += b > 0 ? a / b : 0;
    }
    return dims.length ? t / dims.length : 0;
  };
  const loss = (theta) => {
    const w = theta.map(Math.exp);
    const scales = new Map();
    let total = 0;
    for (const { pos, neg } of examples) {
      if (!pos.length || !neg.length) continue;
      const sn = neg.map((n) => score(n, w, scales));
      let l = 0;
      for (const p of pos) {
        const sp = score(p, w, scales);
        for (const b of sn) {
          const z = FIT_TEMPERATURE * (sp - b);
          l += z > 30 ? 0 : Math.log1p(Math.exp(-z));
        }
      }
      total += l / (pos.length * sn.length);
    }
    return total / examples.length + FIT_L2 * theta.reduce((a, v, i) => a + (fixed[i] === undefined ? v * v : 0), 0);
  };
  let theta = params.map((_, i) => (fixed[i] === undefined ? 0 : Math.log(fixed[i])));
  let current = loss(theta);
  let step = 0.5;
  for (let it = 0; it < FIT_ITERATIONS; it++) {
    const grad = theta.map((_, i) => {
      if (fixed[i] !== undefined) return 0;
      const t = [...theta];
      t[i] += 1e-3;
      return (loss(t) - current) / 1e-3;
    });
    const norm = Math.sqrt(grad.reduce((a, v) => a + v * v, 0)) || 1;
    const next = theta.map((v, i) => v - (step * grad[i]) / norm);
    const l = loss(next);
    if (l < current) {
      theta = next;
      current = l;
      step *= 1.2;
    } else step *= 0.5;
  }
  console.log(`fit: ${examples.length} tuning jobs (silver + half A), loss ${current.toFixed(4)}`);
  return params.map((p, i) => [p, theta[i]]);
}

function printShares(fitted) {
  const table = {};
  for (const [p, theta] of fitted) {
    const [dimension, group] = p.split('\t');
    (table[dimension] ??= {})[group] = Number(Math.exp(theta).toFixed(2));
  }
  console.log('GROUP_SHARES (scoring/shares.ts):');
  for (const [dimension, groups] of Object.entries(table)) console.log(`  ${dimension}: ${JSON.stringify(groups)},`);
  console.log('in use now:');
  for (const [dimension, groups] of Object.entries(GROUP_SHARES)) console.log(`  ${dimension}: ${JSON.stringify(groups)},`);
}

function sha1(text) {
  return createHash('sha1').update(text).digest('hex');
}

function jobHalf(job) {
  return createHash('sha1').update(job.id).digest()[0] & 1 ? 'B' : 'A';
}

// --- helpers ----------------------------------------------------------------------------------------------------
function fmt(m) {
  return Object.fromEntries(Object.entries(m).map(([k, v]) => [k, v.toFixed(3)]));
}

function fmtPts(d) {
  const p = 100 * d;
  return `${p >= 0 ? '+' : ''}${p.toFixed(1)} points`;
}

function metrics(ranking, relevant) {
  let hits = 0;
  let ap = 0;
  let dcg = 0;
  let p5 = 0;
  ranking.forEach((id, i) => {
    if (!relevant.has(id)) return;
    hits++;
    ap += hits / (i + 1);
    if (i < 10) dcg += 1 / Math.log2(i + 2);
    if (i < 5) p5++;
  });
  let idcg = 0;
  for (let i = 0; i < Math.min(10, relevant.size); i++) idcg += 1 / Math.log2(i + 2);
  return { map: relevant.size ? ap / relevant.size : 0, ndcg: idcg ? dcg / idcg : 0, p5: p5 / 5 };
}

function Bm25(docs, k1 = 1.2, b = 0.75) {
  const tf = docs.map((d) => {
    const counts = new Map();
    for (const t of tokens(d.text)) counts.set(t, (counts.get(t) ?? 0) + 1);
    let length = 0;
    for (const c of counts.values()) length += c;
    return { id: d.id, counts, length };
  });
  const avgdl = tf.reduce((s, d) => s + d.length, 0) / tf.length;
  const df = new Map();
  for (const d of tf) for (const t of d.counts.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const N = tf.length;
  const idf = (t) => Math.log(1 + (N - (df.get(t) ?? 0) + 0.5) / ((df.get(t) ?? 0) + 0.5));
  this.rank = (query) => {
    const terms = [...new Set(tokens(query))];
    return tf
      .map((d) => {
        let score = 0;
        for (const t of terms) {
          const f = d.counts.get(t);
          if (f) score += (idf(t) * f * (k1 + 1)) / (f + k1 * (1 - b + (b * d.length) / avgdl));
        }
        return { id: d.id, score };
      })
      .sort((x, y) => y.score - x.score || x.id.localeCompare(y.id))
      .map((d) => d.id);
  };
}

function tokens(text) {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((t) => !STOP.has(t));
}

function norm(title) {
  return ` ${title.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim()} `;
}

function postingText(company, title, location, responsibilities, minimum, preferred) {
  const section = (heading, body) => {
    const lines = body.split('\n').map((l) => l.trim()).filter(Boolean);
    return lines.length ? `\n\n${heading}\n${lines.map((l) => `- ${l}`).join('\n')}` : '';
  };
  return `${title.trim()}\nCompany: ${company.trim()}\nLocation: ${location.trim()}${section('Responsibilities', responsibilities)}${section('Minimum qualifications', minimum)}${section('Preferred qualifications', preferred)}\n`;
}

function parseDotin(xml) {
  const body = xml.replace(/^[\s\S]*?<cv>\n?/, '').replace(/<\/cv>\s*$/, '');
  const designations = [];
  const text = body.replace(/<label type="([^"]+)">([\s\S]*?)<\/label>/g, (_, type, inner) => {
    if (type === 'Designation' && inner.trim()) designations.push(decode(inner.trim()));
    return inner;
  });
  return { text: decode(text), designations };
}

function decode(s) {
  return s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
}

/** RFC 4180-style: quoted fields may hold the delimiter, newlines and doubled quotes. */
function parseCsv(text, delimiter) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === delimiter) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      field = '';
      if (row.length > 1 || row[0] !== '') rows.push(row);
      row = [];
    } else field += c;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

function shuffle(items, rand) {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

function mulberry32(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sharedDataDir() {
  const configured = process.env.TALENT_SHARED_DATA;
  const candidates = configured ? [join(configured, 'data'), configured] : [join(repoRoot, '../shared/data')];
  return candidates.find((dir) => existsSync(join(dir, 'jobs/google-careers-1250.csv')) && existsSync(join(dir, 'cvs/dotin-train')));
}
