import type { webhooks } from '@talent/proto';
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import type { ApiRouter } from '../http/api.js';
import { ErrorBody } from '../openapi/errors.js';
import { z } from '../openapi/zod.js';
import { toTimestamp } from '../schemas/common.js';
import {
  CreatedWebhookResponse,
  CreateWebhookBody,
  DeliveriesQuery,
  WebhookDeletedResponse,
  WebhookDeliveriesResponse,
  WebhookIdParams,
  WebhookListResponse,
  WebhookPayload,
  WEBHOOKS_GUIDE,
  type Webhook,
  type WebhookDelivery,
} from '../schemas/webhooks.js';
import type { Upstreams } from '../upstreams.js';

const epoch = new Date(0);
const notFound = { description: 'No such webhook endpoint in this workspace (also for ids that are not UUIDs).', content: { 'application/json': { schema: ErrorBody } } };

const toWebhook = (endpoint: webhooks.Endpoint | undefined): z.output<typeof Webhook> => ({
  id: endpoint?.id ?? '',
  url: endpoint?.url ?? '',
  events: (endpoint?.events ?? []) as z.output<typeof Webhook>['events'],
  created_at: toTimestamp(endpoint?.createdAt ?? epoch),
});

const optionalTime = (date: Date | undefined) => (date ? toTimestamp(date) : null);

const toDelivery = (d: webhooks.Delivery): z.output<typeof WebhookDelivery> => ({
  id: d.id,
  event_id: d.eventId,
  type: d.eventType as z.output<typeof WebhookDelivery>['type'],
  record_id: d.recordId,
  status: d.status as z.output<typeof WebhookDelivery>['status'],
  attempts: d.attempts,
  last_status_code: d.lastStatusCode || null,
  last_error: d.lastError || null,
  created_at: toTimestamp(d.createdAt ?? epoch),
  last_attempt_at: optionalTime(d.lastAttemptAt),
  next_attempt_at: optionalTime(d.nextAttemptAt),
  delivered_at: optionalTime(d.deliveredAt),
  recent_attempts: d.recentAttempts.map((a) => ({
    attempt: a.number,
    status_code: a.statusCode || null,
    error: a.error || null,
    started_at: toTimestamp(a.startedAt ?? epoch),
    duration_ms: a.durationMs,
  })),
});

/** Webhook endpoints (extension to the spec): thin translations to the webhooks service. */
export function registerWebhookRoutes(api: ApiRouter, { webhooks: upstream }: Upstreams): void {
  api.add(
    {
      method: 'post',
      path: '/webhooks',
      operationId: 'createWebhook',
      tag: 'Webhooks',
      summary: 'Register a webhook endpoint (extension)',
      description: `Registers an endpoint for finished work of the workspace and returns its signing secret, once. At most 20 per workspace. 400 names what is wrong: a URL that is not \`https\`, does not resolve, or resolves to a private, loopback or link-local address; an unknown event type. Free of charge.\n\n${WEBHOOKS_GUIDE}`,
      body: CreateWebhookBody,
      errors: [400],
      response: { description: 'The endpoint, with its secret (shown this once).', schema: CreatedWebhookResponse },
    },
    async ({ body, workspaceId, context }): Promise<z.output<typeof CreatedWebhookResponse>> => {
      const { endpoint, secret } = await upstream.createEndpoint({ workspaceId, url: body.url, events: body.events }, { context });
      return { message: 'Webhook endpoint created. Store the secret: it is not shown again.', data: { ...toWebhook(endpoint), secret } };
    },
  );

  api.add(
    {
      method: 'get',
      path: '/webhooks',
      operationId: 'listWebhooks',
      tag: 'Webhooks',
      summary: 'List webhook endpoints (extension)',
      description: 'The workspace\'s endpoints, newest first, without their secrets. Free of charge.',
      response: { description: 'The endpoints.', schema: WebhookListResponse },
    },
    async ({ workspaceId, context }): Promise<z.output<typeof WebhookListResponse>> => {
      const { endpoints } = await upstream.listEndpoints({ workspaceId }, { context });
      const data = endpoints.map(toWebhook);
      return { message: 'Webhook endpoints retrieved successfully.', length: data.length, data };
    },
  );

  api.add(
    {
      method: 'delete',
      path: '/webhooks/{id}',
      operationId: 'deleteWebhook',
      tag: 'Webhooks',
      summary: 'Delete a webhook endpoint (extension)',
      description: 'Deletes the endpoint and its deliveries, pending ones included (none is sent after this answer… except an attempt already in flight).',
      params: WebhookIdParams,
      responses: { 404: notFound },
      response: { description: 'Deleted.', schema: WebhookDeletedResponse },
    },
    async ({ req, workspaceId, context }): Promise<z.output<typeof WebhookDeletedResponse>> => {
      const id = String(req.params.id ?? '');
      await upstream.deleteEndpoint({ workspaceId, endpointId: id }, { context });
      return { message: `Webhook endpoint ${id} deleted.`, data: {} };
    },
  );

  api.add(
    {
      method: 'get',
      path: '/webhooks/{id}/deliveries',
      operationId: 'listWebhookDeliveries',
      tag: 'Webhooks',
      summary: 'Recent deliveries of a webhook endpoint (extension)',
      description: 'The most recent deliveries to the endpoint, newest first, each with its status (`pending`, `delivered`, `dead`), attempts and the outcome of the last one. Free of charge.',
      params: WebhookIdParams,
      query: DeliveriesQuery,
      errors: [400],
      responses: { 404: notFound },
      response: { description: 'The deliveries.', schema: WebhookDeliveriesResponse },
    },
    async ({ req, query, workspaceId, context }): Promise<z.output<typeof WebhookDeliveriesResponse>> => {
      const { deliveries } = await upstream.listDeliveries({ workspaceId, endpointId: String(req.params.id ?? ''), limit: query.limit }, { context });
      const data = deliveries.map(toDelivery);
      return { message: 'Webhook deliveries retrieved successfully.', length: data.length, data };
    },
  );
}

/** The request we send to integrators' endpoints: the document's `webhooks` section (OpenAPI 3.1). */
export function registerWebhookPayload(registry: OpenAPIRegistry): void {
  registry.registerWebhook({
    method: 'post',
    path: 'finishedWork',
    operationId: 'finishedWork',
    tags: ['Webhooks'],
    summary: 'Finished work, POSTed to your endpoint (extension)',
    description: 'Sent to every endpoint of the workspace subscribed to the event type. Verify `Talent-Signature` over the raw body (see the Webhooks tag); answer 2xx within 10 s.',
    request: {
      headers: z.object({
        'Talent-Signature': z.string().openapi({ description: '`t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`.', example: 't=1795000000,v1=5f2b…' }),
        'Talent-Delivery-Id': z.uuid().openapi({ description: 'The delivery id, as `id` in the body.' }),
      }),
      body: { content: { 'application/json': { schema: WebhookPayload } } },
    },
    responses: { 200: { description: 'Any 2xx acknowledges the delivery; anything else (or no answer within 10 s) is retried.' } },
  });
}
