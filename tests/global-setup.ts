import { connect } from 'node:net';

/**
 * Test infrastructure (DESIGN §8): the PostgreSQL and NATS named by DATABASE_URL / NATS_URL when set (CI
 * sets them to the machine's servers); else the standard local ports when something listens there; else
 * throwaway containers through testcontainers. Never mocks.
 */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, timeout: 500 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(false));
  });
}

const stops: (() => Promise<unknown>)[] = [];

export async function setup(): Promise<void> {
  if (!process.env.DATABASE_URL) {
    if (await listening(5432)) process.env.DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/postgres';
    else {
      const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
      const container = await new PostgreSqlContainer('postgres:15-alpine').start();
      process.env.DATABASE_URL = container.getConnectionUri();
      stops.push(() => container.stop());
    }
  }
  if (!process.env.NATS_URL) {
    if (await listening(4222)) process.env.NATS_URL = 'nats://127.0.0.1:4222';
    else {
      const { GenericContainer, Wait } = await import('testcontainers');
      const container = await new GenericContainer('nats:2.10-alpine')
        .withCommand(['-js'])
        .withExposedPorts(4222)
        .withWaitStrategy(Wait.forLogMessage(/Server is ready/))
        .start();
      process.env.NATS_URL = `nats://${container.getHost()}:${container.getMappedPort(4222)}`;
      stops.push(() => container.stop());
    }
  }
}

export async function teardown(): Promise<void> {
  for (const stop of stops) await stop();
}
