import { embeddingsSettingsFrom, startBackend, type RunningBackend } from '@talent/platform';
import { fileURLToPath } from 'node:url';
import { getHeapStatistics } from 'node:v8';
import { SkillCatalog, type RerankerConfig } from './catalog.js';
import { createDatabase } from './db.js';
import type { SkillsEnv } from './env.js';
import { skillsGrpcService } from './server.js';
import { TaxonomyRepository } from './taxonomy/repository.js';
import { ensureTaxonomy } from './taxonomy/taxonomy-loader.js';

const WARM_UP_DELAY_MS = 1000;

export const migrationsDir = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

/** The embedding re-ranker's settings, or undefined when SKILLS_EMBEDDINGS_MODEL is unset (the default: lexical). */
export function rerankerConfig(env: SkillsEnv, logger: RerankerConfig['logger']): RerankerConfig | undefined {
  const settings = embeddingsSettingsFrom(env, 'SKILLS_EMBEDDINGS_');
  if (!settings) return undefined;
  return {
    settings,
    options: {
      weight: env.SKILLS_EMBEDDINGS_WEIGHT,
      candidates: env.SKILLS_EMBEDDINGS_CANDIDATES,
      cacheSize: env.SKILLS_EMBEDDINGS_CACHE_SIZE,
      batchSize: env.SKILLS_EMBEDDINGS_BATCH_SIZE,
    },
    logger,
  };
}

/** Starts the skills service; used by main.ts and by tests that run it in-process. */
export async function startSkills(env: SkillsEnv): Promise<RunningBackend> {
  let loaded: SkillCatalog | undefined;
  const running = await startBackend({
    name: 'skills',
    env,
    migrationsDir,
    async setup({ logger }) {
      const database = createDatabase(env.DATABASE_URL, env.DATABASE_SCHEMA, env.DATABASE_POOL_SIZE);
      const stop = () => database.close();
      try {
        const repository = new TaxonomyRepository(database.pool);
        const version = await ensureTaxonomy(repository, { ...(env.SKILLS_ESCO_DIR ? { escoDir: env.SKILLS_ESCO_DIR } : {}), seedDir: env.SKILLS_SEED_DIR }, logger);
        const started = Date.now();
        // Two connections: Postgres reads the structure while this process builds the skills from their rows.
        const [skills, structure] = await Promise.all([repository.loadSkills(), repository.loadStructure()]);
        const catalog = new SkillCatalog(skills, version, structure, rerankerConfig(env, logger));
        logger.info(
          {
            version: version.version,
            skills: catalog.index.size,
            labels: catalog.index.labelCount,
            skillRelations: catalog.skillRelations.relationCount,
            occupations: catalog.occupationCount,
            ms: Date.now() - started,
          },
          'taxonomy loaded',
        );
        if (catalog.reranker) {
          const { provider, model, baseUrl } = catalog.reranker.model.settings;
          logger.info({ provider, model, baseUrl, ...catalog.reranker.options }, 'RankSkills re-ranked by embeddings');
        }
        loaded = catalog;
        return { services: [skillsGrpcService(catalog)], stop };
      } catch (error) {
        await stop();
        throw error;
      }
    },
  });
  // The occupation index and the linking indexes are built a moment after the service is ready (its ready log
  // written first), not before; a call that comes first builds what it needs itself. Two turns of the event loop,
  // so a request that arrives in between waits for one of them only.
  setTimeout(() => {
    const started = Date.now();
    loaded?.warmUpOccupations();
    setImmediate(() => {
      loaded?.warmUpLinking();
      // With the re-ranker on, LangChain's module is loaded now rather than by the first RankSkills call; a failure
      // here shows again (and falls back) at that call.
      loaded?.reranker?.model.langChain().catch(() => undefined);
      // The heap limit shows whether the chart's NODE_OPTIONS cap reached the process (README, "Memory").
      const mb = (bytes: number) => Math.round(bytes / 1048576);
      running.logger.info(
        { ms: Date.now() - started, rssMb: mb(process.memoryUsage.rss()), heapUsedMb: mb(process.memoryUsage().heapUsed), heapLimitMb: mb(getHeapStatistics().heap_size_limit) },
        'warm-up done',
      );
    });
  }, WARM_UP_DELAY_MS).unref();
  return running;
}
