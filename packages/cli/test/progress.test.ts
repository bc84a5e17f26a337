import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { startProgress } from '../src/progress.js';

/** A stream that says it is (or is not) a terminal, keeping what is written to it. */
function terminal(isTTY: boolean) {
  const stream = new PassThrough() as PassThrough & { isTTY: boolean; columns: number };
  stream.isTTY = isTTY;
  stream.columns = 120;
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { stream: stream as unknown as NodeJS.WriteStream, text: () => text };
}

describe('talent progress', () => {
  it('on a terminal: a bar with counts, rate, ETA and failures', () => {
    const { stream, text } = terminal(true);
    const progress = startProgress('CVs', 4, stream);
    progress.advance(false);
    progress.advance(true);
    progress.advance(false);
    progress.advance(false);
    progress.stop();
    expect(text()).toMatch(/CVs .*4\/4 \| \d+(\.\d)?\/s \| ETA \d+s \| failed 1/);
  });

  it('elsewhere: plain lines without control characters, the last one with the totals', () => {
    const { stream, text } = terminal(false);
    const progress = startProgress('jobs', 3, stream);
    progress.advance(false);
    progress.advance(false);
    progress.advance(true);
    progress.stop();
    expect(text()).not.toContain('\x1b');
    expect(text().trim().split('\n').at(-1)).toMatch(/^jobs: 3\/3 done, 1 failed, \d+\.\d\/s$/);
  });
});
