import { describe, expect, it } from 'vitest';
import { NameModel } from '../src/linking/name-model.js';
import { NAME_FEATURE_NAMES, type NameFeatures } from '../src/linking/name-features.js';
import { SkillLinker } from '../src/linking/skill-linker.js';
import { SkillIndex } from '../src/search/skill-index.js';
import { skill } from './taxonomy-skills.js';

// The name model: a capitalised mention that is part of a firm's or a place's name in a header line is no mention of
// a skill, while the same words in a skills section still are (texts of our own: fake people, firms and places).

const taxonomy = [
  skill('esco', 'en', 'logistics'),
  skill('esco', 'en', 'energy'),
  skill('seed', 'en', 'Unix shell', 'Shell'),
  skill('seed', 'en', 'Cypress'),
  skill('esco', 'en', 'Python (computer programming)', 'Python'),
];
const linker = new SkillLinker(new SkillIndex(taxonomy));
const names = (text: string) => linker.link(text, { language: 'en', context: 'cv' }).skills.map((s) => s.skill.name);

describe('names of firms and places in experience lines', () => {
  it('does not link a firm named with a skill, after a post or with its place', () => {
    expect(names('EXPERIENCE\nSenior Data Engineer, Acme Logistics, London  2016 – 2019\nBuilt pipelines in Python.\n')).toEqual([
      'Python (computer programming)',
    ]);
    expect(names('EXPERIENCE\nProcess Engineer at Shell, Rotterdam  2012 – 2016\n')).toEqual([]);
    expect(names('WORK HISTORY\nKALVOR ENERGY  Austin, TX\nSite Manager  2010 - 2014\n')).toEqual([]);
  });

  it('does not link a town in a header line', () => {
    expect(names('EXPERIENCE\nWarehouse Lead  Acme Logistics  Cypress, CA\n2015 – 2018\n')).toEqual([]);
  });

  it('still links the same words as skills in a skills section', () => {
    expect(names('SKILLS\nlogistics, Shell, Cypress, Python\n').sort()).toEqual(
      ['Cypress', 'Python (computer programming)', 'Unix shell', 'logistics'].sort(),
    );
    expect(names('SKILLS\n• Logistics\n• Energy\n').sort()).toEqual(['energy', 'logistics']);
  });
});

describe('the name model', () => {
  const shipped = NameModel.load();

  it('ships trained weights for the features the linker computes and a threshold', () => {
    expect(shipped.version).toMatch(/^names-lr-\d+$/);
    expect(shipped.model.trainedOn.join(' ')).toMatch(/dotin/);
    for (const name of Object.keys(shipped.model.weights)) expect(NAME_FEATURE_NAMES).toContain(name);
    expect(shipped.accept).toBeGreaterThan(0);
    expect(shipped.accept).toBeLessThan(1);
  });

  it('reads the shape of a header line around a capitalised mention', () => {
    const rules = new SkillLinker(new SkillIndex(taxonomy), undefined, undefined, null, null);
    const mention = (text: string) =>
      rules.link(text, { language: 'en', context: 'cv', nameFeatures: true }).mentions![0]!.features as NameFeatures;
    const header = mention('EXPERIENCE\nAnalyst at Brintex Logistics Services, Kelmsworth  2014 - 2016\n');
    expect(header.words_before).toBeGreaterThan(0);
    expect(header.words_after).toBeGreaterThan(0);
    expect(header.unknown_neighbour).toBe(1);
    expect(header.after_preposition).toBe(1);
    expect(header.place_after).toBe(1);
    expect(header.year_near).toBe(1);
    expect(header.section_experience).toBe(1);
    const list = mention('SKILLS\nLogistics, Python, Cypress\n');
    expect(list.words_before + list.unknown_neighbour + list.place_after).toBe(0);
    expect(list.section_skills).toBe(1);
    // Lowercase mentions are never names: no features, kept as they are.
    expect(rules.link('logistics', { language: 'en', context: 'cv', nameFeatures: true }).mentions).toEqual([]);
  });

  it('keeps every mention without a model or with the rules alone', () => {
    const text = 'EXPERIENCE\nProcess Engineer at Shell, Rotterdam  2012 – 2016\n';
    expect(linker.link(text, { language: 'en', context: 'cv', rulesOnly: true }).skills.map((s) => s.skill.name)).toEqual(['Unix shell']);
  });
});
