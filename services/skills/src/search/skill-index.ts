import { foldText, tokenKeys } from '../text/normalize.js';
import { DEFAULT_LANGUAGE, type SkillTypeName, type TaxonomySkill, type TaxonomySource } from '../taxonomy/model.js';
import { GrowableArray, groupByKey } from '../util/growable-array.js';
import { FuzzyVocabulary } from './fuzzy.js';

/** A skill as callers see it: one name, in the requested language or the language it fell back to. */
export interface SkillView {
  id: string;
  name: string;
  type: SkillTypeName;
  /** Language of `name`. */
  language: string;
  description: string;
  source: TaxonomySource;
  sourceUri: string;
}

export interface SearchHit {
  skill: SkillView;
  /** The label that matched (may be an alternative label or another language's). */
  matchedLabel: string;
}

export interface SearchResult {
  total: number;
  hits: SearchHit[];
}

const TYPES: readonly SkillTypeName[] = ['hard-skill', 'soft-skill'];
const SOURCES: readonly TaxonomySource[] = ['esco', 'seed'];
const REUSE_LEVELS = ['transversal', 'cross-sector', 'sector-specific', 'occupation-specific'] as const;
const ESCO_SKILL_TYPES = ['knowledge', 'skill/competence'] as const;
export type ReuseLevel = (typeof REUSE_LEVELS)[number];
export type EscoSkillType = (typeof ESCO_SKILL_TYPES)[number];
/** ESCO's skill URIs end with the skill's id: kept as this mark, not as 14k strings. */
const ESCO_SKILL_URI = 'http://data.europa.eu/esco/skill/';
const ESCO_URI_OF_ID = '\u0000';

// Rank tiers, best first: exact/prefix matches of preferred labels, then of alternative labels, then labels that
// contain every query word, then the same with typos.
const TIER = { exactPreferred: 0, prefixPreferred: 1, exactAlternative: 2, prefixAlternative: 3, words: 4, fuzzy: 6 } as const;

/**
 * The in-memory taxonomy: every label tokenised into an inverted index (token → labels), a sorted vocabulary
 * for prefix matches and a bigram index for typos. Search never touches the database.
 */
export class SkillIndex {
  readonly languages: string[];
  // Skills, as parallel arrays (no object per skill).
  private readonly ids: string[] = [];
  private readonly types: Uint8Array;
  private readonly sources: Uint8Array;
  /** ESCO reuse level (index into REUSE_LEVELS + 1; 0 none) and ESCO skill type (1 knowledge, 2 skill/competence). */
  private readonly reuse: Uint8Array;
  private readonly escoTypes: Uint8Array;
  /** Source URI, or ESCO_URI_OF_ID when it is ESCO's URI of the id. */
  private readonly sourceUris: string[] = [];
  private readonly descriptions: string[] = [];
  /** First preferred label of each skill in each language (skill × languages + language), -1 when none. */
  private readonly names: Int32Array;
  private readonly byId = new Map<string, number>();
  // Labels, as parallel arrays (compact: ~150k labels with ESCO in seven languages).
  readonly labelSkill: Int32Array;
  readonly labelLanguage: Uint8Array;
  readonly labelPreferred: Uint8Array;
  readonly labelText: string[];
  /** foldText of the label: the label's own string when folding does not change it (most ESCO labels). */
  private readonly labelKey: string[];
  // Token index: the labels holding vocabulary word v are postings[postingStart[v] … postingStart[v + 1]).
  private readonly vocabulary: string[] = [];
  private readonly sortedVocabulary: string[];
  private readonly sortedToVocabulary: Int32Array;
  private readonly vocabularyIds = new Map<string, number>();
  private readonly postingStart: Int32Array;
  private readonly postings: Int32Array;
  private readonly fuzzy: FuzzyVocabulary;
  // Per-query scratch space, reset after each query.
  private readonly matchedTokens: Uint8Array;
  private readonly lastSeen: Int32Array;
  private readonly typo: Uint8Array;
  private run = 0;

