import type { SkillIndex } from '../search/skill-index.js';
import { tokenKeys } from '../text/normalize.js';
import { sectionAt, type Section } from './cv-sections.js';
import type { LinkContext, Match } from './linker-types.js';
import { lessCommonEnglishWords, mostCommonEnglishWords } from './ordinary-words.js';
import { LINKER_VOCABULARY } from './vocabulary.js';
import { isAcronym } from './token-shapes.js';

/**
 * What the acceptance model (acceptance-model.ts) knows of one link, computed from its chosen mention and the text
 * around it: how it was matched (kind, label kind, ambiguity), what the label is (length, ESCO type and reuse level),
 * how the text writes it (case, symbols, an everyday English word), where it stands (CV section, a list, a header
 * line with a year or a dash, after an employer preposition), and how often the text mentions the skill. Values are
 * 0/1 or in [0, ~3]. The names are the weights file's: a feature added here needs the model retrained
 * (eval/train-acceptance.mjs); a name the weights do not know counts 0.
 */
export const FEATURE_NAMES = [
  'rule_confidence',
  'kind_overlap',
  'kind_list_head',
  'kind_gapped',
  'kind_retrieval',
  'exact',
  'preferred',
  'derived',
  'without_vendor',
  'split_name',
  'case_sensitive',
  'english_word',
  'qualified_word',
  'acronym_label',
  'ambiguous',
  'label_one_word',
  'label_three_words',
  'written_lowercase',
  'written_capitals',
  'written_symbols',
  'most_common_word',
  'less_common_word',
  'soft_skill',
  'seed_skill',
  'esco_knowledge',
  'reuse_transversal',
  'reuse_cross_sector',
  'reuse_occupation_specific',
  'log_mentions',
  'cv',
  'section_skills',
  'section_experience',
  'section_education',
  'section_projects',
  'section_summary',
  'section_other',
  'optional_cue',
  'log_skills_in_sentence',
  'short_cell',
  'list_cell',
  'year_in_cell',
  'cell_start',
  'capitalised_cell',
  'after_dash',
  'after_employer_preposition',
  'relevance',
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];
export type Features = Record<FeatureName, number>;

/** What features read about the whole text, computed once per text. */
export interface TextContext {
  text: string;
  context: LinkContext;
  sections: readonly { at: number; section: Section }[];
  /** Phrase matches per segment start: how many skills a sentence names. */
  skillsPerSegment: Map<number, number>;
}

const EMPLOYER_PREPOSITIONS = new Set(LINKER_VOCABULARY.employerPrepositions);
export const YEAR = /\b(?:19|20)\d\d\b/;
const SECTION_FEATURE: Record<Section, FeatureName> = {
  skills: 'section_skills',
  experience: 'section_experience',
  education: 'section_education',
  projects: 'section_projects',
  summary: 'section_summary',
  other: 'section_other',
};

/** How far a cell reaches on either side of a mention: a longer one is prose, and the scan stays cheap. */
const CELL_REACH = 200;

/**
 * A cell: the text between line breaks or runs of three spaces or more (an export that lost its line breaks keeps
 * runs of spaces where lines were), around [start, end), at most CELL_REACH characters on either side.
 */
export function cellAround(text: string, start: number, end: number): { from: number; to: number } {
  const first = Math.max(0, start - CELL_REACH);
  const last = Math.min(text.length, end + CELL_REACH);
  let from = start;
  while (from > first && text[from - 1] !== '\n' && !(text[from - 1] === ' ' && text[from - 2] === ' ' && text[from - 3] === ' ')) from--;
  let to = end;
  while (to < last && text[to] !== '\n' && !(text[to] === ' ' && text[to + 1] === ' ' && text[to + 2] === ' ')) to++;
  return { from, to };
}

