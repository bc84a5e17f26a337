import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { shippedSeedDir } from '../src/env.js';
import { readSeedTaxonomy } from '../src/importers/seed.js';
import { SkillLinker } from '../src/linking/skill-linker.js';
import { SkillIndex } from '../src/search/skill-index.js';
import type { TaxonomySkill } from '../src/taxonomy/model.js';

/** A skill as ESCO writes many: in lowercase, so that its words are ordinary words of the taxonomy's English. */
const lowercaseSkill = (text: string, n: number): TaxonomySkill => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  type: 'hard-skill',
  source: 'esco',
  labels: [{ language: 'en', text, preferred: true }],
  broader: [],
});

// Well-known tools CVs list by a short name (issue 10): the shipped seed names them, so a fresh install links them.
describe.skipIf(!existsSync(shippedSeedDir))('the shipped seed links well-known tools by the names CVs use', () => {
  // With ESCO loaded (as deployed), "windows", "word" or "team" are words its labels write in lowercase.
  const escoLike = ['install windows', 'word studies', 'business outlook', 'work in teams'].map(lowercaseSkill);
  const linker = new SkillLinker(new SkillIndex([...readSeedTaxonomy(shippedSeedDir).skills, ...escoLike]));
  const names = (text: string) => linker.link(text, { language: 'en', context: 'cv' }).skills.map((s) => [s.matchedText, s.skill.name]);

  it('links product names that are also everyday words, capitalised, mid-sentence', () => {
    expect(names('Tools I use daily: Windows, Word and Outlook, plus Oracle with Toad.')).toEqual([
      ['Windows', 'Microsoft Windows'],
      ['Word', 'Microsoft Word'],
      ['Outlook', 'Microsoft Outlook'],
      ['Oracle', 'Oracle Database'],
      ['Toad', 'Toad'],
    ]);
    // Prose: the words, not the products.
    expect(names('I cleaned the windows, had a word with the team and kept a positive outlook.')).toEqual([]);
  });

  it('links tools of the Stack Overflow survey list that the taxonomy lacked (issue 26)', () => {
    expect(names('Edited in PyCharm and Notepad++ on Debian and Oracle Solaris hosts; builds ran with CMake, MSBuild and Perforce.')).toEqual([
      ['PyCharm', 'PyCharm'],
      ['Notepad++', 'Notepad++'],
      ['Debian', 'Debian'],
      ['Oracle Solaris', 'Oracle Solaris'],
      ['CMake', 'CMake'],
      ['MSBuild', 'MSBuild'],
      ['Perforce', 'Perforce Helix Core'],
    ]);
  });

  it('links older web and Java tooling still listed on many CVs', () => {
    expect(names('At Kestrel Media I built sites in Dreamweaver and Flash, then JSP pages and Servlets over JDBC on IIS, built with Ant.')).toEqual([
      ['Dreamweaver', 'Adobe Dreamweaver'],
      ['Flash', 'Adobe Flash'],
      ['JSP', 'JavaServer Pages'],
      ['Servlets', 'Java Servlets'],
      ['JDBC', 'JDBC'],
      ['IIS', 'Microsoft IIS'],
      ['Ant', 'Apache Ant'],
    ]);
    expect(names('Test plans in HP Quality Center, defects in Bugzilla, routing with BGP and OSPF across VLANs.')).toEqual([
      ['HP Quality Center', 'HP Quality Center'],
      ['Bugzilla', 'Bugzilla'],
      ['BGP', 'BGP'],
      ['OSPF', 'OSPF'],
      ['VLANs', 'VLAN'],
    ]);
  });

  it('links general software and analysis practices CVs name', () => {
    expect(names('At Brightwell I wrote test cases, led regression testing and test management for the claims GUI.')).toEqual([
      ['test cases', 'Test case design'],
      ['regression testing', 'Regression testing'],
      ['test management', 'Test management'],
      ['GUI', 'Graphical user interfaces'],
    ]);
    expect(names('Later: data structures, MVC web services on our middleware, a gap analysis tracked in Rally.')).toEqual([
      ['data structures', 'Data structures'],
      ['MVC', 'Model-view-controller'],
      ['web services', 'Web services'],
      ['middleware', 'Middleware'],
      ['gap analysis', 'Gap analysis'],
      ['Rally', 'Rally Software'],
    ]);
  });
});
