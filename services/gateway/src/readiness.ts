import { HealthProbe } from '@talent/platform';

export type PeerStatus = 'SERVING' | 'NOT_SERVING' | 'UNKNOWN';

/**
 * Probes every peer's grpc.health.v1 in the background so `/readyz` answers from memory, and a stopped
 * peer turns the gateway non-ready within one interval plus one probe deadline.
 */
export class Readiness {
  private readonly probes: Map<string, HealthProbe>;
  private readonly status = new Map<string, PeerStatus>();
  private timer: NodeJS.Timeout | undefined;
  private shuttingDown = false;
  private stopped = false;

  constructor(
    peers: Record<string, string>,
    private readonly options: { intervalMs?: number; probeDeadlineMs?: number } = {},
  ) {
    this.probes = new Map(Object.entries(peers).map(([name, address]) => [name, new HealthProbe(address)]));
    for (const name of this.probes.keys()) this.status.set(name, 'UNKNOWN');
  }

  start(): void {
    void this.probeAll();
  }

  /** Readiness fails from here on, whatever the peers say (first step of a graceful shutdown). */
  beginShutdown(): void {
    this.shuttingDown = true;
  }

  isReady(): boolean {
    if (this.shuttingDown) return false;
    for (const value of this.status.values()) if (value !== 'SERVING') return false;
    return true;
  }

  snapshot(): { ready: boolean; shutting_down: boolean; services: Record<string, PeerStatus> } {
    return { ready: this.isReady(), shutting_down: this.shuttingDown, services: Object.fromEntries(this.status) };
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    for (const probe of this.probes.values()) probe.close();
  }

  private async probeAll(): Promise<void> {
    const deadline = this.options.probeDeadlineMs ?? 400;
    await Promise.all(
      [...this.probes].map(async ([name, probe]) => {
        this.status.set(name, (await probe.isServing(deadline)) ? 'SERVING' : 'NOT_SERVING');
      }),
    );
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.probeAll(), this.options.intervalMs ?? 500);
    this.timer.unref();
  }
}
