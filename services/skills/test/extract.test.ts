import type { RunningBackend } from '@talent/platform';
import { skills } from '@talent/proto';
import { backendTestEnv, dropSchema } from '@talent/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSkills } from '../src/app.js';
import { loadSkillsEnv } from '../src/env.js';
import { connect, failure, fixtureSeedDir, type SkillsClient } from './helpers.js';

const { EXTRACTION_CONTEXT_CV: CV, EXTRACTION_CONTEXT_JOB: JOB } = skills.ExtractionContext;
const { REQUIREMENT_HINT_REQUIRED: REQUIRED, REQUIREMENT_HINT_OPTIONAL: OPTIONAL } = skills.RequirementHint;

describe('skills service: ExtractSkills links skills in CV and job texts', () => {
  const env = loadSkillsEnv(backendTestEnv('skills', { SKILLS_SEED_DIR: fixtureSeedDir }));
  let service: RunningBackend;
  let client: SkillsClient;

  beforeAll(async () => {
    service = await startSkills(env);
    client = connect(service.grpcPort);
  });
  afterAll(async () => {
    client?.close();
    await service?.stop();
    await dropSchema(env.DATABASE_SCHEMA);
  });

  const extract = (text: string, context = CV, language = '') => client.extractSkills({ text, language, context });

  it('finds skills written with punctuation, in any case, inflected, with offsets and the sentence as evidence', async () => {
    const text = 'Senior engineer. Built NODE.JS services and CI/CD pipelines on k8s; wrote C++ and C# tools.\nManaged databases.';
    const { skills: found, language } = await extract(text);
    expect(language).toBe('en');
    expect(found.map((s) => [s.matchedText, s.skill!.name])).toEqual([
      ['NODE.JS', 'Node.js'],
      ['CI/CD', 'Continuous integration and delivery'],
      ['k8s', 'Kubernetes'],
      ['C++', 'C++'],
      ['C#', 'C#'],
      ['databases', 'Database'],
    ]);
    for (const s of found) expect(text.slice(s.start, s.end)).toBe(s.matchedText);
    expect(found[0]!.evidence).toBe('Built NODE.JS services and CI/CD pipelines on k8s;');
    expect(found.find((s) => s.matchedText === 'C++')!.evidence).toBe('wrote C++ and C# tools.');
    expect(found.every((s) => s.confidence > 0.5 && s.confidence < 1)).toBe(true);
  });

  it('links short and everyday-word skills only when written as the taxonomy writes them, mid-sentence', async () => {
    const { skills: found } = await extract('Go to the office. Statistics in R and go-live support. We use Go and r daily.');
    expect(found.map((s) => [s.matchedText, s.skill!.name])).toEqual([
      ['R', 'R (programming language)'],
      ['Go', 'Go (programming language)'],
    ]);
  });

  it('does not take part of a dotted name for a skill', async () => {
    const { skills: found } = await extract('Experience with Vue.js and Python.');
    expect(found.map((s) => s.skill!.name)).toEqual(['Python (computer programming)']);
  });

  it('uses the labels of the text language, detected when not given, and names skills in it', async () => {
    const german = 'Wir suchen eine Entwicklerin mit Erfahrung in Softwareentwicklung, Datenbanken und Projektmanagement sowie Teamfähigkeit.';
    const result = await extract(german, JOB);
    expect(result.language).toBe('de');
    expect(result.skills.map((s) => [s.matchedText, s.skill!.name, s.skill!.language])).toEqual([
      ['Softwareentwicklung', 'Softwareentwicklung', 'de'],
      ['Datenbanken', 'Datenbank', 'de'],
      ['Projektmanagement', 'Projektmanagement', 'de'],
      ['Teamfähigkeit', 'Teamfähigkeit', 'de'],
    ]);
    expect(result.skills.find((s) => s.matchedText === 'Teamfähigkeit')!.skill!.type).toBe(skills.SkillType.SKILL_TYPE_SOFT);

    const french = await extract('Développement de logiciels en Python, gestion de projet.', JOB, 'fr');
    expect(french.skills.map((s) => s.skill!.name)).toEqual(['Développement logiciel', 'Python', 'Gestion de projet']);
  });

  it('marks job skills optional on cues like "nice to have", "a plus", "wünschenswert", "souhaité"', async () => {
    const job = [
      'Requirements:',
      '- Python and Kubernetes',
      '- Terraform experience is a plus',
      'Nice to have:',
      '- Machine learning',
      '- Excel',
    ].join('\n');
    const hints = (await extract(job, JOB)).skills.map((s) => [s.skill!.name, s.hint]);
    expect(hints).toEqual([
      ['Python (computer programming)', REQUIRED],
      ['Kubernetes', REQUIRED],
      ['Terraform', OPTIONAL],
      ['Machine learning', OPTIONAL],
      ['Microsoft Excel', OPTIONAL],
    ]);
    const german = await extract('Sehr gute Kenntnisse in Python. Erfahrung mit Kubernetes ist wünschenswert.', JOB, 'de');
    expect(german.skills.map((s) => [s.skill!.name, s.hint])).toEqual([
      ['Python', REQUIRED],
      ['Kubernetes', OPTIONAL],
    ]);
    const french = await extract('Maîtrise de Python exigée, connaissance de Terraform souhaitée.', JOB, 'fr');
    expect(french.skills.map((s) => [s.skill!.name, s.hint])).toEqual([
      ['Python', REQUIRED],
      ['Terraform', OPTIONAL],
    ]);
    // CVs carry no hint.
    expect((await extract('Python is a plus', CV)).skills[0]!.hint).toBe(skills.RequirementHint.REQUIREMENT_HINT_UNSPECIFIED);
  });

  it('counts mentions once per skill and rejects a bad language code', async () => {
    const { skills: found } = await extract('Python, python and PYTHON.');
    expect(found).toHaveLength(1);
    expect(found[0]!.mentions).toBe(3);
    expect(await failure(extract('Python', CV, 'english'))).toBe('INVALID_ARGUMENT: language must be an ISO 639-1 code, got "english"');
  });
});
