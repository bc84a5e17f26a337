#!/usr/bin/env node
// `pnpm eval:extraction` (after `pnpm build`; needs ../shared/data or TALENT_SHARED_DATA): how accurately the
// rules analyzer turns CVs and job postings into records, printed as tables with each target next to its figure.
// A measurement, not a test: it never fails on a figure.
//
// Skill linking: the skills service's own linker over the taxonomy the service would load (ESCO + seed when the
// shared ESCO export exists), in memory, as eval:matching does; hard/soft skill figures therefore measure the
// skills linker as much as the analyzer.
//
// 1. CVs: cvs/dotin-train/*.xml, text = the body with the <label> tags stripped; each record field against the
//    labelled spans (precision / recall / F1, definitions printed with the table), then the 10 worst CVs per
//    field with what the labels expected. Dates are read relative to NOW (the same for the analyzer and for the
//    labelled "… to Present" spans). Phone numbers are not labelled in this set: their reference is a number
//    written after a phone word ("Phone:", "Mobile", "Tel") on the same line, a proxy, read before a references
//    heading since rules-10 (TALENT_EVAL_PHONE_PROXY=all: the whole text, as before).
//    Two corrections where the first version was wrong (rules-4 round): the export's escaped apostrophes
//    ("Master\'s") are read as apostrophes in texts and labels, and a graduation-year span that is a range
//    ("2005 - 2008", 115 of the 372 spans) expects its last year only, not both. Fixed in the rules-8 round: a
//    span whose years run backwards holds several items ("2014 2010", 3 spans), each giving its last year.
//    Two more in the rules-5 round, both about what the annotators left out or split, counted once per CV:
//    - Secondary schooling ("High School", "HSC", "A levels", "Matriculation") is mostly not labelled: of the 84
//      secondary entries rules-4 reads in the 310 CVs, 5 have a labelled degree and 13 a labelled school. A
//      secondary entry's (level 1 of findDegrees) degree, school or year that matches no span of its field is
//      therefore not scored; one that matches counts as before, and a labelled one missed is still a miss.
//    - A compound title is labelled as its parts ("Founder and CEO" → "Founder", "CEO"; "Supervisor/CNC
//      Programmer" → both), while the record keeps the title whole: a predicted title joined by and/&//
//      also matches a span equal to one of its parts. The figures without either correction: TALENT_EVAL_STRICT=1.
// 2. Jobs: jobs/google-careers-1250.csv, each row written as a posting with one of 6 header layouts and, per
//    section, one of 6 heading wordings (plain, UPPER CASE, with colon, markdown "## ", "Title:" style) and one of
//    4 bullet styles, chosen from the row number so every combination recurs; see jobText() below.
// 3. Files: every document of cvs/files/: PDF/DOCX twins compared field by field, word order of each PDF against
//    its DOCX twin (reading order), the two-column Europass template (date column paired with its entry), and
//    Europass PDFs that embed their XML (the record's name and first job against the XML's).
// 4. Speed: the 310 CV texts through the analyzer in-process (CVs/s), in a fresh process (cv-speed.mjs).
//    Then the hand-written job-ad set (packages/analysis/eval/job-ads.mjs, pnpm eval:job-ads), also in a process of its own.
// 5. REST: a sample of CVs and jobs through POST /cvs|/jobs/analyze on the started stack, compared with the same
//    analyzer in-process calling the same skills service (SkillsPeer): every field must be equal.
// TALENT_EVAL_SKIP_API=1 skips step 5 (no stack started). CV figures are also printed per half of a fixed split
// (printSplit below); the worst lists show half A only unless TALENT_EVAL_WORST_HALF=B or all.
// TALENT_EVAL_ONLY=cvs prints the labelled-CV part only. TALENT_EVAL_NO_LINKING=1 links no skills (field figures only, quicker). TALENT_EVAL_WORST_N=40 lengthens the CV worst lists (and prints them whole, unshortened) to read more failures.
// TALENT_EVAL_CV_VARIANT=<variant>: the same CVs in one layout variant of @talent/analysis/variants (lines-lost: every
// line break replaced by a run of three spaces; lines-lost-one-space, -two-spaces, -space-tab, -mixed, headings-recased,
// headings-missing, headings-missing-one-space, bullets, dates-column, header-reordered: an entry header's title cell
// moved after the firm). TALENT_EVAL_CV_VARIANT=all: step 1 on the
// text as it is, then a table of every variant × field × half (printCvVariants); TALENT_EVAL_BASELINE_ANALYSIS=<another
// build's index.js> adds that build's figures, same run, same linker.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { readDotinCvs, readGoogleCareersJobs } from '@talent/testkit';
// The labelled CVs' notion of a right value, shared with the CV confidence trainer.
import { degreeConvention, degreeMatch, employerMatch, employerOfLine, institutionConvention, institutionMatch, norm, phoneMatch, proxyPhones, same, sameTitle as sameTitleOrPart, words } from '@talent/analysis/training/cv-labels';
import { printCvConfidence } from './cv-confidence.mjs';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const configured = process.env.TALENT_SHARED_DATA;
const data = [configured && join(configured, 'data'), configured, join(repoRoot, '../shared/data')]
  .filter(Boolean)
  .find((dir) => existsSync(join(dir, 'cvs/dotin-train')) && existsSync(join(dir, 'jobs/google-careers-1250.csv')));
if (!data) {
  console.error('eval:extraction needs ../shared/data (cvs/dotin-train, jobs/google-careers-1250.csv, cvs/files) or TALENT_SHARED_DATA');
  process.exit(2);
}
// TALENT_EVAL_ANALYSIS: another build's index.js (or, under tsx, another source tree's index.ts) of @talent/analysis,
// to measure two versions of the analyzer with the same protocol and the same linker. TALENT_EVAL_DOCUMENTS_DIST:
// another build of the documents service (text extraction, the skills peer).
const documentsDist = (path) => join(process.env.TALENT_EVAL_DOCUMENTS_DIST ?? join(repoRoot, 'services/documents/dist'), path);
const { createRulesAnalyzer, countryNamed, countryOfRegion, findDegrees } = await import(process.env.TALENT_EVAL_ANALYSIS ?? '@talent/analysis');
const { cvLayoutVariant, CV_LAYOUT_VARIANTS, seeded } = await import('@talent/analysis/variants');
const { createTextExtractor } = await import(documentsDist('extraction/index.js'));
const { usableEuropassText } = await import(documentsDist('extraction/europass.js')).catch(() => ({ usableEuropassText: () => undefined }));
const { SkillCatalog } = await import(join(repoRoot, 'services/skills/dist/catalog.js'));
const { readTaxonomy } = await import(join(repoRoot, 'services/skills/dist/taxonomy/taxonomy-loader.js'));

const NOW = new Date('2019-06-01T00:00:00Z');

// --- helpers --------------------------------------------------------------------------------------------------

/** Token containment either way: skill label vs labelled span ("Java" ~ "Core Java", "MS SQL Server" ~ "SQL Server"). */
function skillMatch(label, span) {
  const a = new Set(words(label));
  const b = new Set(words(span));
  if (!a.size || !b.size) return false;
  return [...a].every((w) => b.has(w)) || [...b].every((w) => a.has(w));
}
const LINK_STOP = new Set(['and', 'of', 'the', 'in', 'for', 'with', 'to', 'a', 'an', 'on']);
/**
 * A link finds a labelled span when its skill's name matches the span (skillMatch), or when it was read from the span
 * (its matched text and the span contain one another) and its name shares a word with the span: "ms sharepoint" →
 * Microsoft SharePoint, "core java" → Java (computer programming), "windows xp" → Microsoft Windows. A link read from
 * the span whose name shares nothing with it ("Juno" → Juniper Junos) does not.
 */
