import type { CvExperience } from '@talent/records';
import { entriesWithPhrase, type CvIndex } from './cv-index.js';
import type { JobSkill } from './skills.js';
import {
  describeOccupation,
  describeWords,
  occupationSimilarity,
  occupationsOf,
  prepareTitle,
  titleSimilarity,
  type PreparedTitle,
  type TitleMatch,
} from './titles.js';
import { specificity } from './specificity.js';
import type { CvRecord, DetailGroup, Dimension, JobRecord, SkillGraph, TitleOccupation, WeightedDetail } from './types.js';
import { contentStems, contentStemsOf, coverage, entryLabel, fold, quote, round2, tokens, toScore, uniqueKey } from './text.js';

/**
 * Experience rules (one detail each, weight 1 inside the experience average):
 * - duration, when the job asks for months: score = round(10 × min(1, relevant months / required months)).
 *   Relevant months are the `duration` of the CV's relevant experience entries, minus months that dated entries
 *   share (parallel jobs count once). An entry is relevant when its title covers at least half of the job role's
 *   weighted words (titles.ts), or when its title and description name at least two of the job's hard skills (the
 *   one skill, when the job has one): years spent in another line of work do not count towards the job's years.
 * - title, when the job names one: the weighted share of the job role's words found in the closest CV experience
 *   title (titles.ts; each word's weight × (1 + ln(1 + its occurrences in the ad's body)), rules-6, × its ESCO
 *   specificity, rules-8), × 10; or, when higher, the ESCO occupation credit: both titles map to the same occupation
 *   (0.8 × the weaker mapping score) or to the same ISCO-08 unit group (0.6 × it). The job's information title
 *   and its experience-preference title are both tried and the better one counts;
 * - activity sector, when the job names one: the share of its words in the closest CV entry's sector, × 10.
 */
export const DURATION_KEY = 'experience duration';
export const TITLE_KEY = 'job title';
export const SECTOR_KEY = 'activity sector';
/** An entry whose title covers at least this share of the job role is relevant experience. */
export const RELEVANT_TITLE_SHARE = 0.5;
/** An entry naming this many of the job's hard skills (fewer when the job has fewer) is relevant experience. */
export const RELEVANT_SKILL_COUNT = 2;

export interface PreparedExperience {
  months: number;
  durationKey?: string;
  titles: PreparedTitle[];
  titleKey?: string;
  sector?: { text: string; stems: string[] };
  sectorKey?: string;
  /** The job's hard skills, whose mention makes an entry relevant. */
  skills: readonly JobSkill[];
  skillsNeeded: number;
  /** A CV title's ESCO occupations (none without a taxonomy that has occupations). */
  occupations: (title: string) => readonly TitleOccupation[];
}

export function prepareExperience(
  job: JobRecord,
  keys: Record<Dimension, Set<string>>,
  hardSkills: readonly JobSkill[],
  graph: SkillGraph,
): PreparedExperience {
  const used = keys.experience;
  const pref = job.experience_preference;
  const titles: PreparedTitle[] = [];
  const body = bodyCounts(job);
  for (const text of [job.information.title, pref.title]) {
    const title = emphasise(prepareTitle(text), body, job.source_language);
    if (title && !titles.some((t) => fold(t.role) === fold(title.role))) titles.push({ ...title, occupations: occupationsOf(graph, text) });
  }
  const sectorText = pref.activity_sector.trim() || job.information.activity_sector.trim();
  const sectorStems = contentStems(sectorText);
  const prepared: PreparedExperience = {
    months: pref.duration,
    titles,
    skills: hardSkills,
    skillsNeeded: Math.min(RELEVANT_SKILL_COUNT, hardSkills.length),
    occupations: titles.some((t) => t.occupations.length > 0) ? (title) => occupationsOf(graph, title) : () => [],
  };
  if (pref.duration > 0) prepared.durationKey = uniqueKey(DURATION_KEY, used);
  if (titles.length) prepared.titleKey = uniqueKey(TITLE_KEY, used);
  if (sectorStems.length) {
    prepared.sector = { text: sectorText, stems: sectorStems };
    prepared.sectorKey = uniqueKey(SECTOR_KEY, used);
  }
  return prepared;
}

