import { isUuid } from '@talent/platform';
import { basename } from 'node:path';
import {
  ESCO_ATTRIBUTION,
  LANGUAGE_CODE,
  type RelationKind,
  type SkillRelation,
  type SkillTypeName,
  type Taxonomy,
  type TaxonomyOccupation,
  type TaxonomySkill,
} from '../taxonomy/model.js';
import { firstLines, readCsv, readLeadingCells, type CsvRow } from './csv.js';
import { openFileSource, singleFileSource, type FileSource } from './file-source.js';
import { ImportError } from './import-error.js';
import { LabelMerger } from './label-merger.js';

/** A skill's URI is this prefix and its UUID; some files give the bare UUID. */
const SKILL_URI_PREFIX = /^https?:\/\/data\.europa\.eu\/esco\/skill\//i;
const OCCUPATION_URI_PREFIX = /^https?:\/\/data\.europa\.eu\/esco\/occupation\//i;
const ISCO_UNIT_GROUP = /^\d{4}$/;

/** The layouts of ESCO-derived files we understand, recognised by their header (see shared/data/README.md). */
type Layout =
  | 'esco-skills' // official export: skills_<lang>.csv, altLabels newline-separated
  | 'esco-collection' // official export: <name>Collection_<lang>.csv, altLabels `|`-separated
  | 'simple-labels' // conceptUri,preferredLabel,altLabels (`|`-separated)
  | 'mapping-table' // national mapping tables: metadata lines, then "Classification 1 URI,…"
  | 'broader-relations' // relations/broaderRelationsSkillPillar.csv
  | 'skill-relations' // relations/skillSkillRelations.csv: originalSkillUri,…,relationType,…,relatedSkillUri
  | 'esco-occupations' // official export: occupations_<lang>.csv (conceptType,conceptUri,iscoGroup,preferredLabel,altLabels…)
  | 'occupation-labels' // occupations_<lang>.csv as conceptUri,preferredLabel,altLabels (`|`-separated)
  | 'occupation-skill-relations' // relations/occupationSkillRelations.csv: occupationUri,relationType,skillType,skillUri
  | 'other';

interface EscoFile {
  source: FileSource;
  path: string;
  layout: Layout;
  language?: string;
}

export interface EscoImportOptions {
  /** Extra label files: language → file. */
  labels?: { language: string; file: string }[];
}