function sharedWordMatch(link, span) {
  if (skillMatch(link.name, span)) return true;
  if (!link.matchedText || !skillMatch(link.matchedText, span)) return false;
  const spanWords = new Set(words(span));
  return words(link.name).some((w) => !LINK_STOP.has(w) && spanWords.has(w));
}
/**
 * sharedWordMatch, or the link was read from exactly the labelled span and that text is one of its skill's labels (any
 * language): "SVN" → Subversion, "J2EE" → Jakarta EE, "SSIS" → SQL Server Integration Services, where the skill's
 * name shares no word with the span. "Juno" → Juniper Junos (read through the plural "Junos") and "UX" read inside
 * "HP UX" do not count.
 */
function linkMatch(link, span) {
  return sharedWordMatch(link, span) || (Boolean(link.matchedText) && norm(link.matchedText) === span && labelsOfSkill(link.id).has(span));
}
/** Normalised labels (every language) per skill id, built on first use. */
let skillLabels;
function labelsOfSkill(id) {
  skillLabels ??= new Map(taxonomy.skills.map((skill) => [skill.id, new Set(skill.labels.map((l) => norm(l.text)))]));
  return skillLabels.get(id) ?? new Set();
}
/** The match before linkMatch: the skill's name against the span only. */
const nameMatch = (link, span) => skillMatch(link.name, span);
const f1 = (p, r) => (p + r ? (2 * p * r) / (p + r) : 0);
const fmt = (x) => (Number.isFinite(x) ? x.toFixed(3) : '  -  ');
const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);

/** Accumulates true/false positives and negatives per field and remembers each document's own counts. */
class Scores {
  constructor({ partial }) {
    this.partial = partial;
    this.fields = new Map();
  }
  add(field, doc, { tp, fp, fn, expected, got }) {
    // dotin annotators labelled some fields in some CVs only: a CV without a single span of a field is not
    // evidence that the field is absent, so it is not scored for that field.
    if (this.partial && expected.length === 0) return;
    const f = this.fields.get(field) ?? { tp: 0, fp: 0, fn: 0, docs: [] };
    f.tp += tp;
    f.fp += fp;
    f.fn += fn;
    if (tp + fp + fn > 0) f.docs.push({ doc, tp, fp, fn, expected, got });
    this.fields.set(field, f);
  }
  prf(field) {
    const f = this.fields.get(field) ?? { tp: 0, fp: 0, fn: 0 };
    const p = f.tp / Math.max(f.tp + f.fp, 1);
    const r = f.tp / Math.max(f.tp + f.fn, 1);
    return { p, r, f: f1(p, r), ...f };
  }
}

const STRICT = process.env.TALENT_EVAL_STRICT === '1';
/** A predicted title equals a span, or is a compound ("Founder and CEO", "Supervisor/CNC Programmer") one of whose parts does. */
const sameTitle = (got, exp) => sameTitleOrPart(got, exp, STRICT);
/**
 * Values of education entries to score for one field: all, except a secondary-school entry's (level 1) value
 * that matches no labelled span of the field — the annotators labelled secondary schooling in few CVs (header).
 */
function scoredValues(education, value, spans, match) {
  return [
    ...new Set(
      education
        .filter((e) => STRICT || findDegrees(e.degree)[0]?.level !== 1 || spans.some((s) => match(value(e), s)))
        .map(value)
        .filter(Boolean),
    ),
  ];
}

/** Set comparison of predicted values against expected ones under a matcher. */
function compare(expected, got, match = same) {
  const tp = got.filter((g) => expected.some((e) => match(g, e))).length;
  const recalled = expected.filter((e) => got.some((g) => match(g, e))).length;
  return { tp: recalled, fp: got.length - tp, fn: expected.length - recalled, expected, got };
}

function printTable(title, rows) {
  console.log(`\n${title}`);
  console.log(`  ${pad('field', 34)} ${lpad('P', 6)} ${lpad('R', 6)} ${lpad('F1', 6)}   ${pad('target', 30)} met`);
  for (const row of rows) {
    const met = row.met === undefined ? '' : row.met ? 'yes' : 'NO';
    console.log(`  ${pad(row.field, 34)} ${lpad(fmt(row.p), 6)} ${lpad(fmt(row.r), 6)} ${lpad(fmt(row.f), 6)}   ${pad(row.target ?? '—', 30)} ${met}`);
  }
}

function printWorst(scores, field, n = 10, half = 'all') {
  const f = scores.fields.get(field);
  if (!f) return;
  const worst = [...f.docs]
    .filter((d) => half === 'all' || cvHalf(d.doc) === half)
    .map((d) => ({ ...d, err: d.fp + d.fn, f: f1(d.tp / Math.max(d.tp + d.fp, 1), d.tp / Math.max(d.tp + d.fn, 1)) }))
    .filter((d) => d.err > 0)
    .sort((a, b) => a.f - b.f || b.err - a.err)
    .slice(0, n);
  if (!worst.length) return;
  const show = (xs) => {
    const s = xs.map((x) => JSON.stringify(x)).join(', ');
    return s.length > 150 && n <= 10 ? `${s.slice(0, 149)}…` : s || '∅';
  };
  console.log(`  worst ${worst.length} for ${field}:`);
  for (const d of worst) console.log(`    ${pad(d.doc, 9)} F1 ${fmt(d.f)}  expected ${show(d.expected)}  got ${show(d.got)}`);
}

// --- skill linker ---------------------------------------------------------------------------------------------

const t0 = performance.now();
const escoDir = existsSync(join(data, 'esco')) ? join(data, 'esco') : undefined;
const taxonomy = readTaxonomy({ ...(escoDir ? { escoDir } : {}), seedDir: process.env.SKILLS_SEED_DIR ?? join(repoRoot, 'services/skills/seed/skills') });
const catalog = new SkillCatalog(taxonomy.skills, { ...taxonomy, checksum: '', languages: [], skillCount: taxonomy.skills.length, labelCount: 0, importedAt: new Date() });
/** The last linker answer, with confidences (records do not carry them; the recall-at-precision sweep needs them). */
let lastLinked = [];
/** The same text's links with the rules' confidence (no acceptance model): the sweep's baseline, labelled CVs only. */
let lastLinkedRules = [];
let withBaseline = true;
const linkedView = (result) => result.skills.map((s) => ({ id: s.skill.id, name: s.skill.name, type: s.skill.type, evidence: s.evidence, confidence: s.confidence, hint: s.hint, matchedText: s.matchedText }));
// TALENT_EVAL_NO_LINKING=1: no skill is linked (the record's other fields do not depend on linking): a quick loop over
// the CV fields and their layout variants; the skill figures then read 0 and mean nothing.
const NO_LINKING = process.env.TALENT_EVAL_NO_LINKING === '1';
const linker = {
  async link(text, language, context) {
    if (NO_LINKING) return { language, skills: [] };
    const result = catalog.extract(text, language, context);
    lastLinked = linkedView(result);
    // A build without the acceptance option answers the same links again.
    if (withBaseline) lastLinkedRules = linkedView(catalog.extract(text, language, context, { acceptance: 'rules' }));
    return { language: result.language, skills: lastLinked };
  },
};
const analyzer = createRulesAnalyzer(linker, { now: () => NOW });
console.log(`eval:extraction — analyzer ${analyzer.version}; taxonomy ${taxonomy.version}, ${taxonomy.skills.length} skills (${(performance.now() - t0).toFixed(0)} ms)`);

