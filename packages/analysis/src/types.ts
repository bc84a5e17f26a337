/** The analyzer's contracts: what a skill linker answers and what an analyzer produces (DESIGN §5). */
import type { CvContent, JobContent } from '@talent/records';

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
