import { exitOnSignals, runMain } from '@talent/platform';
import { startSourcing } from './app.js';
import { loadSourcingEnv } from './env.js';

runMain('sourcing', async () => {
  const running = await startSourcing(loadSourcingEnv());
  exitOnSignals(running.stop, running.logger);
});
