#!/usr/bin/env node
// `pnpm talentctl <group> …`: the management console the spec places outside the API.
// Each group is implemented by the service that owns it; this file only dispatches.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const owners = {
  workspaces: 'billing',
  keys: 'billing',
  tokens: 'billing',
  prices: 'billing',
  billing: 'billing',
  // Dead letters of every consumer; billing's CLI carries the command (a refund is the one that must never be lost).
  'dead-letters': 'billing',
  skills: 'skills',
};

const [group, ...rest] = process.argv.slice(2);
if (!group || !(group in owners)) {
  console.error(`usage: talentctl <${Object.keys(owners).join('|')}> …`);
  process.exit(2);
}
const cli = fileURLToPath(new URL(`../services/${owners[group]}/dist/cli.js`, import.meta.url));
if (!existsSync(cli)) {
  console.error(`talentctl: ${owners[group]} is not built; run \`pnpm build\` first`);
  process.exit(2);
}
const { runCli } = await import(pathToFileURL(cli).href);
process.exitCode = await runCli([group, ...rest]);
