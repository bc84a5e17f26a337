import { existsSync } from 'node:fs';
import type { Logger } from '@talent/platform';
import { readEscoTaxonomy } from '../importers/esco.js';
import { overlaySeed, readSeedTaxonomy } from '../importers/seed.js';
import type { Taxonomy, TaxonomyVersionInfo } from './model.js';
import type { ImportResult, TaxonomyRepository } from './repository.js';

export interface TaxonomySources {
  /** ESCO export (directory or zip); the seed when absent. */
  escoDir?: string;
  seedDir: string;
}

/** ESCO plus the seed overlay when an ESCO export is given, else the seed alone. */
export function readTaxonomy(sources: TaxonomySources, labels: { language: string; file: string }[] = []): Taxonomy & { report: string[] } {
  if (!sources.escoDir) {
    const seed = readSeedTaxonomy(sources.seedDir);
    return { ...seed, report: [`${sources.seedDir}: ${seed.skills.length} seed skills`] };
  }
  const esco = readEscoTaxonomy(sources.escoDir, { labels });
  // The overlay is an enrichment: ESCO alone is a complete taxonomy when the seed is not there.
  if (!existsSync(sources.seedDir)) return { ...esco, report: [...esco.report, `no seed overlay (${sources.seedDir} not found)`] };
  const seed = readSeedTaxonomy(sources.seedDir);
  return { ...overlaySeed(esco, seed), report: [...esco.report, `seed overlay: ${seed.skills.length} skills`] };
}

/**
 * At boot: imports a taxonomy into an empty schema, or when the configured source changed (seed → ESCO);
 * otherwise keeps what is stored, so later boots only read the tables.
 */
export async function ensureTaxonomy(repository: TaxonomyRepository, sources: TaxonomySources, logger: Logger): Promise<TaxonomyVersionInfo> {
  const current = await repository.currentVersion();
  const wanted = sources.escoDir ? 'esco' : 'seed';
  if (current && current.source === wanted) return current;
  const started = Date.now();
  const taxonomy = readTaxonomy(sources);
  const result: ImportResult = await repository.replace(taxonomy);
  logger.info({ version: result.version.version, skills: result.version.skillCount, ms: Date.now() - started }, 'taxonomy imported');
  return result.version;
}

