import { describe, expect, it } from 'vitest';
import { LOCAL_GRPC_PORTS, SERVICES } from './services.js';

describe('SERVICES', () => {
  const names = SERVICES.map((service) => service.name);

  it('lists each service once, each after the gRPC peers it calls (the start order)', () => {
    expect(new Set(names).size).toBe(names.length);
    SERVICES.forEach((service, index) => {
      for (const peer of service.peers) {
        const peerIndex = names.indexOf(peer);
        expect(peerIndex, `${service.name} → ${peer}`).toBeGreaterThanOrEqual(0);
        expect(peerIndex, `${peer} starts before ${service.name}`).toBeLessThan(index);
        expect(SERVICES[peerIndex]!.protocol, `${peer} serves gRPC`).toBe('grpc');
      }
    });
  });

  it('gives every local listener its own port, below the ephemeral range', () => {
    const ports = SERVICES.flatMap((service) => [service.localPort, service.localMetricsPort]);
    expect(new Set(ports).size).toBe(ports.length);
    for (const port of ports) expect(port).toBeLessThan(32768);
    expect(LOCAL_GRPC_PORTS).toEqual({ billing: 7051, documents: 7052, matching: 7053, sourcing: 7054, skills: 7055, webhooks: 7056 });
  });
});
