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

export interface Taxonomy {
  source: TaxonomySource;
  version: string;
  attribution?: string;
  skills: TaxonomySkill[];
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
