import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { shippedSeedDir } from '../src/env.js';
import { readSeedTaxonomy } from '../src/importers/seed.js';
import { SkillHierarchy } from '../src/taxonomy/hierarchy.js';

// The shipped seed is written by its own build script (seed/build-seed.mjs); this checks that the importer reads
// all of it as a fresh install would.
describe.skipIf(!existsSync(shippedSeedDir))('the shipped seed taxonomy', () => {
  it('imports with English labels for every skill and soft skills among them', () => {
    const seed = readSeedTaxonomy(shippedSeedDir);
    expect(seed.skills.every((s) => s.labels.some((l) => l.language === 'en' && l.preferred))).toBe(true);
    expect(seed.skills.some((s) => s.type === 'soft-skill')).toBe(true);
    expect(new Set(seed.skills.map((s) => s.id)).size).toBe(seed.skills.length);
  });

  it('has a broader hierarchy between its own skills (served by GetRelatedSkills)', () => {
    const seed = readSeedTaxonomy(shippedSeedDir);
    const hierarchy = new SkillHierarchy(seed.skills);
    const withBroader = seed.skills.filter((s) => hierarchy.broader(s.id).length > 0);
    expect(withBroader.length).toBeGreaterThan(1000);
    const child = withBroader[0]!;
    expect(hierarchy.narrower(hierarchy.broader(child.id)[0]!)).toContain(child.id);
  });
});
