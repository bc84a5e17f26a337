import type { ProfileExperience, Seniority, SourcedProfile } from '../providers/provider.js';

/** What `insights` adds to a candidate: figures a recruiter would otherwise work out from the timeline by hand. */
export interface CandidateInsights {
  /** Months covered by dated experience entries, overlaps counted once. */
  total_experience_months: number;
  current_title: string | null;
  current_company: string | null;
  months_in_current_role: number | null;
  /** Mean length of the finished, dated positions; null without any. */
  average_tenure_months: number | null;
  /** Positions started in the last five years. */
  positions_last_5_years: number;
  /** The profile's own level, else one estimated from its experience (see seniorityFromMonths). */
  seniority: Seniority | null;
  seniority_estimated: boolean;
  highest_degree: string | null;
}

/** `YYYY`, `YYYY-MM` or `YYYY-MM-DD` → months since year 0; undefined when unparseable. */
function monthIndex(date: string | null): number | undefined {
  const match = date ? /^(\d{4})(?:-(\d{2}))?/.exec(date) : null;
  if (!match) return undefined;
  return Number(match[1]) * 12 + (match[2] ? Number(match[2]) - 1 : 0);
}

interface Span {
  start: number;
  end: number;
}

function spanOf(entry: ProfileExperience, nowMonth: number): Span | undefined {
  const start = monthIndex(entry.start_date);
  const end = entry.is_current || !entry.end_date ? nowMonth : monthIndex(entry.end_date);
  if (start === undefined || end === undefined || end < start) return undefined;
  // A position from March to March is one month, not zero.
  return { start, end: end + (entry.is_current || !entry.end_date ? 0 : 1) };
}

function coveredMonths(spans: Span[]): number {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  let total = 0;
  let reach = -Infinity;
  for (const span of sorted) {
    const from = Math.max(span.start, reach);
    if (span.end > from) total += span.end - from;
    reach = Math.max(reach, span.end);
  }
  return total;
}

/** Common industry bands of years of experience; used only when the provider gives no level. */
export function seniorityFromMonths(months: number): Seniority {
  if (months < 24) return 'junior';
  if (months < 60) return 'mid';
  if (months < 120) return 'senior';
  return 'lead';
}

const DEGREE_RANK: [RegExp, number][] = [
  [/\b(ph\.?\s?d|doctor|doctorate)\b/i, 4],
  [/\b(master|m\.?sc|m\.?s\.?|mba|m\.?a\.?|m\.?eng)\b/i, 3],
  [/\b(bachelor|b\.?sc|b\.?s\.?|b\.?a\.?|b\.?eng|licen)/i, 2],
  [/\b(associate|diploma|certificate)\b/i, 1],
];

const degreeRank = (degree: string): number => DEGREE_RANK.find(([pattern]) => pattern.test(degree))?.[1] ?? 0;

export function insightsOf(profile: SourcedProfile, now: Date): CandidateInsights {
  const nowMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const spans = profile.experience.map((entry) => spanOf(entry, nowMonth));
  const dated = spans.filter((span): span is Span => span !== undefined);
  const total = coveredMonths(dated);
  const currentIndex = profile.experience.findIndex((entry) => entry.is_current);
  const current = currentIndex >= 0 ? profile.experience[currentIndex] : undefined;
  const currentSpan = currentIndex >= 0 ? spans[currentIndex] : undefined;
  const finished = profile.experience
    .map((entry, index) => ({ entry, span: spans[index] }))
    .filter(({ entry, span }) => !entry.is_current && span !== undefined)
    .map(({ span }) => span!.end - span!.start);
  const degrees = profile.education.map((entry) => entry.degree).filter((degree): degree is string => Boolean(degree));
  const highest = degrees.reduce<string | null>((best, degree) => (best === null || degreeRank(degree) > degreeRank(best) ? degree : best), null);
  return {
    total_experience_months: total,
    current_title: current?.title ?? null,
    current_company: current?.company ?? null,
    months_in_current_role: currentSpan ? currentSpan.end - currentSpan.start : null,
    average_tenure_months: finished.length > 0 ? Math.round(finished.reduce((a, b) => a + b, 0) / finished.length) : null,
    positions_last_5_years: dated.filter((span) => span.start >= nowMonth - 60).length,
    seniority: profile.seniority ?? (dated.length > 0 ? seniorityFromMonths(total) : null),
    seniority_estimated: profile.seniority === null && dated.length > 0,
    highest_degree: highest,
  };
}
