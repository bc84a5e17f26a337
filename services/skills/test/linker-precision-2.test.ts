import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { shippedSeedDir } from '../src/env.js';
import { readSeedTaxonomy } from '../src/importers/seed.js';
import { SkillLinker } from '../src/linking/skill-linker.js';
import { SkillIndex } from '../src/search/skill-index.js';
import type { TaxonomySkill } from '../src/taxonomy/model.js';
import { skill } from './taxonomy-skills.js';

// Misfires a user would notice in the linked skills of a CV (sentences of our own: fake people and firms).
describe('skill linker precision 2: an acronym several skills share', () => {
  const linker = new SkillLinker(
    new SkillIndex([
      skill('esco', 'en', 'blockchain consensus mechanisms', 'proof of stake', 'POS', 'POW'),
      skill('seed', 'en', 'Point of sale systems', 'POS systems', 'POS'),
      skill('esco', 'en', 'retail', 'retail sales'),
    ]),
  );
  const names = (text: string) => linker.link(text, { language: 'en', context: 'cv' }).skills.map((s) => s.skill.name);

  it('links the skill whose own name the acronym abbreviates', () => {
    expect(
      names('Store supervisor at Kelbrook Foods: trained cashiers on the POS and ran the weekly stock count.'),
    ).toEqual(['Point of sale systems']);
  });

  it('still links the other skill where its own label is written', () => {
    expect(names('Compared proof of stake with POW in a blockchain course project.')).toContain(
      'blockchain consensus mechanisms',
    );
  });
});

describe('skill linker precision 2: a firm named as an alternative label of an activity', () => {
  const linker = new SkillLinker(
    new SkillIndex([
      skill('esco', 'en', 'procurement of ICT network equipment', 'Ericsson', 'Avaya', 'buy network equipment'),
      skill('esco', 'en', 'Cisco'),
      skill('esco', 'en', 'telecommunications engineering', 'telecom engineering'),
    ]),
  );
  const names = (text: string) => linker.link(text, { language: 'en', context: 'cv' }).skills.map((s) => s.skill.name);

  it('does not read an employer as the activity', () => {
    expect(names('Telecom engineering trainee, Ericsson, Lund, 2016–2018; then radio planner at Avaya.')).toEqual([
      'telecommunications engineering',
    ]);
  });

  it('keeps a skill named as a firm and the activity written out', () => {
    expect(names('Configured Cisco routers and helped buy network equipment for three branch offices.')).toEqual([
      'Cisco',
      'procurement of ICT network equipment',
    ]);
  });
});

describe('skill linker precision 2: a name written with an accent it does not have', () => {
  const name = (preferred: string): TaxonomySkill => ({
    ...skill('seed', 'en', preferred),
    labels: ['en', 'pt', 'es'].map((language) => ({ language, text: preferred, preferred: true })),
  });
  const linker = new SkillLinker(
    new SkillIndex([name('Informatica'), name('Microsoft Excel'), skill('esco', 'pt', 'contabilidade')]),
  );
  const names = (text: string, language: string) =>
    linker.link(text, { language, context: 'cv' }).skills.map((s) => s.skill.name);

  it('reads the word of the text’s language, not the product', () => {
    expect(names('Curso técnico de Informática e contabilidade; bons conhecimentos de Excel.', 'pt')).toEqual([
      'contabilidade',
      'Microsoft Excel',
    ]);
  });

  it('links the product written as its name', () => {
    expect(names('Desenvolvi cargas de dados com Informatica PowerCenter e Excel.', 'pt')).toContain('Informatica');
  });
});

describe.skipIf(!existsSync(shippedSeedDir))(
  'skill linker precision 2: German nouns of several meanings in the shipped seed',
  () => {
    const linker = new SkillLinker(new SkillIndex(readSeedTaxonomy(shippedSeedDir).skills));
    const names = (text: string) =>
      linker.link(text, { language: 'de', context: 'cv' }).skills.map((s) => s.skill.name);

    it('does not read care of data, operating a machine or an apprenticeship as nursing, table service or teaching', () => {
      const found = names(
        'Lehre als Industriemechaniker bei der Ostwald Maschinenbau GmbH; Bedienung von CNC-Fräsmaschinen und Pflege der Stammdaten.',
      );
      expect(found).not.toContain('Krankenpflege');
      expect(found).not.toContain('Service im Restaurant');
      expect(found).not.toContain('Unterrichten');
    });

    it('still links the skills written out', () => {
      expect(
        names('Examen in der Gesundheits- und Krankenpflege; Service im Restaurant während des Studiums.'),
      ).toEqual(expect.arrayContaining(['Krankenpflege', 'Service im Restaurant']));
    });
  },
);

describe('skill linker precision 2: a vendor named in an employer line with its place', () => {
  const linker = new SkillLinker(
    new SkillIndex([
      skill('esco', 'en', 'Cisco'),
      skill('esco', 'en', 'search engines', 'Google'),
      skill('esco', 'en', 'computer networking', 'networking'),
    ]),
  );
  const names = (text: string) => linker.link(text, { language: 'en', context: 'cv' }).skills.map((s) => s.skill.name);

  it('reads the vendor as the employer', () => {
    expect(names('Network Analyst\nCisco -  Bengaluru, Karnataka -\nMay 2016 to March 2019')).toEqual([]);
    expect(names('Site Reliability Engineer\nGOOGLE Kirkland, WA\n2017 – 2020')).toEqual([]);
  });

  it('keeps the vendor named with its products', () => {
    expect(names('Configured Cisco Switches, Routers and firewalls for campus networking.')).toEqual(['Cisco']);
  });
});
