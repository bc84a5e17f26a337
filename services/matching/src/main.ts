import { exitOnSignals, runMain } from '@talent/platform';
import { startMatching } from './app.js';
import { loadMatchingEnv } from './env.js';

runMain('matching', async () => {
  const running = await startMatching(loadMatchingEnv());
  exitOnSignals(running.stop, running.logger);
});
