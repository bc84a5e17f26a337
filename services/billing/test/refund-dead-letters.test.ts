import { natsNames, type TaskFailedEvent } from '@talent/events';
import { connectNats, jetStreamHandles, type JetStreamHandles, type NatsConnection } from '@talent/platform';
import { repoRoot, waitFor } from '@talent/testkit';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { key, line, startTestBilling, type TestBilling } from './harness.js';

/**
 * A refund that keeps failing is never silently lost: once its event exhausts its deliveries it is dead-lettered
 * (kept with its payload and reason, counted in /metrics), and `talentctl dead-letters replay` lands it, once,
 * after the cause is fixed.
 */
describe('billing: a refund event that exhausts its deliveries', () => {
  let t: TestBilling;
  let nats: NatsConnection;
  let jetstream: JetStreamHandles;
  const names = () => natsNames(t.env.NATS_NAMESPACE);

  beforeAll(async () => {
    t = await startTestBilling({ BILLING_REFUND_MAX_DELIVER: '3' });
    nats = await connectNats(t.env.NATS_URL, 'billing-dead-letter-test');
    jetstream = await jetStreamHandles(nats);
  });
  afterAll(async () => {
    await nats?.close();
    await t?.close();
  });

  const talentctl = (...args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [join(repoRoot, 'scripts/talentctl.mjs'), 'dead-letters', ...args, '--json'],
        { env: { ...process.env, NATS_URL: t.env.NATS_URL, NATS_NAMESPACE: t.env.NATS_NAMESPACE } },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
  const deadLetters = async () => {
    const result = await talentctl('list');
    expect(result, result.stderr).toMatchObject({ code: 0 });
    return (JSON.parse(result.stdout) as { dead_letters: Record<string, unknown>[] }).dead_letters;
  };
  const refundsOf = async (workspaceId: string, ref: string) =>
    (await t.client.listLedger({ workspaceId, page: { limit: 100, offset: 0 }, action: 'cv_processing' })).entries.filter(
      (e) => e.kind === 'refund' && e.reference === ref,
    );
  const metric = async () => {
    const text = await (await fetch(`http://127.0.0.1:${t.service.metricsPort}/metrics`)).text();
    return text.split('\n').find((l) => l.startsWith('dead_letters_total') && l.includes('consumer="billing-refunds"'));
  };
  const failedEvent = (workspaceId: string, ref: string): TaskFailedEvent => ({
    id: randomUUID(),
    type: 'task.failed',
    occurred_at: new Date().toISOString(),
    workspace_id: workspaceId,
    task_id: randomUUID(),
    kind: 'cv',
    reason: 'unreadable PDF',
    charges: [{ action: 'cv_processing', ref }],
  });

  it('keeps it with its payload and reason, counts it, and replays it into exactly one refund once fixed', { timeout: 90_000 }, async () => {
    const ws = await t.newWorkspace(10);
    const [stuck, fine] = [`task-${randomUUID()}`, `task-${randomUUID()}`];
    const reservation = await t.client.reserve({ workspaceId: ws, lines: [line('cv_processing', stuck), line('cv_processing', fine)], idempotencyKey: key(), ttlSeconds: 0 });
    await t.client.commit({ reservationId: reservation.reservationId, lines: [], idempotencyKey: key() });
    // The cause: the ledger refuses this one refund (as a full disk or a broken constraint would).
    await t.sql.query(`CREATE FUNCTION refuse_one_refund() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.kind = 'refund' AND NEW.reference = '${stuck}' THEN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = '53100'; END IF; RETURN NEW; END $$`);
    await t.sql.query('CREATE TRIGGER refuse_one_refund BEFORE INSERT ON ledger_entries FOR EACH ROW EXECUTE FUNCTION refuse_one_refund()');

    const event = failedEvent(ws, stuck);
    await jetstream.js.publish(names().subjects.taskFailed, JSON.stringify(event), { msgID: event.id });
    const other = failedEvent(ws, fine);
    await jetstream.js.publish(names().subjects.taskFailed, JSON.stringify(other), { msgID: other.id });

    let letters: Record<string, unknown>[] = [];
    await waitFor(async () => (letters = await deadLetters()).length > 0, 60_000, 500);
    expect(letters).toEqual([
      expect.objectContaining({
        consumer: names().consumers.billingRefunds,
        subject: names().subjects.taskFailed,
        stream: names().streams.documents,
        deliveries: 3,
        reason: expect.stringContaining('No space left on device'),
      }),
    ]);
    expect(JSON.parse(letters[0]!.payload as string)).toEqual(event);
    expect(await metric()).toMatch(/ 1$/);
    expect(await refundsOf(ws, stuck)).toEqual([]);
    expect((await refundsOf(ws, fine)).map((e) => e.amount)).toEqual([1]);

    await t.sql.query('DROP TRIGGER refuse_one_refund ON ledger_entries');
    const replay = await talentctl('replay', String(letters[0]!.seq));
    expect(replay, replay.stderr).toMatchObject({ code: 0 });
    await waitFor(async () => (await refundsOf(ws, stuck)).length > 0, 20_000, 200);
    expect(await deadLetters()).toEqual([]);

    // Replaying it again finds nothing; the refund stays single and the ledger holds.
    expect(await talentctl('replay', String(letters[0]!.seq))).toMatchObject({ code: 1 });
    await jetstream.js.publish(names().subjects.taskFailed, JSON.stringify(event), { msgID: randomUUID() });
    const info = async () => jetstream.jsm.consumers.info(names().streams.documents, names().consumers.billingRefunds);
    await waitFor(async () => (await info()).num_ack_pending === 0 && (await info()).num_pending === 0, 20_000, 200);
    expect((await refundsOf(ws, stuck)).map((e) => e.amount)).toEqual([1]);
    expect(await t.client.getBalance({ workspaceId: ws })).toMatchObject({ balance: 10, reserved: 0 });
    expect((await t.client.verify({ workspaceId: ws })).breaches).toEqual([]);
  });
});