// --- 1. labelled CVs ------------------------------------------------------------------------------------------

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const ONGOING = /\b(?:present|current|currently|till\s+date|to\s+date|date|now|today|onwards?|ongoing|continuing)\b/i;
/** Months of one labelled "Years of Experience" span: a stated total ("5+ years", "2 years 10 months") or a range. */
function spanMonths(span) {
  const s = span.toLowerCase();
  const stated = /(\d+(?:\.\d+)?)\s*\+?\s*(?:years?|yrs?)(?:\s*(?:and\s*)?(\d+)\s*months?)?/.exec(s);
  if (stated && !/\b(19|20)\d\d\b/.test(s)) return { total: Math.round(Number(stated[1]) * 12 + Number(stated[2] ?? 0)) };
  const onlyMonths = /^(\d+)\s*months?/.exec(s);
  if (onlyMonths) return { total: Number(onlyMonths[1]) };
  const points = [];
  for (const m of s.matchAll(/(?:([a-z]{3})[a-z]*\.?\s*,?\s*|(\d{1,2})\s*[/.-]\s*)?((?:19|20)\d\d)/g)) {
    const month = m[1] ? MONTHS.indexOf(m[1]) : m[2] ? Number(m[2]) - 1 : -1;
    points.push({ year: Number(m[3]), month: month >= 0 && month < 12 ? month : undefined });
  }
  if (!points.length) return {};
  const [a, b] = points;
  const end = b ?? (ONGOING.test(s) ? { year: NOW.getUTCFullYear(), month: NOW.getUTCMonth() } : undefined);
  if (!end) return {};
  // A year without a month counts from January to January ("2004-2007" = 36 months), like the analyzer.
  const months = (end.year - a.year) * 12 + ((end.month ?? 0) - (a.month ?? 0));
  return months >= 0 && months < 600 ? { range: months } : {};
}

function expectedMonths(spans) {
  let stated = 0;
  let ranges = 0;
  for (const span of spans) {
    const m = spanMonths(span);
    if (m.total) stated = Math.max(stated, m.total);
    if (m.range !== undefined) ranges += m.range;
  }
  return stated || ranges || undefined;
}

