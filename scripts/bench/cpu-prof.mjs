// `--cpu-prof` for a process of the stack: Node 20 refuses --cpu-prof in NODE_OPTIONS, and the stack starts each
// service as `node dist/main.js`, so this is preloaded instead (NODE_OPTIONS=--import …, with CPU_PROF_DIR set):
// the V8 CPU profiler runs from start-up to exit, like --cpu-prof, and the profile is written to
// $CPU_PROF_DIR/<pid>.cpuprofile on exit (the in-thread inspector session answers synchronously). SIGUSR2 starts
// the profile afresh, so a bench can leave start-up and warm-up out of it.
import { Session } from 'node:inspector';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.env.CPU_PROF_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
  process.on('SIGUSR2', () => {
    session.post('Profiler.stop', () => session.post('Profiler.start'));
  });
  process.on('exit', () => {
    session.post('Profiler.stop', (error, result) => {
      if (error) return;
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