  constructor(skills: readonly TaxonomySkill[]) {
    const languages = new Set<string>([DEFAULT_LANGUAGE]);
    let labelCount = 0;
    for (const skill of skills) {
      for (const label of skill.labels) languages.add(label.language);
      labelCount += skill.labels.length;
    }
    this.languages = [...languages].sort((a, b) => (a === DEFAULT_LANGUAGE ? -1 : b === DEFAULT_LANGUAGE ? 1 : a.localeCompare(b)));
    const languageIds = new Map(this.languages.map((code, i) => [code, i]));

    this.labelSkill = new Int32Array(labelCount);
    this.labelLanguage = new Uint8Array(labelCount);
    this.labelPreferred = new Uint8Array(labelCount);
    this.labelText = new Array<string>(labelCount);
    this.labelKey = new Array<string>(labelCount);
    this.types = new Uint8Array(skills.length);
    this.sources = new Uint8Array(skills.length);
    this.reuse = new Uint8Array(skills.length);
    this.escoTypes = new Uint8Array(skills.length);
    this.names = new Int32Array(skills.length * this.languages.length).fill(-1);
    // (word, label) pairs, in label order; grouped by word below.
    const pairWords = new GrowableArray(Int32Array, labelCount * 4);
    const pairLabels = new GrowableArray(Int32Array, labelCount * 4);
    let labelId = 0;
    skills.forEach((skill, skillIndex) => {
      for (const label of skill.labels) {
        const language = languageIds.get(label.language)!;
        const name = skillIndex * this.languages.length + language;
        if (label.preferred && this.names[name] === -1) this.names[name] = labelId;
        this.labelSkill[labelId] = skillIndex;
        this.labelLanguage[labelId] = language;
        this.labelPreferred[labelId] = label.preferred ? 1 : 0;
        this.labelText[labelId] = label.text;
        const key = foldText(label.text);
        this.labelKey[labelId] = key === label.text ? label.text : key;
        for (const token of new Set(tokenKeys(label.text))) {
          let id = this.vocabularyIds.get(token);
          if (id === undefined) {
            id = this.vocabulary.length;
            this.vocabulary.push(token);
            this.vocabularyIds.set(token, id);
          }
          pairWords.push(id);
          pairLabels.push(labelId);
        }
        labelId++;
      }
      this.ids.push(skill.id);
      this.types[skillIndex] = TYPES.indexOf(skill.type);
      this.sources[skillIndex] = SOURCES.indexOf(skill.source);
      this.reuse[skillIndex] = REUSE_LEVELS.indexOf(skill.reuseLevel as ReuseLevel) + 1;
      this.escoTypes[skillIndex] = ESCO_SKILL_TYPES.indexOf(skill.escoSkillType as EscoSkillType) + 1;
      const uri = skill.sourceUri ?? '';
      this.sourceUris.push(skill.source === 'esco' && uri === ESCO_SKILL_URI + skill.id ? ESCO_URI_OF_ID : uri);
      this.descriptions.push(skill.description ?? '');
      this.byId.set(skill.id, skillIndex);
    });
    // Each word's labels stay in ascending order.
    ({ start: this.postingStart, grouped: this.postings } = groupByKey(pairWords.finish(), pairLabels.finish(), this.vocabulary.length));
    const order = this.vocabulary.map((_, i) => i).sort((a, b) => (this.vocabulary[a]! < this.vocabulary[b]! ? -1 : 1));
    this.sortedToVocabulary = Int32Array.from(order);
    this.sortedVocabulary = order.map((i) => this.vocabulary[i]!);
    this.fuzzy = new FuzzyVocabulary(this.vocabulary);
    this.matchedTokens = new Uint8Array(labelCount);
    this.lastSeen = new Int32Array(labelCount);
    this.typo = new Uint8Array(labelCount);
  }

  get size(): number {
    return this.ids.length;
  }

  get labelCount(): number {
    return this.labelText.length;
  }

  /** Skills with a preferred label in each language. */
  languageCoverage(): Map<string, number> {
    const counts = new Map(this.languages.map((code) => [code, 0]));
    for (let name = 0; name < this.names.length; name++) {
      if (this.names[name] === -1) continue;
      const code = this.languages[name % this.languages.length]!;
      counts.set(code, counts.get(code)! + 1);
    }
    return counts;
  }

