import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Each case runs in a fresh Node process whose module resolution is recorded by a loader hook: what a service
// that loads the package imports, as it starts.
const platform = new URL('../dist/index.js', import.meta.url).href;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'llm-loading-'));
  await writeFile(
    join(dir, 'hooks.mjs'),
    `import { appendFileSync } from 'node:fs';
let log;
export function initialize(data) { log = data.log; }
export async function resolve(specifier, context, next) {
  if (specifier.startsWith('@langchain/')) appendFileSync(log, specifier + '\\n');
  return next(specifier, context);
}
`,
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The @langchain/* specifiers a process resolved while it ran `body` after loading the package. */
async function langChainImports(name: string, body: string): Promise<string[]> {
  const log = join(dir, `${name}.log`);
  await writeFile(log, '');
  const script = `import { register } from 'node:module';
register(${JSON.stringify(new URL(`file://${join(dir, 'hooks.mjs')}`).href)}, { data: { log: ${JSON.stringify(log)} } });
const { createChatModel } = await import(${JSON.stringify(platform)});
${body}`;
  await promisify(execFile)(process.execPath, ['--input-type=module', '--eval', script]);
  return [...new Set((await readFile(log, 'utf8')).split('\n').filter(Boolean))];
}

const settings = (provider: string) =>
  JSON.stringify({ provider, model: 'm', baseUrl: 'http://127.0.0.1:9', timeoutMs: 1000, maxAttempts: 1 });

describe('LangChain loading', () => {
  it('is not loaded by loading the package, nor by creating a model that is never used', async () => {
    expect(await langChainImports('unused', `createChatModel(${settings('openai')});`)).toEqual([]);
  });

  it("loads the configured provider's module when the model is first used", async () => {
    const openai = await langChainImports('openai', `await createChatModel(${settings('openai')}).langChain();`);
    expect(openai).toContain('@langchain/openai');
    expect(openai).not.toContain('@langchain/ollama');
    const ollama = await langChainImports('ollama', `await createChatModel(${settings('ollama')}).langChain();`);
    expect(ollama).toContain('@langchain/ollama');
    expect(ollama).not.toContain('@langchain/openai');
  });
});
