import { natsNames } from '@talent/events';
import { connectNats, EnvError, jetStreamHandles, listDeadLetters, replayDeadLetter, type DeadLetter } from '@talent/platform';
import { parseArgs } from 'node:util';
import { loadDeadLettersEnv } from './env.js';

/**
 * `talentctl dead-letters list|replay`: the messages any consumer of the platform gave up on (kept by
 * `DeadLetterWatch` in the shared dead-letter stream). Talks to NATS directly (`NATS_URL`, `NATS_NAMESPACE`).
 */
export async function runDeadLettersCli(argv: string[]): Promise<number> {
  const [verb, ...args] = argv;
  if (verb !== 'list' && verb !== 'replay') {
    console.error('usage: talentctl dead-letters list [--consumer NAME] [--json] | replay (SEQ… | --all [--consumer NAME]) [--json]');
    return 2;
  }
  let env;
  try {
    env = loadDeadLettersEnv();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(`talentctl: ${error.message}`);
    return 2;
  }
  const { values, positionals } = parseArgs({
    args,
    options: { consumer: { type: 'string' }, all: { type: 'boolean' }, json: { type: 'boolean' } },
    allowPositionals: true,
  });
  const stream = natsNames(env.NATS_NAMESPACE).streams.deadLetters;
  let nats;
  try {
    nats = await connectNats(env.NATS_URL, 'talentctl', { timeoutMs: 5_000 });
  } catch (error) {
    console.error(`talentctl: cannot reach NATS at ${env.NATS_URL}: ${(error as Error).message}`);
    return 1;
  }
  try {
    const handles = await jetStreamHandles(nats);
    const filter = values.consumer ? { consumer: values.consumer } : {};
    if (verb === 'list') {
      const letters = await listDeadLetters(handles.jsm, stream, filter);
      if (values.json) console.log(JSON.stringify({ dead_letters: letters.map(view) }));
      else if (letters.length === 0) console.log('no dead letters');
      else for (const letter of letters) console.log(line(letter));
      return 0;
    }
    const seqs = values.all ? (await listDeadLetters(handles.jsm, stream, filter)).map((l) => l.seq) : positionals.map(Number);
    if (!values.all && (seqs.length === 0 || seqs.some((seq) => !Number.isInteger(seq) || seq <= 0))) {
      console.error('talentctl: dead-letters replay takes the SEQ numbers `dead-letters list` shows, or --all');
      return 2;
    }
    const replayed: Record<string, unknown>[] = [];
    const missing: number[] = [];
    for (const seq of seqs) {
      const result = await replayDeadLetter(handles, stream, seq);
      if (!result) missing.push(seq);
      else replayed.push({ ...view(result.letter), published_seq: result.publishedSeq });
    }
    if (values.json) console.log(JSON.stringify({ replayed, missing }));
    else {
      for (const r of replayed) console.log(`replayed #${String(r.seq)} to ${String(r.subject)} (${String(r.consumer)})`);
      for (const seq of missing) console.error(`no dead letter #${seq} (replayed already, or expired)`);
    }
    return missing.length > 0 ? 1 : 0;
  } catch (error) {
    console.error(`talentctl: ${(error as Error).message}`);
    return 1;
  } finally {
    await nats.close();
  }
}

function view(letter: DeadLetter) {
  return {
    seq: letter.seq,
    kept_at: letter.keptAt.toISOString(),
    consumer: letter.consumer,
    stream: letter.stream,
    stream_seq: letter.streamSeq,
    subject: letter.subject,
    deliveries: letter.deliveries,
    reason: letter.reason,
    payload: new TextDecoder().decode(letter.payload),
  };
}

function line(letter: DeadLetter): string {
  return `#${letter.seq}  ${letter.keptAt.toISOString()}  ${letter.consumer}  ${letter.subject}  after ${letter.deliveries} deliveries: ${letter.reason}`;
}
