import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { shippedSeedDir } from '../src/env.js';
import { readSeedTaxonomy } from '../src/importers/seed.js';
import { SkillLinker } from '../src/linking/skill-linker.js';
import { SkillIndex } from '../src/search/skill-index.js';

// Misfires found by red-teaming issue 10's short product names on sentences of our own (fake people and firms).
describe.skipIf(!existsSync(shippedSeedDir))('skill linker regressions (shipped seed)', () => {
  const linker = new SkillLinker(new SkillIndex(readSeedTaxonomy(shippedSeedDir).skills));
  const names = (text: string, language: string) => linker.link(text, { language, context: 'cv' }).skills.map((s) => [s.matchedText, s.skill.name]);
  const products = (text: string, language: string) => names(text, language).filter(([, name]) => /^(Microsoft|Adobe) /.test(name!));

  it('reads a product short name that is an English word as the word in text of any language', () => {
    // Sentence-initial "Flash" of a Dutch compound is the word, as it is in English.
    expect(products('Flash-overstromingen en waterbeheer bij het waterschap Rivierenland.', 'nl')).toEqual([]);
    expect(products('Ik leidde twee teams van monteurs bij Van Dijk Installatietechniek.', 'nl')).toEqual([]);
    expect(products('Leitete zwei kleine teams im Lager von Brenner Logistik.', 'de')).toEqual([]);
  });

  it('still links the products as written in a list of any language', () => {
    expect(products('Ervaring met Windows, Office 365 en Teams bij Van Dijk Installatietechniek.', 'nl').map(([, name]) => name)).toEqual(
      expect.arrayContaining(['Microsoft Windows', 'Microsoft Teams']),
    );
    expect(products('Gute Kenntnisse in Word, Excel und Outlook; Führerschein Klasse B.', 'de').map(([, name]) => name)).toEqual(['Microsoft Word', 'Microsoft Excel', 'Microsoft Outlook']);
  });

  it('does not read a vendor named as the firm as its product', () => {
    const oracle = (text: string, language: string) => names(text, language).filter(([written]) => written === 'Oracle');
    expect(oracle('Oracle Corporation, Reading: account manager for retail clients, 2016 to 2020.', 'en')).toEqual([]);
    expect(oracle('Sales executive at Oracle, selling cloud licences to mid-market retailers.', 'en')).toEqual([]);
    expect(names('Sales executive at Oracle, selling cloud licences to mid-market retailers.', 'en').map(([, name]) => name)).not.toContain('Oracle Cloud Infrastructure');
    expect(oracle('Vertriebsleiter bei Oracle Deutschland in München, Schwerpunkt Mittelstand.', 'de')).toEqual([]);
    expect(oracle('Gerente de contas na Oracle do Brasil, vendas de licenças.', 'pt')).toEqual([]);
    // The database, in a list or with a version, still links.
    expect(oracle('Tuned PL/SQL on Oracle 11g and SQL Server for Norland Insurance.', 'en')).toEqual([['Oracle', 'Oracle Database']]);
    expect(oracle('Experiencia en Oracle y MySQL para Grupo Ventura.', 'es')).toEqual([['Oracle', 'Oracle Database']]);
  });

  it('reads no label across a colon', () => {
    expect(names('Mind the gap: analysis of attendance records showed a drop of 12% at Ridgeway Primary.', 'en').map(([, name]) => name)).not.toContain('Gap analysis');
    expect(names('Gap analysis of the target operating model for Halden Bank.', 'en').map(([, name]) => name)).toContain('Gap analysis');
  });

  it('reads a vendor name describing the next word as its product', () => {
    expect(names('Senior consultant at SAP implementation partner Norvik Consulting.', 'en').map(([written]) => written)).toContain('SAP');
  });

  it('links a name matched only as written at the start of a list of skills or before a version, not of prose', () => {
    expect(names('Word, Excel, PowerPoint and Outlook at an advanced level.', 'en').map(([, name]) => name)).toEqual(['Microsoft Word', 'Microsoft Excel', 'Microsoft PowerPoint', 'Microsoft Outlook']);
    expect(products('Windows 10 rollout to 800 desktops at Dunmore Architects.', 'en').map(([, name]) => name)).toEqual(['Microsoft Windows']);
    expect(names('Spring 2019: volunteered at the Tilbury food bank.', 'en')).toEqual([]);
    expect(products('Teams 1 and 2 of the night shift reported to me at Brenner Logistics.', 'en')).toEqual([]);
    expect(products('Windows, doors and conservatories fitted for Keller Glazing.', 'en')).toEqual([]);
    expect(products('Word of mouth brought Fenwick Grocers forty new clients.', 'en')).toEqual([]);
  });

  it('reads a lowercase product name that is an English word as the word unless the sentence names other skills', () => {
    expect(names('Sourced bamboo flooring and rattan furniture for Greenleaf Interiors.', 'en')).toEqual([]);
    expect(names('Organised the annual charity rally for St Brigid\'s Hospice.', 'en')).toEqual([]);
    expect(names('The oracle of the office on anything tax-related, said my manager at Corrie & Lamb.', 'en').map(([, name]) => name)).not.toContain('Oracle Database');
    expect(names('Fetched the figures from the oracle with PL/SQL for Norland Insurance.', 'en').map(([, name]) => name)).toContain('Oracle Database');
  });
});
