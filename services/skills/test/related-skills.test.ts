import type { RunningBackend } from '@talent/platform';
import { backendTestEnv, dropSchema } from '@talent/testkit';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { skills } from '@talent/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSkills } from '../src/app.js';
import { readEscoTaxonomy } from '../src/importers/esco.js';
import { loadSkillsEnv } from '../src/env.js';
import { connect, failure, fixtureSeedDir, startFixtureSkills, type SkillsClient } from './helpers.js';

// A tiny export in the official ESCO layout (same headers as v1.1.1), with a skill pillar hierarchy:
//   software development ← computer programming ← {use JavaScript, use TypeScript}
//   use TypeScript also ← software development (ESCO skills may have several broader skills)
//   bake bread: no relations; knead dough ← a skill group (not a taxonomy skill: dropped)
// skill-skill relations: bake bread needs knead dough (essential); software development may use JavaScript
// (optional). Occupations: software developer (ISCO 2512), web developer (2513), baker (7512), French labels for one.
const OCC = {
  software: '1c2d3e4f-0000-4000-8000-000000000001',
  web: '1c2d3e4f-0000-4000-8000-000000000002',
  baker: '1c2d3e4f-0000-4000-8000-000000000003',
} as const;
const occupationUri = (id: string) => `http://data.europa.eu/esco/occupation/${id}`;
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
  write(
    'v1.1.1-en/relations/skillSkillRelations.csv',
    csv([
      ['originalSkillUri', 'originalSkillType', 'relationType', 'relatedSkillType', 'relatedSkillUri'],
      [uri(ID.bread), 'skill/competence', 'essential', 'skill/competence', uri(ID.dough)],
      [uri(ID.dev), 'skill/competence', 'optional', 'skill/competence', uri(ID.javascript)],
      // To a skill the export does not have: dropped.
      [uri(ID.dev), 'skill/competence', 'optional', 'knowledge', uri('0a1b2c3d-0000-4000-8000-0000000000ee')],
    ]),
  );
  const occupation = (id: string, isco: string, label: string, alt: string[]) => [
    'Occupation', occupationUri(id), isco, label, alt.join('\n'), '', 'released', '2016-07-05T13:58:41Z', '', '', '',
    'http://data.europa.eu/esco/concept-scheme/occupations', `Description of ${label}.`, `${isco}.1`,
  ];
  write(
    'v1.1.1-en/classification/occupations_en.csv',
    csv([
      ['conceptType', 'conceptUri', 'iscoGroup', 'preferredLabel', 'altLabels', 'hiddenLabels', 'status', 'modifiedDate', 'regulatedProfessionNote', 'scopeNote', 'definition', 'inScheme', 'description', 'code'],
      occupation(OCC.software, '2512', 'software developer', ['software engineer', 'programmer']),
      occupation(OCC.web, '2513', 'web developer', ['PHP developer', 'front-end developer']),
      occupation(OCC.baker, '7512', 'baker', ['bread baker']),
    ]),
  );
  write(
    'labels-fr/occupations_fr.csv',
    csv([
      ['conceptUri', 'preferredLabel', 'altLabels'],
      [occupationUri(OCC.software), 'développeur de logiciels', 'ingénieur logiciel|programmeur'],
    ]),
  );
  write(
    'v1.1.1-en/relations/occupationSkillRelations.csv',
    csv([
      ['occupationUri', 'relationType', 'skillType', 'skillUri'],
      [occupationUri(OCC.software), 'essential', 'skill/competence', uri(ID.programming)],
      [occupationUri(OCC.baker), 'essential', 'skill/competence', uri(ID.bread)],
      [occupationUri(OCC.baker), 'optional', 'skill/competence', uri(ID.dough)],
    ]),
  );
}

