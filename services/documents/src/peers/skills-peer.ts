import { negotiateLanguage, type AsyncClient } from '@talent/platform';
import { skills } from '@talent/proto';
import type { LinkedSkill, SkillLinker } from '@talent/analysis';

const LANGUAGES_TTL_MS = 60_000;
const LABELS_TTL_MS = 60_000;
const LABELS_MAX = 50_000;
const DEFAULT_LANGUAGE = 'en';

export interface TaxonomySkill {
  id: string;
  name: string;
  type: 'hard-skill' | 'soft-skill';
}

const typeName = (type: skills.SkillType): 'hard-skill' | 'soft-skill' =>
  type === skills.SkillType.SKILL_TYPE_SOFT ? 'soft-skill' : 'hard-skill';

/** Everything documents asks of the skills service: linking for the analyzers, labels and languages for records. */
export class SkillsPeer implements SkillLinker {
  private languages: { codes: string[]; at: number } | undefined;
  private readonly labels = new Map<string, { skill: TaxonomySkill; at: number }>();

  constructor(
    private readonly client: AsyncClient<skills.SkillsServiceClient>,
    private readonly options: { linkDeadlineMs?: number } = {},
  ) {}

  async link(
    text: string,
    language: string,
    context: 'cv' | 'job',
  ): Promise<{ skills: LinkedSkill[]; language: string }> {
    const response = await this.client.extractSkills(
      {
        text,
        language,
        context:
          context === 'cv'
            ? skills.ExtractionContext.EXTRACTION_CONTEXT_CV
            : skills.ExtractionContext.EXTRACTION_CONTEXT_JOB,
      },
      { deadlineMs: this.options.linkDeadlineMs ?? 15_000 },
    );
    return {
      language: response.language,
      skills: response.skills
        .filter((found) => found.skill)
        .map((found) => ({
          id: found.skill!.id,
          name: found.skill!.name,
          type: typeName(found.skill!.type),
          evidence: found.evidence,
          confidence: found.confidence,
          hint:
            found.hint === skills.RequirementHint.REQUIREMENT_HINT_OPTIONAL
              ? 'optional'
              : found.hint === skills.RequirementHint.REQUIREMENT_HINT_REQUIRED
                ? 'required'
                : undefined,
        })),
    };
  }

  /** A label `lookup` holds for this language and id now, without a call; undefined when it would have to ask. */
  cachedLabel(id: string, language: string, now = Date.now()): TaxonomySkill | undefined {
    const cached = this.labels.get(`${language}\u0000${id}`);
    return cached && now - cached.at < LABELS_TTL_MS ? cached.skill : undefined;
  }

  /**
   * Skills by id, labelled in `language` (with the taxonomy's fallback); unknown ids are left out. Labels found are
   * kept for LABELS_TTL_MS (the taxonomy changes only on import), so reading a record usually costs no call to the
   * skills service; ids not found are always asked again.
   */
  async lookup(ids: string[], language: string): Promise<{ found: Map<string, TaxonomySkill>; missing: string[] }> {
    const found = new Map<string, TaxonomySkill>();
    const unknown: string[] = [];
    const now = Date.now();
    for (const id of new Set(ids)) {
      const cached = this.cachedLabel(id, language, now);
      if (cached) found.set(id, cached);
      else unknown.push(id);
    }
    if (unknown.length === 0) return { found, missing: [] };
    const response = await this.client.getSkills({ ids: unknown, language });
    for (const skill of response.skills) {
      const entry = { id: skill.id, name: skill.name, type: typeName(skill.type) };
      found.set(skill.id, entry);
      this.labels.set(`${language}\u0000${skill.id}`, { skill: entry, at: now });
    }
    // Bounded: the oldest entries leave first (a Map iterates in insertion order).
    for (const key of this.labels.keys()) {
      if (this.labels.size <= LABELS_MAX) break;
      this.labels.delete(key);
    }
    return { found, missing: response.missingIds };
  }

  /** Languages with skill labels (GET /skills/languages), cached briefly. */
  async availableLanguages(): Promise<string[]> {
    if (this.languages && Date.now() - this.languages.at < LANGUAGES_TTL_MS) return this.languages.codes;
    const response = await this.client.listLanguages({});
    this.languages = { codes: response.languages.map((language) => language.code), at: Date.now() };
    return this.languages.codes;
  }

  /** The Accept-Language entry with the best q-value among the available languages; English otherwise. */
  async negotiate(acceptLanguage: string): Promise<string> {
    return (
      this.negotiateNow(acceptLanguage) ??
      negotiateLanguage(acceptLanguage, await this.availableLanguages(), DEFAULT_LANGUAGE)
    );
  }

  /** `negotiate` without a call: undefined when it needs the languages and they are not cached. */
  negotiateNow(acceptLanguage: string): string | undefined {
    if (!acceptLanguage.trim()) return DEFAULT_LANGUAGE;
    if (!this.languages || Date.now() - this.languages.at >= LANGUAGES_TTL_MS) return undefined;
    return negotiateLanguage(acceptLanguage, this.languages.codes, DEFAULT_LANGUAGE);
  }
}
