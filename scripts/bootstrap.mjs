#!/usr/bin/env node
// `npm start` / `npm test` on a fresh clone: make sure pnpm and the dependencies are there, build, then
// run the local stack or the whole test suite. Only Node 20 is assumed.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const mode = process.argv[2];
if (mode !== 'start' && mode !== 'test') {
  console.error('usage: node scripts/bootstrap.mjs start|test');
  process.exit(2);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function hasPnpm() {
  try {
    return /^10\./.test(execSync('pnpm --version', { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim());
  } catch {
    return false;
  }
}

if (!hasPnpm()) {
  console.log('bootstrap: installing pnpm 10 (npm i -g pnpm@10)');
  run('npm', ['install', '--global', 'pnpm@10']);
}

const marker = `${root}node_modules/.modules.yaml`;
const stale = !existsSync(marker) || statSync(`${root}pnpm-lock.yaml`).mtimeMs > statSync(marker).mtimeMs;
if (stale) {
  console.log('bootstrap: installing dependencies');
  run('pnpm', ['install', '--frozen-lockfile']);
}

console.log('bootstrap: building');
run('pnpm', ['run', '--silent', 'build']);

if (mode === 'start') run('node', ['scripts/stack.mjs', ...process.argv.slice(3)]);
else run('pnpm', ['run', '--silent', 'check']);
