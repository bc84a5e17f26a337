import { skills } from '@talent/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCORING, SkillLinker } from '../src/linking/skill-linker.js';
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
    // The acceptance model's probability that the link is right (see link-acceptance.test.ts).
    expect(found.every((s) => s.confidence > 0 && s.confidence < 1)).toBe(true);
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
  const skill = (en: string, alt: string[] = [], description?: string): TaxonomySkill => ({
    id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
    type: 'hard-skill',
    source: 'esco',
    labels: [{ language: 'en', text: en, preferred: true }, ...alt.map((text) => ({ language: 'en', text, preferred: false }))],
    ...(description ? { description } : {}),
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
    skill('Adobe Dreamweaver'),
    skill('Microsoft Project'),
    skill('project'),
    skill('Amazon Web Services'),
    skill('design web pages'),
    skill('financial services'),
    skill('history'),
    skill('Python (computer programming)', ['Python']),
    skill('Design of experiments', ['DoE']),
    skill('light-emitting diode', ['LED']),
    skill('application programming interface', ['API']),
    skill('manage projects'),
    skill('project planning'),
    skill('manage a team', ['lead a team'], 'Lead, motivate and direct the people of a team towards its goals.'),
    skill('liaise with colleagues', ['cooperate with colleagues'], 'Keep in touch with co-workers to agree on the work and reach common goals.'),
    skill('nurse patients', [], 'Care for the sick and injured in hospitals, clinics and at home.'),
    skill('SQL'),
    skill('MySQL'),
    skill('COBOL'),
    skill('manufacturing execution system', ['MES']),
    skill('initiate discharge process led by nurses'),
    skill('manage budgets', ['budget planning']),
    skill('prepare budgets', ['budget planning']),
    skill('keep accounts', ['account keeping']),
    { ...skill('plan projects'), labels: [{ language: 'en', text: 'plan projects', preferred: true }, { language: 'fr', text: 'planifier des projets', preferred: true }] },
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
    expect(names('She will develop seasonal campaigns and enjoys managing remote teams.')).toEqual([
      ['develop seasonal campaigns', 'develop campaigns'],
      ['managing remote teams', 'manage teams'],
    ]);
    expect(names('Develop and campaigns.')).toEqual([]);
    const [gapped] = linker.link('Develop beautiful campaigns.', { language: 'en', context: 'cv' }).skills;
    const [exact] = linker.link('Develop campaigns.', { language: 'en', context: 'cv' }).skills;
    expect(gapped!.confidence).toBeLessThan(exact!.confidence);
  });

  it('links overlapping phrases', () => {
    expect(names('In my last job I managed project planning for three hospitals.')).toEqual([
      ['managed project', 'manage projects'],
      ['project planning', 'project planning'],
    ]);
  });

  it('links an acronym only written as one: in capitals, or as the taxonomy writes it, plural at most', () => {
    expect(names('Jane Doe led the night shift; Doe then led the audit.')).toEqual([]);
    expect(names('Reviewed the DOE results and replaced LEDs; we document every API.')).toEqual([
      ['DOE', 'Design of experiments'],
      ['LEDs', 'light-emitting diode'],
      ['API', 'application programming interface'],
    ]);
    expect(names('Two DoE studies and three new APIs.').map(([, name]) => name)).toEqual(['Design of experiments', 'application programming interface']);
  });

  it('links a technology acronym written in lowercase, or capitalised from four letters, when it is no ordinary word', () => {
    expect(names('Reports in sql and mysql, batch jobs in Cobol.')).toEqual([
      ['sql', 'SQL'],
      ['mysql', 'MySQL'],
      ['Cobol', 'COBOL'],
    ]);
    // Three capitalised letters are too often a name; "led" is a word of the taxonomy's own labels.
    expect(names('Ask Sql Doe, who led the team.')).toEqual([]);
    // French "mes" (my) is a word of a loaded language, not the acronym MES.
    const french = linker.link("J'ai migré mes rapports vers sql.", { language: 'fr', context: 'cv' }).skills.map((s) => s.skill.name);
    expect(french).toEqual(['SQL']);
    const confidence = (text: string) => linker.link(text, { language: 'en', context: 'cv' }).skills[0]!.confidence;
    expect(confidence('Reports in sql.')).toBeLessThan(confidence('Reports in SQL.'));
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

  it('is less sure of a wording that several skills share', () => {
    const found = linker.link('Budget planning and account keeping for two shops.', { language: 'en', context: 'cv' }).skills;
    const shared = found.find((s) => s.matchedText === 'Budget planning')!;
    const own = found.find((s) => s.matchedText === 'account keeping')!;
    expect(['manage budgets', 'prepare budgets']).toContain(shared.skill.name);
    expect(own.skill.name).toBe('keep accounts');
    expect(shared.confidence).toBeLessThan(own.confidence);
  });

  it('ranks a single lowercase word below names and phrases', () => {
    const found = linker.link('History of art, Python and organise events.', { language: 'en', context: 'cv' }).skills;
    const confidence = (name: string) => found.find((s) => s.skill.name === name)!.confidence;
    expect(confidence('history')).toBeLessThan(confidence('Python (computer programming)'));
    expect(confidence('history')).toBeLessThan(confidence('organise events'));
  });

  it('ranks skills for a sentence that writes no label of theirs, by the words of their labels and descriptions', () => {
    const [sentence] = linker.rank('Every day you will work closely with co-workers in other departments.', { language: 'en' }).sentences;
    expect(sentence!.skills[0]!.skill.name).toBe('liaise with colleagues');
    expect(sentence!.skills[0]!.phraseConfidence).toBe(0);
    // The default threshold keeps a skill without a written label out of the linked set on this little evidence.
    expect(names('Every day you will work closely with co-workers in other departments.')).toEqual([]);
  });

  it('ranks a skill whose label is written first, before skills that only share its words', () => {
    const [sentence] = linker.rank('Our ward needs someone to nurse patients and manage a team of carers.', { language: 'en' }).sentences;
    const ranked = sentence!.skills.map((s) => s.skill.name);
    expect(ranked.slice(0, 2).sort()).toEqual(['manage a team', 'nurse patients']);
    expect(sentence!.skills[0]!.phraseConfidence).toBeGreaterThan(0);
    expect(ranked).toContain('manage projects');
    expect(ranked.indexOf('manage projects')).toBeGreaterThan(1);
  });

  it('links a skill found by relevance alone above the threshold, its words as its text, less sure than a phrase', () => {
    const text = 'The team you manage is a group of six nurses.';
    const lenient = new SkillLinker(new SkillIndex(taxonomy), { ...SCORING, RETRIEVAL_THRESHOLD: 0.7 });
    const team = lenient.link(text, { language: 'en', context: 'cv' }).skills.find((s) => s.skill.name === 'manage a team')!;
    expect(team.matchedText).toMatch(/team you manage/);
    expect(team.confidence).toBeLessThanOrEqual(0.6);
    // One word of evidence is not enough, whatever the threshold.
    const loose = new SkillLinker(new SkillIndex(taxonomy), { ...SCORING, RETRIEVAL_THRESHOLD: 0 });
    expect(loose.link('Colleagues first.', { language: 'en', context: 'cv' }).skills).toEqual([]);
    expect(linker.link(text, { language: 'en', context: 'cv' }).skills.map((s) => s.skill.name)).not.toContain('manage a team');
  });
});
