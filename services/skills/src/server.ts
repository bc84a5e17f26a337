import { bindService, type GrpcServiceBinding } from '@talent/platform';
import { skills } from '@talent/proto';
import type { SkillCatalog } from './catalog.js';
import type { SkillView } from './search/skill-index.js';

const toType = (type: SkillView['type']) => (type === 'soft-skill' ? skills.SkillType.SKILL_TYPE_SOFT : skills.SkillType.SKILL_TYPE_HARD);
const fromType = (type: skills.SkillType) =>
  type === skills.SkillType.SKILL_TYPE_HARD ? 'hard-skill' : type === skills.SkillType.SKILL_TYPE_SOFT ? 'soft-skill' : undefined;

const toSkill = (view: SkillView): skills.Skill => ({
  id: view.id,
  name: view.name,
  type: toType(view.type),
  language: view.language,
  description: view.description,
  source: view.source,
  sourceUri: view.sourceUri,
});

/** gRPC handlers: translate messages to catalog calls and back, nothing more. */
export function skillsGrpcService(catalog: SkillCatalog): GrpcServiceBinding {
  return bindService<skills.SkillsServiceServer>('talent.skills.v1.SkillsService', skills.SkillsServiceService, {
    async getRelatedSkills(request) {
      const { skills: found, taxonomyVersion } = catalog.related(request.ids);
      return {
        taxonomyVersion,
        skills: found.map((skill) => ({
          ...skill,
          related: skill.related.map((r) => ({
            id: r.id,
            inverse: r.inverse,
            kind: r.kind === 'essential' ? skills.SkillRelationKind.SKILL_RELATION_KIND_ESSENTIAL : skills.SkillRelationKind.SKILL_RELATION_KIND_OPTIONAL,
          })),
        })),
      };
    },
    async matchOccupations(request) {
      return catalog.matchOccupations(request.titles, request.limit);
    },
    async searchSkills(request) {
      const usePage = request.limit === undefined && request.offset === undefined && request.page;
      const result = catalog.search({
        query: request.query,
        type: request.typeName || fromType(request.type),
        ...(usePage ? { limit: request.page!.limit || undefined, offset: request.page!.offset } : {}),
        ...(request.limit !== undefined ? { limit: request.limit } : {}),
        ...(request.offset !== undefined ? { offset: request.offset } : {}),
        acceptLanguage: request.acceptLanguage,
      });
      return {
        language: result.language,
        results: result.hits.map((hit) => toSkill(hit.skill)),
        total: result.total,
        query: result.query,
        attribution: catalog.attribution,
      };
    },
    async listLanguages() {
      return { languages: catalog.languages(), attribution: catalog.attribution, defaultLanguage: 'en' };
    },
    async getSkills(request) {
      const { skills: found, missingIds } = catalog.getSkills(request.ids, request.language);
      return { skills: found.map(toSkill), missingIds };
    },
    async resolveSkills(request) {
      const outcomes = catalog.resolve(request.refs, request.language);
      return {
        resolved: outcomes.flatMap((o) => ('skill' in o ? [{ index: o.index, skill: toSkill(o.skill) }] : [])),
        invalid: outcomes.flatMap((o) => ('invalid' in o ? [{ index: o.index, message: o.invalid }] : [])),
      };
    },
    async extractSkills(request) {
      const context = request.context === skills.ExtractionContext.EXTRACTION_CONTEXT_JOB ? 'job' : 'cv';
      const result = catalog.extract(request.text, request.language, context);
      return {
        language: result.language,
        skills: result.skills.map((s) => ({
          skill: toSkill(s.skill),
          start: s.start,
          end: s.end,
          matchedText: s.matchedText,
          evidence: s.evidence,
          confidence: s.confidence,
          hint:
            s.hint === 'optional'
              ? skills.RequirementHint.REQUIREMENT_HINT_OPTIONAL
              : s.hint === 'required'
                ? skills.RequirementHint.REQUIREMENT_HINT_REQUIRED
                : skills.RequirementHint.REQUIREMENT_HINT_UNSPECIFIED,
          mentions: s.mentions,
        })),
      };
    },
    async rankSkills(request) {
      const result = await catalog.rankSkills(request.text, request.language, request.limit);
      return {
        language: result.language,
        sentences: result.sentences.map((sentence) => ({
          start: sentence.start,
          end: sentence.end,
          text: sentence.text,
          skills: sentence.skills.map((s) => ({
            skill: toSkill(s.skill),
            score: s.score,
            phraseConfidence: s.phraseConfidence,
            relevance: s.relevance,
            coverage: s.coverage,
          })),
        })),
      };
    },
    async getTaxonomyInfo() {
      const { version } = catalog;
      return {
        source: version.source,
        version: version.version,
        attribution: version.attribution ?? '',
        skillCount: version.skillCount,
        labelCount: version.labelCount,
        languages: version.languages,
        importedAt: version.importedAt,
      };
    },
  });
}
