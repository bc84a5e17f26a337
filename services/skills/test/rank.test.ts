import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skills } from '@talent/proto';
import { failure, startFixtureSkills, type SkillsClient } from './helpers.js';

describe('skills service: RankSkills gives each sentence its ranked taxonomy skills', () => {
  let skillsService: Awaited<ReturnType<typeof startFixtureSkills>> | undefined;
  let client: SkillsClient;

  beforeAll(async () => {
    skillsService = await startFixtureSkills();
    client = skillsService.client;
  });
  afterAll(() => skillsService?.stop());

  const rank = (text: string, extra: Partial<skills.RankSkillsRequest> = {}) => client.rankSkills({ text, language: '', limit: 0, ...extra });

  it('ranks per sentence, skills written out first and skills that only share words after them', async () => {
    const text = 'Built web services in Python.\nOur teams plan every project with care.';
    const { language, sentences } = await rank(text);
    expect(language).toBe('en');
    expect(sentences.map((s) => s.text)).toEqual(['Built web services in Python.', 'Our teams plan every project with care.']);
    for (const s of sentences) expect(text.slice(s.start, s.end)).toBe(s.text);

    const [python, project] = sentences.map((s) => s.skills);
    // "Python" is written out: a phrase match, first; "Python web frameworks" shares words only.
    expect(python![0]!.skill!.name).toBe('Python (computer programming)');
    expect(python![0]!.phraseConfidence).toBeGreaterThan(0.5);
    expect(python![0]!.coverage).toBe(1);
    const frameworks = python!.find((s) => s.skill!.name === 'Python web frameworks');
    expect(frameworks).toMatchObject({ phraseConfidence: 0 });
    expect(frameworks!.relevance).toBeGreaterThan(0);
    expect(frameworks!.coverage).toBeGreaterThan(0);
    expect(frameworks!.coverage).toBeLessThan(1);
    // No label is written in the second sentence, yet "Project management" is ranked, from its words.
    expect(project![0]!.skill!.name).toBe('Project management');
    expect(project![0]!.phraseConfidence).toBe(0);
    for (const list of [python!, project!]) {
      const scores = list.map((s) => s.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    }
  });

  it('agrees with ExtractSkills: the linked skills are ranked ones with a phrase match', async () => {
    const text = 'Python and Kubernetes daily; some machine learning. We value teamwork and time management.';
    const [{ sentences }, extracted] = await Promise.all([
      rank(text),
      client.extractSkills({ text, language: '', context: skills.ExtractionContext.EXTRACTION_CONTEXT_CV }),
    ]);
    const withPhrase = new Set(sentences.flatMap((s) => s.skills.filter((k) => k.phraseConfidence > 0).map((k) => k.skill!.id)));
    const linked = extracted.skills.map((s) => s.skill!.id);
    expect(linked.length).toBeGreaterThanOrEqual(4);
    for (const id of linked) expect(withPhrase.has(id)).toBe(true);
  });

  it('keeps at most `limit` skills per sentence and rejects a bad limit or language', async () => {
    const { sentences } = await rank('Python, Go, C++, C# and Terraform.', { limit: 2 });
    expect(sentences[0]!.skills).toHaveLength(2);
    expect(await failure(rank('Python', { limit: 101 }))).toBe('INVALID_ARGUMENT: limit must be 1 to 100 (0 for the default)');
    expect(await failure(rank('Python', { language: 'english' }))).toBe('INVALID_ARGUMENT: language must be an ISO 639-1 code, got "english"');
  });
});
