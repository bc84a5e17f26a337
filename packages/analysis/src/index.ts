/**
 * @talent/analysis: CV and job text into CV/Job record content (DESIGN §5). This module only re-exports; the
 * analyzers import the leaf modules, never this one.
 */
export type { Analyzer, LinkedSkill, SkillLinker } from './types.js';
export { createRulesAnalyzer, RULES_ANALYZER_VERSION } from './rules-analyzer.js';
export { createLlmAnalyzer } from './llm/llm-analyzer.js';
export type { LlmCv, LlmJob } from './llm/schemas.js';
export { countryNamed, countryOfRegion } from './places.js';
export { findDegrees } from './degrees.js';
export { headlineModel, pickHeadline, type HeadlineModel, type HeadlinePick } from './headline.js';
