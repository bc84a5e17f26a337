/**
 * The rules analyzer: offline, deterministic analysis of CV and job text into CV/Job record content
 * (DESIGN §5). Skill linking is delegated to an injected SkillLinker (the skills service in production).
 */
import { analyzeCvText } from './cv-analyzer.js';
import { analyzeJobText } from './job-analyzer.js';
import type { Analyzer, SkillLinker } from './types.js';

/** Bump when a rule change alters what the analyzer produces for the same text. */
export const RULES_ANALYZER_VERSION = 'rules-22+headline-lr-11+layout-lr-1+entry-lr-3+cv-conf-4';

export function createRulesAnalyzer(linker: SkillLinker, options?: { now?: () => Date }): Analyzer {
  const now = options?.now ?? (() => new Date());
  return {
    version: RULES_ANALYZER_VERSION,
    // One Unicode form: "é" typed as one code point or as "e" + accent is the same text and gives the same record.
    analyzeCv: (text) => analyzeCvText(text.normalize('NFC'), linker, now()),
    analyzeJob: (text) => analyzeJobText(text.normalize('NFC'), linker),
  };
}
