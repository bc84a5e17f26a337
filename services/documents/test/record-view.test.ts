import { createGrpcClient, type AsyncClient, type RunningBackend } from '@talent/platform';
import { skills } from '@talent/proto';
import { cvContent } from '@talent/records';
import { startTestBackend, type TestBackend } from '@talent/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSkills } from '../../skills/src/app.js';
import { loadSkillsEnv } from '../../skills/src/env.js';
import { SkillsPeer } from '../src/peers/skills-peer.js';
import { RecordViews } from '../src/records/record-view.js';
import type { StoredRecord } from '../src/tasks/task-repository.js';

describe('RecordViews: a stored record as the spec writes it', () => {
  let backend: TestBackend<ReturnType<typeof loadSkillsEnv>, RunningBackend>;
  let client: AsyncClient<skills.SkillsServiceClient>;
  let taxonomy: { id: string; en: string; de: string }[];

  beforeAll(async () => {
    backend = await startTestBackend('skills', loadSkillsEnv, startSkills);
    client = createGrpcClient(skills.SkillsServiceClient, backend.address);
    const found = await client.searchSkills({ query: 'data', type: 0, acceptLanguage: 'en', typeName: '', limit: 2 });
    const ids = found.results.map((skill) => skill.id);
    const [en, de] = await Promise.all(['en', 'de'].map((language) => client.getSkills({ ids, language })));
    taxonomy = ids.map((id) => ({
      id,
      en: en!.skills.find((skill) => skill.id === id)!.name,
      de: de!.skills.find((skill) => skill.id === id)!.name,
    }));
    expect(taxonomy).toHaveLength(2);
  });
  afterAll(async () => {
    client?.close();
    await backend?.stop();
  });

  // As jsonb gives a CV back: keys in its own order, names as analyzed.
  const stored = (): StoredRecord => ({
    id: '0b6a43c4-2a41-4c56-9a5e-1d4f1c0e7a10',
    kind: 'cv',
    status: 'COMPLETED',
    createdAt: new Date('2026-01-02T03:04:05.678Z'),
    updatedAt: new Date('2026-02-03T04:05:06.789Z'),
    record: {
      education: [],
      experience: [
        { title: 'Analyst', duration: 12, end_date: '', start_date: '', description: 'x', activity_sector: '' },
      ],
      hard_skills: [
        {
          explanation: 'data "work"',
          type: 'hard-skill',
          relationship: 'satisfies',
          skill: 'as analyzed',
          id: taxonomy[0]!.id,
        },
      ],
      information: {
        email: [],
        phone: [],
        github: '',
        address: { country: '', city: 'Köln' },
        website: '',
        linkedin: '',
        last_name: 'Doe',
        first_name: 'Ana',
      },
      soft_skills: [
        {
          explanation: '',
          type: 'soft-skill',
          relationship: 'satisfies',
          skill: 'kept',
          id: '6f1c2a9e-54a4-4b8e-9d55-0f2a6a1f4b11',
        },
      ],
      source_language: 'de',
      // The extension, its keys out of order too.
      field_confidence: {
        experience: [{ title: { evidence: 'Analyst', confidence: 0.93 } }],
        education: [],
        information: { name: { evidence: 'Ana Doe', confidence: 0.97 } },
      },
      skill_descriptions: ['Daten'],
    },
  });

  it('writes id, content in the spec order with skill names in the requested language, then timestamps; the same text whether labels were cached or asked for', async () => {
    const views = new RecordViews(new SkillsPeer(client));
    const first = views.render([stored()], 'de');
    expect(first).toBeInstanceOf(Promise);
    const [asked] = await first;
    const record = JSON.parse(asked!.json);
    expect(Object.keys(record)).toEqual(['id', ...Object.keys(cvContent.shape), 'created_at', 'updated_at']);
    expect(Object.keys(record.information)).toEqual(Object.keys(cvContent.shape.information.shape));
    expect(Object.keys(record.experience[0])).toEqual(Object.keys(cvContent.shape.experience.element.shape));
    expect(record.field_confidence).toEqual({
      information: { name: { confidence: 0.97, evidence: 'Ana Doe' } },
      experience: [{ title: { confidence: 0.93, evidence: 'Analyst' } }],
      education: [],
    });
    expect(Object.keys(record.field_confidence)).toEqual(['information', 'experience', 'education']);
    expect(Object.keys(record.field_confidence.information.name)).toEqual(['confidence', 'evidence']);
    expect(record.hard_skills).toEqual([
      {
        id: taxonomy[0]!.id,
        skill: taxonomy[0]!.de,
        type: 'hard-skill',
        relationship: 'satisfies',
        explanation: 'data "work"',
      },
    ]);
    // Not in the taxonomy: the stored name stays.
    expect(record.soft_skills[0].skill).toBe('kept');
    expect([record.created_at, record.updated_at]).toEqual(['2026-01-02T03:04:05.678Z', '2026-02-03T04:05:06.789Z']);

    const english = await views.render([stored()], '');
    expect(JSON.parse(english[0]!.json).hard_skills[0].skill).toBe(taxonomy[0]!.en);
  });

  it('answers without waiting when every label is cached, with the same text', async () => {
    const views = new RecordViews(new SkillsPeer(client));
    const record = stored();
    (record.record as { soft_skills: unknown[] }).soft_skills = [];
    const [asked] = await views.render([record], 'de');
    const cached = views.render([record], 'de');
    expect(Array.isArray(cached)).toBe(true);
    expect((cached as { json: string }[])[0]!.json).toBe(asked!.json);
  });

  it('gives a record without skill lists empty ones', async () => {
    const views = new RecordViews(new SkillsPeer(client));
    const [view] = await views.render([{ ...stored(), record: { source_language: 'en' } }], '');
    expect(view!.json).toBe(
      '{"id":"0b6a43c4-2a41-4c56-9a5e-1d4f1c0e7a10","source_language":"en","hard_skills":[],"soft_skills":[],"created_at":"2026-01-02T03:04:05.678Z","updated_at":"2026-02-03T04:05:06.789Z"}',
    );
  });
});
