import { exitOnSignals, runMain } from '@talent/platform';
import { startDocuments } from './app.js';
import { loadDocumentsEnv } from './env.js';

runMain('documents', async () => {
  const running = await startDocuments(loadDocumentsEnv());
  exitOnSignals(running.stop, running.logger);
});
