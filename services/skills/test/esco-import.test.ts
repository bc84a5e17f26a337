import type { RunningBackend } from '@talent/platform';
import { skills } from '@talent/proto';
import { backendTestEnv, dropSchema } from '@talent/testkit';
import AdmZip from 'adm-zip';
import { parse } from 'csv-parse/sync';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSkills } from '../src/app.js';
import { runCli } from '../src/cli.js';
import { loadSkillsEnv } from '../src/env.js';
import { connect, fixtureSeedDir, search } from './helpers.js';

// The real ESCO export of the shared data folder (TALENT_SHARED_DATA or ../shared/data next to the repository).
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const shared = process.env.TALENT_SHARED_DATA;
const escoRoot = [shared && join(shared, 'data/esco'), shared && join(shared, 'esco'), join(repoRoot, '../shared/data/esco')].find(
  (dir): dir is string => !!dir && existsSync(join(dir, 'v1.1.1-en/classification/skills_en.csv')),
);

type Row = Record<string, string>;
const readRows = (path: string): Row[] => parse(readFileSync(path, 'utf8'), { columns: true }) as Row[];
const toCsv = (rows: Row[], columns: string[]) =>
  [columns.join(','), ...rows.map((row) => columns.map((c) => `"${(row[c] ?? '').replaceAll('"', '""')}"`).join(','))].join('\n') + '\n';
const uuidOf = (uri: string) => uri.split('/').pop()!;

/** A small slice of the real export, in the same layout: skills, collections, relations, fr and de label files. */
function writeSlice(dir: string): { ids: Set<string>; soft: Row; language: Row; broader: Row } {
  const en = join(escoRoot!, 'v1.1.1-en');
  const all = readRows(join(en, 'classification/skills_en.csv'));
  const byUri = new Map(all.map((row) => [row.conceptUri!, row]));
  const transversal = readRows(join(en, 'classification/transversalSkillsCollection_en.csv')).slice(0, 5);
  const languages = readRows(join(en, 'classification/languageSkillsCollection_en.csv')).slice(0, 5);
  const relations = readRows(join(en, 'relations/broaderRelationsSkillPillar.csv'))
    .filter((r) => r.conceptType === 'KnowledgeSkillCompetence' && r.broaderType === 'KnowledgeSkillCompetence')
    .slice(0, 10);
  const uris = new Set([
    ...all.slice(0, 150).map((r) => r.conceptUri!),
    ...transversal.map((r) => r.conceptUri!),
    ...languages.map((r) => r.conceptUri!),
    ...relations.flatMap((r) => [r.conceptUri!, r.broaderUri!]),
    // The German mapping table has a stray quote on this skill's rows.
    'http://data.europa.eu/esco/skill/27065048-bca8-4b0a-891a-b192b9ceadfd',
  ]);
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  const skillColumns = Object.keys(all[0]!);
  write('v1.1.1-en/classification/skills_en.csv', toCsv([...uris].map((uri) => byUri.get(uri)!), skillColumns));
  write('v1.1.1-en/classification/transversalSkillsCollection_en.csv', toCsv(transversal, Object.keys(transversal[0]!)));
  write('v1.1.1-en/classification/languageSkillsCollection_en.csv', toCsv(languages, Object.keys(languages[0]!)));
  write('v1.1.1-en/relations/broaderRelationsSkillPillar.csv', toCsv(relations, Object.keys(relations[0]!)));
  const french = readRows(join(escoRoot!, 'labels-fr/skills_fr.csv')).filter((r) => uris.has(r.conceptUri!));
  write('labels-fr/skills_fr.csv', toCsv(french, ['conceptUri', 'preferredLabel', 'altLabels']));
  const germanLines = readFileSync(join(escoRoot!, 'labels-de/DE_Mapping_ESCO_Kompetenzen_220518_0.csv'), 'utf8').split('\n');
  const header = germanLines.findIndex((line) => line.startsWith('Classification 1 URI,'));
  write(
    'labels-de/DE_Mapping_ESCO_Kompetenzen_220518_0.csv',
    [...germanLines.slice(0, header + 1), ...germanLines.slice(header + 1).filter((line) => uris.has(line.split(',')[0]!))].join('\n'),
  );
  return {
    ids: new Set([...uris].map(uuidOf)),
    soft: byUri.get(transversal[0]!.conceptUri!)!,
    language: byUri.get(languages[0]!.conceptUri!)!,
    broader: relations[0]!,
  };
}

