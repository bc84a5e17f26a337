import type { CvRecord, JobRecord, MatchCandidate } from '../scoring/index.js';

/** One change to a CV and the exact score the changed CV gets from the same scorer. */
export interface Guidance {
  /** What to add, e.g. `evidence of Apache Kafka`, `a bachelor's degree in Computer Science`. */
  change: string;
  final_score: number;
  /** `final_score` minus the candidate's score without the change. */
  gain: number;
}

export const MAX_GUIDANCE = 3;

interface CvChange {
  change: string;
  apply: (cv: CvRecord) => CvRecord;
}

const round2 = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;

/** `2019-04` minus `months` months, as `YYYY-MM`. */
function monthsBefore(yearMonth: string, months: number): string {
  const [year, month] = yearMonth.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) - months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * The changes worth trying for this job, each a pure edit of a copy of the CV: evidence of each job skill the CV
 * lacks, each requirement line stated, the degree asked for, and the experience asked for (placed before the
 * CV's earliest entry, so it adds months instead of overlapping). Fixed by the job and the CV alone.
 */
function candidateChanges(job: JobRecord, cv: CvRecord): CvChange[] {
  const changes: CvChange[] = [];
  const held = new Set([...cv.hard_skills, ...cv.soft_skills].map((skill) => skill.id));
  for (const [field, skills] of [
    ['hard_skills', job.hard_skills],
    ['soft_skills', job.soft_skills],
  ] as const) {
    for (const skill of skills) {
      if (held.has(skill.id)) continue;
      // The skill as the CV would then carry it (what PUT /cvs/{id} with this skill added stores).
      changes.push({
        change: `evidence of ${skill.skill}`,
        apply: (copy) => ({ ...copy, [field]: [...copy[field], { ...skill, explanation: `Evidence of ${skill.skill}.` }] }),
      });
    }
  }
  for (const line of new Set(job.job_requirements.map((text) => text.trim()).filter(Boolean))) {
    changes.push({ change: `evidence of “${line}”`, apply: (copy) => ({ ...copy, skill_descriptions: [...copy.skill_descriptions, line] }) });
  }
  const { degree, major } = job.education_preference;
  if (degree.trim()) {
    const wanted = `${degree.trim()}${major.trim() ? ` in ${major.trim()}` : ''}`;
    changes.push({
      change: `a ${wanted}`,
      apply: (copy) => ({
        ...copy,
        education: [...copy.education, { degree: degree.trim(), major: major.trim(), score: '', institution_name: '', start_date: '', end_date: '' }],
      }),
    });
  }
  const wantedExperience = job.experience_preference;
  const title = wantedExperience.title.trim() || job.information.title.trim();
  if (wantedExperience.duration > 0 && title) {
    const starts = cv.experience.map((entry) => entry.start_date).filter((date) => /^\d{4}-\d{2}$/.test(date));
    const end = starts.length > 0 ? monthsBefore(starts.sort()[0]!, 1) : '2000-12';
    const months = wantedExperience.duration;
    changes.push({
      change: `${months} months of experience as ${title}`,
      apply: (copy) => ({
        ...copy,
        experience: [
          ...copy.experience,
          {
            title,
            activity_sector: wantedExperience.activity_sector,
            description: '',
            duration: months,
            start_date: monthsBefore(end, months - 1),
            end_date: end,
          },
        ],
      }),
    });
  }
  return changes;
}

/**
 * Up to MAX_GUIDANCE changes that raise the CV's final score most, each scored by re-scoring the changed copy with
 * `scoreCv` (the same prepared scorer as the match): descending gain, then the change's text, so the answer is
 * deterministic. Changes that do not raise the score are left out.
 */
export function guidanceFor(job: JobRecord, cv: CvRecord, scoreCv: (cv: CvRecord) => MatchCandidate): Guidance[] {
  const base = scoreCv(cv).final_score;
  return candidateChanges(job, cv)
    .map(({ change, apply }) => {
      const finalScore = scoreCv(apply(cv)).final_score;
      return { change, final_score: finalScore, gain: round2(finalScore - base) };
    })
    .filter((guidance) => guidance.gain > 0)
    .sort((a, b) => b.gain - a.gain || (a.change < b.change ? -1 : a.change > b.change ? 1 : 0))
    .slice(0, MAX_GUIDANCE);
}

export type GuidedCandidate = MatchCandidate & { guidance: Guidance[] };

/** The ranked candidates, each with its guidance (its CV as it was scored: blind when the match is blind). */
export function withGuidance(
  job: JobRecord,
  cvs: readonly CvRecord[],
  ranked: readonly MatchCandidate[],
  scoreCv: (cv: CvRecord) => MatchCandidate,
): GuidedCandidate[] {
  const byId = new Map(cvs.map((cv) => [cv.id, cv]));
  return ranked.map((candidate) => {
    const cv = byId.get(candidate.person_id);
    return { ...candidate, guidance: cv ? guidanceFor(job, cv, scoreCv) : [] };
  });
}
