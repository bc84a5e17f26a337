import { bindService, type GrpcServiceBinding } from '@talent/platform';
import { webhooks } from '@talent/proto';
import type { DeliveryRepository, DeliveryRow } from './deliveries/delivery-repository.js';
import type { EndpointRow } from './endpoints/endpoint-repository.js';
import type { Endpoints } from './endpoints/endpoints.js';

export interface WebhooksDomain {
  endpoints: Endpoints;
  deliveries: DeliveryRepository;
}

const toEndpoint = (row: EndpointRow): webhooks.Endpoint => ({ id: row.id, url: row.url, events: row.events, createdAt: row.createdAt });

const toDelivery = (row: DeliveryRow): webhooks.Delivery => ({
  id: row.id,
  eventId: row.eventId,
  eventType: row.eventType,
  recordId: row.recordId,
  status: row.status,
  attempts: row.attempts,
  lastStatusCode: row.lastStatusCode ?? 0,
  lastError: row.lastError ?? '',
  createdAt: row.createdAt,
  lastAttemptAt: row.lastAttemptAt ?? undefined,
  nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt : undefined,
  deliveredAt: row.deliveredAt ?? undefined,
  recentAttempts: row.recentAttempts.map((a) => ({
    number: a.number,
    statusCode: a.statusCode ?? 0,
    error: a.error ?? '',
    startedAt: a.startedAt,
    durationMs: a.durationMs,
  })),
});

/** gRPC handlers: translate messages to domain calls and back, nothing more. */
export function webhooksGrpcService({ endpoints, deliveries }: WebhooksDomain): GrpcServiceBinding {
  return bindService<webhooks.WebhooksServiceServer>('talent.webhooks.v1.WebhooksService', webhooks.WebhooksServiceService, {
    async createEndpoint(request) {
      const { endpoint, secret } = await endpoints.create(request.workspaceId, request.url, request.events);
      return { endpoint: toEndpoint(endpoint), secret };
    },
    listEndpoints: async (request) => ({ endpoints: (await endpoints.list(request.workspaceId)).map(toEndpoint) }),
    async deleteEndpoint(request) {
      await endpoints.delete(request.workspaceId, request.endpointId);
      return {};
    },
    async listDeliveries(request) {
      const endpoint = await endpoints.get(request.workspaceId, request.endpointId);
      const limit = Math.min(100, Math.max(1, request.limit || 20));
      return { deliveries: (await deliveries.recent(endpoint.id, limit)).map(toDelivery) };
    },
  });
}