describe.skipIf(!escoRoot)('skills import: the real ESCO export (a slice), through talentctl and at boot', () => {
  const env = loadSkillsEnv(backendTestEnv('skills', { SKILLS_SEED_DIR: fixtureSeedDir }));
  const work = mkdtempSync(join(tmpdir(), 'esco-slice-'));
  const sliceDir = join(work, 'esco');
  let slice: ReturnType<typeof writeSlice>;
  const saved = { ...process.env };
  const db = new pg.Client({ connectionString: env.DATABASE_URL });

  beforeAll(async () => {
    slice = writeSlice(sliceDir);
    Object.assign(process.env, { DATABASE_URL: env.DATABASE_URL, DATABASE_SCHEMA: env.DATABASE_SCHEMA, SKILLS_SEED_DIR: fixtureSeedDir });
    await db.connect();
  });
  afterAll(async () => {
    process.env = saved;
    await db.end();
    await dropSchema(env.DATABASE_SCHEMA);
    rmSync(work, { recursive: true, force: true });
  });

  /** Runs talentctl; returns exit code and output. */
  async function talentctl(...args: string[]) {
    const out: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void out.push(line));
    const error = vi.spyOn(console, 'error').mockImplementation((line: string) => void out.push(line));
    try {
      return { code: await runCli(['skills', 'import', ...args]), output: out.join('\n') };
    } finally {
      log.mockRestore();
      error.mockRestore();
    }
  }
  const count = async (table: string) =>
    Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM "${env.DATABASE_SCHEMA}".${table}`)).rows[0]!.n);

  it('imports skills with their ESCO UUIDs, types, relations and French and German labels', async () => {
    const { code, output } = await talentctl('--esco', sliceDir, '--json');
    expect(code).toBe(0);
    const summary = JSON.parse(output) as { changed: boolean; version: string; skills: number; languages: string[] };
    expect(summary).toMatchObject({ changed: true, version: 'ESCO v1.1.1 + seed (21 skills)', languages: ['de', 'en', 'es', 'fr', 'it', 'nl', 'pt'] });
    expect(await count(`skills WHERE source = 'esco'`)).toBe(slice.ids.size);
    expect(await count('skill_broader')).toBe(10);
    const stored = await db.query<{ id: string; type: string; reuse_level: string }>(
      `SELECT id, type, reuse_level FROM "${env.DATABASE_SCHEMA}".skills WHERE id = ANY($1::uuid[])`,
      [[uuidOf(slice.soft.conceptUri!), uuidOf(slice.language.conceptUri!)]],
    );
    const typeOf = (uri: string) => stored.rows.find((r) => r.id === uuidOf(uri))?.type;
    // Transversal skills are soft skills, except ESCO's language skills.
    expect(typeOf(slice.soft.conceptUri!)).toBe('soft-skill');
    expect(typeOf(slice.language.conceptUri!)).toBe('hard-skill');
  });

  it('serves the imported taxonomy at boot without re-importing it, with the ESCO attribution', async () => {
    const service: RunningBackend = await startSkills(loadSkillsEnv({ ...backendTestEnv('skills'), DATABASE_SCHEMA: env.DATABASE_SCHEMA, SKILLS_ESCO_DIR: sliceDir, SKILLS_SEED_DIR: fixtureSeedDir }));
    const client = connect(service.grpcPort);
    try {
      const info = await client.getTaxonomyInfo({});
      expect(info.attribution).toBe('This service uses the ESCO classification of the European Commission.');
      expect(await count('taxonomy_versions')).toBe(1);
      const cam = await client.getSkills({ ids: ['27065048-bca8-4b0a-891a-b192b9ceadfd'], language: 'de' });
      expect(cam.skills[0]).toMatchObject({ name: 'CAM Software', language: 'de', source: 'esco', sourceUri: 'http://data.europa.eu/esco/skill/27065048-bca8-4b0a-891a-b192b9ceadfd' });
      const soft = slice.soft.preferredLabel!;
      const found = await search(client, soft, { acceptLanguage: 'en' });
      expect(found.results[0]).toMatchObject({ name: soft, type: skills.SkillType.SKILL_TYPE_SOFT });
      expect(found.attribution).toBe(info.attribution);
    } finally {
      client.close();
      await service.stop();
    }
  });

  it('re-importing the same export, as a directory or as a zip, changes nothing', async () => {
    expect(JSON.parse((await talentctl('--esco', sliceDir, '--json')).output)).toMatchObject({ changed: false });
    const zip = new AdmZip();
    zip.addLocalFolder(sliceDir);
    const zipPath = join(work, 'esco-v1.1.1.zip');
    zip.writeZip(zipPath);
    expect(JSON.parse((await talentctl('--esco', zipPath, '--json')).output)).toMatchObject({ changed: false });
    expect(await count('taxonomy_versions')).toBe(1);
  });

  it('rejects a malformed file naming file and line, and keeps the previous taxonomy', async () => {
    const broken = join(work, 'broken');
    writeSlice(broken);
    const file = join(broken, 'v1.1.1-en/classification/skills_en.csv');
    const lines = readFileSync(file, 'utf8').split('\n');
    const at = lines.findIndex((line, i) => i > 2 && line.startsWith('"KnowledgeSkillCompetence","http'));
    lines[at] = lines[at]!.replace('http://data.europa.eu/esco/skill/', 'http://example.org/');
    writeFileSync(file, lines.join('\n'));
    const before = await count('skill_labels');
    const { code, output } = await talentctl('--esco', broken);
    expect(code).toBe(1);
    expect(output).toContain(`${file}:${at + 1}: conceptUri is not an ESCO skill URI`);
    expect(output).toContain('the stored taxonomy is unchanged');
    expect(await count('skill_labels')).toBe(before);

    const extra = join(work, 'labels-xx.csv');
    writeFileSync(extra, 'conceptUri,preferredLabel,altLabels\n"http://data.europa.eu/esco/skill/x,"broken\n');
    const bad = await talentctl('--esco', sliceDir, '--labels', `es=${extra}`);
    expect(bad.code).toBe(1);
    expect(bad.output).toMatch(/labels-xx\.csv:\d+: malformed CSV/);
  });
});
