import type { SkillView } from '../search/skill-index.js';
import type { Token } from '../text/normalize.js';
import type { QueryTerm } from './lexical-retrieval.js';
import type { Phrase } from './phrase-dictionary.js';
import type { Segment } from './sentences.js';

// The typed outputs of the linker's stages (see README: sentences → candidate spans → sense filters → ranking and
// selection → linked skills).

export type LinkContext = 'cv' | 'job';

export interface LinkedSkill {
  skill: SkillView;
  start: number;
  end: number;
  matchedText: string;
  evidence: string;
  confidence: number;
  /** Job context only. */
  hint?: 'required' | 'optional';
  mentions: number;
  /** The acceptance model's features of the link, when asked for (training, inspection). */
  features?: Readonly<Record<string, number>>;
}

export interface LinkResult {
  language: string;
  skills: LinkedSkill[];
  /** Every capitalised mention with its name features, when asked for (training the name model, inspection). */
  mentions?: NameMention[];
}

/** A capitalised mention and what the name model read of it. */
export interface NameMention {
  skill: SkillView;
  start: number;
  end: number;
  matchedText: string;
  features: Readonly<Record<string, number>>;
  /** The name model's probability that the mention is part of a firm's or a place's name (0 without a model). */
  probability: number;
}

/** A skill ranked for one sentence: the ranking RP@5 measures, before any threshold. */
export interface RankedSkill {
  skill: SkillView;
  score: number;
  /** Confidence of the skill's best phrase match in the sentence (a label written out), 0 without one. */
  phraseConfidence: number;
  /** BM25 relevance of the skill's labels and description to the sentence. */
  relevance: number;
  /** Share (idf-weighted) of the content words of the skill's best-covered label found in the sentence. */
  coverage: number;
}

export interface RankedSentence {
  start: number;
  end: number;
  text: string;
  skills: RankedSkill[];
}

/** How a mention was found: a label as written or inflected, inside a longer match, a list's first item, a label
 * written with one more word inside, or lexical relevance alone. */
export type MatchKind = 'phrase' | 'overlap' | 'list-head' | 'gapped' | 'retrieval';

export interface Match {
  phrase: Phrase;
  start: number;
  end: number;
  /** The rules' confidence (match kind, label kind, ambiguity): a feature of the acceptance model. */
  confidence: number;
  segment: Segment;
  hint?: 'required' | 'optional';
  kind: MatchKind;
  /** How many skills the matched wording could mean (1: one). */
  senses: number;
  /** BM25 relevance of the skill's labels and description to the sentence (set by the linker). */
  relevance?: number;
}

/** A candidate skill of one sentence: phrase evidence (if any) and lexical relevance combined into one score. */
export interface Candidate {
  skill: number;
  score: number;
  bm25: number;
  coverage: number;
  /** The phrase matches of the skill in the sentence (each is a mention); the best one scores. */
  matches: Match[];
}

export interface SentenceCandidates {
  segment: Segment;
  tokens: Token[];
  terms: QueryTerm[];
  candidates: Candidate[];
}
