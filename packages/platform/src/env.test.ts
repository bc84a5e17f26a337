import { describe, expect, it } from 'vitest';
import { backendEnv, baseEnv, EnvError, loadEnv, peerEnv } from './env.js';

describe('loadEnv', () => {
  const schema = backendEnv('billing');

  it('applies defaults and names the schema after the service', () => {
    const env = loadEnv(schema, { DATABASE_URL: 'postgresql://u@h:5432/db' });
    expect(env).toMatchObject({ GRPC_PORT: 50051, DATABASE_SCHEMA: 'billing', LOG_LEVEL: 'info', NATS_URL: 'nats://127.0.0.1:4222', NATS_NAMESPACE: '' });
  });

  it('refuses a NATS namespace that cannot be a subject token', () => {
    expect(loadEnv(baseEnv, { NATS_NAMESPACE: 't_abc-1' }).NATS_NAMESPACE).toBe('t_abc-1');
    expect(() => loadEnv(baseEnv, { NATS_NAMESPACE: 'a.b' })).toThrow(/NATS_NAMESPACE: letters, digits/);
  });

  it('stops with a message naming every missing or bad variable', () => {
    let error: unknown;
    try {
      loadEnv(schema, { GRPC_PORT: 'eighty', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as Error).message;
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('(not set)');
    expect(message).toContain('GRPC_PORT');
    expect(message).toContain('LOG_LEVEL');
  });

  it('refuses a database URL that is not PostgreSQL', () => {
    expect(() => loadEnv(schema, { DATABASE_URL: 'mysql://h/db' })).toThrow(/DATABASE_URL: must be a postgres/);
  });
});

describe('peer addresses', () => {
  it('are the peers SERVICES gives the service, defaulting to the local stack', () => {
    const env = loadEnv(backendEnv('matching'), { DATABASE_URL: 'postgresql://u@h:5432/db', BILLING_SERVICE_ADDR: 'billing:50051' });
    expect(env).toMatchObject({ DOCUMENTS_SERVICE_ADDR: '127.0.0.1:7052', BILLING_SERVICE_ADDR: 'billing:50051', SKILLS_SERVICE_ADDR: '127.0.0.1:7055' });
    expect(Object.keys(env).filter((key) => key.endsWith('_SERVICE_ADDR')).sort()).toEqual(['BILLING_SERVICE_ADDR', 'DOCUMENTS_SERVICE_ADDR', 'SKILLS_SERVICE_ADDR']);
    expect(Object.keys(backendEnv('billing').shape).filter((key) => key.endsWith('_SERVICE_ADDR'))).toEqual([]);
    expect(Object.keys(peerEnv('gateway')).sort()).toEqual(['BILLING', 'DOCUMENTS', 'MATCHING', 'SKILLS', 'SOURCING', 'WEBHOOKS'].map((p) => `${p}_SERVICE_ADDR`));
  });

  it('must be host:port', () => {
    expect(() => loadEnv(backendEnv('sourcing'), { DATABASE_URL: 'postgresql://u@h/db', BILLING_SERVICE_ADDR: 'billing' })).toThrow(
      /BILLING_SERVICE_ADDR: must be host:port/,
    );
  });
});