  /**
   * Ranked search in `language` and English (the fallback language), optionally one type only. Every query word
   * must match a word of the label: exactly, as a prefix, or (when neither exists) within a small edit distance.
   */
  search(query: string, options: { language: string; type?: SkillTypeName; limit: number; offset: number }): SearchResult {
    const queryKey = foldText(query);
    const queryTokens = [...new Set(tokenKeys(query))];
    if (queryTokens.length === 0) return { total: 0, hits: [] };
    const wanted = this.languages.indexOf(options.language);
    const fallback = this.languages.indexOf(DEFAULT_LANGUAGE);

    const touched: number[] = [];
    queryTokens.forEach((token, position) => {
      this.run++;
      const exactOrPrefix = this.prefixRange(token);
      const vocabularyIds = exactOrPrefix.length > 0 ? exactOrPrefix : this.fuzzy.near(token);
      const isTypo = exactOrPrefix.length === 0;
      for (const id of vocabularyIds) {
        for (let p = this.postingStart[id]!; p < this.postingStart[id + 1]!; p++) {
          const label = this.postings[p]!;
          if (this.lastSeen[label] === this.run || this.matchedTokens[label] !== position) continue;
          this.lastSeen[label] = this.run;
          const language = this.labelLanguage[label]!;
          if (language !== wanted && language !== fallback) continue;
          if (position === 0) touched.push(label);
          this.matchedTokens[label] = position + 1;
          if (isTypo) this.typo[label] = 1;
        }
      }
    });

    // Best score per skill (lower is better): tier, then the requested language before English, then shorter labels.
    const best = new Map<number, { score: number; label: number }>();
    for (const label of touched) {
      const complete = this.matchedTokens[label] === queryTokens.length;
      const typo = this.typo[label] === 1;
      this.matchedTokens[label] = 0;
      this.typo[label] = 0;
      if (!complete) continue;
      const skillIndex = this.labelSkill[label]!;
      if (options.type && this.skillType(skillIndex) !== options.type) continue;
      const key = this.labelKey[label]!;
      const preferred = this.labelPreferred[label] === 1;
      // "Python (computer programming)" is an exact match for "python": the parenthesis only disambiguates.
      const exact = key === queryKey || (key.startsWith(queryKey) && key.startsWith(' (', queryKey.length));
      const tier = typo
        ? TIER.fuzzy + (preferred ? 0 : 1) + (wordCount(key) === queryTokens.length ? 0 : 2)
        : exact
          ? preferred ? TIER.exactPreferred : TIER.exactAlternative
          : key.startsWith(queryKey)
            ? preferred ? TIER.prefixPreferred : TIER.prefixAlternative
            : TIER.words + (preferred ? 0 : 1);
      const score = tier * 1_000_000 + (this.labelLanguage[label] === wanted ? 0 : 100_000) + Math.min(key.length, 99_999);
      const current = best.get(skillIndex);
      if (!current || score < current.score) best.set(skillIndex, { score, label });
    }
    const ranked = [...best.entries()].sort(([skillA, a], [skillB, b]) => a.score - b.score || this.compareNames(skillA, skillB, options.language));
    const hits = ranked.slice(options.offset, options.offset + options.limit).map(([skillIndex, { label }]) => ({
      skill: this.view(skillIndex, options.language),
      matchedLabel: this.labelText[label]!,
    }));
    return { total: ranked.length, hits };
  }

  get(id: string, language: string): SkillView | undefined {
    const index = this.byId.get(id.toLowerCase());
    return index === undefined ? undefined : this.view(index, language);
  }

  /**
   * The skill whose label equals `name` (case, accents and spacing aside): preferred labels before alternative
   * ones, `language` before English before any other language.
   */
  findByName(name: string, language: string): SkillView | undefined {
    const key = foldText(name);
    const tokens = tokenKeys(name);
    if (tokens.length === 0) return undefined;
    // Scan the postings of the rarest word of the name.
    let rarest = -1;
    for (const token of tokens) {
      const id = this.vocabularyIds.get(token);
      if (id === undefined) return undefined;
      if (rarest < 0 || this.postingCount(id) < this.postingCount(rarest)) rarest = id;
    }
    const wanted = this.languages.indexOf(language);
    const fallback = this.languages.indexOf(DEFAULT_LANGUAGE);
    let best: { score: number; label: number } | undefined;
    for (let p = this.postingStart[rarest]!; p < this.postingStart[rarest + 1]!; p++) {
      const label = this.postings[p]!;
      if (this.labelKey[label] !== key) continue;
      const languageRank = this.labelLanguage[label] === wanted ? 0 : this.labelLanguage[label] === fallback ? 1 : 2;
      const score = languageRank * 2 + (this.labelPreferred[label] === 1 ? 0 : 1);
      if (!best || score < best.score) best = { score, label };
    }
    return best ? this.view(this.labelSkill[best.label]!, language) : undefined;
  }

