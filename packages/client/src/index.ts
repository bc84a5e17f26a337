export { createTalentClient, TalentClient } from './client.js';
export type { AnalyzeOptions, AnalyzeResult, RecordOf, ResourceKind, Schemas, TalentApi, TalentClientOptions, TaskStatusItem, WaitMode, WaitOptions } from './client.js';
export {
  AuthenticationError,
  BadRequestError,
  CandidatesNotFoundError,
  errorFromResponse,
  IdempotencyKeyReusedError,
  InsufficientCreditsError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  TalentApiError,
  UnprocessableError,
  WaitTimeoutError,
} from './errors.js';
export type { ErrorBody } from './errors.js';
export type { FileData, FileInput } from './files.js';
export type { components, operations, paths } from './generated/schema.js';
export { backoffDelayMs, serverDelayMs } from './retry.js';
export type { RetryOptions } from './retry.js';
export { DEFAULT_TOLERANCE_SECONDS, SIGNATURE_HEADER, signWebhookPayload, verifyWebhookSignature, WebhookSignatureError } from './webhooks.js';
export type { VerifyWebhookOptions } from './webhooks.js';
