import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RunState } from '../src/state.js';

describe('talent run state (<out>.state.jsonl)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'talent-state-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const output = join(dir, 'out.jsonl');
  writeFileSync(output, '');

  it('a reloaded state knows what completed (the latest outcome per hash wins), ignoring a torn last line', () => {
    const path = join(dir, 'out.jsonl.state.jsonl');
    const state = RunState.load(path, output);
    state.record({ path: 'a.txt', sha256: 'aa', id: '1', status: 'COMPLETED' });
    state.record({ path: 'b.txt', sha256: 'bb', status: 'FAILED', reason: 'Empty document.' });
    state.record({ path: 'c.txt', sha256: 'cc', status: 'ERROR', reason: 'timeout' });
    state.record({ path: 'c.txt', sha256: 'cc', id: '3', status: 'COMPLETED' });
    appendFileSync(path, '{"path":"d.txt","sha256":"dd","sta');
    expect(readFileSync(path, 'utf8').split('\n')).toHaveLength(5);

    const again = RunState.load(path, output);
    expect(again.completed('aa')).toMatchObject({ id: '1' });
    expect(again.completed('bb')).toBeUndefined();
    expect(again.completed('cc')).toMatchObject({ id: '3' });
    expect(again.completed('dd')).toBeUndefined();
  });

  it('is ignored when the output it describes is gone', () => {
    const path = join(dir, 'gone.jsonl.state.jsonl');
    RunState.load(path, output).record({ path: 'a.txt', sha256: 'aa', id: '1', status: 'COMPLETED' });
    expect(RunState.load(path, join(dir, 'gone.jsonl')).completed('aa')).toBeUndefined();
  });

  it('rows of the output count as done even without their state line (killed between the two)', () => {
    const hash = (c: string) => c.repeat(64);
    const jsonl = join(dir, 'rows.jsonl');
    writeFileSync(jsonl, `${JSON.stringify({ file: 'a.txt', sha256: hash('a'), id: '1', record: {} })}\n`);
    expect(RunState.load(`${jsonl}.state.jsonl`, jsonl).completed(hash('a'))).toBeDefined();
    const csv = join(dir, 'rows.csv');
    writeFileSync(csv, `file,sha256,id\n"cvs/x, y.txt",${hash('b')},2\n`);
    expect(RunState.load(`${csv}.state.jsonl`, csv).completed(hash('b'))).toBeDefined();
    expect(RunState.load(`${csv}.state.jsonl`, csv).completed(hash('c'))).toBeUndefined();
  });
});
