// Short names for the generated gRPC contracts; regenerate with `pnpm codegen`.
export * as billing from './gen/talent/billing/v1/billing_service.js';
export * as skills from './gen/talent/skills/v1/skills_service.js';
export * as documents from './gen/talent/documents/v1/documents_service.js';
export * as matching from './gen/talent/matching/v1/matching_service.js';
export * as sourcing from './gen/talent/sourcing/v1/sourcing_service.js';
export * as common from './gen/talent/common/v1/common.js';
export * as health from './gen/grpc/health/v1/health.js';
export * as webhooks from './gen/talent/webhooks/v1/webhooks_service.js';
