import { createEmbeddingsModel, DomainError, isUuid, type EmbeddingsSettings, type Logger } from '@talent/platform';
import { EmbeddingReranker, type RerankOptions, type RerankOutcome } from './linking/embedding-reranker.js';
import { SCORING, SkillLinker, type LinkContext, type LinkResult, type RankedSentence } from './linking/skill-linker.js';
import { languageNames, negotiateLanguage } from './search/languages.js';
import { validateSearchParams } from './search/search-params.js';
import { SkillIndex, type SearchResult, type SkillView } from './search/skill-index.js';
import { SkillHierarchy } from './taxonomy/hierarchy.js';
import { DEFAULT_LANGUAGE, LANGUAGE_CODE, type SkillRelation, type TaxonomyOccupation, type TaxonomySkill, type TaxonomyVersionInfo } from './taxonomy/model.js';
import { DEFAULT_OCCUPATION_LIMIT, OccupationIndex, type OccupationMatch } from './taxonomy/occupation-index.js';
import { SkillRelationIndex, type RelatedSkillRef } from './taxonomy/skill-relations.js';

const MAX_IDS = 1000;
const MAX_TEXT = 1_000_000;
const MAX_TITLES = 1000;
const MAX_TITLE_LENGTH = 300;
const MAX_OCCUPATION_LIMIT = 20;
const MAX_RANK_LIMIT = 100;
const DEFAULT_RANK_LIMIT = SCORING.CANDIDATES;

export interface LanguageInfo {
  code: string;
  name: string;
  nativeName: string;
  skillCount: number;
}

export interface SkillRelations {
  id: string;
  broaderIds: string[];
  narrowerIds: string[];
  /** English preferred label. */
  name: string;
  /** ESCO skill-skill relations from both ends (none with the seed). */
  related: RelatedSkillRef[];
}

/** ESCO's structure beyond the skills (absent for the seed: no relations, no occupations). */
export interface TaxonomyStructure {
  relations?: readonly SkillRelation[];
  occupations?: readonly TaxonomyOccupation[];
}

/** The optional embedding re-ranker of `rankSkills` (off without it). */
export interface RerankerConfig {
  settings: EmbeddingsSettings;
  options: RerankOptions;
  logger: Pick<Logger, 'warn' | 'debug'>;
}

export type ResolveOutcome = { index: number; skill: SkillView } | { index: number; invalid: string };

/** What the skills service offers, over the in-memory taxonomy. */
export class SkillCatalog {
  readonly index: SkillIndex;
  readonly hierarchy: SkillHierarchy;
  readonly skillRelations: SkillRelationIndex;
  /** Occupations loaded (the index over their labels is built on first use: see `occupations`). */
  readonly occupationCount: number;
  private occupationIndex: OccupationIndex | undefined;
  /** What the occupation index is built from; dropped once it is. */
  private occupationSource: readonly TaxonomyOccupation[] | undefined;
  private readonly linker: SkillLinker;
  private readonly languageList: LanguageInfo[];
  readonly reranker: EmbeddingReranker | undefined;

  constructor(
    skills: readonly TaxonomySkill[],
    readonly version: TaxonomyVersionInfo,
    structure: TaxonomyStructure = {},
    reranker?: RerankerConfig,
  ) {
    this.index = new SkillIndex(skills);
    this.hierarchy = new SkillHierarchy(skills);
    this.skillRelations = new SkillRelationIndex(structure.relations ?? [], (id) => this.index.get(id, DEFAULT_LANGUAGE) !== undefined);
    this.occupationSource = structure.occupations ?? [];
    this.occupationCount = this.occupationSource.length;
    this.linker = new SkillLinker(this.index);
    this.reranker = reranker
      ? new EmbeddingReranker(createEmbeddingsModel(reranker.settings), this.index, reranker.options, reranker.logger)
      : undefined;
    const coverage = this.index.languageCoverage();
    this.languageList = this.index.languages
      .filter((code) => (coverage.get(code) ?? 0) > 0)
      .map((code) => ({ code, ...languageNames(code), skillCount: coverage.get(code) ?? 0 }));
  }

