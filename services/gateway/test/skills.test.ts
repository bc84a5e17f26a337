import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRealSkills, startTestGateway, stopBackend, type RealBackend, type TestGateway } from './harness.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('gateway: skills endpoints (no API key)', () => {
  let skills: RealBackend | undefined;
  let gateway: TestGateway;

  beforeAll(async () => {
    skills = await startRealSkills();
    gateway = await startTestGateway({ skills: skills.address });
  });
  afterAll(async () => {
    await gateway?.stop();
    await stopBackend(skills);
  });

  describe('validation (answered by the gateway)', () => {
    it.each([
      ['', 'q'],
      ['q=a', 'q'],
      ['q=%20a%20', 'q'],
      ['q=java&type=skill', 'type'],
      ['q=java&limit=0', 'limit'],
      ['q=java&limit=201', 'limit'],
      ['q=java&limit=ten', 'limit'],
      ['q=java&offset=-3', 'offset'],
    ])('GET /skills/search?%s → 400 {error} naming %s', async (query, parameter) => {
      const response = await gateway.get(`/api/v1/skills/search?${query}`);
      expect(response.status).toBe(400);
      expect(Object.keys(response.body)).toEqual(['error']);
      expect(response.body.error).toContain(`'${parameter}'`);
    });
  });

  describe('data from the real skills service (seed taxonomy)', () => {
    it('searches without a key and returns spec Skill objects', async () => {
      const response = await gateway.get('/api/v1/skills/search?q=javascript');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ query: 'javascript', language: 'en', results: expect.any(Array), total: expect.any(Number) });
      expect(response.body.results.length).toBeGreaterThan(0);
      expect(response.body.total).toBeGreaterThanOrEqual(response.body.results.length);
      const [first] = response.body.results;
      expect(first).toEqual({
        id: expect.stringMatching(UUID),
        skill: expect.stringMatching(/javascript/i),
        type: 'hard-skill',
        relationship: 'satisfies',
        explanation: expect.any(String),
      });
    });

    it('honours type, limit and offset', async () => {
      const soft = await gateway.get('/api/v1/skills/search?q=communication&type=soft-skill');
      expect(soft.body.results.length).toBeGreaterThan(0);
      expect(new Set(soft.body.results.map((s: { type: string }) => s.type))).toEqual(new Set(['soft-skill']));

      const two = await gateway.get('/api/v1/skills/search?q=data&limit=2');
      expect(two.body.results).toHaveLength(2);
      const second = await gateway.get('/api/v1/skills/search?q=data&limit=1&offset=1');
      expect(second.body.results.map((s: { id: string }) => s.id)).toEqual([two.body.results[1].id]);
      expect(second.body.total).toBe(two.body.total);
    });

    it('forwards Accept-Language (q-values honoured) and reports the language used', async () => {
      const french = await gateway.get('/api/v1/skills/search?q=python', { 'accept-language': 'fr' });
      expect(french.body.language).toBe('fr');
      const german = await gateway.get('/api/v1/skills/search?q=python', { 'accept-language': 'xx, de;q=0.9, en;q=0.5' });
      expect(german.body.language).toBe('de');
    });

    it('lists languages as {message, length, data: [{code, name, native_name}]}', async () => {
      const response = await gateway.get('/api/v1/skills/languages');
      expect(response.status).toBe(200);
      expect(response.body.length).toBe(response.body.data.length);
      expect(response.body.data).toEqual(
        expect.arrayContaining([{ code: 'en', name: 'English', native_name: expect.any(String) }]),
      );
      for (const language of response.body.data) expect(language.code).toMatch(/^[a-z]{2}$/);
    });
  });
});

describe('gateway: ESCO attribution wherever the taxonomy is shown', () => {
  let skills: RealBackend | undefined;
  let gateway: TestGateway;

  beforeAll(async () => {
    // A two-skill export in ESCO's official CSV layout.
    const esco = mkdtempSync(join(tmpdir(), 'esco-mini-'));
    writeFileSync(
      join(esco, 'skills_en.csv'),
      [
        'conceptType,conceptUri,skillType,reuseLevel,preferredLabel,altLabels,hiddenLabels,status,modifiedDate,scopeNote,definition,inScheme,description',
        'KnowledgeSkillCompetence,http://data.europa.eu/esco/skill/ccd0a1d9-afda-43d9-b901-96344886e14d,knowledge,cross-sector,Python (computer programming),"Python",,released,2023-01-01,,,,The Python language.',
        'KnowledgeSkillCompetence,http://data.europa.eu/esco/skill/0005c151-5b5a-4a66-8aac-60e734beb1ab,skill/competence,transversal,work in teams,"teamwork",,released,2023-01-01,,,,Working together.',
      ].join('\n'),
    );
    skills = await startRealSkills({ SKILLS_ESCO_DIR: esco });
    gateway = await startTestGateway({ skills: skills.address });
  });
  afterAll(async () => {
    await gateway?.stop();
    await stopBackend(skills);
  });

  it('names the ESCO classification on search results and on the languages list', async () => {
    const search = await gateway.get('/api/v1/skills/search?q=python');
    expect(search.status).toBe(200);
    expect(search.headers.get('x-taxonomy-attribution')).toBe('This service uses the ESCO classification of the European Commission.');
    const languages = await gateway.get('/api/v1/skills/languages');
    expect(languages.body.message).toContain('ESCO classification of the European Commission');
  });
});
