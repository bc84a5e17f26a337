import type { AsyncClient, RequestContext } from '@talent/platform';
import type { billing } from '@talent/proto';

export interface ChargeLine {
  action: string;
  ref: string;
}

/**
 * The documents side of DESIGN §4: an analyze request reserves one unit per new task, then commits them.
 * Every call carries a key derived from the batch, so a retry (request path or worker) replays instead of
 * charging twice. `context` is the request a call is made for (none for the worker's).
 */
export class BillingCharges {
  constructor(private readonly billing: AsyncClient<billing.BillingServiceClient>) {}

  async reserve(workspaceId: string, batchId: string, lines: ChargeLine[], context?: RequestContext): Promise<string> {
    const reservation = await this.billing.reserve(
      {
        workspaceId,
        lines: lines.map((line) => ({ ...line, quantity: 1 })),
        idempotencyKey: `analyze:${batchId}:reserve`,
        ttlSeconds: 0,
      },
      { context },
    );
    return reservation.reservationId;
  }

  async commit(
    workspaceId: string,
    batchId: string,
    reservationId: string,
    lines: ChargeLine[],
    context?: RequestContext,
  ): Promise<void> {
    await this.billing.commit(
      {
        reservationId,
        workspaceId,
        lines: lines.map((line) => ({ ...line, quantity: 1 })),
        idempotencyKey: `analyze:${batchId}:commit`,
      },
      { context },
    );
  }

  async release(workspaceId: string, batchId: string, reservationId: string, context?: RequestContext): Promise<void> {
    await this.billing.release(
      { reservationId, workspaceId, idempotencyKey: `analyze:${batchId}:release` },
      { context },
    );
  }
}
