import { exitOnSignals, runMain } from '@talent/platform';
import { startGateway } from './app.js';
import { loadGatewayEnv } from './env.js';

runMain('gateway', async () => {
  const running = await startGateway(loadGatewayEnv());
  exitOnSignals(running.stop, running.logger);
});
