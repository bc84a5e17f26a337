// Preloaded into a service by `BENCH_MATCH_CPU_PROF=<dir> pnpm bench:matching` (NODE_OPTIONS=--import …; Node 20
// refuses --cpu-prof there): SIGUSR2 starts the V8 CPU profiler, the next SIGUSR2 stops it and writes
// <dir>/<service>-<n>.cpuprofile, so a profile covers exactly the request the bench times.
import { Session } from 'node:inspector';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.env.BENCH_CPU_PROFILE_DIR;
const name = process.env.BENCH_CPU_PROFILE_NAME ?? String(process.pid);
const session = new Session();
session.connect();
let running = false;
let count = 0;
process.on('SIGUSR2', () => {
  if (!running) {
    session.post('Profiler.enable', () => session.post('Profiler.start'));
    running = true;
    return;
  }
  running = false;
  session.post('Profiler.stop', (error, result) => {
    if (error) return void console.error(`cpu-profile: ${error.message}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${name}-${++count}.cpuprofile`), JSON.stringify(result.profile));
  });
});