  /**
   * Builds the linker's English dictionary and retrieval index (~1 s with ESCO), which serve every text; the
   * service calls it just after it is ready, so that neither start-up nor the first ExtractSkills call waits.
   */
  warmUpLinking(): void {
    this.linker.warmUp();
  }

  /**
   * The index MatchOccupations answers from, built on first use: with ESCO's 68,558 occupation labels it takes
   * 0.3–0.5 s of CPU (more on a loaded machine), which the service spends just after it is ready (`warmUpOccupations`)
   * rather than before it; a call that comes first builds it itself.
   */
  get occupations(): OccupationIndex {
    if (!this.occupationIndex) {
      this.occupationIndex = new OccupationIndex(this.occupationSource ?? []);
      this.occupationSource = undefined;
    }
    return this.occupationIndex;
  }

  warmUpOccupations(): void {
    void this.occupations;
  }

  get attribution(): string {
    return this.version.attribution ?? '';
  }

  languages(): LanguageInfo[] {
    return this.languageList;
  }

  search(raw: { query: string; type?: string; limit?: number; offset?: number; acceptLanguage: string }): SearchResult & { language: string; query: string } {
    const params = validateSearchParams(raw);
    const language = negotiateLanguage(raw.acceptLanguage, this.languageList.map((l) => l.code));
    return { ...this.index.search(params.query, { ...params, language }), language, query: params.query };
  }

  getSkills(ids: string[], language: string): { skills: SkillView[]; missingIds: string[] } {
    if (ids.length > MAX_IDS) throw new DomainError('INVALID_ARGUMENT', `at most ${MAX_IDS} ids per call`);
    const lang = this.language(language);
    const skills: SkillView[] = [];
    const missingIds: string[] = [];
    for (const id of ids) {
      const skill = isUuid(id) ? this.index.get(id, lang) : undefined;
      if (skill) skills.push(skill);
      else missingIds.push(id);
    }
    return { skills, missingIds };
  }

  /**
   * Direct broader and narrower skills and the skill-skill relations of each known id (request order, each id
   * once, lowercase); unknown and malformed ids are left out. Map lookups only: O(ids).
   */
  related(ids: string[]): { skills: SkillRelations[]; taxonomyVersion: string } {
    if (ids.length > MAX_IDS) throw new DomainError('INVALID_ARGUMENT', `at most ${MAX_IDS} ids per call`);
    const seen = new Set<string>();
    const skills: SkillRelations[] = [];
    for (const raw of ids) {
      const id = raw.trim().toLowerCase();
      if (!isUuid(id) || seen.has(id)) continue;
      seen.add(id);
      const skill = this.index.get(id, DEFAULT_LANGUAGE);
      if (!skill) continue;
      skills.push({
        id,
        broaderIds: [...this.hierarchy.broader(id)],
        narrowerIds: [...this.hierarchy.narrower(id)],
        name: skill.name,
        related: [...this.skillRelations.related(id)],
      });
    }
    return { skills, taxonomyVersion: this.version.version };
  }

  /**
   * The ESCO occupations of each job title (request order; each title on its own, so a title's answer never
   * depends on the others): ranked, at most `limit` (default 3, at most 20). No occupations loaded → empty lists.
   */
  matchOccupations(titles: string[], limit?: number): { results: { title: string; occupations: OccupationMatch[] }[]; taxonomyVersion: string } {
    if (titles.length > MAX_TITLES) throw new DomainError('INVALID_ARGUMENT', `at most ${MAX_TITLES} titles per call`);
    const wanted = limit === undefined || limit === 0 ? DEFAULT_OCCUPATION_LIMIT : limit;
    if (!Number.isInteger(wanted) || wanted < 1 || wanted > MAX_OCCUPATION_LIMIT)
      throw new DomainError('INVALID_ARGUMENT', `limit must be 1 to ${MAX_OCCUPATION_LIMIT}`);
    return {
      results: titles.map((title) => ({ title, occupations: this.occupations.match(title.slice(0, MAX_TITLE_LENGTH), wanted) })),
      taxonomyVersion: this.version.version,
    };
  }

