/** Spec values of a skill's type (static English). */
export type SkillTypeName = 'hard-skill' | 'soft-skill';
export type TaxonomySource = 'esco' | 'seed';

export const ESCO_ATTRIBUTION = 'This service uses the ESCO classification of the European Commission.';
export const DEFAULT_LANGUAGE = 'en';

export interface SkillLabel {
  /** ISO 639-1. */
  language: string;
  text: string;
  preferred: boolean;
}

/** A skill as imported and stored; the in-memory index is built from these. */
export interface TaxonomySkill {
  id: string;
  type: SkillTypeName;
  source: TaxonomySource;
  sourceUri?: string;
  reuseLevel?: string;
  escoSkillType?: string;
  description?: string;
  labels: SkillLabel[];
  /** Ids of broader skills. */
  broader: string[];
}

/** ESCO's two strengths of a relation: a skill (or occupation) needs the other one, or may use it. */
export type RelationKind = 'essential' | 'optional';

/** ESCO skill-skill relation: `relatedId` is an essential or optional skill of `skillId`. */
export interface SkillRelation {
  skillId: string;
  relatedId: string;
  kind: RelationKind;
}

/** An ESCO occupation: its labels in every loaded language, its ISCO-08 unit group and its skills. */
export interface TaxonomyOccupation {
  id: string;
  /** Four-digit ISCO-08 unit group ("2512"); empty when the export gives none. */
  iscoGroup: string;
  labels: SkillLabel[];
  skills: { skillId: string; kind: RelationKind }[];
}

export interface Taxonomy {
  source: TaxonomySource;
  version: string;
  attribution?: string;
  skills: TaxonomySkill[];
  /** ESCO skill-skill relations; absent or empty for the seed. */
  relations?: SkillRelation[];
  /** ESCO occupations; absent or empty for the seed (everything that uses them degrades to nothing). */
  occupations?: TaxonomyOccupation[];
}

export interface TaxonomyVersionInfo {
  source: TaxonomySource;
  version: string;
  checksum: string;
  languages: string[];
  skillCount: number;
  labelCount: number;
  attribution?: string;
  importedAt: Date;
}

export const LANGUAGE_CODE = /^[a-z]{2}$/;
