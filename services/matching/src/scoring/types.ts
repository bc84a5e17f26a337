import type { CvContent, JobContent } from '@talent/records';

/** Dimension weights, already normalised by the caller so that they sum to 1 (spec: Match weights). */
export interface Weights {
  experience: number;
  hard_skills: number;
  soft_skills: number;
  education: number;
}

/** The part of the skills taxonomy the scorer needs; called only while the job is prepared, never per CV. */
export interface SkillGraph {
  broader(id: string): readonly string[];
  narrower(id: string): readonly string[];
  name(id: string): string | undefined;
}

export type JobRecord = JobContent & { id: string };
export type CvRecord = CvContent & { id: string };

/** Spec: Score detail. */
export interface ScoreDetail {
  /** Integer 0..10. */
  score: number;
  criteria: string;
  explanation: string;
}

export interface DimensionScores<T> {
  education: T;
  hard_skills: T;
  soft_skills: T;
  experience: T;
}

/** Spec: Match candidate. */
export interface MatchCandidate {
  score_meta: DimensionScores<number>;
  score_dict: DimensionScores<Record<string, ScoreDetail>>;
  summary_score: number;
  final_score: number;
  person_id: string;
  job_id: string;
}

export type Dimension = keyof DimensionScores<unknown>;

/** Spec order of the dimensions; every object the scorer builds follows it, so the JSON is stable. */
export const DIMENSIONS: readonly Dimension[] = ['education', 'hard_skills', 'soft_skills', 'experience'];

/** One scored item before assembly: its dimension, its unique key and its weight inside the dimension's average. */
export interface WeightedDetail {
  dimension: Dimension;
  key: string;
  weight: number;
  detail: ScoreDetail;
}
