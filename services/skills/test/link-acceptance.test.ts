import { describe, expect, it } from 'vitest';
import { AcceptanceModel } from '../src/linking/acceptance-model.js';
import { sectionAt, sectionStarts } from '../src/linking/cv-sections.js';
import { FEATURE_NAMES, type Features } from '../src/linking/link-features.js';
import { SkillLinker } from '../src/linking/skill-linker.js';
import { SkillIndex } from '../src/search/skill-index.js';
import { skill } from './taxonomy-skills.js';

// The acceptance stage: CV sections, link features, the learned model that gives links their confidence, and the
// names of employers and places that are never skills (texts of our own: fake people, firms and places).

const taxonomy = [
  skill('esco', 'en', 'Python (computer programming)', 'Python'),
  skill('esco', 'en', 'Java (computer programming)', 'Java'),
  skill('seed', 'en', 'Spring Framework', 'Spring'),
  skill('seed', 'en', 'User interface design', 'UI'),
  skill('seed', 'en', 'XHTML'),
  skill('seed', 'en', 'PHP'),
  skill('seed', 'en', 'JavaScript'),
  skill('esco', 'en', 'cosmetics'),
  skill('esco', 'en', 'logic'),
  skill('esco', 'en', 'Quality control', 'QC'),
  skill('esco', 'en', 'Banking'),
  skill('seed', 'en', 'Cisco', 'Cisco Systems'),
  skill('esco', 'en', 'transmission technology', 'communication technology'),
  skill('esco', 'en', 'project management'),
];
const index = new SkillIndex(taxonomy);
const linker = new SkillLinker(index);
const names = (text: string, context: 'cv' | 'job' = 'cv') =>
  linker.link(text, { language: 'en', context }).skills.map((s) => s.skill.name);

describe('CV sections', () => {
  it('finds headings on their own lines and where line breaks were lost (runs of spaces)', () => {
    const text = 'Ana Vell\nSKILLS\nPython, Java\n\nWork Experience:\nDeveloper at Norvale\nEDUCATION  BSc Physics  Hobbies  chess';
    const starts = sectionStarts(text);
    expect(starts.map((s) => s.section)).toEqual(['skills', 'experience', 'education', 'other']);
    expect(sectionAt(starts, text.indexOf('Python'))).toBe('skills');
    expect(sectionAt(starts, text.indexOf('Norvale'))).toBe('experience');
    expect(sectionAt(starts, text.indexOf('chess'))).toBe('other');
    expect(sectionAt(starts, 0)).toBeUndefined();
  });

  it('does not take prose for a heading', () => {
    expect(sectionStarts('Strong skills in Python and experience with Java.\n')).toEqual([]);
  });
});

describe('link features', () => {
  // Without a model: every link the rules make, with its features.
  const rulesLinker = new SkillLinker(index, undefined, undefined, null);
  const features = (text: string, name: string) =>
    rulesLinker.link(text, { language: 'en', context: 'cv', features: true }).skills.find((s) => s.skill.name === name)!
      .features as Features;

  it('describe how and where a link was found', () => {
    const f = features('Ana Vell\nSKILLS\nPython, Java, project management\n', 'Python (computer programming)');
    expect(Object.keys(f).sort()).toEqual([...FEATURE_NAMES].sort());
    expect(f.section_skills).toBe(1);
    expect(f.list_cell).toBe(1);
    expect(f.cv).toBe(1);
    const p = features('Ana Vell\nProjects\nLed project management for two hospitals in 2019.\n', 'project management');
    expect(p.section_projects).toBe(1);
    expect(p.label_one_word).toBe(0);
    expect(p.written_lowercase).toBe(1);
    expect(p.year_in_cell).toBe(1);
  });

  it('count the mentions of a skill', () => {
    expect(features('Python scripts. More Python. Python again.', 'Python (computer programming)').log_mentions).toBeCloseTo(Math.log(3));
  });
});

