import { exitOnSignals, runMain } from '@talent/platform';
import { startSkills } from './app.js';
import { loadSkillsEnv } from './env.js';

runMain('skills', async () => {
  const running = await startSkills(loadSkillsEnv());
  exitOnSignals(running.stop, running.logger);
});
