// Where the shared development data lives: TALENT_SHARED_DATA (the shared folder or its data/ folder), else
// ../shared/data next to the repository. Returns undefined when absent: callers skip clearly.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export function sharedDataDir() {
  const configured = process.env.TALENT_SHARED_DATA;
  const candidates = configured ? [join(configured, 'data'), configured] : [join(repoRoot, '../shared/data')];
  return candidates.find((dir) => existsSync(join(dir, 'esco')) || existsSync(join(dir, 'cvs')));
}

export const seedDir = () => process.env.SKILLS_SEED_DIR ?? join(repoRoot, 'services/skills/seed/skills');
