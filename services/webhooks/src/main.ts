import { exitOnSignals, runMain } from '@talent/platform';
import { startWebhooks } from './app.js';
import { loadWebhooksEnv } from './env.js';

runMain('webhooks', async () => {
  const running = await startWebhooks(loadWebhooksEnv());
  exitOnSignals(running.stop, running.logger);
});
