import { health } from '@talent/proto';
import { createGrpcClient, type AsyncClient } from './grpc-client.js';

/** Asks a peer's grpc.health.v1 whether it is SERVING; any error or timeout counts as not serving. */
export class HealthProbe {
  private readonly client: AsyncClient<health.HealthClient>;

  constructor(readonly address: string) {
    this.client = createGrpcClient(health.HealthClient, address);
  }

  async isServing(deadlineMs = 1_000): Promise<boolean> {
    try {
      const response = await this.client.check({ service: '' }, { deadlineMs });
      return response.status === health.HealthCheckResponse_ServingStatus.SERVING;
    } catch {
      return false;
    }
  }

  close(): void {
    this.client.close();
  }
}
