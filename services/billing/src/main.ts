import { exitOnSignals, runMain } from '@talent/platform';
import { startBilling } from './app.js';
import { loadBillingEnv } from './env.js';

runMain('billing', async () => {
  const running = await startBilling(loadBillingEnv());
  exitOnSignals(running.stop, running.logger);
});
