/**
 * The deterministic, explainable scorer of the matching service (DESIGN §6). Pure functions: the same job, CVs,
 * weights and taxonomy always give byte-identical results (no clock, no randomness, fixed key order, stable
 * sort). The job is prepared once (names, taxonomy relations, requirement lines, the words to look for); each CV
 * is then tokenised once and scored with look-ups, so 10,000 CVs take seconds in-process.
 */
import { assemble, compareRanked, rank } from './aggregate.js';
import { indexCv, VocabularyLookup } from './cv-index.js';
import { prepareEducation, scoreEducation } from './education.js';
import { experienceMonths, prepareExperience, scoreExperience } from './experience.js';
import {
  prepareRequirements,
  requirementLineText,
  requirementVocabulary,
  scoreRequirements,
  type RequirementOverride,
} from './requirements.js';
import { prepareRelevance, relevanceVocabulary, scoreRelevance } from './relevance.js';
import { applyShares } from './shares.js';
import { prepareSkills, scoreSkills } from './skills.js';
import { occupationQuery } from './titles.js';
import type { CvRecord, Dimension, JobRecord, MatchCandidate, SkillGraph, WeightedDetail, Weights } from './types.js';

export type { CvRecord, DetailGroup, JobRecord, MatchCandidate, RelatedSkillLink, ScoreDetail, SkillGraph, TitleOccupation, WeightedDetail, Weights } from './types.js';
export { GROUP_SHARES, relevanceScale, SET_SHARES } from './shares.js';
export { occupationQuery, scoringOccupations } from './titles.js';
export { FINAL_SCORE_FORMULA } from './aggregate.js';
export { DIMENSIONS } from './types.js';
export { requirementLineText, type RequirementOverride } from './requirements.js';

/** Stored with results, so a change of rules is visible in cached match versions. */
export const SCORER_VERSION = 'rules-11';

/**
 * The title queries the scorer will ask `SkillGraph.occupations` about for this job and these CVs (the job's
 * titles and every CV experience title), distinct and sorted, so the caller can fetch their occupations first.
 */
export function occupationQueries(job: JobRecord, cvs: readonly CvRecord[]): string[] {
  const queries = new Set<string>();
  for (const title of [job.information.title, job.experience_preference.title, ...cvs.flatMap((cv) => cv.experience.map((e) => e.title))]) {
    const query = occupationQuery(title);
    if (query) queries.add(query);
  }
  return [...queries].sort();
}

/** False when the job gives nothing to match on: no non-blank requirement line and no skill (VACANCY_HAS_NO_REQUIREMENTS). */
export function hasRequirements(job: JobRecord): boolean {
  return (
    job.hard_skills.length > 0 ||
    job.soft_skills.length > 0 ||
    job.job_requirements.some((line) => line.trim().length > 0)
  );
}

/** Scores every CV against the job; all candidates, ranked (final_score, summary_score desc, person_id asc). */
export function scoreCandidates(
  job: JobRecord,
  cvs: CvRecord[],
  weights: Weights,
  graph: SkillGraph,
  /** Replaces the rule's Score detail of a requirement line for a CV (LLM re-scoring, src/rescoring). */
  requirementOverride?: RequirementOverride,
): MatchCandidate[] {
  return rank(cvs.map(prepareJob(job, weights, graph, requirementOverride)));
}

/**
 * The job prepared once; the function it returns scores one CV (unranked). A CV's candidate depends on the job,
 * the weights, the graph and that CV alone, so CVs may be scored in any batches as they arrive: ranking the
 * candidates in the CVs' order (`rankCandidates`) gives exactly what `scoreCandidates` gives. The graph must
 * answer `occupations` for the job's titles when this is called, and for a CV's titles when that CV is scored.
 */
export function prepareJob(
  job: JobRecord,
  weights: Weights,
  graph: SkillGraph,
  requirementOverride?: RequirementOverride,
): (cv: CvRecord) => MatchCandidate {
  const details = prepareDetails(job, graph, requirementOverride);
  return (cv) => assemble(applyShares(details(cv)), weights, cv.id, job.id);
}

/**
 * The job prepared once; the function it returns gives one CV's details, each weighted inside its group, before
 * the groups' shares are applied (`prepareJob` applies them; the eval's `--fit` learns them from these).
 */
export function prepareDetails(
  job: JobRecord,
  graph: SkillGraph,
  requirementOverride?: RequirementOverride,
): (cv: CvRecord) => WeightedDetail[] {
  // Keys are fixed by the job alone; the order of preparation fixes the order of the keys in each dimension.
  const keys: Record<Dimension, Set<string>> = {
    education: new Set(),
    hard_skills: new Set(),
    soft_skills: new Set(),
    experience: new Set(),
  };
  const skills = prepareSkills(job, graph, keys);
  const experience = prepareExperience(
    job,
    keys,
    skills.skills.filter((s) => s.dimension === 'hard_skills'),
    graph,
  );
  const education = prepareEducation(job, keys);
  const requirements = prepareRequirements(job, keys);
  const relevance = prepareRelevance(job, keys);
  const lookup = new VocabularyLookup(new Set([...requirementVocabulary(requirements), ...relevanceVocabulary(relevance)]));

  return (cv) => {
    const index = indexCv(cv, lookup);
    let months: ReturnType<typeof experienceMonths> | undefined;
    const cvMonths = () => (months ??= experienceMonths(cv));
    const details = [
      ...scoreSkills(skills, cv, index),
      ...scoreExperience(experience, cv, index, cvMonths),
      ...scoreEducation(education, cv),
      ...scoreRequirements(requirements, cv, index, cvMonths, requirementOverride),
    ];
    const present = new Set(details.map((d) => d.dimension));
    const stated = (dimension: Dimension) => present.has(dimension);
    // A CV whose requirement lines an LLM re-scored was read by the model against each line: a lexical signal beside
    // its judgement would only blur it, so that CV gets no whole-ad relevance detail.
    const judged = requirementOverride !== undefined && job.job_requirements.some((line) => requirementOverride(cv.id, requirementLineText(line)) !== undefined);
    if (!judged) details.push(...scoreRelevance(relevance, index, stated));
    return details;
  };
}

/** Candidates in the CVs' order, ranked as `scoreCandidates` ranks them. */
export const rankCandidates = rank;

/** The order `rankCandidates` sorts by (negative: `a` ranks first); distinct person ids never tie. */
export const compareCandidates = compareRanked;
