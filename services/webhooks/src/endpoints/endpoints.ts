import { DomainError, isUuid } from '@talent/platform';
import { WEBHOOK_EVENTS } from '../deliveries/announcements.js';
import type { EndpointRepository, EndpointRow } from './endpoint-repository.js';
import { newSigningSecret, type SecretBox } from './secrets.js';
import type { TargetPolicy } from './target-policy.js';

/** Endpoints a workspace may hold: enough for any integration, few enough that one event stays cheap to fan out. */
export const MAX_ENDPOINTS_PER_WORKSPACE = 20;

const notFound = (id: string) => new DomainError('NOT_FOUND', `Webhook endpoint ${id.slice(0, 100)} not found.`);

/** Registering, listing and deleting a workspace's webhook endpoints. */
export class Endpoints {
  constructor(
    private readonly repository: EndpointRepository,
    private readonly policy: TargetPolicy,
    private readonly secrets: SecretBox,
  ) {}

  async create(workspaceId: string, url: string, events: string[]): Promise<{ endpoint: EndpointRow; secret: string }> {
    const wanted = [...new Set(events)];
    if (wanted.length === 0) throw new DomainError('INVALID_ARGUMENT', `'events' must name at least one of ${WEBHOOK_EVENTS.join(', ')}.`);
    const unknown = wanted.filter((event) => !(WEBHOOK_EVENTS as readonly string[]).includes(event));
    if (unknown.length > 0)
      throw new DomainError('INVALID_ARGUMENT', `Unknown webhook event ${unknown[0]!.slice(0, 100)}; events are ${WEBHOOK_EVENTS.join(', ')}.`);
    const checked = await this.policy.checkRegistration(url);
    if ((await this.repository.list(workspaceId)).length >= MAX_ENDPOINTS_PER_WORKSPACE)
      throw new DomainError('INVALID_ARGUMENT', `A workspace may have at most ${MAX_ENDPOINTS_PER_WORKSPACE} webhook endpoints.`);
    const secret = newSigningSecret();
    const endpoint = await this.repository.create({
      workspaceId,
      url: checked.href,
      events: WEBHOOK_EVENTS.filter((event) => wanted.includes(event)),
      sealedSecret: this.secrets.seal(secret),
    });
    return { endpoint, secret };
  }

  list(workspaceId: string): Promise<EndpointRow[]> {
    return this.repository.list(workspaceId);
  }

  /** The workspace's endpoint, or NOT_FOUND (also for another workspace's id and for ids that are not UUIDs). */
  async get(workspaceId: string, id: string): Promise<EndpointRow> {
    const endpoint = isUuid(id) ? await this.repository.find(workspaceId, id.toLowerCase()) : null;
    if (!endpoint) throw notFound(id);
    return endpoint;
  }

  async delete(workspaceId: string, id: string): Promise<void> {
    if (!isUuid(id) || !(await this.repository.delete(workspaceId, id.toLowerCase()))) throw notFound(id);
  }
}