  /** For PUT validation: each ref (an id or a name) resolves to a skill or explains why it does not. */
  resolve(refs: { id: string; name: string }[], language: string): ResolveOutcome[] {
    if (refs.length > MAX_IDS) throw new DomainError('INVALID_ARGUMENT', `at most ${MAX_IDS} skills per call`);
    const lang = this.language(language);
    return refs.map(({ id, name }, index) => {
      if (id.trim()) {
        if (!isUuid(id.trim())) return { index, invalid: `"${id}" is not a skill id (UUID expected)` };
        const skill = this.index.get(id.trim(), lang);
        return skill ? { index, skill } : { index, invalid: `unknown skill id ${id}` };
      }
      if (!name.trim()) return { index, invalid: 'neither id nor name given' };
      const skill = this.index.findByName(name, lang);
      return skill ? { index, skill } : { index, invalid: `unknown skill "${name}"` };
    });
  }

  /**
   * The skills of a text. `options.acceptance` 'rules' gives the rules' confidence and every link the rules make,
   * without the acceptance model (evals print it as their baseline).
   */
  extract(text: string, language: string, context: LinkContext, options: { acceptance?: 'model' | 'rules' } = {}): LinkResult {
    if (text.length > MAX_TEXT) throw new DomainError('INVALID_ARGUMENT', `text is longer than ${MAX_TEXT} characters`);
    if (language && !LANGUAGE_CODE.test(language)) throw new DomainError('INVALID_ARGUMENT', `language must be an ISO 639-1 code, got "${language}"`);
    return this.linker.link(text, { ...(language ? { language } : {}), context, ...(options.acceptance === 'rules' ? { rulesOnly: true } : {}) });
  }

  /**
   * Each sentence of the text with its taxonomy skills ranked, before the threshold records apply: at most `limit`
   * per sentence (0 or none: 20; at most 100).
   */
  rank(text: string, language: string, limit?: number): { language: string; sentences: RankedSentence[] } {
    this.checkRank(text, language, limit);
    return this.lexicalRank(text, language, limit);
  }

  /**
   * What RankSkills answers: `rank`, then, when the embedding re-ranker is configured, each sentence's best
   * `max(limit, candidates)` lexical skills re-ranked by the blend with the embeddings' cosine similarity (`score`
   * is then the blend, 0–1). Any failure of the endpoint leaves the lexical ranking (logged), never an error.
   */
  async rankSkills(text: string, language: string, limit?: number): Promise<{ language: string; sentences: RankedSentence[]; rerank?: RerankOutcome }> {
    this.checkRank(text, language, limit);
    if (!this.reranker) return this.lexicalRank(text, language, limit);
    const wanted = limit || DEFAULT_RANK_LIMIT;
    const lexical = this.lexicalRank(text, language, this.reranker.poolFor(wanted));
    const { sentences, outcome } = await this.reranker.rerank(lexical.sentences, wanted);
    return { language: lexical.language, sentences, rerank: outcome };
  }

  private lexicalRank(text: string, language: string, limit: number | undefined) {
    return this.linker.rank(text, { ...(language ? { language } : {}), ...(limit ? { limit } : {}) });
  }

  private checkRank(text: string, language: string, limit: number | undefined): void {
    if (text.length > MAX_TEXT) throw new DomainError('INVALID_ARGUMENT', `text is longer than ${MAX_TEXT} characters`);
    if (language && !LANGUAGE_CODE.test(language)) throw new DomainError('INVALID_ARGUMENT', `language must be an ISO 639-1 code, got "${language}"`);
    if (limit !== undefined && (!Number.isInteger(limit) || limit < 0 || limit > MAX_RANK_LIMIT))
      throw new DomainError('INVALID_ARGUMENT', `limit must be 1 to ${MAX_RANK_LIMIT} (0 for the default)`);
  }

  /** A language code for labels; empty = English. An unknown code falls back like a missing label. */
  private language(code: string): string {
    if (!code) return DEFAULT_LANGUAGE;
    const normalized = code.trim().toLowerCase().slice(0, 2);
    if (!LANGUAGE_CODE.test(normalized)) throw new DomainError('INVALID_ARGUMENT', `language must be an ISO 639-1 code, got "${code}"`);
    return normalized;
  }
}
