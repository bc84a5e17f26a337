import { isUuid } from '@talent/platform';
import { basename } from 'node:path';
import { ESCO_ATTRIBUTION, LANGUAGE_CODE, type SkillTypeName, type Taxonomy, type TaxonomySkill } from '../taxonomy/model.js';
import { firstLines, readCsv, readLeadingCells, type CsvRow } from './csv.js';
import { openFileSource, singleFileSource, type FileSource } from './file-source.js';
import { ImportError } from './import-error.js';
import { LabelMerger } from './label-merger.js';

/** A skill's URI is this prefix and its UUID; some files give the bare UUID. */
const SKILL_URI_PREFIX = /^https?:\/\/data\.europa\.eu\/esco\/skill\//i;

/** The layouts of ESCO-derived files we understand, recognised by their header (see shared/data/README.md). */
type Layout =
  | 'esco-skills' // official export: skills_<lang>.csv, altLabels newline-separated
  | 'esco-collection' // official export: <name>Collection_<lang>.csv, altLabels `|`-separated
  | 'simple-labels' // conceptUri,preferredLabel,altLabels (`|`-separated)
  | 'mapping-table' // national mapping tables: metadata lines, then "Classification 1 URI,…"
  | 'broader-relations' // relations/broaderRelationsSkillPillar.csv
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
    if (classified.layout === 'other' || classified.layout === 'broader-relations') {
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

  // Soft skills are ESCO's transversal skills except the language skills (those are hard skills: "write Hungarian").
  for (const skill of skills.values()) {
    const isTransversal = transversal.has(skill.id) || skill.reuseLevel === 'transversal';
    if (isTransversal && !languageSkills.has(skill.id)) skill.type = 'soft-skill';
  }

  const taxonomySkills = [...skills.values()].map(({ merger, ...skill }) => ({ ...skill, labels: merger.labels() }));
  return { source: 'esco', version: `ESCO ${escoVersion(base)}`, attribution: ESCO_ATTRIBUTION, skills: taxonomySkills, report };
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
  if (columns[0] === 'conceptType' && columns.includes('skillType') && columns.includes('preferredLabel')) {
    return file(/collection/i.test(basename(path)) ? 'esco-collection' : 'esco-skills');
  }
  if (columns[0] === 'conceptUri' && columns.includes('preferredLabel') && columns.includes('altLabels')) {
    // Only skill label files: occupations_fr.csv has the same layout.
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
