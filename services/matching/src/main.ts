import { exitOnSignals, runMain } from '@talent/platform';
import { setFlagsFromString } from 'node:v8';
import { startMatching } from './app.js';
import { loadMatchingEnv } from './env.js';

runMain('matching', async () => {
  const env = loadMatchingEnv();
  // A soft bound on heap growth (env.ts): unlike --max-old-space-size, a larger match still gets the memory it needs.
  if (env.MATCH_HEAP_GROWING_PERCENT > 0) setFlagsFromString(`--heap-growing-percent=${env.MATCH_HEAP_GROWING_PERCENT}`);
  const running = await startMatching(env);
  exitOnSignals(running.stop, running.logger);
});