/** How often each stem occurs in the ad's body (description, experience wanted, requirement lines, skill names). */
function bodyCounts(job: JobRecord): Map<string, number> {
  const counts = new Map<string, number>();
  const pref = job.experience_preference;
  const body = [job.information.description, pref.description, ...job.job_requirements, ...job.hard_skills.map((s) => s.skill), ...job.soft_skills.map((s) => s.skill)].join('\n');
  for (const word of tokens(body)) {
    const [s] = contentStemsOf([word]);
    if (s !== undefined) counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  return counts;
}

/**
 * A title word the ad's body keeps coming back to names its line of work (“aircraft” in an aircraft mechanic's
 * ad), one it never repeats qualifies it: weight × (1 + ln(1 + occurrences in the body)). Since rules-8 also ×
 * the word's specificity to a line of work, learned from ESCO's occupations (specificity.ts): “farm” or “call”
 * says which trade, “operations” or “team” (used by hundreds of occupations) hardly does, so a CV title sharing
 * only such a word gets little of the title's credit. The specificity is read in the ad's language (its
 * `source_language`), so “Mitarbeiter” or “responsable” weighs as little as “operations”.
 */
function emphasise(title: PreparedTitle | undefined, body: ReadonlyMap<string, number>, language: string): PreparedTitle | undefined {
  if (!title) return title;
  const words = title.words.map((w) => ({ ...w, weight: round2(w.weight * (1 + Math.log(1 + (body.get(w.stem) ?? 0))) * specificity(w.word, language)) }));
  return { ...title, words, total: words.reduce((a, w) => a + w.weight, 0) };
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

export interface MonthsCount {
  months: number;
  /** The entries counted, each with its months (and why it counts, when given), and the overlap. */
  counted: string;
}

/** Months of the given entries of a CV, parallel months once; `why` adds a reason per entry. */
export function countMonths(cv: CvRecord, indexes: readonly number[], why?: (i: number) => string): MonthsCount {
  const chosen = indexes.filter((i) => cv.experience[i]!.duration > 0);
  const entries = chosen.map((i) => cv.experience[i]!);
  const sum = entries.reduce((acc, e) => acc + e.duration, 0);
  const overlap = Math.min(sum, overlapMonths(entries));
  const listed = chosen
    .map((i) => {
      const e = cv.experience[i]!;
      const reason = why?.(i);
      return `“${entryLabel(e.title, e.start_date, e.end_date)}” ${e.duration} months${reason ? ` (${reason})` : ''}`;
    })
    .join('; ');
  return {
    months: sum - overlap,
    counted: chosen.length ? `${listed}${overlap ? `; ${overlap} overlapping months counted once` : ''}` : '',
  };
}

/** Total months of experience in a CV and the entries they come from. */
export function experienceMonths(cv: CvRecord): MonthsCount {
  const all = countMonths(
    cv,
    cv.experience.map((_, i) => i),
  );
  return all.counted ? all : { months: 0, counted: 'no experience entry with a duration' };
}

/** The closest job title to each CV experience title, by words or ESCO occupation (first job title, words first, on ties). */
function entryTitles(
  prepared: PreparedExperience,
  cv: CvRecord,
): ({ title: PreparedTitle; match: TitleMatch } | undefined)[] {
  return cv.experience.map((entry) => {
    let best: { title: PreparedTitle; match: TitleMatch } | undefined;
    let cvOccupations: readonly TitleOccupation[] | undefined;
    for (const title of prepared.titles) {
      const match = titleSimilarity(title, entry.title);
      if (title.occupations.length > 0 && match.share < 1) {
        cvOccupations ??= prepared.occupations(entry.title);
        const link = occupationSimilarity(title.occupations, cvOccupations);
        if (link && link.share > match.share) Object.assign(match, { share: link.share, occupation: link });
      }
      if (!best || match.share > best.match.share) best = { title, match };
    }
    return best;
  });
}

/** Why a CV title resembles the job role: the words it shares, or the ESCO occupation / ISCO group both map to. */
function titleReason(title: PreparedTitle, match: TitleMatch): string {
  const link = match.occupation;
  if (!link) return `title covers ${describeWords(match.matched)} of “${title.role}”`;
  return link.kind === 'occupation'
    ? `title maps to ESCO occupation ${describeOccupation(link.cv)}, as “${title.role}” does`
    : `title maps to ESCO occupation ${describeOccupation(link.cv)}, in the ISCO-08 unit group ${link.job.iscoGroup} of “${title.role}”'s ${describeOccupation(link.job)}`;
}

/** Months in entries relevant to the job (see the rules above), with the reason each entry counts. */
function relevantMonths(
  prepared: PreparedExperience,
  cv: CvRecord,
  index: CvIndex,
  titles: ReturnType<typeof entryTitles>,
): MonthsCount {
  const skillsByEntry = new Map<number, string[]>();
  if (prepared.skillsNeeded > 0) {
    for (const skill of prepared.skills) {
      const entries = new Set<number>();
      for (const phrase of skill.phrases)
        for (const e of entriesWithPhrase(index, phrase, skill.accept)) entries.add(e);
      for (const e of entries) skillsByEntry.set(e, [...(skillsByEntry.get(e) ?? []), skill.key]);
    }
  }
  const reasons = new Map<number, string>();
  cv.experience.forEach((_, i) => {
    const t = titles[i];
    const named = skillsByEntry.get(i) ?? [];
    if (t && t.match.share >= RELEVANT_TITLE_SHARE) reasons.set(i, titleReason(t.title, t.match));
    else if (prepared.skillsNeeded > 0 && named.length >= prepared.skillsNeeded)
      reasons.set(i, `names ${named.map((n) => `“${n}”`).join(', ')}`);
  });
  return countMonths(cv, [...reasons.keys()], (i) => reasons.get(i)!);
}

function bestSector(cv: CvRecord, query: readonly string[]) {
  let best: { entry: CvExperience; share: number } | undefined;
  for (const entry of cv.experience) {
    const share = coverage(query, new Set(contentStems(entry.activity_sector)));
    if (!best || share > best.share) best = { entry, share };
  }
  return best;
}

export function scoreExperience(
  prepared: PreparedExperience,
  cv: CvRecord,
  index: CvIndex,
  cvMonths: () => MonthsCount,
): WeightedDetail[] {
  const out: WeightedDetail[] = [];
  const push = (group: DetailGroup, key: string, score: number, criteria: string, explanation: string) =>
    out.push({ dimension: 'experience', group, key, weight: 1, detail: { score, criteria, explanation } });
  const titles = entryTitles(prepared, cv);

  if (prepared.durationKey) {
    const required = prepared.months;
    const relevant = relevantMonths(prepared, cv, index, titles);
    const total = cvMonths();
    const skillRule =
      prepared.skillsNeeded > 0
        ? ` or names ${prepared.skillsNeeded === 1 ? 'the' : `at least ${prepared.skillsNeeded} of the`} job's hard skill${prepared.skillsNeeded === 1 ? '' : 's'}`
        : '';
    push(
      'experience duration',
      prepared.durationKey,
      toScore(Math.min(1, relevant.months / required)),
      `relevant months of experience vs ${required} required: round(10 × min(1, months / required)); an entry is relevant when its title covers at least ${RELEVANT_TITLE_SHARE * 100}% of the job role's weighted words${skillRule}`,
      relevant.counted
        ? `${relevant.months} of ${required} months required in relevant experience: ${relevant.counted}. Total experience ${total.months} months.`
        : `0 of ${required} months required: no experience entry is relevant to the job (total experience ${total.months} months: ${total.counted}).`,
    );
  }
  if (prepared.titleKey) {
    let best: { title: PreparedTitle; match: TitleMatch; entry: CvExperience } | undefined;
    titles.forEach((t, i) => {
      if (t && (!best || t.match.share > best.match.share)) best = { ...t, entry: cv.experience[i]! };
    });
    const criteria =
      'weighted share of the job role words in the closest CV experience title (rank words 0, generic role nouns 0.5, others 1; each × (1 + ln(1 + times the ad\'s body uses it)) × its specificity to a line of work, ln(1 + (N − df + 0.5) / (df + 0.5)) over the N ESCO occupations, df of them using it), or the ESCO occupation credit when higher (same occupation 0.8, same ISCO-08 unit group 0.6, × the weaker title-to-occupation match)';
    const found = best as { title: PreparedTitle; match: TitleMatch; entry: CvExperience } | undefined;
    if (found && found.match.share > 0) {
      const label = entryLabel(found.entry.title, found.entry.start_date, found.entry.end_date);
      const { title, match } = found;
      const link = match.occupation;
      push(
        'job title',
        prepared.titleKey,
        toScore(match.share),
        criteria,
        link
          ? `“${title.role}” vs CV experience “${label}”: ${
              link.kind === 'occupation'
                ? `both map to ESCO occupation “${link.job.name}” (ISCO ${link.job.iscoGroup || '?'}; matches ${link.job.score} and ${link.cv.score}): 0.8 × ${Math.min(link.job.score, link.cv.score)}`
                : `the job role maps to ESCO occupation ${describeOccupation(link.job)}, the CV title to ${describeOccupation(link.cv)}, both in ISCO-08 unit group ${link.job.iscoGroup}: 0.6 × ${Math.min(link.job.score, link.cv.score)}`
            } = ${match.share}.`
          : `“${title.role}” vs CV experience “${label}”: ${describeWords(match.matched)} of ${describeWords(title.words)} = ${match.share}.`,
      );
    } else {
      push(
        'job title',
        prepared.titleKey,
        0,
        criteria,
        `No CV experience title shares a weighted word with ${prepared.titles.map((t) => `“${t.role}”`).join(' / ')}.`,
      );
    }
  }
  if (prepared.sector && prepared.sectorKey) {
    const found = bestSector(cv, prepared.sector.stems);
    const criteria = 'share of the job sector words in the closest CV experience sector';
    if (found && found.share > 0) {
      const label = entryLabel(found.entry.title, found.entry.start_date, found.entry.end_date);
      push(
        'activity sector',
        prepared.sectorKey,
        toScore(found.share),
        criteria,
        `“${prepared.sector.text}” vs sector ${quote(found.entry.activity_sector)} of CV experience “${label}”.`,
      );
    } else {
      push('activity sector', prepared.sectorKey, 0, criteria, `No CV experience is in the sector “${prepared.sector.text}”.`);
    }
  }
  return out;
}
