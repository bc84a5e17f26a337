import type { CvContent, JobContent } from '@talent/records';

/** Dimension weights, already normalised by the caller so that they sum to 1 (spec: Match weights). */
export interface Weights {
  experience: number;
  hard_skills: number;
  soft_skills: number;
  education: number;
}

/** An ESCO skill-skill relation seen from a job skill (skills' GetRelatedSkills). */
export interface RelatedSkillLink {
  id: string;
  kind: 'essential' | 'optional';
  /** false: `id` is an essential/optional skill of the job skill; true: the job skill is one of `id`'s. */
  inverse: boolean;
}

/** An ESCO occupation a title maps to (skills' MatchOccupations). */
export interface TitleOccupation {
  id: string;
  name: string;
  /** Four-digit ISCO-08 unit group; may be empty. */
  iscoGroup: string;
  /** 0..1: how well the title matches the occupation's best label. */
  score: number;
}

/**
 * The part of the skills taxonomy the scorer needs. Skill look-ups happen only while the job is prepared, never
 * per CV; `occupations` is asked per title (job and CV experience titles) with the text `occupationQuery` gives,
 * so the caller can fetch every title's answer before scoring. The optional parts may be absent (no ESCO
 * structure loaded): their rules then credit nothing.
 */
export interface SkillGraph {
  broader(id: string): readonly string[];
  narrower(id: string): readonly string[];
  name(id: string): string | undefined;
  /** ESCO skill-skill relations of a job skill, both directions. */
  related?(id: string): readonly RelatedSkillLink[];
  /** The occupations of a title query (titles.ts occupationQuery), best first. */
  occupations?(query: string): readonly TitleOccupation[];
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

/**
 * The kind of evidence a detail is (shares.ts): each group takes a learned share of its dimension's average, and
 * the details of a group share it by their own weights.
 */
export type DetailGroup =
  | 'skills'
  | 'requirement lines'
  | 'relevance'
  | 'job title'
  | 'experience duration'
  | 'activity sector'
  | 'degree'
  | 'major';

/**
 * One scored item before assembly: its dimension, its group, its unique key and its weight inside its group
 * (`applyShares` turns it into its weight inside the dimension's average).
 */
export interface WeightedDetail {
  dimension: Dimension;
  group: DetailGroup;
  key: string;
  weight: number;
  detail: ScoreDetail;
}
