import { skills } from '@talent/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSkills } from '../src/app.js';
import { connect, failure, search, startFixtureSkills, type SkillsClient } from './helpers.js';

describe('skills service: search, languages, lookup over gRPC (seed taxonomy)', () => {
  let skillsService: Awaited<ReturnType<typeof startFixtureSkills>> | undefined;
  let client: SkillsClient;

  beforeAll(async () => {
    skillsService = await startFixtureSkills();
    client = skillsService.client;
  });
  afterAll(() => skillsService?.stop());

  const names = async (query: string, extra: Partial<skills.SearchSkillsRequest> = {}) =>
    (await search(client, query, extra)).results.map((s) => s.name);

  it('ranks exact and prefix matches of preferred labels before alternative labels and word matches', async () => {
    expect((await names('python'))[0]).toBe('Python (computer programming)');
    expect(await names('kube')).toEqual(['Kubernetes']);
    // "JS" is an alternative label of JavaScript; "Node.js" is found through its own words.
    expect((await names('js'))[0]).toBe('JavaScript');
    expect(await names('python')).toEqual(['Python (computer programming)', 'Python web frameworks']);
    expect(await names('k8s')).toEqual(['Kubernetes']);
    expect(await names('node.js')).toEqual(['Node.js']);
    expect(await names('c++')).toEqual(['C++']);
  });

  it('tolerates small typos and missing accents', async () => {
    expect((await names('pyhton'))[0]).toBe('Python (computer programming)');
    expect(await names('kubernets')).toEqual(['Kubernetes']);
    expect(await names('developpement', { acceptLanguage: 'fr' })).toEqual(['Développement logiciel']);
    expect(await names('teamfahigkeit', { acceptLanguage: 'de' })).toEqual(['Teamfähigkeit']);
  });

  it('answers in the Accept-Language language with q-values, English otherwise, and shows label fallback', async () => {
    const german = await search(client, 'projekt', { acceptLanguage: 'fr;q=0.5, de-CH;q=0.9, en;q=0.1' });
    expect(german.language).toBe('de');
    expect(german.results.map((s) => [s.name, s.language])).toEqual([['Projektmanagement', 'de']]);

    const unknown = await search(client, 'project', { acceptLanguage: 'xx, zz;q=0.5' });
    expect(unknown.language).toBe('en');
    expect(unknown.results[0]).toMatchObject({ name: 'Project management', language: 'en' });

    // Kubernetes has no Portuguese label: it comes back in English, and says so.
    const portuguese = await search(client, 'kubernetes', { acceptLanguage: 'pt-BR' });
    expect(portuguese.language).toBe('pt');
    expect(portuguese.results).toEqual([expect.objectContaining({ name: 'Kubernetes', language: 'en', type: skills.SkillType.SKILL_TYPE_HARD })]);
  });

  it('filters by type and pages with a total', async () => {
    const soft = await search(client, 'team', { typeName: 'soft-skill' });
    expect(soft.results.map((s) => s.name)).toEqual(['Teamwork']);
    expect(soft.results.every((s) => s.type === skills.SkillType.SKILL_TYPE_SOFT)).toBe(true);
    expect((await search(client, 'team', { typeName: 'hard-skill' })).total).toBe(0);

    const all = await search(client, 'python', { limit: 1 });
    expect(all.total).toBe(2);
    expect(all.results).toHaveLength(1);
    const second = await search(client, 'python', { limit: 1, offset: 1 });
    expect(second.results.map((s) => s.name)).toEqual(['Python web frameworks']);
  });

  it('rejects a short query, a bad type and a limit outside 1–200 with messages for a 400 body', async () => {
    expect(await failure(search(client, ' a '))).toBe('INVALID_ARGUMENT: q must be at least 2 characters');
    expect(await failure(search(client, 'python', { typeName: 'skill' }))).toBe('INVALID_ARGUMENT: type must be hard-skill or soft-skill');
    expect(await failure(search(client, 'python', { limit: 0 }))).toBe('INVALID_ARGUMENT: limit must be an integer from 1 to 200');
    expect(await failure(search(client, 'python', { limit: 201 }))).toBe('INVALID_ARGUMENT: limit must be an integer from 1 to 200');
    expect(await failure(search(client, 'python', { offset: -1 }))).toBe('INVALID_ARGUMENT: offset must be an integer of 0 or more');
    expect((await search(client, 'python', { limit: 200 })).results.length).toBeGreaterThan(0);
  });

  it('lists the languages with English and native names', async () => {
    const { languages, defaultLanguage, attribution } = await client.listLanguages({});
    expect(defaultLanguage).toBe('en');
    expect(languages.map((l) => l.code)).toEqual(['en', 'de', 'es', 'fr', 'it', 'nl', 'pt']);
    expect(languages.find((l) => l.code === 'de')).toMatchObject({ name: 'German', nativeName: 'Deutsch', skillCount: 21 });
    // Kubernetes lacks Portuguese.
    expect(languages.find((l) => l.code === 'pt')?.skillCount).toBe(20);
    // Only ESCO needs an attribution.
    expect(attribution).toBe('');
  });

  it('gets skills by id and resolves names or ids, reporting unknown ones as invalid', async () => {
    const [kubernetes] = (await search(client, 'kubernetes')).results;
    const got = await client.getSkills({ ids: [kubernetes!.id, '00000000-0000-4000-8000-000000000000', 'nope'], language: 'fr' });
    expect(got.skills.map((s) => [s.name, s.language])).toEqual([['Kubernetes', 'fr']]);
    expect(got.missingIds).toEqual(['00000000-0000-4000-8000-000000000000', 'nope']);

    const resolved = await client.resolveSkills({
      language: 'de',
      refs: [
        { id: '', name: 'teamarbeit' },
        { id: kubernetes!.id, name: '' },
        { id: '', name: 'Gestion de projet' },
        { id: '', name: 'Basket weaving' },
        { id: 'not-a-uuid', name: '' },
      ],
    });
    expect(resolved.resolved.map((r) => [r.index, r.skill!.name])).toEqual([
      [0, 'Teamfähigkeit'],
      [1, 'Kubernetes'],
      [2, 'Projektmanagement'],
    ]);
    expect(resolved.invalid).toEqual([
      { index: 3, message: 'unknown skill "Basket weaving"' },
      { index: 4, message: '"not-a-uuid" is not a skill id (UUID expected)' },
    ]);
  });

  it('describes the loaded taxonomy, and a restart neither re-imports nor changes it', async () => {
    const before = await client.getTaxonomyInfo({});
    expect(before).toMatchObject({ source: 'seed', skillCount: 21 });
    const again = await startSkills(skillsService!.env);
    const other = connect(again.grpcPort);
    try {
      const after = await other.getTaxonomyInfo({});
      expect(after.importedAt).toEqual(before.importedAt);
      expect((await search(other, 'k8s')).results[0]?.name).toBe('Kubernetes');
    } finally {
      other.close();
      await again.stop();
    }
  });
});
