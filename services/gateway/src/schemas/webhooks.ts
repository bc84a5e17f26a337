import { z } from '../openapi/zod.js';
import { queryInt, Timestamp } from './common.js';

export const WEBHOOK_EVENTS = ['cv.completed', 'cv.failed', 'job.completed', 'job.failed', 'match.completed'] as const;

/** How an integrator checks a delivery: in the Webhooks tag of the document and in POST /webhooks. */
export const WEBHOOKS_GUIDE = `
**Extension to the spec** (new routes only; nothing else changes). Register an HTTPS endpoint for some of
${WEBHOOK_EVENTS.map((e) => `\`${e}\``).join(', ')}; each finished piece of work of the workspace is then POSTed to it as JSON (see
the \`finishedWork\` webhook of this document): \`{id, event_id, type, created_at, data}\` where \`id\` is the delivery
id, \`event_id\` identifies the event (de-duplicate on it: delivery is at least once), \`data.id\` is the record's id
(the CV or job, with \`data.status\` COMPLETED or FAILED; for \`match.completed\` the match, with \`job_id\`,
\`version\` when stored, and the number of \`candidates\`).

**Delivery**: a 2xx within 10 s acknowledges. Anything else is retried with exponential backoff and jitter for at
least 24 hours, then the delivery is dead-lettered (status \`dead\` in \`GET /webhooks/{id}/deliveries\`).
Deliveries about one record (a CV, a job, a job's matches) reach an endpoint one at a time and in order.
Endpoint URLs must be \`https\` and resolve to public addresses (checked at registration and again at every delivery).

**Signature**: every request carries \`Talent-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>\`,
with the secret returned once by \`POST /webhooks\`. Verify it over the raw body before parsing, and refuse old
timestamps (replays). In Node:

\`\`\`js
import { createHmac, timingSafeEqual } from 'node:crypto';

function verifyTalentSignature(secret, rawBody, header, toleranceSeconds = 300) {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2)));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
\`\`\`
`.trim();

const EventType = z.enum(WEBHOOK_EVENTS).openapi({ description: 'The kind of finished work.', example: 'cv.completed' });

export const CreateWebhookBody = z
  .object({
    url: z
      .string({ error: "'url' must be an https URL." })
      .min(1, { error: "'url' must be an https URL." })
      .max(2048, { error: "'url' must be at most 2,048 characters." })
      .openapi({ description: 'Where deliveries are POSTed: `https`, resolving to public addresses.', example: 'https://hooks.example.com/talent' }),
    events: z
      .array(z.string({ error: "'events' must be an array of event types." }), { error: "'events' must be an array of event types." })
      .min(1, { error: `'events' must name at least one of ${WEBHOOK_EVENTS.join(', ')}.` })
      .max(WEBHOOK_EVENTS.length * 2, { error: `'events' must name at most ${WEBHOOK_EVENTS.length} event types.` })
      .openapi({ description: `Event types to receive, among ${WEBHOOK_EVENTS.join(', ')}.`, example: ['cv.completed', 'cv.failed'] }),
  })
  .strict()
  .openapi('CreateWebhookBody');

export const Webhook = z
  .object({
    id: z.uuid(),
    url: z.string(),
    events: z.array(EventType),
    created_at: Timestamp,
  })
  .openapi('Webhook');

export const CreatedWebhookResponse = z
  .object({
    message: z.string(),
    data: Webhook.extend({
      secret: z.string().openapi({ description: 'The signing secret. Shown this once: store it.', example: 'whsec_3q2-7wH0kZ…' }),
    }),
  })
  .openapi('CreatedWebhookResponse');

export const WebhookListResponse = z
  .object({ message: z.string(), length: z.int().min(0), data: z.array(Webhook).openapi({ description: 'Newest first.' }) })
  .openapi('WebhookListResponse');

export const WebhookDeletedResponse = z.object({ message: z.string(), data: z.object({}).strict() }).openapi('WebhookDeletedResponse');

export const WebhookDelivery = z
  .object({
    id: z.uuid().openapi({ description: 'The delivery id, as in the payload; the same on every attempt.' }),
    event_id: z.uuid(),
    type: EventType,
    record_id: z.uuid().openapi({ description: 'The CV or job (for matches: the job) the delivery is about.' }),
    status: z.enum(['pending', 'delivered', 'dead']).openapi({ description: '`dead`: still failing when the retry window (at least 24 h) ended.' }),
    attempts: z.int().min(0),
    last_status_code: z.int().nullable().openapi({ description: 'HTTP status of the last attempt; null when it got none (time-out, refused, connection error).' }),
    last_error: z.string().nullable(),
    created_at: Timestamp,
    last_attempt_at: Timestamp.nullable(),
    next_attempt_at: Timestamp.nullable().openapi({ description: 'When a pending delivery is tried next.' }),
    delivered_at: Timestamp.nullable(),
    recent_attempts: z
      .array(
        z
          .object({
            attempt: z.int().min(1),
            status_code: z.int().nullable().openapi({ description: 'null when the attempt got no HTTP status.' }),
            error: z.string().nullable().openapi({ description: 'Why it failed, e.g. `HTTP 500`, `timed out after 10000 ms`, `refused: 10.0.0.7 is a private address`.' }),
            started_at: Timestamp,
            duration_ms: z.int().min(0),
          })
          .openapi('WebhookAttempt'),
      )
      .openapi({ description: 'The last settled attempts, newest first (at most 5).' }),
  })
  .openapi('WebhookDelivery');

export const DeliveriesQuery = z.object({
  limit: queryInt('limit', 1, 100, 20, 'Most recent deliveries to return (1–100, default 20).'),
});

export const WebhookDeliveriesResponse = z
  .object({ message: z.string(), length: z.int().min(0), data: z.array(WebhookDelivery).openapi({ description: 'Newest first.' }) })
  .openapi('WebhookDeliveriesResponse');

export const WebhookIdParams = z.object({ id: z.uuid().openapi({ description: 'The webhook endpoint.' }) });

/** The body POSTed to an endpoint (documented under the document's `webhooks`). */
export const WebhookPayload = z
  .object({
    id: z.uuid().openapi({ description: 'The delivery id (also the `Talent-Delivery-Id` header).' }),
    event_id: z.uuid().openapi({ description: 'The event: de-duplicate on it.' }),
    type: EventType,
    created_at: Timestamp.openapi({ description: 'When the work finished.' }),
    data: z
      .object({
        id: z.uuid().openapi({ description: 'The CV or job (the id the analyze request returned), or the match.' }),
        status: z.enum(['COMPLETED', 'FAILED']).optional().openapi({ description: 'CV and job events.' }),
        job_id: z.uuid().optional().openapi({ description: '`match.completed`: the job matched.' }),
        version: z.int().nullable().optional().openapi({ description: '`match.completed`: the stored version (`cache: true`), else null.' }),
        candidates: z.int().optional().openapi({ description: '`match.completed`: candidates in the result.' }),
      })
      .openapi({ description: 'The record, with workspace-safe fields only: read it through the API for the rest.' }),
  })
  .openapi('WebhookPayload');