/** Reads an ESCO CSV export (directory or zip) plus extra label files into a Taxonomy. Nothing is written. */
export function readEscoTaxonomy(location: string, options: EscoImportOptions = {}): Taxonomy & { report: string[] } {
  const source = openFileSource(location);
  const files = source.paths.map((path) => classify(source, path));
  for (const { language, file } of options.labels ?? []) {
    if (!LANGUAGE_CODE.test(language)) throw new ImportError(file, undefined, `--labels needs an ISO 639-1 code, got "${language}"`);
    const extra = singleFileSource(file);
    const classified = classify(extra, extra.paths[0]!, language);
    if (['other', 'broader-relations', 'skill-relations', 'occupation-skill-relations'].includes(classified.layout)) {
      throw new ImportError(file, 1, 'not a label file (expected conceptUri,preferredLabel,altLabels, an ESCO skills/collection export or a mapping table)');
    }
    files.push(classified);
  }

  const base = files.find((file) => file.layout === 'esco-skills' && file.language === 'en');
  if (!base) throw new ImportError(source.origin, undefined, 'no skills_en.csv in the ESCO export');

  const report: string[] = [];
  const skills = new Map<string, TaxonomySkill & { merger: LabelMerger }>();
  const transversal = new Set<string>();
  const languageSkills = new Set<string>();

  for (const row of rowsOf(base, ['conceptUri', 'preferredLabel', 'altLabels', 'skillType', 'reuseLevel', 'description'])) {
    const id = skillId(base, row, 'conceptUri', true)!;
    const preferred = row.cells.preferredLabel!.trim();
    if (!preferred) throw new ImportError(where(base), row.line, 'empty preferredLabel');
    const merger = new LabelMerger();
    merger.add('en', preferred, true);
    for (const alt of splitList(row.cells.altLabels!, '\n')) merger.add('en', alt, false);
    const skill = {
      id,
      type: 'hard-skill' as SkillTypeName,
      source: 'esco' as const,
      sourceUri: `http://data.europa.eu/esco/skill/${id}`,
      reuseLevel: row.cells.reuseLevel!.trim() || undefined,
      escoSkillType: row.cells.skillType!.trim() || undefined,
      description: row.cells.description!.trim() || undefined,
      labels: [],
      broader: [],
      merger,
    };
    skills.set(id, skill);
  }
  report.push(`${where(base)}: ${skills.size} skills`);

  // Label files in priority order: other official exports, then simple label files, collections, mapping tables.
  const order: Layout[] = ['esco-skills', 'simple-labels', 'esco-collection', 'mapping-table'];
  for (const layout of order) {
    for (const file of files.filter((f) => f.layout === layout && f !== base)) {
      if (!file.language) {
        report.push(`${where(file)}: skipped (language unknown; pass it with --labels LANG=FILE)`);
        continue;
      }
      const added = readLabels(file, skills, { transversal, languageSkills });
      report.push(`${where(file)}: ${added} ${file.language} labels`);
    }
  }

  let relations = 0;
  for (const file of files.filter((f) => f.layout === 'broader-relations')) {
    for (const row of rowsOf(file, ['conceptUri', 'broaderUri'])) {
      const narrower = skills.get(skillId(file, row, 'conceptUri', false) ?? '');
      const broader = skillId(file, row, 'broaderUri', false);
      if (narrower && broader && skills.has(broader) && !narrower.broader.includes(broader)) {
        narrower.broader.push(broader);
        relations++;
      }
    }
  }
  report.push(`${relations} broader relations`);

  const skillRelations = readSkillRelations(files, skills);
  report.push(`${skillRelations.length} skill-skill relations`);
  const occupations = readOccupations(files, skills);
  if (occupations.length > 0) {
    report.push(
      `${occupations.length} occupations, ${occupations.reduce((a, o) => a + o.labels.length, 0)} occupation labels, ${occupations.reduce((a, o) => a + o.skills.length, 0)} occupation-skill relations`,
    );
  }

  // Soft skills are ESCO's transversal skills except the language skills (those are hard skills: "write Hungarian").
  for (const skill of skills.values()) {
    const isTransversal = transversal.has(skill.id) || skill.reuseLevel === 'transversal';
    if (isTransversal && !languageSkills.has(skill.id)) skill.type = 'soft-skill';
  }

  const taxonomySkills = [...skills.values()].map(({ merger, ...skill }) => ({ ...skill, labels: merger.labels() }));
  return {
    source: 'esco',
    version: `ESCO ${escoVersion(base)}`,
    attribution: ESCO_ATTRIBUTION,
    skills: taxonomySkills,
    relations: skillRelations,
    occupations,
    report,
  };
}

function relationKind(file: EscoFile, row: CsvRow): RelationKind {
  const kind = row.cells.relationType!.trim().toLowerCase();
  if (kind === 'essential' || kind === 'optional') return kind;
  throw new ImportError(where(file), row.line, `relationType must be essential or optional, got "${kind.slice(0, 40)}"`);
}

/** Skill-skill relations between taxonomy skills, each pair once (essential wins over optional), sorted. */
function readSkillRelations(files: EscoFile[], skills: Map<string, unknown>): SkillRelation[] {
  const pairs = new Map<string, SkillRelation>();
  for (const file of files.filter((f) => f.layout === 'skill-relations')) {
    for (const row of rowsOf(file, ['originalSkillUri', 'relationType', 'relatedSkillUri'])) {
      const kind = relationKind(file, row);
      const from = skillId(file, row, 'originalSkillUri', false);
      const to = skillId(file, row, 'relatedSkillUri', false);
      if (!from || !to || from === to || !skills.has(from) || !skills.has(to)) continue;
      const key = `${from} ${to}`;
      const known = pairs.get(key);
      if (!known || (known.kind === 'optional' && kind === 'essential')) pairs.set(key, { skillId: from, relatedId: to, kind });
    }
  }
  return [...pairs.values()].sort((a, b) => compare(a.skillId, b.skillId) || compare(a.relatedId, b.relatedId));
}

/**
 * Occupations of the English export (the base: every occupation must have a valid URI, a preferred label and a
 * four-digit ISCO group or none), labels of the other languages' occupation files, and the occupations'
 * essential/optional skills. None when the export has no occupations file.
 */
