import { createGrpcClient, type AsyncClient } from '@talent/platform';
import { billing, documents, matching, skills, sourcing, webhooks } from '@talent/proto';
import type { GatewayEnv } from './env.js';

/** gRPC clients of the peers the implemented routes call. */
export interface Upstreams {
  billing: AsyncClient<billing.BillingServiceClient>;
  skills: AsyncClient<skills.SkillsServiceClient>;
  /**
   * Uploads travel in one AnalyzeFiles message of up to 60 MB (the route's limit): grpc-js sends messages of any
   * size by default (`grpc.max_send_message_length` = -1) and the documents server accepts 64 MB.
   */
  documents: AsyncClient<documents.DocumentsServiceClient>;
  /** Match (billable, its own longer deadline per call) and GetStoredResult. */
  matching: AsyncClient<matching.MatchingServiceClient>;
  /** Search (billable, calls an external provider: the longer deadline per call), GetSession, Ingest. */
  sourcing: AsyncClient<sourcing.SourcingServiceClient>;
  /** Webhook endpoints and their deliveries (extension). */
  webhooks: AsyncClient<webhooks.WebhooksServiceClient>;
}

export function createUpstreams(env: GatewayEnv): Upstreams {
  const options = { deadlineMs: env.UPSTREAM_DEADLINE_MS };
  return {
    billing: createGrpcClient(billing.BillingServiceClient, env.BILLING_SERVICE_ADDR, options),
    skills: createGrpcClient(skills.SkillsServiceClient, env.SKILLS_SERVICE_ADDR, options),
    documents: createGrpcClient(documents.DocumentsServiceClient, env.DOCUMENTS_SERVICE_ADDR, options),
    matching: createGrpcClient(matching.MatchingServiceClient, env.MATCHING_SERVICE_ADDR, options),
    sourcing: createGrpcClient(sourcing.SourcingServiceClient, env.SOURCING_SERVICE_ADDR, options),
    webhooks: createGrpcClient(webhooks.WebhooksServiceClient, env.WEBHOOKS_SERVICE_ADDR, options),
  };
}

export function closeUpstreams(upstreams: Upstreams): void {
  upstreams.billing.close();
  upstreams.skills.close();
  upstreams.documents.close();
  upstreams.matching.close();
  upstreams.sourcing.close();
  upstreams.webhooks.close();
}

/** Every peer readiness depends on. */
export function upstreamAddresses(env: GatewayEnv): Record<string, string> {
  return {
    billing: env.BILLING_SERVICE_ADDR,
    documents: env.DOCUMENTS_SERVICE_ADDR,
    matching: env.MATCHING_SERVICE_ADDR,
    sourcing: env.SOURCING_SERVICE_ADDR,
    skills: env.SKILLS_SERVICE_ADDR,
    webhooks: env.WEBHOOKS_SERVICE_ADDR,
  };
}