/** The features of one mention of a skill mentioned `mentions` times in the text. */
export function linkFeatures(index: SkillIndex, match: Match, mentions: number, at: TextContext): Features {
  const f = Object.fromEntries(FEATURE_NAMES.map((name) => [name, 0])) as Features;
  const { phrase } = match;
  const { text } = at;
  const written = text.slice(match.start, match.end);
  const writtenKeys = tokenKeys(written);
  const labelWords = phrase.exactKey ? phrase.exactKey.split(' ').length : writtenKeys.length;
  f.rule_confidence = match.confidence;
  if (match.kind === 'overlap') f.kind_overlap = 1;
  if (match.kind === 'list-head') f.kind_list_head = 1;
  if (match.kind === 'gapped') f.kind_gapped = 1;
  if (match.kind === 'retrieval') f.kind_retrieval = 1;
  f.exact = +(writtenKeys.join(' ') === phrase.exactKey);
  f.preferred = +phrase.preferred;
  f.derived = +phrase.derived;
  f.without_vendor = +phrase.withoutVendor;
  f.split_name = +phrase.split;
  f.case_sensitive = +phrase.caseSensitive;
  f.english_word = +phrase.englishWord;
  f.qualified_word = +(phrase.qualifiedWord ?? false);
  f.acronym_label = +(labelWords === 1 && isAcronym(phrase.surface));
  f.ambiguous = +(match.senses > 1);
  f.label_one_word = +(labelWords === 1);
  f.label_three_words = +(labelWords >= 3);
  f.written_lowercase = +(written === written.toLowerCase());
  f.written_capitals = +(/\p{L}{2}/u.test(written) && written === written.toUpperCase());
  f.written_symbols = +/[\d+#./]/.test(written);
  if (writtenKeys.length === 1) {
    f.most_common_word = +mostCommonEnglishWords().has(writtenKeys[0]!);
    f.less_common_word = +(!f.most_common_word && lessCommonEnglishWords().has(writtenKeys[0]!));
  }
  const skill = phrase.skill;
  f.soft_skill = +(index.skillType(skill) === 'soft-skill');
  f.seed_skill = +(index.skillSource(skill) === 'seed');
  f.esco_knowledge = +(index.escoSkillType(skill) === 'knowledge');
  const reuse = index.reuseLevel(skill);
  f.reuse_transversal = +(reuse === 'transversal');
  f.reuse_cross_sector = +(reuse === 'cross-sector');
  f.reuse_occupation_specific = +(reuse === 'occupation-specific');
  f.log_mentions = Math.log(mentions);
  f.cv = +(at.context === 'cv');
  const section = at.context === 'cv' ? sectionAt(at.sections, match.start) : undefined;
  if (section) f[SECTION_FEATURE[section]] = 1;
  f.optional_cue = +(match.hint === 'optional');
  f.log_skills_in_sentence = Math.log(at.skillsPerSegment.get(match.segment.start) ?? 1);
  const { from, to } = cellAround(text, match.start, match.end);
  const cell = text.slice(from, to);
  const cellWords = cell.split(/\s+/).filter((w) => /\p{L}/u.test(w));
  f.short_cell = +(cellWords.length <= 4);
  f.list_cell = +((cell.match(/[,;|]/g)?.length ?? 0) >= 2);
  f.year_in_cell = +YEAR.test(cell);
  f.cell_start = +(text.slice(from, match.start).trim().replace(/^[•·▪●◦■►✓*\-–]\s*/u, '') === '');
  f.capitalised_cell = +(cellWords.length >= 2 && cellWords.filter((w) => /^\p{Lu}/u.test(w)).length / cellWords.length >= 0.6);
  f.after_dash = +/\s[-–—|]\s/u.test(text.slice(from, match.start));
  const before = tokenKeys(text.slice(Math.max(from, match.start - 12), match.start));
  f.after_employer_preposition = +(before.length > 0 && EMPLOYER_PREPOSITIONS.has(before[before.length - 1]!));
  f.relevance = (match.relevance ?? 0) / ((match.relevance ?? 0) + 8);
  return f;
}