// Referees' numbers are not the candidate's (the record leaves them out on purpose): since rules-10 the proxy reads
// the text before a line (or cell) that is only a references heading (proxyPhones). TALENT_EVAL_PHONE_PROXY=all reads the whole text (the
// proxy of rules-2 … rules-9).
const PHONE_PROXY_OWN = process.env.TALENT_EVAL_PHONE_PROXY !== 'all';
// The dotin export escapes apostrophes as \' ("Master\'s Degree") in texts and labels alike: an artefact of the
// export, not of CVs, so both are read with the apostrophe a CV has.
const unescape = (s) => s.replace(/\\'/g, "'");
/** The record's contact, experience and education fields of one labelled CV against its spans, added to `scores`. */
function scoreCvFields(scores, cv, r) {
  const L = (type) => [...new Set(cv.labels.get(type) ?? [])];
  const name = `${r.information.first_name} ${r.information.last_name}`.trim();
  scores.add('name', cv.file, compare(L('Name').slice(0, 1), name ? [name] : [], (a, b) => norm(a) === norm(b)));
  scores.add('email', cv.file, compare(L('Email Address').map((e) => e.toLowerCase().replace(/^indeed\.com\/r\//, '')), r.information.email, (a, b) => norm(a) === norm(b)));
  const phones = proxyPhones(cv.text, !PHONE_PROXY_OWN);
  scores.add('phone (proxy)', cv.file, compare(phones, r.information.phone, phoneMatch));
  const titles = [...new Set(r.experience.map((e) => e.title).filter(Boolean))];
  scores.add('designation', cv.file, compare(L('Designation'), titles, sameTitle));
  // The record has no employer field: the employer is the entry's header text left after the title (the first
  // line of `description` when short, see experience.ts), so that line is the predicted company.
  const employers = r.experience.map((e) => employerOfLine(e.description.split('\n')[0] ?? '')).filter((l) => l !== undefined);
  scores.add('companies', cv.file, compare(L('Companies worked at'), [...new Set(employers)], employerMatch));
  const city = r.information.address.city;
  scores.add('location', cv.file, compare(L('Location').length ? [L('Location')[0]] : [], city ? [city] : [], (got, exp) => L('Location').some((l) => ` ${norm(l)} `.includes(` ${norm(got)} `)) && !!exp));
  // The record splits "MS in Information Systems" into degree "MS" and major "Information Systems"; the labelled
  // span holds both, so the degree is compared with its major written after it.
  const degreeText = (e) => (e.major ? `${e.degree} in ${e.major}` : e.degree);
  scores.add('degree', cv.file, compare(L('Degree'), scoredValues(r.education, (e) => e.degree && degreeText(e), L('Degree'), degreeMatch), degreeMatch));
  scores.add('institution', cv.file, compare(L('College Name'), scoredValues(r.education, (e) => e.institution_name, L('College Name'), institutionMatch), institutionMatch));
  // A second, lenient figure (never instead of the one above): the spans of a label convention the record does not
  // follow are not counted (cv-labels.ts degreeConvention / institutionConvention: a certification or licence labelled
  // as a degree, a subject labelled apart from its degree and held as the entry's major, a college named only in work
  // experience). The predicted values are scored as above against the spans left.
  const lenient = (label, convention) => L(label).filter((span) => !convention(span, r));
  const degreesLeft = lenient('Degree', degreeConvention);
  scores.add('degree, lenient (conventions)', cv.file, compare(degreesLeft, degreesLeft.length ? scoredValues(r.education, (e) => e.degree && degreeText(e), degreesLeft, degreeMatch) : [], degreeMatch));
  const schoolsLeft = lenient('College Name', institutionConvention);
  scores.add('institution, lenient (conventions)', cv.file, compare(schoolsLeft, schoolsLeft.length ? scoredValues(r.education, (e) => e.institution_name, schoolsLeft, institutionMatch) : [], institutionMatch));
  const years = (xs) => [...new Set(xs.flatMap((x) => String(x).match(/\b(?:19|20)\d\d\b/g) ?? []))];
  // A labelled span may be a range ("2005 - 2008"): the degree was earned in its last year, so each span gives
  // its last year (the first version read every year of a range as a graduation year). A range runs forward, so
  // a year not after the one before it starts another item: "2014 2010" (two degrees' years, selected as one
  // span) gives both, "2003-2006 2003-2005 1995-2000" each range's last year (rules-8 round: it gave the last only).
  const lastYear = (span) => {
    const ys = (String(span).match(/\b(?:19|20)\d\d\b/g) ?? []).map(Number);
    return ys.filter((y, i) => i === ys.length - 1 || ys[i + 1] <= y).map(String);
  };
  const labelledYears = [...new Set(L('Graduation Year').flatMap(lastYear))];
  const entryYear = (e) => years([e.end_date || e.start_date].filter(Boolean))[0] ?? '';
  scores.add('graduation year', cv.file, compare(labelledYears, scoredValues(r.education, entryYear, labelledYears, (a, b) => a === b), (a, b) => a === b));
}

const CV_VARIANT = process.env.TALENT_EVAL_CV_VARIANT;
if (CV_VARIANT && CV_VARIANT !== 'all' && !CV_LAYOUT_VARIANTS.includes(CV_VARIANT)) {
  console.error(`TALENT_EVAL_CV_VARIANT: one of ${CV_LAYOUT_VARIANTS.join(', ')} or all`);
  process.exit(2);
}
// Each CV's variant is drawn with a seed of its own (its file name), so every run reads the same texts.
const variantOf = (text, variant, file) => cvLayoutVariant(text, variant, seeded(createHash('sha1').update(file).digest().readUInt32LE(0)));
const cvs = readDotinCvs(join(data, 'cvs/dotin-train')).map((cv) => ({
  ...cv,
  file: cv.file.replace(/\.xml$/, ''),
  text: CV_VARIANT && CV_VARIANT !== 'all' ? variantOf(unescape(cv.text), CV_VARIANT, cv.file) : unescape(cv.text),
  labels: new Map([...cv.labels].map(([type, spans]) => [type, spans.map(unescape)])),
}));
const cvHalf = (doc) => (createHash('sha1').update(`${doc}.xml`).digest()[0] & 1 ? 'B' : 'A');
const WORST_HALF = process.env.TALENT_EVAL_WORST_HALF ?? 'A';
const WORST_N = Number(process.env.TALENT_EVAL_WORST_N ?? 10);
const cvScores = new Scores({ partial: true });
const records = [];
const linkedPerCv = [];
const linkedPerCvRules = [];
let designationCvs = 0;
let designationCvsRight = 0;
const yoe = { labelled: 0, predicted: 0, within: 0, absErr: [] };
for (const cv of cvs) {
  const r = await analyzer.analyzeCv(cv.text);
  records.push(r);
  linkedPerCv.push(lastLinked);
  linkedPerCvRules.push(lastLinkedRules);
  const L = (type) => [...new Set(cv.labels.get(type) ?? [])];
  scoreCvFields(cvScores, cv, r);
  const titles = [...new Set(r.experience.map((e) => e.title).filter(Boolean))];
  if (L('Designation').length) {
    designationCvs++;
    designationCvsRight += +titles.some((t) => L('Designation').some((d) => same(t, d)));
  }
  const expected = expectedMonths(L('Years of Experience'));
  const total = r.experience.reduce((n, e) => n + e.duration, 0);
  if (expected !== undefined) yoe.labelled++;
  if (total > 0) yoe.predicted++;
  if (expected !== undefined && total > 0) yoe.absErr.push(Math.abs(total - expected));
  const ok = expected !== undefined && total > 0 && Math.abs(total - expected) <= Math.max(12, 0.2 * expected);
  yoe.within += +ok;
  if (expected !== undefined || total > 0) cvScores.add('years of experience (±12 mo/20%)', cv.file, { tp: +ok, fp: +(total > 0 && !ok), fn: +(expected !== undefined && !ok), expected: expected === undefined ? [] : [`${expected} mo`], got: total ? [`${total} mo`] : [] });
  const hardGold = [...new Set([...L('Tech Tools'), ...L('Job Specific Skills')].map(norm).filter(Boolean))];
  cvScores.add('hard skills', cv.file, compare(hardGold, r.hard_skills.map((s) => s.skill), skillMatch));
  cvScores.add('soft skills', cv.file, compare([...new Set(L('Soft Skills').map(norm).filter(Boolean))], r.soft_skills.map((s) => s.skill), skillMatch));
}

/**
 * Hard-skill recall at the lowest linker-confidence threshold whose precision is ≥ minPrecision, over the CVs of one
 * half (A, B) or all; also the links at that threshold.
 */
function recallAtPrecision(minPrecision, half, linked = linkedPerCv, match = linkMatch, everyCv = false) {
  // The annotation is partial: a CV without a single labelled hard-skill span is not scored (as every field's figure
  // above), else each of its links would count as wrong. `everyCv`: the previous measure, which scored them.
  const scored = [...cvs.entries()].filter(([, cv]) => (!half || cvHalf(cv.file) === half) && (everyCv || hardGoldOf(cv).length > 0));
  const thresholds = [...new Set(scored.flatMap(([i]) => linked[i]).map((s) => Math.round(s.confidence * 100) / 100))].sort((a, b) => a - b);
  for (const t of thresholds) {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    for (const [i, cv] of scored) {
      const gold = hardGoldOf(cv);
      const got = [...new Map(linked[i].filter((s) => s.type === 'hard-skill' && s.confidence >= t).map((s) => [s.id, s])).values()];
      const c = compare(gold, got, match);
      tp += c.tp;
      fp += c.fp;
      fn += c.fn;
    }
    const p = tp / Math.max(tp + fp, 1);
    if (p >= minPrecision) return { threshold: t, p, r: tp / Math.max(tp + fn, 1) };
  }
  return undefined;
}

/** Hard-skill gold spans of a CV: distinct, normalised (Tech Tools and Job Specific Skills). */
const hardGoldOf = (cv) => [...new Set([...(cv.labels.get('Tech Tools') ?? []), ...(cv.labels.get('Job Specific Skills') ?? [])].map(norm).filter(Boolean))];

/** Taxonomy skills by the words of their names: which names could match a span under skillMatch. */
let namesByWord;
function someSkillNameMatches(span) {
  if (!namesByWord) {
    namesByWord = new Map();
    for (const skill of taxonomy.skills) {
      const name = skill.labels.find((l) => l.language === 'en' && l.preferred)?.text;
      if (name) for (const w of new Set(words(name))) namesByWord.set(w, [...(namesByWord.get(w) ?? []), name]);
    }
  }
  return words(span).some((w) => (namesByWord.get(w) ?? []).some((name) => skillMatch(name, span)));
}

/**
 * Where the hard-skill spans the sweep does not recall at P ≥ 0.70 are lost, per half: linked, but below the
 * threshold; linked as a soft skill; another skill linked from words inside the span; or no link at all, split by
 * whether some taxonomy skill's name would match the span (candidate generation) or none would (not in the taxonomy).
 */
function lostSpans(half, threshold) {
  const lost = { 'below the threshold': 0, 'as a soft skill': 0, 'another skill inside the span': 0, 'no link, a skill name would match': 0, 'no link, no skill name matches': 0 };
  for (const [i, cv] of cvs.entries()) {
    if (cvHalf(cv.file) !== half) continue;
    const links = linkedPerCv[i];
    const matches = (s, g) => linkMatch(s, g);
    for (const g of hardGoldOf(cv)) {
      const hard = links.filter((s) => s.type === 'hard-skill');
      if (hard.some((s) => s.confidence >= threshold && matches(s, g))) continue;
      if (hard.some((s) => matches(s, g))) lost['below the threshold']++;
      else if (links.some((s) => matches(s, g))) lost['as a soft skill']++;
      else if (hard.some((s) => words(s.matchedText).length && words(s.matchedText).every((w) => words(g).includes(w)))) lost['another skill inside the span']++;
      else if (someSkillNameMatches(g)) lost['no link, a skill name would match']++;
      else lost['no link, no skill name matches']++;
    }
  }
  return lost;
}

/**
 * Links of a company's or a place's name (target 0): the linker run on each labelled CV's text with the labels' offsets
 * (the skills eval's reader), a link counted when its first mention lies inside a span labelled "Companies worked at" or
 * "Location". Per half.
 */
async function companyPlaceLinks() {
  const { parseDotinSpans } = await import(join(repoRoot, 'services/skills/eval/benchmarks.mjs'));
  const dir = join(data, 'cvs/dotin-train');
  const found = { A: [], B: [] };
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.xml'))) {
    const { text, spans } = parseDotinSpans(readFileSync(join(dir, file), 'utf8'));
    const names = spans.filter((s) => s.type === 'Companies worked at' || s.type === 'Location');
    for (const s of catalog.extract(text, '', 'cv').skills)
      if (names.some((n) => s.start >= n.start && s.end <= n.end)) found[cvHalf(file.replace(/\.xml$/, ''))].push(`${file}: "${s.matchedText}" → ${s.skill.name}`);
  }
  return found;
}

/**
 * Over-fitting guard: the CVs split in two fixed halves by the first byte of sha1(file name) (even → A, odd → B).
 * Rules are tuned looking at half A's worst lists only (printed for A unless TALENT_EVAL_WORST_HALF=B|all);
 * half B is held out, and the gap between the halves' F1 is the honest measure of how general the rules are.
 */
/** A field's F1 over the CVs of one half. */
function halfF1(field, half) {
  const c = field.docs.filter((d) => cvHalf(d.doc) === half).reduce((s, d) => ({ tp: s.tp + d.tp, fp: s.fp + d.fp, fn: s.fn + d.fn }), { tp: 0, fp: 0, fn: 0 });
  return f1(c.tp / Math.max(c.tp + c.fp, 1), c.tp / Math.max(c.tp + c.fn, 1));
}

function printSplit() {
  const halves = { A: cvs.filter((cv) => cvHalf(cv.file) === 'A').length, B: cvs.filter((cv) => cvHalf(cv.file) === 'B').length };
  console.log(`\n  Split (sha1(file name) first byte even → A, odd → B; worst lists below: half ${WORST_HALF}): A ${halves.A} CVs, B ${halves.B} CVs`);
  console.log(`  ${pad('field', 34)} ${lpad('F1 A', 6)} ${lpad('F1 B', 6)} ${lpad('B − A', 7)}`);
  // The fields with a target, then the two shown to users without one.
  for (const field of [...Object.keys(CV_TARGETS), 'degree, lenient (conventions)', 'institution, lenient (conventions)', 'location', 'years of experience (±12 mo/20%)']) {
    const f = cvScores.fields.get(field);
    if (!f) continue;
    const [a, b] = ['A', 'B'].map((h) => halfF1(f, h));
    console.log(`  ${pad(field, 34)} ${lpad(fmt(a), 6)} ${lpad(fmt(b), 6)} ${lpad((b - a >= 0 ? '+' : '') + (b - a).toFixed(3), 7)}`);
  }
}

/**
 * TALENT_EVAL_CV_VARIANT=all: the labelled CVs in every layout variant, F1 per field and half (B held out) next to
 * the targets; with TALENT_EVAL_BASELINE_ANALYSIS, another build's analyzer on the same texts (same linker) below.
 * The labels and the phone proxy read the text as it is; the analyzer reads the variant.
 */
async function printCvVariants() {
  withBaseline = false;
  const fields = [['name', 'name'], ['email', 'email'], ['phone (proxy)', 'phone'], ['designation', 'designation'], ['companies', 'employer'], ['degree', 'degree'], ['institution', 'institution']];
  const baselinePath = process.env.TALENT_EVAL_BASELINE_ANALYSIS;
  const analyzers = [['', analyzer]];
  if (baselinePath) analyzers.push(['  before', (await import(baselinePath)).createRulesAnalyzer(linker, { now: () => NOW })]);
  console.log(`\nCV layout variants (@talent/analysis/variants): F1 per field, half A / half B (held out)${baselinePath ? `; "before": ${baselinePath}` : ''}`);
  console.log(`  ${pad('variant', 28)} ${fields.map(([, h]) => lpad(h, 11)).join(' ')}`);
  console.log(`  ${pad('target', 28)} ${fields.map(([f]) => lpad(`≥ ${CV_TARGETS[f].toFixed(2)}`, 11)).join(' ')}`);
  for (const variant of CV_LAYOUT_VARIANTS) {
    for (const [label, a] of analyzers) {
      const scores = new Scores({ partial: true });
      for (const cv of cvs) scoreCvFields(scores, cv, await a.analyzeCv(variantOf(cv.text, variant, cv.file)));
      const half = (field, h) => halfF1(scores.fields.get(field), h);
      console.log(`  ${pad(label || variant, 28)} ${fields.map(([f]) => lpad(`${fmt(half(f, 'A'))}/${fmt(half(f, 'B'))}`, 11)).join(' ')}`);
    }
  }
}

const CV_TARGETS = {
  name: 0.95,
  email: 0.95,
  'phone (proxy)': 0.95,
  designation: 0.85,
  companies: 0.85,
  degree: 0.85,
  institution: 0.85,
  'graduation year': 0.9,
};
const cvRows = [...cvScores.fields.keys()].map((field) => {
  const s = cvScores.prf(field);
  const target = CV_TARGETS[field];
  return { field, ...s, target: target ? `F1 ≥ ${target.toFixed(2)}` : undefined, met: target ? s.f >= target : undefined };
});
const rap = recallAtPrecision(0.7);
const hard = cvScores.prf('hard skills');
cvRows.push({
  field: 'hard skills, recall at P ≥ 0.70',
  p: rap?.p ?? NaN,
  r: rap?.r ?? NaN,
  f: NaN,
  target: `R ≥ 0.80 at P ≥ 0.70${rap ? ` (conf ≥ ${rap.threshold})` : ' (P never ≥ 0.70)'}`,
  met: rap ? rap.r >= 0.8 : false,
});
// The same per half (A: rules and the acceptance model's training data were looked at; B: held out), and with the
// rules' confidence (no acceptance model) as the baseline of the same run.
withBaseline = false;
for (const [label, linked, match, everyCv, minPrecision] of [
  ['', linkedPerCv, linkMatch, false, 0.7],
  ['baseline (rules) ', linkedPerCvRules, linkMatch, false, 0.7],
  ['previous measure ', linkedPerCv, sharedWordMatch, true, 0.7],
  ['every link (ceiling) ', linkedPerCv, linkMatch, false, 0],
]) {
  for (const half of label ? [undefined, 'A', 'B'] : ['A', 'B']) {
    const at = recallAtPrecision(minPrecision, half, linked, match, everyCv);
    cvRows.push({
      field: `  ${label}${half ? `half ${half}${half === 'B' ? ' (held out)' : ''}` : 'all'}`,
      p: at?.p ?? NaN,
      r: at?.r ?? NaN,
      f: NaN,
      target: minPrecision ? `R ≥ 0.80 at P ≥ 0.70${at ? ` (conf ≥ ${at.threshold})` : ' (P never ≥ 0.70)'}` : 'what any threshold could reach',
      met: minPrecision ? (at ? at.r >= 0.8 : false) : undefined,
    });
  }
}
const namesLinked = await companyPlaceLinks();
printTable(`CVs: ${cvs.length} dotin-train CVs against their labelled spans (NOW = ${NOW.toISOString().slice(0, 7)})`, cvRows);
console.log(
  [
    `  definitions: per field, only CVs with at least one labelled span of that field are scored (the annotation is partial);
  P = predicted values matching a labelled span / predicted values; R = distinct labelled spans found / labelled spans.`,
    `  Matching: normalised equality or whole-word containment covering half the longer (designation, degree, institution),`,
    `  labelled employer inside the entry's employer line (companies), predicted city inside the labelled location, skill label`,
    `  and span whose words contain one another (skills: ${hard.tp + hard.fn} labelled Tech Tools + Job Specific Skills spans).`,
    `  CVs with a labelled designation where some entry title is one: ${designationCvsRight}/${designationCvs} (${((100 * designationCvsRight) / designationCvs).toFixed(1)}%).`,
    `  Years of experience: ${yoe.within} of ${yoe.labelled} labelled CVs within ±12 months (or 20%) of the labelled total; median |error| ${median(yoe.absErr)} months over ${yoe.absErr.length} CVs with both.`,
  ].join('\n'),
);
console.log("  hard skills at P ≥ 0.70: the lowest linker confidence (the acceptance model's probability) whose precision reaches 0.70; 'baseline (rules)': the rules' confidence, same run, same links.");
console.log("  a link finds a span when its skill's name and the span contain one another, or when it was read from the span (matched text and span contain one another) and its name shares a word with it ('core java' → Java (computer programming)), or when it was read from exactly the span and that text is a label of its skill ('svn' → Subversion); CVs without a labelled hard-skill span are not scored. 'previous measure': without the exact-label reading and scoring every CV, as until 29 Nov evening; 'every link (ceiling)': recall with no threshold, the most a better acceptance model could reach without new candidates.");
if (process.env.TALENT_EVAL_SHOW_LINK_MATCHES) {
  // What the linked-text rule adds over the name alone: a sample of (span ← link) pairs on half A, to read by eye.
  const shown = [];
  for (const [i, cv] of cvs.entries()) {
    if (cvHalf(cv.file) !== 'A') continue;
    for (const g of hardGoldOf(cv))
      for (const s of linkedPerCv[i].filter((l) => l.type === 'hard-skill'))
        if (linkMatch(s, g) && !nameMatch(s, g)) shown.push(`"${g}" ← "${s.matchedText}" → ${s.name}`);
  }
  console.log(`  linked-text matches not matched by name (half A, ${shown.length}; every 20th):\n    ${shown.filter((_, k) => k % 20 === 0).join('\n    ')}`);
}
{
  const byHalf = Object.fromEntries(['A', 'B'].map((half) => [half, lostSpans(half, recallAtPrecision(0.7, half)?.threshold ?? Infinity)]));
  console.log(`  hard-skill spans not recalled at P ≥ 0.70 (half A / half B): ${Object.keys(byHalf.A).map((k) => `${k} ${byHalf.A[k]} / ${byHalf.B[k]}`).join('; ')}`);
}
const namesCount = namesLinked.A.length + namesLinked.B.length;
console.log(`  company or place names linked as skills (first mention inside a labelled company or location span): half A ${namesLinked.A.length}, half B ${namesLinked.B.length}   target 0   ${namesCount === 0 ? 'yes' : 'NO'}${namesCount ? `\n    ${[...namesLinked.A, ...namesLinked.B].slice(0, 8).join('\n    ')}` : ''}`);
printSplit();
printCvConfidence(cvs, records, cvHalf);
for (const field of cvScores.fields.keys()) printWorst(cvScores, field, WORST_N, WORST_HALF);
if (CV_VARIANT === 'all') await printCvVariants();
// TALENT_EVAL_ONLY=cvs stops here (labelled CVs only: a quick loop while writing rules).
if (process.env.TALENT_EVAL_ONLY === 'cvs') process.exit(0);

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : NaN;
}

// --- 2. job postings ------------------------------------------------------------------------------------------

const lines = (s) =>
  s
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

const jobs = readGoogleCareersJobs(join(data, 'jobs/google-careers-1250.csv')).map((job) => ({
  ...job,
  responsibilities: lines(job.responsibilities),
  minimum: lines(job.minimum),
  preferred: lines(job.preferred),
}));

// How postings are written: the header in one of 6 layouts, each section heading in one of 6 wordings × styles,
// section lines with one of 4 bullet styles. Indices are mixed so every combination recurs across the 1,250 rows.
const HEADERS = [
  (j) => `${j.title}\nCompany: ${j.company}\nLocation: ${j.location}`,
  (j) => `${j.title} at ${j.company}\nLocation: ${j.location}`,
  (j) => `${j.company} is hiring!\n${j.title}\nLocation: ${j.location}`,
  (j) => `Job title: ${j.title}\nEmployer: ${j.company}\nWork location: ${j.location}`,
  (j) => `${j.title} – ${j.company}\nBased in: ${j.location}`,
  (j) => `About ${j.company}\n\n${j.title}\nLocation: ${j.location}\nJob type: Full-time`,
];
const RESPONSIBILITY_HEADINGS = ['Responsibilities', "What you'll do", 'Your role', 'Key responsibilities', 'The job', 'Duties'];
const MINIMUM_HEADINGS = ['Minimum qualifications', 'Requirements', 'What you need', 'Basic qualifications', 'Must have', 'Required skills and experience'];
const PREFERRED_HEADINGS = ['Preferred qualifications', 'Nice to have', 'Bonus points', 'Desired skills', 'Preferred', 'It would be great if you have'];
const STYLES = [(h) => h, (h) => h.toUpperCase(), (h) => `${h}:`, (h) => `## ${h}`, (h) => `${h}:`, (h) => `**${h}**`];
const BULLETS = [(l) => l, (l) => `- ${l}`, (l) => `• ${l}`, (l) => `* ${l}`];

function jobText(job, i) {
  const style = STYLES[(i * 5) % STYLES.length];
  const bullet = BULLETS[Math.floor(i / 3) % BULLETS.length];
  const section = (headings, k, body) => `${style(headings[(i + k) % headings.length])}\n${body.map(bullet).join('\n')}`;
  return [
    HEADERS[i % HEADERS.length](job),
    section(RESPONSIBILITY_HEADINGS, 0, job.responsibilities),
    section(MINIMUM_HEADINGS, 1, job.minimum),
    section(PREFERRED_HEADINGS, 2, job.preferred),
  ].join('\n\n');
}

const DEGREE_LEVEL = [
  [/\b(?:ph\.?d|doctorate|doctoral)\b/i, 'Doctorate'],
  [/\b(?:jd|j\.d\.)\b/i, 'Doctorate'],
  [/\b(?:ms|ma|m\.s\.|master'?s?|mba|msc)\b/i, 'Master'],
  [/\b(?:ba|bs|b\.s\.|b\.a\.|bachelor'?s?|bsc|undergraduate)\b/i, 'Bachelor'],
];
/** The degree level the first minimum qualification line naming a degree asks for (lowest level named there). */
function expectedDegree(job) {
  const line = job.minimum.find((l) => DEGREE_LEVEL.some(([re]) => re.test(l)));
  if (!line) return '';
  const levels = DEGREE_LEVEL.filter(([re]) => re.test(line)).map(([, level]) => level);
  return ['Bachelor', 'Master', 'Doctorate'].find((l) => levels.includes(l)) ?? '';
}

const jobScores = new Scores({ partial: false });
/** Title, company and location right per header layout (HEADERS index): the headline model's figures. */
const headlineByLayout = [];
const relationship = { agree: 0, judged: 0, docs: [] };
const stripBullet = (l) => l.replace(/^(?:[-•*]\s+)/, '');
for (const [i, job] of jobs.entries()) {
  const r = await analyzer.analyzeJob(jobText(job, i));
  const doc = `job ${i + 2}`;
  jobScores.add('title', doc, compare([job.title], r.information.title ? [r.information.title] : [], (a, b) => norm(a) === norm(b)));
  jobScores.add('company', doc, compare([job.company], r.information.company ? [r.information.company] : [], (a, b) => norm(a) === norm(b)));
  const parts = job.location.split(',').map((p) => p.trim());
  const last = parts[parts.length - 1];
  const country = parts.length === 1 ? '' : ((countryNamed(last) ?? countryOfRegion(last))?.name ?? last);
  const placeRight = (l) =>
    parts.length === 1 ? l.city === last || l.country === (countryNamed(last)?.name ?? last) : l.city === parts[0] && l.country === country;
  jobScores.add('locations', doc, {
    ...compare([job.location], r.information.locations.map((l) => `${l.city}, ${l.country}`), () => false),
    tp: +r.information.locations.some(placeRight),
    fp: r.information.locations.filter((l) => !placeRight(l)).length,
    fn: +!r.information.locations.some(placeRight),
  });
  const byLayout = (headlineByLayout[i % HEADERS.length] ??= { n: 0, title: 0, company: 0, location: 0 });
  byLayout.n++;
  byLayout.title += +(norm(job.title) === norm(r.information.title));
  byLayout.company += +(norm(job.company) === norm(r.information.company));
  byLayout.location += +r.information.locations.some(placeRight);
  const gold = [...job.minimum, ...job.preferred].map(norm);
  jobScores.add('job_requirements lines', doc, compare(gold, r.job_requirements.map((l) => norm(stripBullet(l))), (a, b) => a === b));
  const aboutYears = (q) => /experience/i.test(q) && /\d+\+?\s*years?/i.test(q);
  const stated = /(\d+)\+?\s*years?/i.exec(job.minimum.find(aboutYears) ?? job.preferred.find(aboutYears) ?? '');
  const expectedDuration = stated ? Number(stated[1]) * 12 : 0;
  const gotDuration = r.experience_preference.duration;
  jobScores.add('experience duration', doc, {
    tp: +(expectedDuration > 0 && gotDuration === expectedDuration),
    fp: +(gotDuration > 0 && gotDuration !== expectedDuration),
    fn: +(expectedDuration > 0 && gotDuration !== expectedDuration),
    expected: expectedDuration ? [expectedDuration] : [],
    got: gotDuration ? [gotDuration] : [],
  });
  const degree = expectedDegree(job);
  const gotDegree = r.education_preference.degree;
  jobScores.add('education degree', doc, {
    tp: +(degree !== '' && gotDegree === degree),
    fp: +(gotDegree !== '' && gotDegree !== degree),
    fn: +(degree !== '' && gotDegree !== degree),
    expected: degree ? [degree] : [],
    got: gotDegree ? [gotDegree] : [],
  });
  // Required vs optional: skills whose evidence line is in only one of the two qualification sections.
  const inMinimum = (q) => job.minimum.some((l) => norm(l).includes(q));
  const inPreferred = (q) => job.preferred.some((l) => norm(l).includes(q));
  for (const s of [...r.hard_skills, ...r.soft_skills]) {
    const quote = norm(/^Mentioned in: "(.*)"$/s.exec(s.explanation)?.[1]?.replace(/…$/, '') ?? '');
    if (!quote) continue;
    const m = inMinimum(quote);
    const p = inPreferred(quote);
    if (m === p) continue;
    relationship.judged++;
    const want = m ? 'required' : 'optional';
    if (s.relationship === want) relationship.agree++;
    else relationship.docs.push(`${doc}: ${s.skill} ${s.relationship}, expected ${want}`);
  }
}

const JOB_TARGETS = { title: 0.9, company: 0.9, locations: 0.9, 'job_requirements lines': 0.95 };
const jobRows = [...jobScores.fields.keys()].map((field) => {
  const s = jobScores.prf(field);
  const target = JOB_TARGETS[field];
  return { field, ...s, target: target ? `F1 ≥ ${target.toFixed(2)}` : undefined, met: target ? s.f >= target : undefined };
});
const agreement = relationship.agree / Math.max(relationship.judged, 1);
jobRows.push({ field: `required/optional agreement (${relationship.judged})`, p: NaN, r: NaN, f: agreement, target: 'agreement ≥ 0.90', met: agreement >= 0.9 });
printTable(`Jobs: ${jobs.length} google-careers postings (6 header layouts × 6 heading wordings × 6 heading styles × 4 bullet styles)`, jobRows);
console.log('  expected: title/company as in the CSV; location: city and country of the CSV location; requirement lines: every minimum');
console.log('  and preferred qualification line; duration: 12 × the first "N years" of a minimum (else preferred) line about experience; degree: the');
console.log('  lowest of Bachelor/Master/Doctorate named in the first minimum line naming one; agreement: skills whose evidence');
console.log('  line is in only the minimum (→ required) or only the preferred (→ optional) qualifications.');
console.log('  headline per header layout (share right; target ≥ 0.95 each):');
console.log(`    ${'layout'.padEnd(62)} ${'title'.padStart(6)} ${'company'.padStart(8)} ${'location'.padStart(9)}`);
for (const [k, l] of headlineByLayout.entries()) {
  const layout = HEADERS[k]({ title: 'Title', company: 'Company', location: 'City' }).replaceAll('\n', ' ⏎ ');
  console.log(`    ${layout.padEnd(62)} ${(l.title / l.n).toFixed(3).padStart(6)} ${(l.company / l.n).toFixed(3).padStart(8)} ${(l.location / l.n).toFixed(3).padStart(9)}`);
}
{
  const { headlineModel } = await import(process.env.TALENT_EVAL_ANALYSIS ?? '@talent/analysis');
  const { printHeadlineHeldOut } = await import('@talent/analysis/training');
  console.log('');
  printHeadlineHeldOut(data, headlineModel());
}
for (const field of jobScores.fields.keys()) printWorst(jobScores, field);
if (relationship.docs.length) console.log(`  required/optional disagreements (first 10):\n    ${relationship.docs.slice(0, 10).join('\n    ')}`);

// --- 3. files ---------------------------------------------------------------------------------------------------

const filesDir = join(data, 'cvs/files');
const walk = (dir) => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));
const extractor = createTextExtractor({ concurrency: 1 });
const extracted = new Map();
const fileRecords = new Map();
const failures = [];
for (const file of walk(filesDir)) {
  const type = extname(file).slice(1).toLowerCase();
  if (!['pdf', 'docx', 'doc'].includes(type)) continue;
  try {
    const result = await extractor.extract({ bytes: new Uint8Array(readFileSync(file)), type, filename: basename(file) });
    extracted.set(file, result);
    // As the pipeline does: a Europass PDF is analysed from its embedded XML when that holds the CV.
    fileRecords.set(file, await analyzer.analyzeCv(usableEuropassText(result.europassXml) ?? result.text));
  } catch (error) {
    failures.push(`${file.slice(filesDir.length + 1)}: ${error.message}`);
  }
}
await extractor.close();

const FIELDS = {
  first_name: (r) => r.information.first_name,
  last_name: (r) => r.information.last_name,
  email: (r) => r.information.email.join(' '),
  phone: (r) => r.information.phone.join(' '),
  city: (r) => r.information.address.city,
  'experience titles': (r) => r.experience.map((e) => e.title).join(' | '),
  'experience dates': (r) => r.experience.map((e) => `${e.start_date}/${e.end_date}`).join(' '),
  degrees: (r) => r.education.map((e) => e.degree).join(' | '),
  institutions: (r) => r.education.map((e) => e.institution_name).join(' | '),
  'hard skills': (r) => r.hard_skills.map((s) => s.id).sort().join(' '),
  'soft skills': (r) => r.soft_skills.map((s) => s.id).sort().join(' '),
  source_language: (r) => r.source_language,
};
/** Longest common subsequence of two word lists, as a share of the first. */
function orderAgreement(reference, other) {
  const a = words(reference);
  const b = words(other);
  let prev = new Uint16Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    const row = new Uint16Array(b.length + 1);
    for (let j = 1; j <= b.length; j++) row[j] = a[i - 1] === b[j - 1] ? prev[j - 1] + 1 : Math.max(prev[j], row[j - 1]);
    prev = row;
  }
  return prev[b.length] / Math.max(a.length, 1);
}
let agreeFields = 0;
let comparedFields = 0;
const pairLines = [];
const disagreements = [];
for (const pdf of [...fileRecords.keys()].filter((f) => f.toLowerCase().endsWith('.pdf'))) {
  const docx = join(dirname(pdf), `${basename(pdf, extname(pdf))}.docx`);
  if (!fileRecords.has(docx)) continue;
  const a = fileRecords.get(pdf);
  const b = fileRecords.get(docx);
  const order = orderAgreement(extracted.get(docx).text, extracted.get(pdf).text);
  // A twin shares most of its words in order; a PDF and DOCX that only share a name are two different CVs.
  if (order < 0.5) {
    pairLines.push(`    ${pad(basename(pdf, '.pdf'), 24)} not twins (${(100 * order).toFixed(1)}% of the DOCX words in order in the PDF: two different CVs), not compared`);
    continue;
  }
  let agree = 0;
  for (const [field, get] of Object.entries(FIELDS)) {
    const same = get(a) === get(b);
    agree += +same;
    if (!same) disagreements.push(`${basename(pdf, '.pdf')} ${field}: PDF ${JSON.stringify(get(a)).slice(0, 80)} vs DOCX ${JSON.stringify(get(b)).slice(0, 80)}`);
  }
  agreeFields += agree;
  comparedFields += Object.keys(FIELDS).length;
  pairLines.push(`    ${pad(basename(pdf, '.pdf'), 24)} fields ${agree}/${Object.keys(FIELDS).length}, PDF word order vs DOCX ${(100 * order).toFixed(1)}%`);
}
const fieldAgreement = agreeFields / Math.max(comparedFields, 1);
console.log(`\nFiles: ${fileRecords.size} documents of cvs/files read (${failures.length} refused, as expected for locked/empty ones)`);
console.log(`  PDF vs DOCX field agreement: ${fmt(fieldAgreement)} (${agreeFields}/${comparedFields} fields over ${comparedFields / Object.keys(FIELDS).length} pairs)   target ≥ 0.95   ${fieldAgreement >= 0.95 ? 'yes' : 'NO'}`);
console.log(pairLines.join('\n'));
if (disagreements.length) console.log(`  disagreements:\n    ${disagreements.join('\n    ')}`);

// Two-column Europass template: the left column holds each entry's dates, the right its title and employer. The
// columns keep their order when every entry comes out dated with a title, newest first as the template lists them.
for (const file of [...fileRecords.keys()].filter((f) => /europasscv-template/.test(f))) {
  const r = fileRecords.get(file);
  const dated = r.experience.filter((e) => e.start_date && e.title).length;
  const starts = r.experience.map((e) => e.start_date).filter(Boolean);
  const newestFirst = starts.every((s, k) => k === 0 || s <= starts[k - 1]);
  console.log(`  two-column ${basename(file)}: ${dated}/${r.experience.length} entries with dates and title, ${newestFirst ? 'newest first (column order kept)' : 'ORDER BROKEN'}: ${r.experience.map((e) => `${e.start_date} ${e.title}`).join('; ').slice(0, 160)}`);
}

// Europass PDFs with embedded XML: the record's name, first position and entry counts against the XML's own values.
const xmlValue = (xml, ...tags) => {
  for (const tag of tags) {
    const m = new RegExp(`<${tag}>\\s*([^<]*?)\\s*</${tag}>`, 'i').exec(xml);
    if (m?.[1]) return m[1];
  }
  return '';
};
for (const [file, result] of extracted) {
  if (!result.europassXml) continue;
  const r = fileRecords.get(file);
  const xml = result.europassXml;
  const first = xmlValue(xml, 'FirstName', 'firstname');
  const last = xmlValue(xml, 'Surname', 'lastname');
  const position = xmlValue(xml.replace(/[\s\S]*?<(?:WorkExperience|workexperience)>/i, ''), 'Label', 'label');
  const checks = [
    ['name', `${first} ${last}`, `${r.information.first_name} ${r.information.last_name}`],
    ['first position', position, r.experience[0]?.title ?? ''],
    ['work entries', String((xml.match(/<workexperience>/gi) ?? []).length), String(r.experience.length)],
    ['education entries', String((xml.match(/<education>/gi) ?? []).length), String(r.education.length)],
  ].filter(([k, want]) => norm(want) && !(k.endsWith('entries') && want === '0'));
  const ok = checks.filter(([, want, got]) => norm(want) === norm(got)).length;
  console.log(`  Europass XML ${basename(file)}: ${ok}/${checks.length} (${checks.map(([k, want, got]) => `${k} ${JSON.stringify(want)} → ${JSON.stringify(got)}`).join('; ')})`);
}

// --- 4. speed ---------------------------------------------------------------------------------------------------

// In a process of its own (cv-speed.mjs says why): the same analyzer build, linker and texts.
const texts = cvs.map((cv) => cv.text);
console.log('');
execFileSync(process.execPath, [join(dirname(fileURLToPath(import.meta.url)), 'cv-speed.mjs')], { stdio: 'inherit', env: { ...process.env, TALENT_SHARED_DATA: data } });

// The hand-written job-ad set (issue 26), in a process of its own like cv-speed: the same analyzer build.
console.log('');
execFileSync(process.execPath, [...process.execArgv, join(repoRoot, 'packages/analysis/eval/job-ads.mjs')], { stdio: 'inherit', env: process.env });

// --- 5. REST API vs in-process ------------------------------------------------------------------------------------

if (process.env.TALENT_EVAL_SKIP_API === '1') {
  console.log('\nREST: skipped (TALENT_EVAL_SKIP_API=1)');
} else {
  await compareWithApi(texts.filter((_, i) => i % 31 === 0), jobs.filter((_, i) => i % 125 === 0).map((job, k) => jobText(job, k * 125)));
}
process.exit(0);

/** Where two JSON values first differ: "path: API value vs in-process value". */
function firstDifference(a, b, path = '') {
  if (JSON.stringify(a) === JSON.stringify(b)) return undefined;
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const found = firstDifference(a[key], b[key], `${path}.${key}`);
      if (found) return found;
    }
  }
  return `${path || '.'}: API ${JSON.stringify(a)?.slice(0, 120)} vs in-process ${JSON.stringify(b)?.slice(0, 120)}`;
}

async function compareWithApi(cvSample, jobSample) {
  const { createGrpcClient } = await import('@talent/platform');
  const { billing, skills } = await import('@talent/proto');
  const { BACKENDS, dropNatsNamespace, dropSchema, startProcessStack, testDatabaseUrl, testNatsUrl, uniqueName } = await import('@talent/testkit');
  const { SkillsPeer } = await import(documentsDist('peers/skills-peer.js'));
  const prefix = uniqueName('evalextract');
  const stack = await startProcessStack({
    env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: testDatabaseUrl(), NATS_URL: testNatsUrl(), NATS_NAMESPACE: prefix, RATE_LIMIT_PER_MINUTE: '100000000' },
    schemaFor: (service) => `${prefix}_${service}`,
    onLine: (service, line) => {
      if (/"level":"(error|fatal)"/.test(line)) console.error(`${service}: ${line}`);
    },
  });
  try {
    const api = `${stack.gatewayUrl}/api/v1`;
    const admin = createGrpcClient(billing.BillingServiceClient, stack.address('billing'));
    const { apiKey } = await admin.createWorkspace({ name: 'eval-extraction', grantTokens: 100_000, grantExpiresInSeconds: 0, idempotencyKey: '' });
    admin.close();
    const call = async (method, path, body) => {
      const response = await fetch(`${api}${path}`, { method, headers: { 'x-api-key': apiKey, 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) });
      return { status: response.status, body: await response.json() };
    };
    const skillsClient = createGrpcClient(skills.SkillsServiceClient, stack.address('skills'));
    const local = createRulesAnalyzer(new SkillsPeer(skillsClient));
    // The record as the API shows it, without the fields the API adds (id, timestamps) and with skills by id
    // (the API renders names in the Accept-Language language).
    const canonical = (v) =>
      Array.isArray(v) ? v.map(canonical) : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical(v[k])])) : v;
    const comparable = (r) => {
      const { id: _id, created_at: _created, updated_at: _updated, hard_skills = [], soft_skills = [], ...rest } = r;
      const skillKey = (s) => `${s.id}:${s.relationship}`;
      return JSON.stringify(canonical({ ...rest, hard_skills: hard_skills.map(skillKey).sort(), soft_skills: soft_skills.map(skillKey).sort() }));
    };
    let equal = 0;
    let total = 0;
    const diffs = [];
    for (const [resource, sample, analyze] of [
      ['cvs', cvSample, (t) => local.analyzeCv(t)],
      ['jobs', jobSample, (t) => local.analyzeJob(t)],
    ]) {
      for (const text of sample) {
        const posted = await call('POST', `/${resource}/analyze`, { inputs: [text], cache: false, block: true });
        const id = posted.body.data?.ids?.[0] ?? posted.body.data?.id;
        let got;
        for (let attempt = 0; attempt < 120; attempt++) {
          got = await call('GET', `/${resource}/${id}`);
          if (got.status === 200) break;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        const want = await analyze(text);
        total++;
        const a = comparable(got.body.data ?? {});
        const b = comparable({ ...want });
        if (a === b) equal++;
        else diffs.push(`${resource} ${id}: ${firstDifference(JSON.parse(a), JSON.parse(b))}`);
      }
    }
    skillsClient.close();
    console.log(`\nREST: ${equal}/${total} records through POST /cvs|/jobs/analyze → GET equal to the analyzer in-process (${cvSample.length} CVs, ${jobSample.length} jobs; same skills service)   target all equal   ${equal === total ? 'yes' : 'NO'}`);
    for (const d of diffs.slice(0, 5)) console.log(`  ${d}`);
  } finally {
    await stack.stop();
    for (const service of BACKENDS) await dropSchema(`${prefix}_${service}`);
    await dropNatsNamespace(prefix);
  }
}
