#!/usr/bin/env node
// Generates every service's Prisma client. The CLI wants a native schema engine it cannot download here;
// generation does not use it, so any executable stands in (TOOLCHAIN.md).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const prisma = join(root, 'node_modules/.bin/prisma');
const services = readdirSync(join(root, 'services')).filter((name) =>
  existsSync(join(root, 'services', name, 'prisma/schema.prisma')),
);
for (const service of services) {
  const result = spawnSync(prisma, ['generate'], {
    cwd: join(root, 'services', service),
    encoding: 'utf8',
    env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? '/bin/true', PRISMA_HIDE_UPDATE_MESSAGE: '1' },
  });
  // Prisma chats on stderr even when it succeeds; show its output only when it fails.
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout}${result.stderr}`);
    process.exit(result.status ?? 1);
  }
}
console.log(`prisma: generated clients for ${services.join(', ')}`);
