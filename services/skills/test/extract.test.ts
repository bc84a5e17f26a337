import { skills } from '@talent/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SkillLinker } from '../src/linking/skill-linker.js';
import { SkillIndex } from '../src/search/skill-index.js';
import type { TaxonomySkill } from '../src/taxonomy/model.js';
import { failure, startFixtureSkills, type SkillsClient } from './helpers.js';

const { EXTRACTION_CONTEXT_CV: CV, EXTRACTION_CONTEXT_JOB: JOB } = skills.ExtractionContext;
const { REQUIREMENT_HINT_REQUIRED: REQUIRED, REQUIREMENT_HINT_OPTIONAL: OPTIONAL } = skills.RequirementHint;

describe('skills service: ExtractSkills links skills in CV and job texts', () => {
  let skillsService: Awaited<ReturnType<typeof startFixtureSkills>> | undefined;
  let client: SkillsClient;

  beforeAll(async () => {
    skillsService = await startFixtureSkills();
    client = skillsService.client;
  });
  afterAll(() => skillsService?.stop());

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

describe('skill linker: ESCO-style labels (in process)', () => {
  let n = 0;
  const skill = (en: string, alt: string[] = []): TaxonomySkill => ({
    id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
    type: 'hard-skill',
    source: 'esco',
    labels: [{ language: 'en', text: en, preferred: true }, ...alt.map((text) => ({ language: 'en', text, preferred: false }))],
    broader: [],
  });
  const taxonomy = [
    skill('European Train Control System', ['ETCS']),
    skill('plan'),
    skill('crafting'),
    skill('database'),
    skill('Microsoft Excel', ['Excel']),
    skill('excel in sports'),
    skill('think creatively', ['experience']),
    skill('develop campaigns'),
    skill('manage teams'),
    skill('organise events'),
    skill('research human behaviour'),
    skill('organisation'),
    skill('show commitment', ['enjoy working']),
    skill('work independently'),
    skill('Adobe Dreamweaver'),
    skill('Microsoft Project'),
    skill('project'),
    skill('Amazon Web Services'),
    skill('design web pages'),
    skill('financial services'),
    skill('history'),
    skill('Python (computer programming)', ['Python']),
  ];
  const linker = new SkillLinker(new SkillIndex(taxonomy));
  const names = (text: string) => linker.link(text, { language: 'en', context: 'cv' }).skills.map((s) => [s.matchedText, s.skill.name]);

  it('keeps the capitals of an acronym reached by stemming and takes one-word labels only in their plural', () => {
    expect(names('Rail signalling with ETCS, ballast, sleepers etc.')).toEqual([['ETCS', 'European Train Control System']]);
    expect(names('We planned the release and crafted the tools.')).toEqual([]);
    expect(names('Wrote a plan for two databases.')).toEqual([
      ['plan', 'plan'],
      ['databases', 'database'],
    ]);
  });

  it('links a capitalised one-word alternative label that is also an ordinary word only as written', () => {
    expect(names('Reports in Excel and Python.')).toEqual([
      ['Excel', 'Microsoft Excel'],
      ['Python', 'Python (computer programming)'],
    ]);
    expect(names('She will excel at it with experience.')).toEqual([]);
  });

  it('links a label written with one more word inside, but not across a conjunction', () => {
    expect(names('You develop beautiful campaigns and enjoy managing remote teams.')).toEqual([
      ['develop beautiful campaigns', 'develop campaigns'],
      ['managing remote teams', 'manage teams'],
    ]);
    expect(names('Develop and campaigns.')).toEqual([]);
    const [gapped] = linker.link('Develop beautiful campaigns.', { language: 'en', context: 'cv' }).skills;
    const [exact] = linker.link('Develop campaigns.', { language: 'en', context: 'cv' }).skills;
    expect(gapped!.confidence).toBeLessThan(exact!.confidence);
  });

  it('links overlapping phrases', () => {
    expect(names('You enjoy working independently.')).toEqual([
      ['enjoy working', 'show commitment'],
      ['working independently', 'work independently'],
    ]);
  });

  it('links a product written without its vendor when it is still a name', () => {
    expect(names('Pages built in Dreamweaver; Project work; web services.')).toEqual([
      ['Dreamweaver', 'Adobe Dreamweaver'],
      ['Project', 'project'],
    ]);
  });

  it('reads American spellings against British labels', () => {
    expect(names('Two organizations.')).toEqual([['organizations', 'organisation']]);
    expect(names('Organizing events; research on human behavior.')).toEqual([
      ['Organizing events', 'organise events'],
      ['research on human behavior', 'research human behaviour'],
    ]);
  });

  it('ranks a single lowercase word below names and phrases', () => {
    const found = linker.link('History of art, Python and organise events.', { language: 'en', context: 'cv' }).skills;
    const confidence = (name: string) => found.find((s) => s.skill.name === name)!.confidence;
    expect(confidence('history')).toBeLessThan(confidence('Python (computer programming)'));
    expect(confidence('history')).toBeLessThan(confidence('organise events'));
  });
});
