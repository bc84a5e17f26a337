import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { jetstreamManager } from '@nats-io/jetstream';
import { dropSchema, testDatabaseUrl, testNatsUrl, uniqueName } from '../../testkit/src/infra.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger.js';
import { connectNats, ensureStream, jetStreamHandles, type NatsConnection } from '../src/nats.js';
import { OutboxRelay } from '../src/outbox.js';

describe('OutboxRelay on real PostgreSQL and JetStream', () => {
  const schema = uniqueName('t_outbox');
  const stream = uniqueName('T_OUTBOX').toUpperCase();
  const subject = `${schema}.events`;
  const pool = new pg.Pool({ connectionString: testDatabaseUrl() });
  let nc: NatsConnection;

  beforeAll(async () => {
    await pool.query(`CREATE SCHEMA "${schema}"`);
    await pool.query(`CREATE TABLE "${schema}"."outbox" (id uuid PRIMARY KEY, subject text NOT NULL, payload jsonb NOT NULL,
      created_at timestamptz(3) NOT NULL DEFAULT now(), published_at timestamptz(3))`);
    nc = await connectNats(testNatsUrl(), 'outbox-test');
    const { jsm } = await jetStreamHandles(nc);
    await ensureStream(jsm, { name: stream, subjects: [`${schema}.>`], duplicate_window: 60_000_000_000 });
    // Provisioning twice is harmless.
    await ensureStream(jsm, { name: stream, subjects: [`${schema}.>`], duplicate_window: 60_000_000_000 });
  });
  afterAll(async () => {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(stream).catch(() => undefined);
    await nc.close();
    await pool.end();
    await dropSchema(schema);
  });

  it('publishes committed rows once, in order, with their id as Nats-Msg-Id', async () => {
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const [index, id] of ids.entries()) {
      await pool.query(`INSERT INTO "${schema}"."outbox" (id, subject, payload, created_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`, [
        id,
        subject,
        JSON.stringify({ n: index }),
        index / 1000,
      ]);
    }
    const { js, jsm } = await jetStreamHandles(nc);
    const relay = new OutboxRelay(pool, schema, js, createLogger('test', 'silent'));
    expect(await relay.flush()).toBe(3);
    expect(await relay.flush()).toBe(0);

    // A crash after publishing but before marking re-publishes: JetStream drops the duplicate by Nats-Msg-Id.
    await pool.query(`UPDATE "${schema}"."outbox" SET published_at = NULL WHERE id = $1`, [ids[0]]);
    expect(await relay.flush()).toBe(1);

    const info = await jsm.streams.info(stream);
    expect(info.state.messages).toBe(3);
    const first = await jsm.streams.getMessage(stream, { seq: info.state.first_seq });
    expect(first?.json()).toEqual({ n: 0 });
    expect(first?.header.get('Nats-Msg-Id')).toBe(ids[0]);
    const pending = await pool.query(`SELECT count(*)::int AS n FROM "${schema}"."outbox" WHERE published_at IS NULL`);
    expect(pending.rows[0].n).toBe(0);
  });

  it('leaves rows pending when NATS refuses them, and publishes them later', async () => {
    const orphan = randomUUID();
    await pool.query(`INSERT INTO "${schema}"."outbox" (id, subject, payload) VALUES ($1, $2, '{}')`, [orphan, `nostream.${schema}`]);
    const { js } = await jetStreamHandles(nc);
    const relay = new OutboxRelay(pool, schema, js, createLogger('test', 'silent'));
    await expect(relay.flush()).rejects.toThrow();
    const row = await pool.query(`SELECT published_at FROM "${schema}"."outbox" WHERE id = $1`, [orphan]);
    expect(row.rows[0].published_at).toBeNull();
    await pool.query(`DELETE FROM "${schema}"."outbox" WHERE id = $1`, [orphan]);
  });

  it('runs on its own once started: publishes what a kick announces, and stops after the publish in progress', async () => {
    const { js, jsm } = await jetStreamHandles(nc);
    const before = (await jsm.streams.info(stream)).state.messages;
    const relay = new OutboxRelay(pool, schema, js, createLogger('test', 'silent'), { pollMs: 60_000 });
    relay.start();
    await pool.query(`INSERT INTO "${schema}"."outbox" (id, subject, payload) VALUES ($1, $2, '{"kicked":true}')`, [randomUUID(), subject]);
    relay.kick();
    const deadline = Date.now() + 5_000;
    while ((await jsm.streams.info(stream)).state.messages === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await relay.stop();
    expect((await jsm.streams.info(stream)).state.messages).toBe(before + 1);
  });
});
