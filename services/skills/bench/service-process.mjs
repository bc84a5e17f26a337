// The skills service as a child process, for the benches: start it from a build, wait for its ready log line, read
// its memory from /proc, and where its boot time went.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parse } from 'yaml';
import { repoRoot } from '../eval/shared-data.mjs';

/** NODE_OPTIONS as the chart gives them to the service (charts/talent/values.yaml, skills.env); SKILLS_NODE_OPTIONS overrides. */
export function deployedNodeOptions() {
  if (process.env.SKILLS_NODE_OPTIONS !== undefined) return process.env.SKILLS_NODE_OPTIONS;
  const values = parse(readFileSync(join(repoRoot, 'charts/talent/values.yaml'), 'utf8'));
  return values.skills?.env?.find((e) => e.name === 'NODE_OPTIONS')?.value ?? '';
}

/**
 * Starts `node <dist>/main.js` (default: this checkout's build) as the image does (`env` may hold NODE_OPTIONS, as the
 * chart gives them) and resolves once it logs "skills ready". `waitFor(msg)` resolves when a later log line has that
 * message.
 */
export async function startService({ databaseUrl, env = {}, dist = join(repoRoot, 'services/skills/dist') }) {
  const [port, metricsPort] = [await freePort(), await freePort()];
  const started = performance.now();
  const child = spawn(process.execPath, [join(dist, 'main.js')], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: 'skills',
      GRPC_PORT: String(port),
      METRICS_PORT: String(metricsPort),
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const startedAt = Date.now();
  let buffer = '';
  const waiters = [];
  child.stdout.on('data', (chunk) => {
    buffer += chunk;
    for (const waiter of waiters) if (buffer.includes(`"msg":"${waiter.msg}"`)) waiter.resolve();
  });
  const waitFor = (msg) =>
    new Promise((resolve, reject) => {
      if (buffer.includes(`"msg":"${msg}"`)) return resolve();
      waiters.push({ msg, resolve });
      child.once('exit', (code) => reject(new Error(`skills exited with ${code} before logging "${msg}":\n${buffer}`)));
    });
  await waitFor('skills ready');
  const readyMs = performance.now() - started;
  return {
    port,
    pid: child.pid,
    readyMs,
    phases: phasesOf(buffer, startedAt),
    waitFor,
    log: () => buffer,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** Where a boot's time went, from the service's log lines (ms between them; the first from the spawn). */
function phasesOf(log, startedAt) {
  const at = {};
  for (const line of log.split('\n')) {
    try {
      const entry = JSON.parse(line);
      if (entry.msg && entry.time && !(entry.msg in at)) at[entry.msg] = Date.parse(entry.time);
    } catch {
      // not a log line
    }
  }
  const first = Math.min(...Object.values(at));
  const migrated = at['schema migrated'] ?? first;
  const loaded = at['taxonomy loaded'] ?? migrated;
  const ready = at['skills ready'] ?? loaded;
  return { untilFirstLog: first - startedAt, migrated: migrated - first, taxonomyLoaded: loaded - migrated, ready: ready - loaded };
}

/** A process's memory from /proc, in MB: VmRSS (now) or VmHWM (its peak so far). */
export function rssMb(pid, field = 'VmRSS') {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)[1]) / 1024);
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function withDatabase(url, name) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