describe('the acceptance model', () => {
  const shipped = AcceptanceModel.load();

  it('ships trained weights for features the linker computes', () => {
    expect(shipped.version).toMatch(/^acceptance-lr-\d+$/);
    expect(shipped.model.trainedOn.join(' ')).toMatch(/dotin/);
    for (const name of Object.keys(shipped.model.weights)) expect(FEATURE_NAMES).toContain(name);
  });

  it('gives each link the model probability of its features as confidence', () => {
    const [link] = linker.link('Scripts in Python and nothing else.', { language: 'en', context: 'cv', features: true }).skills;
    expect(link!.confidence).toBe(Math.round(shipped.probability(link!.features as Features) * 100) / 100);
    expect(link!.confidence).toBeGreaterThan(0);
    expect(link!.confidence).toBeLessThan(1);
  });

  it('rejects links below its acceptance threshold and keeps the rules alone on request', () => {
    const rejectAll = new AcceptanceModel({ ...shipped.model, accept: 1, bias: -10 });
    const strict = new SkillLinker(index, undefined, undefined, rejectAll);
    expect(strict.link('Scripts in Python.', { language: 'en', context: 'cv' }).skills).toEqual([]);
    const rules = strict.link('Scripts in Python.', { language: 'en', context: 'cv', rulesOnly: true }).skills;
    // "Python" is an alternative label written as such: the rules' 0.9.
    expect(rules.map((s) => [s.skill.name, s.confidence])).toEqual([['Python (computer programming)', 0.9]]);
  });

  it('ranks a link with more evidence higher: a skills list over a passing word in a hobby line', () => {
    const listed = linker.link('SKILLS\nPython, Java, PHP, JavaScript\n', { language: 'en', context: 'cv' }).skills;
    const hobby = linker.link('HOBBIES\nI like logic puzzles.\n', { language: 'en', context: 'cv' }).skills;
    const python = listed.find((s) => s.skill.name === 'Python (computer programming)')!;
    for (const s of hobby) expect(s.confidence).toBeLessThan(python.confidence);
  });
});

describe('names of employers and places are not skills', () => {
  it('does not link words of a firm before its place', () => {
    expect(names('Customer Service Assistant, Lush Cosmetics, Chadstone  2011 - 2013')).toEqual([]);
    expect(names('Sales Engineer  OTC Logic, New York, NY  February 2013 - September 2015')).toEqual([]);
    expect(names('ZiNc Telephone Banking, Melbourne  2009-2011')).toEqual([]);
  });

  it('does not link an employer line of its own', () => {
    expect(names('WORK EXPERIENCE\n\nCisco Systems -\n\nJanuary 2014 to June 2015')).toEqual([]);
    expect(names('Cisco Systems - Pune, Maharashtra -\n')).toEqual([]);
  });

  it('does not link a place or its code in an address', () => {
    expect(names('Derek Vell    1255 University, Montreal, QC    123 345-7890')).toEqual([]);
    expect(names('Montgomery County Public Schools, Silver Spring, MD, 1991 to 1995')).toEqual([]);
  });

  it('does not link the employer after a post, a client, or a word inside an organisation name', () => {
    expect(names('Ana Vell\nESB Integration Developer - Cisco Systems\n\nPune, Maharashtra')).toEqual([]);
    expect(names('Client    : Norvale Banking (NB)    Project : billing')).toEqual([]);
    expect(names('Research fellow, Brenford Logic Research Center, 2011-2014')).toEqual([]);
    // A list stays a list: a comma ends a name.
    expect(names('Scripting: Python, Mat Lab')).toEqual(['Python (computer programming)']);
    expect(names('Java Developer - worked on Cisco Systems routing')).toEqual(['Java (computer programming)', 'Cisco']);
  });

  it('does not link the field in the name of a department', () => {
    expect(names('Lecturer in the Department of Information & Communication Technology at Norvale Institute')).toEqual([]);
  });

  it('still links skills in lists that look like addresses', () => {
    expect(names('Skilled in PHP, JavaScript, XHTML, Adobe, etc.')).toEqual(['PHP', 'JavaScript', 'XHTML']);
    expect(names('Core Java, Spring, UI, QC, 2019')).toEqual([
      'Java (computer programming)',
      'Spring Framework',
      'User interface design',
      'Quality control',
    ]);
    expect(names('Managed the Cisco Systems rollout and communication technology upgrades.')).toEqual([
      'Cisco',
      'transmission technology',
    ]);
  });
});
