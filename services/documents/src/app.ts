import { createLlmAnalyzer, createRulesAnalyzer, type Analyzer, type SkillLinker } from '@talent/analysis';
import { natsNames } from '@talent/events';
import {
  createChatModel,
  createGrpcClient,
  llmSettingsFrom,
  OutboxRelay,
  startBackend,
  type Logger,
  type RunningBackend,
} from '@talent/platform';
import { billing, skills } from '@talent/proto';
import { fileURLToPath } from 'node:url';
import { createDatabase } from './db.js';
import type { DocumentsEnv } from './env.js';
import { createTextExtractor } from './extraction/index.js';
import { Intake } from './intake/intake.js';
import { BillingCharges } from './peers/billing-charges.js';
import { SkillsPeer } from './peers/skills-peer.js';
import { AnalysisWorker } from './pipeline/analysis-worker.js';
import { StaleTaskSweeper } from './pipeline/stale-task-sweeper.js';
import { TaskProcessor } from './pipeline/task-processor.js';
import { RecordUpdates } from './records/record-updates.js';
import { RecordViews } from './records/record-view.js';
import { Records } from './records/records.js';
import { documentsGrpcService } from './server.js';
import { DocumentEvents } from './tasks/outbox-events.js';
import { TaskRepository } from './tasks/task-repository.js';

const RELAY_COALESCE_MS = 5;

/** `rules` by default; `llm` uses the configured chat model and hands what it cannot analyze to the rules. */
function createAnalyzer(env: DocumentsEnv, linker: SkillLinker, logger: Logger): Analyzer {
  const rules = createRulesAnalyzer(linker);
  const settings = llmSettingsFrom(env, 'LLM_');
  if (env.ANALYZER !== 'llm' || !settings) return rules;
  logger.info({ provider: settings.provider, model: settings.model, base_url: settings.baseUrl }, 'analyzer: llm');
  return createLlmAnalyzer({
    model: createChatModel(settings),
    modelName: settings.model,
    linker,
    fallback: rules,
    retry: { maxAttempts: settings.maxAttempts, timeoutMs: settings.timeoutMs },
    logger,
  });
}

export const migrationsDir = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

/**
 * Starts the documents service: intake and records over gRPC, the analysis worker on the JetStream work queue,
 * the outbox relay that publishes task events, and the sweep that re-queues stale tasks.
 */
export function startDocuments(env: DocumentsEnv): Promise<RunningBackend> {
  return startBackend({
    name: 'documents',
    env,
    migrationsDir,
    async setup({ logger, nats, js, metrics }) {
      const names = natsNames(env.NATS_NAMESPACE);
      const database = createDatabase(env.DATABASE_URL, env.DATABASE_SCHEMA, env.DATABASE_POOL_SIZE);
      const billingClient = createGrpcClient(billing.BillingServiceClient, env.BILLING_SERVICE_ADDR);
      const skillsClient = createGrpcClient(skills.SkillsServiceClient, env.SKILLS_SERVICE_ADDR);
      const extractor = createTextExtractor({
        ...(env.TIKA_URL ? { tikaUrl: env.TIKA_URL } : {}),
        timeoutMs: env.EXTRACTION_TIMEOUT_MS,
        maxMemoryMb: env.EXTRACTION_MAX_MEMORY_MB,
        concurrency: env.EXTRACTION_CONCURRENCY,
      });
      const relay = new OutboxRelay(database.pool, env.DATABASE_SCHEMA, js, logger);
      // Completions arrive a few per millisecond under load: one relay pass per short window, not one per task.
      let kickPending: NodeJS.Timeout | undefined;
      const kickRelay = () => {
        kickPending ??= setTimeout(() => {
          kickPending = undefined;
          relay.kick();
        }, RELAY_COALESCE_MS);
      };
      const tasks = new TaskRepository(database.prisma, database.pool, new DocumentEvents(names), kickRelay);
      const charges = new BillingCharges(billingClient);
      const skillsPeer = new SkillsPeer(skillsClient);
      const processor = new TaskProcessor({
        tasks,
        charges,
        extractor,
        analyzer: createAnalyzer(env, skillsPeer, logger),
        logger,
      });
      const worker = new AnalysisWorker(nats, names, processor, logger, {
        concurrency: env.ANALYSIS_CONCURRENCY,
        maxDeliver: env.ANALYSIS_MAX_DELIVER,
        registry: metrics.registry,
      });
      const sweeper = new StaleTaskSweeper(tasks, env.STALE_TASK_AFTER_MS, logger);
      const closeAll = async () => {
        await extractor.close();
        billingClient.close();
        skillsClient.close();
        await database.close();
      };
      try {
        await database.prisma.$queryRaw`SELECT 1`;
        relay.start();
        await worker.start();
        sweeper.start();
      } catch (error) {
        await relay.stop();
        await closeAll();
        throw error;
      }
      const records = new Records(tasks, new RecordViews(skillsPeer), new RecordUpdates(skillsPeer));
      return {
        services: [documentsGrpcService({ intake: new Intake(tasks, charges, logger), records })],
        async stop() {
          await worker.stop();
          await sweeper.stop();
          clearTimeout(kickPending);
          // Last: events written by the work that just drained still go out.
          await relay.flush().catch(() => undefined);
          await relay.stop();
          await closeAll();
        },
      };
    },
  });
}
