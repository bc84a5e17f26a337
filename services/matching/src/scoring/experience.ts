import type { CvExperience } from '@talent/records';
import type { CvRecord, Dimension, JobRecord, WeightedDetail } from './types.js';
import { contentStems, coverage, entryLabel, fold, quote, toScore, uniqueKey } from './text.js';

/**
 * Experience rules (one detail each, weight 1 inside the experience average):
 * - duration, when the job asks for months: score = round(10 × min(1, CV months / required months)); CV months are
 *   the `duration` of every experience entry, minus months that dated entries share (parallel jobs count once);
 * - title, when the job names one: the share of the job title's words (folded, stemmed, no stop words) found in
 *   the best CV experience title, × 10; the job's information title and its experience-preference title are both
 *   tried and the better one counts;
 * - activity sector, when the job names one: the same word share against the CV entries' sectors.
 */
export const DURATION_KEY = 'experience duration';
export const TITLE_KEY = 'job title';
export const SECTOR_KEY = 'activity sector';

export interface PreparedExperience {
  months: number;
  durationKey?: string;
  titles: { text: string; stems: string[] }[];
  titleKey?: string;
  sector?: { text: string; stems: string[] };
  sectorKey?: string;
}

export function prepareExperience(job: JobRecord, keys: Record<Dimension, Set<string>>): PreparedExperience {
  const used = keys.experience;
  const pref = job.experience_preference;
  const titles: { text: string; stems: string[] }[] = [];
  for (const text of [job.information.title, pref.title]) {
    const stems = contentStems(text);
    if (stems.length && !titles.some((t) => fold(t.text) === fold(text))) titles.push({ text: text.trim(), stems });
  }
  const sectorText = pref.activity_sector.trim() || job.information.activity_sector.trim();
  const sectorStems = contentStems(sectorText);
  const prepared: PreparedExperience = { months: pref.duration, titles };
  if (pref.duration > 0) prepared.durationKey = uniqueKey(DURATION_KEY, used);
  if (titles.length) prepared.titleKey = uniqueKey(TITLE_KEY, used);
  if (sectorStems.length) {
    prepared.sector = { text: sectorText, stems: sectorStems };
    prepared.sectorKey = uniqueKey(SECTOR_KEY, used);
  }
  return prepared;
}

function monthIndex(yearMonth: string): number | undefined {
  const m = /^(\d{4})-(\d{2})$/.exec(yearMonth);
  return m ? Number(m[1]) * 12 + Number(m[2]) - 1 : undefined;
}

/** Months that dated entries share with each other (counted twice by a plain sum of durations). */
function overlapMonths(entries: readonly CvExperience[]): number {
  const spans: [number, number][] = [];
  for (const e of entries) {
    const start = monthIndex(e.start_date);
    const end = monthIndex(e.end_date);
    if (start !== undefined && end !== undefined && end >= start) spans.push([start, end + 1]);
  }
  spans.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let total = 0;
  let union = 0;
  let curStart = -1;
  let curEnd = -1;
  for (const [s, e] of spans) {
    total += e - s;
    if (s > curEnd) {
      union += curEnd - curStart;
      curStart = s;
      curEnd = e;
    } else curEnd = Math.max(curEnd, e);
  }
  union += curEnd - curStart;
  return total - union;
}

/** Total months of experience in a CV and the entries they come from (also used by requirement lines). */
export function experienceMonths(cv: CvRecord): { months: number; counted: string } {
  const entries = cv.experience.filter((e) => e.duration > 0);
  const sum = entries.reduce((acc, e) => acc + e.duration, 0);
  const overlap = Math.min(sum, overlapMonths(entries));
  const listed = entries
    .map((e) => `“${entryLabel(e.title, e.start_date, e.end_date)}” ${e.duration} months`)
    .join('; ');
  const counted = entries.length
    ? `${listed}${overlap ? `; ${overlap} overlapping months counted once` : ''}`
    : 'no experience entry with a duration';
  return { months: sum - overlap, counted };
}

function bestEntry(cv: CvRecord, query: readonly string[], field: 'title' | 'activity_sector') {
  let best: { entry: CvExperience; share: number } | undefined;
  for (const entry of cv.experience) {
    const share = coverage(query, new Set(contentStems(entry[field])));
    if (!best || share > best.share) best = { entry, share };
  }
  return best;
}

export function scoreExperience(
  prepared: PreparedExperience,
  cv: CvRecord,
  cvMonths: () => { months: number; counted: string },
): WeightedDetail[] {
  const out: WeightedDetail[] = [];
  const push = (key: string, score: number, criteria: string, explanation: string) =>
    out.push({ dimension: 'experience', key, weight: 1, detail: { score, criteria, explanation } });

  if (prepared.durationKey) {
    const { months, counted } = cvMonths();
    const score = toScore(Math.min(1, months / prepared.months));
    push(
      prepared.durationKey,
      score,
      `months of experience vs ${prepared.months} required: round(10 × min(1, months / required))`,
      `${months} of ${prepared.months} months required; counted: ${counted}.`,
    );
  }
  if (prepared.titleKey) {
    let best: { title: string; entry: CvExperience; share: number } | undefined;
    for (const title of prepared.titles) {
      const found = bestEntry(cv, title.stems, 'title');
      if (found && (!best || found.share > best.share)) best = { title: title.text, ...found };
    }
    const criteria = 'share of the job title words in the closest CV experience title';
    if (best && best.share > 0) {
      const label = entryLabel(best.entry.title, best.entry.start_date, best.entry.end_date);
      push(
        prepared.titleKey,
        toScore(best.share),
        criteria,
        `“${best.title}” vs CV experience “${label}”: ${Math.round(best.share * 100)}% of the title words match.`,
      );
    } else {
      push(
        prepared.titleKey,
        0,
        criteria,
        `No CV experience title shares a word with ${prepared.titles.map((t) => `“${t.text}”`).join(' / ')}.`,
      );
    }
  }
  if (prepared.sector && prepared.sectorKey) {
    const found = bestEntry(cv, prepared.sector.stems, 'activity_sector');
    const criteria = 'share of the job sector words in the closest CV experience sector';
    if (found && found.share > 0) {
      const label = entryLabel(found.entry.title, found.entry.start_date, found.entry.end_date);
      push(
        prepared.sectorKey,
        toScore(found.share),
        criteria,
        `“${prepared.sector.text}” vs sector ${quote(found.entry.activity_sector)} of CV experience “${label}”.`,
      );
    } else {
      push(prepared.sectorKey, 0, criteria, `No CV experience is in the sector “${prepared.sector.text}”.`);
    }
  }
  return out;
}
