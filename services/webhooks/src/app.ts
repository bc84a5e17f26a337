import { natsNames } from '@talent/events';
import { startBackend, type RunningBackend } from '@talent/platform';
import { fileURLToPath } from 'node:url';
import { createDatabase } from './db.js';
import { DeliveryRepository } from './deliveries/delivery-repository.js';
import { EventIntake } from './deliveries/event-intake.js';
import { WebhookPoster } from './deliveries/http-post.js';
import { DeliverySender } from './deliveries/sender.js';
import { EndpointRepository } from './endpoints/endpoint-repository.js';
import { Endpoints } from './endpoints/endpoints.js';
import { SecretBox } from './endpoints/secrets.js';
import { TargetPolicy } from './endpoints/target-policy.js';
import type { WebhooksEnv } from './env.js';
import { webhooksGrpcService } from './server.js';

export const migrationsDir = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

/** Starts the webhooks service: endpoints over gRPC, the event intake and the delivery sender. */
export function startWebhooks(env: WebhooksEnv): Promise<RunningBackend> {
  return startBackend({
    name: 'webhooks',
    env,
    migrationsDir,
    async setup({ logger, nats, metrics }) {
      if (!env.WEBHOOKS_SECRET_KEY) logger.warn('WEBHOOKS_SECRET_KEY is not set: signing secrets are stored unencrypted');
      const database = createDatabase(env.DATABASE_URL, env.DATABASE_SCHEMA, env.DATABASE_POOL_SIZE);
      const policy = new TargetPolicy(env.WEBHOOKS_DEVELOPMENT);
      const secrets = new SecretBox(env.WEBHOOKS_SECRET_KEY);
      const endpointRepository = new EndpointRepository(database.prisma);
      const deliveries = new DeliveryRepository(database.pool, env.DATABASE_SCHEMA);
      const poster = new WebhookPoster(policy, env.WEBHOOKS_TIMEOUT_MS);
      const sender = new DeliverySender(deliveries, poster, secrets, logger, {
        concurrency: env.WEBHOOKS_CONCURRENCY,
        retentionMs: env.WEBHOOKS_RETENTION_DAYS * 86_400_000,
        pollMs: env.WEBHOOKS_POLL_MS,
        timeoutMs: env.WEBHOOKS_TIMEOUT_MS,
        retry: { baseMs: env.WEBHOOKS_RETRY_BASE_MS, maxMs: env.WEBHOOKS_RETRY_MAX_MS, windowMs: env.WEBHOOKS_RETRY_WINDOW_MS },
      });
      const intake = new EventIntake(nats, natsNames(env.NATS_NAMESPACE), endpointRepository, deliveries, logger, metrics.registry, () =>
        sender.wake(),
      );
      try {
        await intake.start();
      } catch (error) {
        await database.close();
        throw error;
      }
      sender.start();
      return {
        services: [webhooksGrpcService({ endpoints: new Endpoints(endpointRepository, policy, secrets), deliveries })],
        async stop() {
          await intake.stop();
          await sender.stop();
          poster.close();
          await database.close();
        },
      };
    },
  });
}