const ESSENTIAL = skills.SkillRelationKind.SKILL_RELATION_KIND_ESSENTIAL;
const OPTIONAL = skills.SkillRelationKind.SKILL_RELATION_KIND_OPTIONAL;

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
      { id: ID.typescript, broaderIds: [ID.dev, ID.programming].sort(), narrowerIds: [], name: 'use TypeScript', related: [] },
      { id: ID.programming, broaderIds: [ID.dev], narrowerIds: [ID.javascript, ID.typescript].sort(), name: 'computer programming', related: [] },
      {
        id: ID.dev,
        broaderIds: [],
        narrowerIds: [ID.programming, ID.typescript].sort(),
        name: 'software development',
        related: [{ id: ID.javascript, kind: OPTIONAL, inverse: false }],
      },
      { id: ID.bread, broaderIds: [], narrowerIds: [], name: 'bake bread', related: [{ id: ID.dough, kind: ESSENTIAL, inverse: false }] },
      // Its only broader concept is a skill group, not a skill of the taxonomy; bake bread needs it (seen inverse).
      { id: ID.dough, broaderIds: [], narrowerIds: [], name: 'knead dough', related: [{ id: ID.bread, kind: ESSENTIAL, inverse: true }] },
    ]);
  });

  it('maps job titles to ESCO occupations with their ISCO group, over labels in every loaded language', async () => {
    const response = await client.matchOccupations({
      titles: ['Senior Software Engineer', 'Développeur de logiciels', 'PHP Developer', 'Bread baker', 'Astronaut', ''],
      limit: 0,
    });
    const best = response.results.map((r) => r.occupations.map((o) => [o.name, o.iscoGroup, o.matchedLabel]));
    expect(response.results.map((r) => r.title)).toEqual(['Senior Software Engineer', 'Développeur de logiciels', 'PHP Developer', 'Bread baker', 'Astronaut', '']);
    // "senior" is not in any label: the title still maps, with a lower score than the exact label.
    expect(best[0]![0]).toEqual(['software developer', '2512', 'software engineer']);
    expect(response.results[0]!.occupations[0]!.score).toBeGreaterThanOrEqual(0.5);
    expect(response.results[0]!.occupations[0]!.score).toBeLessThan(1);
    expect(best[1]).toEqual([['software developer', '2512', 'développeur de logiciels']]);
    expect(response.results[1]!.occupations[0]!.score).toBe(1);
    expect(best[2]![0]).toEqual(['web developer', '2513', 'PHP developer']);
    expect(best[3]).toEqual([['baker', '7512', 'bread baker']]);
    expect(best[4]).toEqual([]);
    expect(best[5]).toEqual([]);
    expect(response.taxonomyVersion).toMatch(/^ESCO v1\.1\.1/);
    expect(await failure(client.matchOccupations({ titles: ['baker'], limit: 21 }))).toBe('INVALID_ARGUMENT: limit must be 1 to 20');
    expect(await failure(client.matchOccupations({ titles: Array.from({ length: 1001 }, () => 'baker'), limit: 1 }))).toBe(
      'INVALID_ARGUMENT: at most 1000 titles per call',
    );
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
      expect(response.skills).toEqual([
        { id: ID.javascript, broaderIds: [ID.programming], narrowerIds: [], name: 'use JavaScript', related: [{ id: ID.dev, kind: OPTIONAL, inverse: true }] },
      ]);
      const occupations = await other.matchOccupations({ titles: ['programmeur'], limit: 1 });
      expect(occupations.results[0]!.occupations.map((o) => o.name)).toEqual(['software developer']);
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
    expect(response.skills).toEqual([{ id: javascript, broaderIds: [], narrowerIds: [], name: 'JavaScript', related: [] }]);
    expect(response.taxonomyVersion).toMatch(/^seed \(\d+ skills\)$/);
  });

  it('maps every title to no occupation: the seed has none', async () => {
    const response = await fixture.client.matchOccupations({ titles: ['Software Engineer'], limit: 3 });
    expect(response.results).toEqual([{ title: 'Software Engineer', occupations: [] }]);
  });
});

describe('ESCO structure import validation', () => {
  const work = mkdtempSync(join(tmpdir(), 'esco-structure-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('reads skill-skill relations, occupations with labels in each language and their skills', () => {
    writeEscoExport(join(work, 'ok'));
    const taxonomy = readEscoTaxonomy(join(work, 'ok'));
    expect(taxonomy.relations).toEqual([
      { skillId: ID.dev, relatedId: ID.javascript, kind: 'optional' },
      { skillId: ID.bread, relatedId: ID.dough, kind: 'essential' },
    ].sort((a, b) => (a.skillId < b.skillId ? -1 : 1)));
    const software = taxonomy.occupations!.find((o) => o.id === OCC.software)!;
    expect(software.iscoGroup).toBe('2512');
    expect(software.labels.filter((l) => l.language === 'fr').map((l) => l.text)).toEqual(['développeur de logiciels', 'ingénieur logiciel', 'programmeur']);
    expect(software.skills).toEqual([{ skillId: ID.programming, kind: 'essential' }]);
    expect(taxonomy.report).toContain('3 occupations, 11 occupation labels, 3 occupation-skill relations');
  });

  it('rejects an unknown relation type and a malformed ISCO group, naming file and line', () => {
    writeEscoExport(join(work, 'bad-kind'));
    const relations = join(work, 'bad-kind/v1.1.1-en/relations/skillSkillRelations.csv');
    writeFileSync(relations, readFileSync(relations, 'utf8').replace('"optional"', '"maybe"'));
    expect(() => readEscoTaxonomy(join(work, 'bad-kind'))).toThrow(/skillSkillRelations\.csv:3: relationType must be essential or optional, got "maybe"/);
    writeEscoExport(join(work, 'bad-isco'));
    const occupations = join(work, 'bad-isco/v1.1.1-en/classification/occupations_en.csv');
    writeFileSync(occupations, readFileSync(occupations, 'utf8').replace('"7512"', '"75x"'));
    expect(() => readEscoTaxonomy(join(work, 'bad-isco'))).toThrow(/occupations_en\.csv:\d+: iscoGroup is not a four-digit ISCO-08 code: "75x"/);
  });
});
