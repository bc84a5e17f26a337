import type { CvEducation } from '@talent/records';
import { degreeLevel, LEVEL_NAMES, LEVEL_ORDER, type DegreeLevel } from './degrees.js';
import type { CvRecord, Dimension, JobRecord, WeightedDetail } from './types.js';
import { contentStems, coverage, entryLabel, toScore, uniqueKey } from './text.js';

/**
 * Education rules (weight 1 each inside the education average):
 * - degree, when the job names one: the CV's highest recognised level vs the job's level (ISCED-like, see
 *   degrees.ts): at or above → 10, one level below → 6, lower → 2, no recognisable CV degree → 3 (unknown is not
 *   proof of absence). A job degree whose level is not recognised is compared by word share instead.
 * - major, when the job names one: the share of its words in the closest CV education entry (major + degree), × 10.
 */
export const DEGREE_KEY = 'degree';
export const MAJOR_KEY = 'major';

export const LEVEL_SCORES = { atLeast: 10, oneBelow: 6, lower: 2, unknown: 3 } as const;

export interface PreparedEducation {
  degree?: { key: string; text: string; level?: DegreeLevel; stems: string[] };
  major?: { key: string; text: string; stems: string[] };
}

export function prepareEducation(job: JobRecord, keys: Record<Dimension, Set<string>>): PreparedEducation {
  const pref = job.education_preference;
  const prepared: PreparedEducation = {};
  const degree = pref.degree.trim();
  const degreeStems = contentStems(degree);
  const level = degreeLevel(degree);
  if (degree && (level !== undefined || degreeStems.length)) {
    prepared.degree = {
      key: uniqueKey(DEGREE_KEY, keys.education),
      text: degree,
      stems: degreeStems,
      ...(level !== undefined ? { level } : {}),
    };
  }
  const majorStems = contentStems(pref.major);
  if (majorStems.length)
    prepared.major = { key: uniqueKey(MAJOR_KEY, keys.education), text: pref.major.trim(), stems: majorStems };
  return prepared;
}

function label(e: CvEducation): string {
  return entryLabel(
    [e.degree, e.major, e.institution_name].filter((s) => s.trim()).join(', '),
    e.start_date,
    e.end_date,
  );
}

/** The CV's highest recognised degree, first entry on ties. */
export function highestDegree(cv: CvRecord): { level: DegreeLevel; entry: CvEducation } | undefined {
  let best: { level: DegreeLevel; entry: CvEducation } | undefined;
  for (const entry of cv.education) {
    const level = degreeLevel(entry.degree) ?? degreeLevel(entry.major);
    if (level !== undefined && (!best || level > best.level)) best = { level, entry };
  }
  return best;
}

/** Score of a CV's education against a required level (shared with requirement lines). */
export function levelScore(required: DegreeLevel, cv: CvRecord): { score: number; explanation: string } {
  const best = highestDegree(cv);
  const wanted = `${LEVEL_NAMES[required]} (level ${required})`;
  if (!best) {
    const listed = cv.education.length
      ? `none of ${cv.education.map((e) => `“${label(e)}”`).join('; ')} names a recognised degree`
      : 'the CV lists no education';
    return { score: LEVEL_SCORES.unknown, explanation: `Degree unknown: ${listed}; ${wanted} required.` };
  }
  const have = `${LEVEL_NAMES[best.level]} (level ${best.level})`;
  const gap = LEVEL_ORDER.indexOf(required) - LEVEL_ORDER.indexOf(best.level);
  const score = gap <= 0 ? LEVEL_SCORES.atLeast : gap === 1 ? LEVEL_SCORES.oneBelow : LEVEL_SCORES.lower;
  const relation = gap <= 0 ? 'meets' : gap === 1 ? 'is one level below' : 'is below';
  return {
    score,
    explanation: `Highest CV degree “${label(best.entry)}” is ${have}, which ${relation} the required ${wanted}.`,
  };
}

function bestEntryByWords(cv: CvRecord, query: readonly string[]) {
  let best: { entry: CvEducation; share: number } | undefined;
  for (const entry of cv.education) {
    const share = coverage(query, new Set(contentStems(`${entry.major} ${entry.degree}`)));
    if (!best || share > best.share) best = { entry, share };
  }
  return best;
}

export function scoreEducation(prepared: PreparedEducation, cv: CvRecord): WeightedDetail[] {
  const out: WeightedDetail[] = [];
  const push = (group: 'degree' | 'major', key: string, score: number, criteria: string, explanation: string) =>
    out.push({ dimension: 'education', group, key, weight: 1, detail: { score, criteria, explanation } });
  const { degree, major } = prepared;
  if (degree) {
    if (degree.level !== undefined) {
      const { score, explanation } = levelScore(degree.level, cv);
      push(
        'degree',
        degree.key,
        score,
        `degree level vs “${degree.text}”: at or above 10, one below 6, lower 2, unknown 3`,
        explanation,
      );
    } else {
      const found = bestEntryByWords(cv, degree.stems);
      const criteria = `share of the words of “${degree.text}” in the closest CV degree (level not recognised)`;
      if (found && found.share > 0)
        push(
          'degree',
          degree.key,
          toScore(found.share),
          criteria,
          `Closest CV education “${label(found.entry)}”: ${Math.round(found.share * 100)}% of the words match.`,
        );
      else push('degree', degree.key, 0, criteria, `No CV education entry shares a word with “${degree.text}”.`);
    }
  }
  if (major) {
    const found = bestEntryByWords(cv, major.stems);
    const criteria = 'share of the job major words in the closest CV education entry';
    if (found && found.share > 0)
      push(
        'major',
        major.key,
        toScore(found.share),
        criteria,
        `“${major.text}” vs CV education “${label(found.entry)}”: ${Math.round(found.share * 100)}% of the words match.`,
      );
    else push('major', major.key, 0, criteria, `No CV education entry shares a word with “${major.text}”.`);
  }
  return out;
}