  /** The skill at an internal index (used by the linker, which works on label ids). */
  viewAt(skillIndex: number, language: string): SkillView {
    return this.view(skillIndex, language);
  }

  preferredLabel(skillIndex: number, language: string): string | undefined {
    const languageId = this.languages.indexOf(language);
    return languageId < 0 ? undefined : this.nameIn(skillIndex, languageId);
  }

  /** English description of the skill at an internal index ('' when none). */
  description(skillIndex: number): string {
    return this.descriptions[skillIndex]!;
  }

  skillType(skillIndex: number): SkillTypeName {
    return TYPES[this.types[skillIndex]!]!;
  }

  skillSource(skillIndex: number): TaxonomySource {
    return SOURCES[this.sources[skillIndex]!]!;
  }

  /** ESCO's reuse level of the skill ("transversal" … "occupation-specific"), undefined when none (seed skills). */
  reuseLevel(skillIndex: number): ReuseLevel | undefined {
    return REUSE_LEVELS[this.reuse[skillIndex]! - 1];
  }

  /** ESCO's skill type ("knowledge" or "skill/competence"), undefined when none. */
  escoSkillType(skillIndex: number): EscoSkillType | undefined {
    return ESCO_SKILL_TYPES[this.escoTypes[skillIndex]! - 1];
  }

  languageCode(languageId: number): string {
    return this.languages[languageId]!;
  }

  private view(skillIndex: number, language: string): SkillView {
    const [nameLanguage, name] = this.name(skillIndex, language);
    const id = this.ids[skillIndex]!;
    const uri = this.sourceUris[skillIndex]!;
    return {
      id,
      name,
      type: this.skillType(skillIndex),
      language: nameLanguage,
      // Descriptions are stored in English (ESCO's export language); shown as they are.
      description: this.descriptions[skillIndex]!,
      source: this.skillSource(skillIndex),
      sourceUri: uri === ESCO_URI_OF_ID ? ESCO_SKILL_URI + id : uri,
    };
  }

  /** The preferred label in `language`, else in English, else in the first language (by code) that has one. */
  private name(skillIndex: number, language: string): [string, string] {
    const own = this.preferredLabel(skillIndex, language);
    if (own !== undefined) return [language, own];
    // `languages` is English, then the others by code.
    for (let languageId = 0; languageId < this.languages.length; languageId++) {
      const name = this.nameIn(skillIndex, languageId);
      if (name !== undefined) return [this.languages[languageId]!, name];
    }
    return [DEFAULT_LANGUAGE, this.ids[skillIndex]!];
  }

  private nameIn(skillIndex: number, languageId: number): string | undefined {
    const label = this.names[skillIndex * this.languages.length + languageId]!;
    return label === -1 ? undefined : this.labelText[label];
  }

  private postingCount(vocabularyId: number): number {
    return this.postingStart[vocabularyId + 1]! - this.postingStart[vocabularyId]!;
  }

  private compareNames(a: number, b: number, language: string): number {
    return this.name(a, language)[1].localeCompare(this.name(b, language)[1]);
  }

  /** Vocabulary ids of the tokens that start with `prefix` (including the token equal to it). */
  private prefixRange(prefix: string): number[] {
    const words = this.sortedVocabulary;
    let low = 0;
    let high = words.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (words[mid]! < prefix) low = mid + 1;
      else high = mid;
    }
    const ids: number[] = [];
    for (let i = low; i < words.length && words[i]!.startsWith(prefix); i++) ids.push(this.sortedToVocabulary[i]!);
    return ids;
  }
}

/** Words of a folded label, not counting a trailing parenthesis ("python (computer programming)" has one). */
function wordCount(key: string): number {
  return key.replace(/\s*\(.*$/, '').split(' ').length;
}
