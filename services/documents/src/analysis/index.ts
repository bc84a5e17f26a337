/**
 * The rules analyzer: offline, deterministic analysis of CV and job text into CV/Job record content
 * (DESIGN §5). Skill linking is delegated to an injected SkillLinker (the skills service in production).
 */
import type { CvContent, JobContent } from '@talent/records';
import { analyzeCvText } from './cv-analyzer.js';
import { analyzeJobText } from './job-analyzer.js';

export interface LinkedSkill {
  id: string;
  name: string;
  type: 'hard-skill' | 'soft-skill';
  evidence: string;
  confidence: number;
  hint: 'required' | 'optional' | undefined;
}

/** Links the skills mentioned in a text to taxonomy skills (the skills service's ExtractSkills RPC in production). */
export interface SkillLinker {
  link(text: string, language: string, context: 'cv' | 'job'): Promise<{ skills: LinkedSkill[]; language: string }>;
}

export interface Analyzer {
  /** Name and version of the rules or model, recorded with every record it produces (matching reports it). */
  readonly version: string;
  /**
   * `producedBy` hears the version of the analyzer that actually produced this record when it is not `version`
   * (the LLM analyzer hands a document it could not analyze to the rules analyzer).
   */
  analyzeCv(text: string, producedBy?: (version: string) => void): Promise<CvContent>;
  analyzeJob(text: string, producedBy?: (version: string) => void): Promise<JobContent>;
}

/** Bump when a rule change alters what the analyzer produces for the same text. */
export const RULES_ANALYZER_VERSION = 'rules-13';

export function createRulesAnalyzer(linker: SkillLinker, options?: { now?: () => Date }): Analyzer {
  const now = options?.now ?? (() => new Date());
  return {
    version: RULES_ANALYZER_VERSION,
    // One Unicode form: "é" typed as one code point or as "e" + accent is the same text and gives the same record.
    analyzeCv: (text) => analyzeCvText(text.normalize('NFC'), linker, now()),
    analyzeJob: (text) => analyzeJobText(text.normalize('NFC'), linker),
  };
}
