#!/usr/bin/env node
// Summarises .cpuprofile files (V8 CPU profiler, e.g. from `BENCH_CPU_PROF=<dir> pnpm bench:gateway`):
//   node scripts/bench/cpu-profile-top.mjs <file or folder> [top=25]
// prints the top frames by self time, and self time grouped by where the code lives (a package under
// node_modules, Node's internals, the project's own code, GC, idle).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const [target, topArg] = process.argv.slice(2);
if (!target) {
  console.error('usage: cpu-profile-top.mjs <file.cpuprofile | folder> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const files = statSync(target).isDirectory()
  ? readdirSync(target).filter((f) => f.endsWith('.cpuprofile')).map((f) => join(target, f))
  : [target];

const byFrame = new Map();
const byPlace = new Map();
let total = 0;
const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);

function place(url, name) {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const pkg = url.match(/node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return 'node: internals';
  const own = url.match(/\/(services\/[^/]+|packages\/[^/]+)\//);
  return own ? own[1] : url;
}

for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  for (let i = 0; i < profile.samples.length; i++) add(self, profile.samples[i], profile.timeDeltas[i] ?? 0);
  for (const [id, us] of self) {
    const { callFrame } = nodes.get(id);
    const name = callFrame.functionName || '(anonymous)';
    const short = callFrame.url.replace(/^.*node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?/, '').replace(/^file:\/\/.*?\/(services|packages)\//, '$1/');
    add(byFrame, `${name}  ${short}${callFrame.url ? `:${callFrame.lineNumber + 1}` : ''}`, us);
    add(byPlace, place(callFrame.url, name), us);
    total += us;
  }
}

const busy = total - (byPlace.get('(idle)') ?? 0);
const pct = (us, of) => `${((100 * us) / of).toFixed(1).padStart(5)}%`;
console.log(`${files.length} profile(s), ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (percentages of busy time)\n`);
console.log('self time by place:');
for (const [key, us] of [...byPlace].filter(([k]) => k !== '(idle)').sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${pct(us, busy)}  ${key}`);
console.log(`\ntop ${top} frames by self time:`);
for (const [key, us] of [...byFrame].filter(([k]) => !k.startsWith('(idle)')).sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(us, busy)}  ${key}`);