function readOccupations(files: EscoFile[], skills: Map<string, unknown>): TaxonomyOccupation[] {
  const base = files.find((file) => file.layout === 'esco-occupations' && file.language === 'en');
  if (!base) return [];
  const occupations = new Map<string, { iscoGroup: string; merger: LabelMerger; skills: Map<string, RelationKind> }>();
  for (const row of rowsOf(base, ['conceptUri', 'iscoGroup', 'preferredLabel', 'altLabels'])) {
    const id = occupationId(base, row, 'conceptUri', true)!;
    const preferred = row.cells.preferredLabel!.trim();
    if (!preferred) throw new ImportError(where(base), row.line, 'empty preferredLabel');
    const iscoGroup = row.cells.iscoGroup!.trim();
    if (iscoGroup && !ISCO_UNIT_GROUP.test(iscoGroup)) throw new ImportError(where(base), row.line, `iscoGroup is not a four-digit ISCO-08 code: "${iscoGroup.slice(0, 40)}"`);
    const merger = new LabelMerger();
    merger.add('en', preferred, true);
    for (const alt of splitList(row.cells.altLabels!, '\n')) merger.add('en', alt, false);
    occupations.set(id, { iscoGroup, merger, skills: new Map() });
  }
  for (const layout of ['esco-occupations', 'occupation-labels'] as const) {
    for (const file of files.filter((f) => f.layout === layout && f !== base && f.language)) {
      for (const row of rowsOf(file, ['conceptUri', 'preferredLabel', 'altLabels'])) {
        const occupation = occupations.get(occupationId(file, row, 'conceptUri', false) ?? '');
        if (!occupation) continue;
        occupation.merger.add(file.language!, row.cells.preferredLabel!, true);
        for (const alt of splitList(row.cells.altLabels!, layout === 'esco-occupations' ? '\n' : '|')) occupation.merger.add(file.language!, alt, false);
      }
    }
  }
  for (const file of files.filter((f) => f.layout === 'occupation-skill-relations')) {
    for (const row of rowsOf(file, ['occupationUri', 'relationType', 'skillUri'])) {
      const kind = relationKind(file, row);
      const occupation = occupations.get(occupationId(file, row, 'occupationUri', false) ?? '');
      const skill = skillId(file, row, 'skillUri', false);
      if (!occupation || !skill || !skills.has(skill)) continue;
      if (occupation.skills.get(skill) !== 'essential') occupation.skills.set(skill, kind);
    }
  }
  return [...occupations]
    .sort(([a], [b]) => compare(a, b))
    .map(([id, o]) => ({
      id,
      iscoGroup: o.iscoGroup,
      labels: o.merger.labels(),
      skills: [...o.skills].sort(([a], [b]) => compare(a, b)).map(([skillId, kind]) => ({ skillId, kind })),
    }));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function readLabels(
  file: EscoFile,
  skills: Map<string, { merger: LabelMerger }>,
  collections: { transversal: Set<string>; languageSkills: Set<string> },
): number {
  const language = file.language!;
  let added = 0;
  const add = (id: string | undefined, preferred: string, alternatives: string[]) => {
    const skill = id ? skills.get(id) : undefined;
    if (!skill) return;
    if (preferred.trim()) {
      skill.merger.add(language, preferred, true);
      added++;
    }
    for (const alt of alternatives) {
      skill.merger.add(language, alt, false);
      added++;
    }
  };
  const name = basename(file.path).toLowerCase();
  switch (file.layout) {
    case 'esco-skills':
      for (const row of rowsOf(file, ['conceptUri', 'preferredLabel', 'altLabels'])) {
        add(skillId(file, row, 'conceptUri', false), row.cells.preferredLabel!, splitList(row.cells.altLabels!, '\n'));
      }
      break;
    case 'simple-labels':
      for (const row of rowsOf(file, ['conceptUri', 'preferredLabel', 'altLabels'])) {
        add(skillId(file, row, 'conceptUri', false), row.cells.preferredLabel!, splitList(row.cells.altLabels!, '|'));
      }
      break;
    case 'esco-collection':
      for (const row of rowsOf(file, ['conceptUri', 'preferredLabel', 'altLabels'])) {
        const id = skillId(file, row, 'conceptUri', false);
        if (id && name.startsWith('transversal')) collections.transversal.add(id);
        if (id && name.startsWith('language')) collections.languageSkills.add(id);
        add(id, row.cells.preferredLabel!, splitList(row.cells.altLabels!, '|'));
      }
      break;
    case 'mapping-table': {
      const text = file.source.read(file.path);
      const header = text.split(/\r?\n/).find((line) => line.startsWith('Classification 1 URI,'))!.split(',');
      const uriColumn = header.indexOf('Classification 1 URI');
      const labelColumn = header.indexOf('Classification 1 PrefLabel');
      if (labelColumn < 0) throw new ImportError(where(file), undefined, 'missing column Classification 1 PrefLabel');
      for (const { line, cells } of readLeadingCells(where(file), text, 'Classification 1 URI,', Math.max(uriColumn, labelColumn) + 1)) {
        const row = { line, cells: { uri: cells[uriColumn]! } };
        add(skillId(file, row, 'uri', false), cells[labelColumn]!, []);
      }
      break;
    }
    default:
      break;
  }
  return added;
}

function classify(source: FileSource, path: string, language?: string): EscoFile {
  const head = firstLines(source.read(path).slice(0, 8192), 40);
  const header = head[0] ?? '';
  const fileLanguage = language ?? /_([a-z]{2})\.csv$/i.exec(basename(path))?.[1]?.toLowerCase();
  const file = (layout: Layout, lang = fileLanguage): EscoFile => ({ source, path, layout, ...(lang ? { language: lang } : {}) });
  const columns = header.split(',').map((c) => c.trim());
  if (columns.includes('conceptUri') && columns.includes('broaderUri')) return file('broader-relations');
  if (columns.includes('originalSkillUri') && columns.includes('relatedSkillUri')) return file('skill-relations');
  if (columns.includes('occupationUri') && columns.includes('skillUri')) return file('occupation-skill-relations');
  if (columns[0] === 'conceptType' && columns.includes('iscoGroup') && columns.includes('preferredLabel')) return file('esco-occupations');
  if (columns[0] === 'conceptType' && columns.includes('skillType') && columns.includes('preferredLabel')) {
    return file(/collection/i.test(basename(path)) ? 'esco-collection' : 'esco-skills');
  }
  if (columns[0] === 'conceptUri' && columns.includes('preferredLabel') && columns.includes('altLabels')) {
    // Skill label files, or occupation label files (occupations_fr.csv has the same layout).
    if (/^occupations?[_-]/i.test(basename(path))) return file('occupation-labels');
    return /^skills?[_-]/i.test(basename(path)) || language ? file('simple-labels') : file('other');
  }
  if (head.some((line) => line.startsWith('Classification 1 URI,'))) {
    const conceptType = head.find((line) => line.startsWith('Classification 1 Concept type,'))?.split(',')[1]?.toLowerCase() ?? '';
    const declared = head.find((line) => line.startsWith('Classification 1 Language,'))?.split(',')[1]?.trim().toLowerCase();
    if (!/skill|competence/.test(conceptType)) return file('other');
    return file('mapping-table', language ?? (declared && LANGUAGE_CODE.test(declared) ? declared : undefined));
  }
  return file('other');
}

function rowsOf(file: EscoFile, required: string[]): CsvRow[] {
  const text = file.source.read(file.path);
  return readCsv(where(file), text, { required });
}

/** The UUID of an ESCO skill URI; non-skill URIs (occupations, skill groups) give undefined unless `strict`. */
function skillId(file: EscoFile, row: CsvRow, column: string, strict: boolean): string | undefined {
  const value = (row.cells[column] ?? '').trim();
  const id = value.replace(SKILL_URI_PREFIX, '');
  if (isUuid(id)) return id.toLowerCase();
  if (strict) throw new ImportError(where(file), row.line, `${column} is not an ESCO skill URI: "${value.slice(0, 80)}"`);
  return undefined;
}

/** The UUID of an ESCO occupation URI; anything else gives undefined unless `strict`. */
function occupationId(file: EscoFile, row: CsvRow, column: string, strict: boolean): string | undefined {
  const value = (row.cells[column] ?? '').trim();
  const id = value.replace(OCCUPATION_URI_PREFIX, '');
  if (id !== value && isUuid(id)) return id.toLowerCase();
  if (strict) throw new ImportError(where(file), row.line, `${column} is not an ESCO occupation URI: "${value.slice(0, 80)}"`);
  return undefined;
}

function splitList(cell: string, separator: '\n' | '|'): string[] {
  return cell
    .split(separator === '|' ? /\s*\|\s*|\n/ : /\r?\n/)
    .map((part) => part.trim())
    .filter(Boolean);
}

function where(file: EscoFile): string {
  return file.source.paths.length === 1 && file.source.origin.endsWith(file.path) ? file.source.origin : `${file.source.origin}/${file.path}`;
}

/** The version in the export's folder or archive name ("v1.1.1-en"), if any. */
function escoVersion(base: EscoFile): string {
  const hit = /v(\d+\.\d+(?:\.\d+)?)/.exec(`${base.source.origin}/${base.path}`)?.[1];
  return hit ? `v${hit}` : '(version unknown)';
}
