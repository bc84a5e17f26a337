import { createGrpcClient, type AsyncClient } from '@talent/platform';
import { billing, skills } from '@talent/proto';
import type { GatewayEnv } from './env.js';

/** gRPC clients of the peers the implemented routes call. */
export interface Upstreams {
  billing: AsyncClient<billing.BillingServiceClient>;
  skills: AsyncClient<skills.SkillsServiceClient>;
}

export function createUpstreams(env: GatewayEnv): Upstreams {
  const options = { deadlineMs: env.UPSTREAM_DEADLINE_MS };
  return {
    billing: createGrpcClient(billing.BillingServiceClient, env.BILLING_SERVICE_ADDR, options),
    skills: createGrpcClient(skills.SkillsServiceClient, env.SKILLS_SERVICE_ADDR, options),
  };
}

export function closeUpstreams(upstreams: Upstreams): void {
  upstreams.billing.close();
  upstreams.skills.close();
}

/** Every peer readiness depends on, including the ones whose routes come with later issues. */
export function upstreamAddresses(env: GatewayEnv): Record<string, string> {
  return {
    billing: env.BILLING_SERVICE_ADDR,
    documents: env.DOCUMENTS_SERVICE_ADDR,
    matching: env.MATCHING_SERVICE_ADDR,
    sourcing: env.SOURCING_SERVICE_ADDR,
    skills: env.SKILLS_SERVICE_ADDR,
  };
}

