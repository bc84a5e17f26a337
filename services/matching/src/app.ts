import { natsNames, streamDefinitions } from '@talent/events';
import {
  createChatModel,
  createGrpcClient,
  ensureStream,
  jetStreamHandles,
  llmSettingsFrom,
  OutboxRelay,
  startBackend,
  type Logger,
  type RunningBackend,
} from '@talent/platform';
import { billing, documents, skills } from '@talent/proto';
import { fileURLToPath } from 'node:url';
import { createDatabase } from './db.js';
import type { MatchingEnv } from './env.js';
import { MatchEvents } from './events/match-events.js';
import { Matcher } from './matches/matcher.js';
import { RecordDeletions } from './matches/record-deletions.js';
import { ResultRepository } from './matches/result-repository.js';
import { MATCH_INPUTS_CHANNEL } from './peers/match-inputs.js';
import { RecordCache } from './peers/record-cache.js';
import { deterministicScorer, rescoringScorer, type CandidateScorer } from './rescoring/index.js';
import { LlmRequirementRescorer } from './rescoring/llm-rescorer.js';
import { matchingGrpcService } from './server.js';

/** The deterministic scorer, followed by LLM re-scoring of requirement lines when MATCH_LLM_MODEL is set. */
function createScorer(env: MatchingEnv, logger: Logger): CandidateScorer {
  const settings = llmSettingsFrom(env, 'MATCH_LLM_');
  if (!settings) return deterministicScorer;
  logger.info({ provider: settings.provider, model: settings.model, base_url: settings.baseUrl }, 'llm re-scoring on');
  return rescoringScorer({
    rescorer: new LlmRequirementRescorer({
      model: createChatModel(settings),
      modelName: settings.model,
      retry: { maxAttempts: settings.maxAttempts, timeoutMs: settings.timeoutMs },
      onRetry: (r) => logger.info({ model: settings.model, ...r }, 'llm re-scoring retry'),
    }),
    maxCandidates: env.MATCH_LLM_MAX_CANDIDATES,
    concurrency: env.MATCH_LLM_CONCURRENCY,
    budgetMs: env.MATCH_LLM_BUDGET_MS,
    logger,
  });
}

export const migrationsDir = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

/** Starts the matching service: scoring over gRPC, stored result versions, and the record-deletion consumer. */
export function startMatching(env: MatchingEnv): Promise<RunningBackend> {
  return startBackend({
    name: 'matching',
    env,
    migrationsDir,
    async setup({ logger, nats, js, metrics }) {
      const database = createDatabase(env.DATABASE_URL, env.DATABASE_SCHEMA, env.DATABASE_POOL_SIZE);
      const names = natsNames(env.NATS_NAMESPACE);
      const outbox = new OutboxRelay(database.pool, env.DATABASE_SCHEMA, js, logger);
      const peers = {
        // A wide flow-control window: documents sends the next chunks of a match while matching scores one.
        documents: createGrpcClient(documents.DocumentsServiceClient, env.DOCUMENTS_SERVICE_ADDR, {
          channelOptions: MATCH_INPUTS_CHANNEL,
        }),
        skills: createGrpcClient(skills.SkillsServiceClient, env.SKILLS_SERVICE_ADDR),
        billing: createGrpcClient(billing.BillingServiceClient, env.BILLING_SERVICE_ADDR),
      };
      const results = new ResultRepository(database.prisma);
      const records = new RecordCache(env.MATCH_RECORD_CACHE_MB * 1024 * 1024);
      const deletions = new RecordDeletions(
        nats,
        names,
        results,
        logger,
        metrics.registry,
        records,
      );
      const closeAll = async () => {
        for (const client of Object.values(peers)) client.close();
        await database.close();
      };
      try {
        await ensureStream((await jetStreamHandles(nats)).jsm, streamDefinitions(names).matching);
        await deletions.start();
      } catch (error) {
        await closeAll();
        throw error;
      }
      outbox.start();
      const events = new MatchEvents(database.prisma, names, outbox, logger);
      return {
        services: [
          matchingGrpcService(new Matcher(peers, results, logger, createScorer(env, logger), records, events)),
        ],
        async stop() {
          await deletions.stop();
          await outbox.stop();
          await closeAll();
        },
      };
    },
  });
}
