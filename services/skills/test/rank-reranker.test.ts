import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SkillCatalog } from '../src/catalog.js';
import { readTaxonomy } from '../src/taxonomy/taxonomy-loader.js';
import { startFakeEmbeddings, type FakeEmbeddings } from './fake-embeddings.js';
import { fixtureSeedDir, startFixtureSkills, type SkillsClient } from './helpers.js';

const TEXTS = [
  'Built web services in Python.\nOur teams plan every project with care.',
  'Python and Kubernetes daily; some machine learning. We value teamwork and time management.',
  'Nothing here names a skill.',
];
const SENTENCE = 'Our teams plan every project with care.';

/** The in-process lexical ranking of the fixture seed, as RankSkills maps it to the wire. */
function lexicalWire(text: string, limit: number) {
  const taxonomy = readTaxonomy({ seedDir: fixtureSeedDir });
  const catalog = new SkillCatalog(taxonomy.skills, { ...taxonomy, checksum: '', languages: [], skillCount: taxonomy.skills.length, labelCount: 0, importedAt: new Date() });
  const { language, sentences } = catalog.rank(text, '', limit);
  return {
    language,
    sentences: sentences.map(({ start, end, text: sentence, skills }) => ({
      start,
      end,
      text: sentence,
      skills: skills.map(({ skill, score, phraseConfidence, relevance, coverage }) => ({ id: skill.id, name: skill.name, score, phraseConfidence, relevance, coverage })),
    })),
  };
}

const wire = (answer: Awaited<ReturnType<SkillsClient['rankSkills']>>) => ({
  language: answer.language,
  sentences: answer.sentences.map(({ start, end, text, skills }) => ({
    start,
    end,
    text,
    skills: skills.map(({ skill, score, phraseConfidence, relevance, coverage }) => ({ id: skill!.id, name: skill!.name, score, phraseConfidence, relevance, coverage })),
  })),
});

describe('RankSkills with SKILLS_EMBEDDINGS_MODEL unset (the default)', () => {
  let service: Awaited<ReturnType<typeof startFixtureSkills>> | undefined;
  beforeAll(async () => {
    service = await startFixtureSkills();
  });
  afterAll(() => service?.stop());

  it('answers exactly the lexical ranking', async () => {
    expect(service!.env.SKILLS_EMBEDDINGS_MODEL).toBeUndefined();
    for (const text of TEXTS)
      for (const limit of [0, 1, 100]) expect(wire(await service!.client.rankSkills({ text, language: '', limit }))).toEqual(lexicalWire(text, limit));
  });
});

describe('RankSkills with an embeddings endpoint configured', () => {
  let fake: FakeEmbeddings;
  let failing: FakeEmbeddings;
  let service: Awaited<ReturnType<typeof startFixtureSkills>> | undefined;
  let broken: Awaited<ReturnType<typeof startFixtureSkills>> | undefined;
  const settings = (baseUrl: string) => ({
    SKILLS_EMBEDDINGS_PROVIDER: 'openai',
    SKILLS_EMBEDDINGS_BASE_URL: baseUrl,
    SKILLS_EMBEDDINGS_MODEL: 'fake-embed',
    SKILLS_EMBEDDINGS_TIMEOUT_MS: '1000',
    SKILLS_EMBEDDINGS_MAX_ATTEMPTS: '2',
    // Two candidates, each best on one side: above one half, the similarity decides.
    SKILLS_EMBEDDINGS_WEIGHT: '0.6',
  });

  beforeAll(async () => {
    // "Teamwork" is lexically second for SENTENCE; its embedding, alone, points the sentence's way.
    fake = await startFakeEmbeddings((text) => (text === SENTENCE || text.startsWith('Teamwork') ? [0, 1] : [1, 0]));
    failing = await startFakeEmbeddings(() => [1], () => ({ kind: 'status', status: 503 }));
    [service, broken] = await Promise.all([startFixtureSkills(settings(fake.baseUrl)), startFixtureSkills(settings(failing.baseUrl))]);
  });
  afterAll(async () => {
    await Promise.all([service?.stop(), broken?.stop()]);
    await Promise.all([fake?.close(), failing?.close()]);
  });

  it('re-ranks each sentence by the blend with the cosine similarity', async () => {
    const lexical = lexicalWire(SENTENCE, 0).sentences[0]!.skills.map((s) => s.name);
    expect(lexical.slice(0, 2)).toEqual(['Project management', 'Teamwork']);
    const { sentences } = await service!.client.rankSkills({ text: SENTENCE, language: '', limit: 0 });
    expect(sentences[0]!.skills.map((s) => s.skill!.name).slice(0, 2)).toEqual(['Teamwork', 'Project management']);
    expect(fake.requests.length).toBeGreaterThan(0);
  });

  it('answers the lexical ranking, not an error, when the endpoint fails', async () => {
    const answer = await broken!.client.rankSkills({ text: TEXTS[0]!, language: '', limit: 0 });
    expect(wire(answer)).toEqual(lexicalWire(TEXTS[0]!, 0));
    expect(failing.requests).toHaveLength(2);
  });
});
