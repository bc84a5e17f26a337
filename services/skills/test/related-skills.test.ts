import type { RunningBackend } from '@talent/platform';
import { backendTestEnv, dropSchema } from '@talent/testkit';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSkills } from '../src/app.js';
import { loadSkillsEnv } from '../src/env.js';
import { connect, failure, fixtureSeedDir, startFixtureSkills, type SkillsClient } from './helpers.js';

// A tiny export in the official ESCO layout (same headers as v1.1.1), with a skill pillar hierarchy:
//   software development ← computer programming ← {use JavaScript, use TypeScript}
//   use TypeScript also ← software development (ESCO skills may have several broader skills)
//   bake bread: no relations; knead dough ← a skill group (not a taxonomy skill: dropped)
const ID = {
  dev: '0a1b2c3d-0000-4000-8000-000000000001',
  programming: '0a1b2c3d-0000-4000-8000-000000000002',
  javascript: '0a1b2c3d-0000-4000-8000-000000000003',
  typescript: '0a1b2c3d-0000-4000-8000-000000000004',
  bread: '0a1b2c3d-0000-4000-8000-000000000005',
  dough: '0a1b2c3d-0000-4000-8000-000000000006',
  group: '0a1b2c3d-0000-4000-8000-0000000000ff',
} as const;
const uri = (id: string) => `http://data.europa.eu/esco/skill/${id}`;
// The header unquoted, as in the export (the importer recognises the layout by it); cells quoted.
const csv = ([header, ...rows]: string[][]) =>
  [header!.join(','), ...rows.map((row) => row.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(','))].join('\n') + '\n';

function writeEscoExport(dir: string) {
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  const skill = (id: string, label: string, alt: string[] = []) => [
    'KnowledgeSkillCompetence', uri(id), 'skill/competence', 'sector-specific', label, alt.join('\n'), '', 'released',
    '2016-12-20T17:43:43Z', '', '', 'http://data.europa.eu/esco/concept-scheme/skills', `Description of ${label}.`,
  ];
  write(
    'v1.1.1-en/classification/skills_en.csv',
    csv([
      ['conceptType', 'conceptUri', 'skillType', 'reuseLevel', 'preferredLabel', 'altLabels', 'hiddenLabels', 'status', 'modifiedDate', 'scopeNote', 'definition', 'inScheme', 'description'],
      skill(ID.dev, 'software development', ['develop software']),
      skill(ID.programming, 'computer programming', ['programming', 'coding']),
      skill(ID.javascript, 'use JavaScript'),
      skill(ID.typescript, 'use TypeScript'),
      skill(ID.bread, 'bake bread'),
      skill(ID.dough, 'knead dough'),
    ]),
  );
  const ksc = (narrower: string, broader: string, broaderType = 'KnowledgeSkillCompetence') => ['KnowledgeSkillCompetence', uri(narrower), broaderType, uri(broader)];
  write(
    'v1.1.1-en/relations/broaderRelationsSkillPillar.csv',
    csv([
      ['conceptType', 'conceptUri', 'broaderType', 'broaderUri'],
      ['SkillGroup', 'http://data.europa.eu/esco/isced-f/06', 'SkillGroup', uri(ID.group)],
      ksc(ID.programming, ID.dev),
      ksc(ID.javascript, ID.programming),
      ksc(ID.typescript, ID.programming),
      ksc(ID.typescript, ID.dev),
      ksc(ID.dough, ID.group, 'SkillGroup'),
    ]),
  );
}

describe('GetRelatedSkills over an ESCO-format import with broader relations', () => {
  const work = mkdtempSync(join(tmpdir(), 'esco-related-'));
  const env = loadSkillsEnv({ ...backendTestEnv('skills'), SKILLS_ESCO_DIR: join(work, 'esco'), SKILLS_SEED_DIR: fixtureSeedDir });
  let service: RunningBackend;
  let client: SkillsClient;

  beforeAll(async () => {
    writeEscoExport(join(work, 'esco'));
    service = await startSkills(env);
    client = connect(service.grpcPort);
  });
  afterAll(async () => {
    client?.close();
    await service?.stop();
    await dropSchema(env.DATABASE_SCHEMA);
    rmSync(work, { recursive: true, force: true });
  });

  it('returns direct broader and narrower skills with the English name, in request order, unknown ids left out', async () => {
    const response = await client.getRelatedSkills({
      ids: [
        ID.typescript.toUpperCase(),
        'not-a-uuid',
        ID.programming,
        '11111111-2222-4333-8444-555555555555',
        ID.dev,
        ID.typescript,
        ID.bread,
        ID.dough,
        ID.group,
        '',
      ],
    });
    expect(response.skills).toEqual([
      { id: ID.typescript, broaderIds: [ID.dev, ID.programming].sort(), narrowerIds: [], name: 'use TypeScript' },
      { id: ID.programming, broaderIds: [ID.dev], narrowerIds: [ID.javascript, ID.typescript].sort(), name: 'computer programming' },
      { id: ID.dev, broaderIds: [], narrowerIds: [ID.programming, ID.typescript].sort(), name: 'software development' },
      { id: ID.bread, broaderIds: [], narrowerIds: [], name: 'bake bread' },
      // Its only broader concept is a skill group, not a skill of the taxonomy.
      { id: ID.dough, broaderIds: [], narrowerIds: [], name: 'knead dough' },
    ]);
  });

  it('reports the loaded taxonomy version, as GetTaxonomyInfo does', async () => {
    const [related, info] = await Promise.all([client.getRelatedSkills({ ids: [] }), client.getTaxonomyInfo({})]);
    expect(related.skills).toEqual([]);
    expect(related.taxonomyVersion).toMatch(/^ESCO v1\.1\.1/);
    expect(related.taxonomyVersion).toBe(info.version);
  });

  it('keeps the hierarchy across a restart that reads the stored taxonomy back', async () => {
    const again = await startSkills(env);
    const other = connect(again.grpcPort);
    try {
      const response = await other.getRelatedSkills({ ids: [ID.javascript] });
      expect(response.skills).toEqual([{ id: ID.javascript, broaderIds: [ID.programming], narrowerIds: [], name: 'use JavaScript' }]);
    } finally {
      other.close();
      await again.stop();
    }
  });

  it('rejects more than 1000 ids', async () => {
    const ids = Array.from({ length: 1001 }, () => ID.dev);
    expect(await failure(client.getRelatedSkills({ ids }))).toBe('INVALID_ARGUMENT: at most 1000 ids per call');
  });
});

describe('GetRelatedSkills over the fixture seed (no broader relations)', () => {
  let fixture: Awaited<ReturnType<typeof startFixtureSkills>>;
  beforeAll(async () => {
    fixture = await startFixtureSkills();
  });
  afterAll(() => fixture?.stop());

  it('answers known ids with their name and no relations, and the seed version', async () => {
    const javascript = '57e59bbe-c989-5375-8645-91acca57018d';
    const response = await fixture.client.getRelatedSkills({ ids: [javascript, javascript.toUpperCase(), ID.dev] });
    expect(response.skills).toEqual([{ id: javascript, broaderIds: [], narrowerIds: [], name: 'JavaScript' }]);
    expect(response.taxonomyVersion).toMatch(/^seed \(\d+ skills\)$/);
  });
});
